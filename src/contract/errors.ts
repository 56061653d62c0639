import { z } from 'zod';

/** The closed set of error codes the server answers with. */
export const ERROR_CODES = [
  'validation_failed',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'payload_too_large',
  'unsupported_media_type',
  'invalid_code',
  'code_expired',
  'too_many_attempts',
  'client_too_old',
  'bad_gateway',
  'internal',
] as const;
export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

/**
 * Every failure body. `error` stays a plain string because the spec's client catalogue reads
 * "response body with an error string"; the rest is for programs and logs.
 */
export const ApiErrorBodySchema = z.object({
  error: z.string(),
  code: ErrorCodeSchema.optional(),
  details: z
    .object({ fields: z.record(z.string(), z.string()).optional() })
    .catchall(z.unknown())
    .optional(),
  requestId: z.string().optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;

/** Client-side texts of spec 000 section 8. */
export const ERROR_TEXT = {
  notFound: (path: string) => `Not found: ${path}`,
  unknownApi: 'Unknown API error',
  network: 'Network Error',
  malformed: 'Malformed response',
  unknown: 'An unknown error has occurred. Please try again.',
  noMemberships: 'No memberships found for this user.',
  genericPage: 'Oops! Sorry, an unexpected error has occurred.',
} as const;
