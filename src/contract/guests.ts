/**
 * The public guest pages: signing on a phone (/sign/{id}) and the family's guest registry
 * (/f/{id}?i={invitation}) (spec 000 sections 2, 3, 5 and 7; PRODUCT.md for the invitation rule).
 */
import { z } from 'zod';
import { IdParamsSchema, IdSchema, PageQuerySchema, TimestampSchema } from './common';
import { endpoint } from './endpoint';

/** Per-field limits: long enough for any real name, address or phone, short enough to stop abuse. */
export const GUEST_NAME_MAX_LENGTH = 200;
export const GUEST_PHONE_MAX_LENGTH = 40;
export const GUEST_EMAIL_MAX_LENGTH = 254;
export const GUEST_ADDRESS_MAX_LENGTH = 300;
export const GUEST_THANK_YOU_TEXT = 'Thank you for signing the guest registry!';

const optionalField = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const SimpleSignatureBodySchema = z.object({
  full_name: z.string().trim().min(1, 'Full name is required.').max(GUEST_NAME_MAX_LENGTH),
  phone_number: optionalField(GUEST_PHONE_MAX_LENGTH),
  email_address: z
    .string()
    .trim()
    .max(GUEST_EMAIL_MAX_LENGTH)
    .nullish()
    .transform((v) => (v ? v : null))
    .pipe(z.email({ error: 'Please enter a valid e-mail address.' }).nullable()),
  mailing_address_line1: optionalField(GUEST_ADDRESS_MAX_LENGTH),
  mailing_address_line2: optionalField(GUEST_ADDRESS_MAX_LENGTH),
  interested_in_planning_ahead: z.boolean().default(false),
  /**
   * Optional idempotency key made by the page when the guest submits: a retry after a lost
   * answer returns the stored signature instead of adding a second one.
   */
  client_id: IdSchema.optional(),
});
export type SimpleSignatureBody = z.output<typeof SimpleSignatureBodySchema>;
export type SimpleSignatureFields = z.input<typeof SimpleSignatureBodySchema>;

export const SignServiceResponseSchema = z.object({ signature_unique_identifier: IdSchema });
export type SignServiceResponse = z.infer<typeof SignServiceResponseSchema>;

/** One line of the family's registry. Phone and e-mail are null without a valid invitation. */
export const RegistrySignatureSchema = z.object({
  unique_identifier: IdSchema,
  inserted_at: TimestampSchema,
  name: z.string(),
  phone_number: z.string().nullable(),
  email_address: z.string().nullable(),
});
export type RegistrySignature = z.infer<typeof RegistrySignatureSchema>;

export const RegistryQuerySchema = PageQuerySchema.extend({
  /** From the family link's `i` value; anything that is not a live invitation means "names only". */
  invitation_unique_identifier: z.string().max(100).optional(),
});
export type RegistryQuery = z.infer<typeof RegistryQuerySchema>;

export const RegistryResponseSchema = z.object({
  signatures: z.array(RegistrySignatureSchema),
  signatures_count: z.number().int().min(0),
});
export type RegistryResponse = z.infer<typeof RegistryResponseSchema>;

export const guestsEndpoints = {
  sign: endpoint({
    id: 'guests.sign',
    method: 'POST',
    path: '/anon/services/:id/sign',
    auth: 'anon',
    params: IdParamsSchema,
    body: SimpleSignatureBodySchema,
    response: SignServiceResponseSchema,
  }),
  registry: endpoint({
    id: 'guests.registry',
    method: 'GET',
    path: '/anon/families/services/:id/signatures',
    auth: 'anon',
    params: IdParamsSchema,
    query: RegistryQuerySchema,
    response: RegistryResponseSchema,
  }),
} as const;
