import { z } from 'zod';

/** Every unique_identifier is a random UUID (nothing guessable is public). */
export const IdSchema = z.uuid();
export const TimestampSchema = z.iso.datetime({ offset: true });
/** Calendar dates (birth, death) travel as yyyy-MM-dd. */
export const DateOnlySchema = z.iso.date();
export const NullableDate = DateOnlySchema.nullable();

/** Lists are paged from page 1. */
export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** Page sizes fixed by spec 000 section 9. */
export const SERVICES_PAGE_SIZE = 50;
export const SIGNATURES_PAGE_SIZE = 50;
/** The family registry page size is not in the spec; we keep it equal to the staff list. */
export const FAMILY_SIGNATURES_PAGE_SIZE = 50;

export const IdParamsSchema = z.object({ id: IdSchema });

export const TimestampsSchema = z.object({
  inserted_at: TimestampSchema,
  updated_at: TimestampSchema,
});

/** Header names decided in PRODUCT.md (the spec leaves them open). */
export const MEMBERSHIP_HEADER = 'X-Membership-Id';
export const ALL_ACCOUNTS_HEADER = 'X-View-All-Accounts';
export const CONTRACT_VERSION_HEADER = 'X-Contract-Version';
/** Bump when a schema change breaks older clients. */
export const CONTRACT_VERSION = 1;

export const OkSchema = z.object({ ok: z.literal(true) });

/** Trims and turns empty strings into undefined, for optional free-text form fields. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v === '' ? undefined : v));
