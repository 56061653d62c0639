import { z } from 'zod';
import { endpoint } from './endpoint';
import { MembershipSchema, UserSchema } from './accounts';
import { OkSchema } from './common';

/** Login codes: 6 digits (PRODUCT.md). */
export const LOGIN_CODE_LENGTH = 6;

export const EmailSchema = z.string().trim().toLowerCase().pipe(z.email({ error: 'Please enter a valid e-mail address.' }).max(254));

export const RequestCodeBodySchema = z.object({ email: EmailSchema });
export type RequestCodeBody = z.infer<typeof RequestCodeBodySchema>;

export const ConfirmCodeBodySchema = z.object({
  email: EmailSchema,
  code: z.string().trim().min(1, 'Code is required.').max(32),
});
export type ConfirmCodeBody = z.infer<typeof ConfirmCodeBodySchema>;

export const ApiTokenResponseSchema = z.object({
  api_token: z.string().min(1),
  /** Which role the token signs in as: the staff console or an iPad kiosk. */
  role: z.enum(['staff', 'kiosk']).default('staff'),
});
export type ApiTokenResponse = z.infer<typeof ApiTokenResponseSchema>;

export const MeResponseSchema = z.object({
  user: UserSchema,
  user_account_memberships: z.array(MembershipSchema),
});
export type MeResponse = z.infer<typeof MeResponseSchema>;

export const authEndpoints = {
  requestCode: endpoint({
    id: 'auth.requestCode',
    method: 'POST',
    path: '/anon/auth/request-code-for-email',
    auth: 'anon',
    body: RequestCodeBodySchema,
    response: OkSchema,
  }),
  confirmCode: endpoint({
    id: 'auth.confirmCode',
    method: 'POST',
    path: '/anon/auth/confirm-code-for-email',
    auth: 'anon',
    body: ConfirmCodeBodySchema,
    response: ApiTokenResponseSchema,
  }),
  me: endpoint({
    id: 'auth.me',
    method: 'GET',
    path: '/authenticated/auth/me',
    auth: 'authenticated',
    response: MeResponseSchema,
    withoutMembership: true,
  }),
  logout: endpoint({
    id: 'auth.logout',
    method: 'POST',
    path: '/authenticated/auth/logout',
    auth: 'authenticated',
    response: OkSchema,
    withoutMembership: true,
  }),
} as const;
