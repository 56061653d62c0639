/**
 * The public funeral-home registration page (/auth/register, spec 001). The spec says the
 * fields go "as form data"; we send them as JSON like every other call (same field names).
 */
import { z } from 'zod';
import { EmailSchema } from './auth';
import { OkSchema } from './common';
import { endpoint } from './endpoint';

/** Names and place names: 200 characters is more than any real one. */
export const REGISTRATION_TEXT_MAX_LENGTH = 200;
/** Phone numbers are free text here ("(555) 010-0000 ext. 3"), read by a person. */
export const REGISTRATION_PHONE_MAX_LENGTH = 40;

const requiredText = (message: string, max = REGISTRATION_TEXT_MAX_LENGTH) => z.string().trim().min(1, message).max(max);

export const RegistrationRequestBodySchema = z.object({
  name: requiredText('Name is required.'),
  phoneNumber: requiredText('Phone number is required.', REGISTRATION_PHONE_MAX_LENGTH),
  emailAddress: EmailSchema,
  funeralHomeName: requiredText('Funeral home name is required.'),
  funeralHomeCityState: requiredText('City and state are required.'),
});
export type RegistrationRequestBody = z.infer<typeof RegistrationRequestBodySchema>;

export const registryEndpoints = {
  requestRegistration: endpoint({
    id: 'registry.requestRegistration',
    method: 'POST',
    path: '/anon/auth/registration-request',
    auth: 'anon',
    body: RegistrationRequestBodySchema,
    response: OkSchema,
  }),
} as const;
