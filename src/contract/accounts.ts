import { z } from 'zod';
import { IdSchema, TimestampSchema } from './common';

/** Account settings, both documents (obituary source and the family PDF's look). */
export const AccountPublicDataSchema = z
  .object({
    link_to_obituary_listing: z.string().nullish(),
    obituary_detail_avatar_url_xpath_selector: z.string().nullish(),
    downloadable_pdf_first_page_quote: z.string().nullish(),
    downloadable_pdf_final_page_quote: z.string().nullish(),
    downloadable_pdf_background_color_hex: z.string().nullish(),
    downloadable_pdf_text_color_hex: z.string().nullish(),
    downloadable_pdf_last_page_logo_url: z.string().nullish(),
  })
  .catchall(z.unknown());
export type AccountPublicData = z.infer<typeof AccountPublicDataSchema>;

export const AccountSchema = z.object({
  unique_identifier: IdSchema,
  name: z.string(),
  inserted_at: TimestampSchema,
  public_data: AccountPublicDataSchema,
  last_service_at: TimestampSchema.nullable(),
  last_signature_at: TimestampSchema.nullable(),
});
export type Account = z.infer<typeof AccountSchema>;

/** The short form embedded in other entities (service.account, ipad.account, ...). */
export const AccountRefSchema = z.object({
  unique_identifier: IdSchema,
  name: z.string(),
});
export type AccountRef = z.infer<typeof AccountRefSchema>;

export const UserPublicDataSchema = z.object({ name: z.string().nullish() }).catchall(z.unknown());

export const UserSchema = z.object({
  unique_identifier: IdSchema,
  email: z.email(),
  inserted_at: TimestampSchema,
  updated_at: TimestampSchema,
  confirmed_at: TimestampSchema.nullable(),
  name_initials: z.string().nullable(),
  public_data: UserPublicDataSchema,
  is_superuser: z.boolean(),
});
export type User = z.infer<typeof UserSchema>;

export const MembershipSchema = z.object({
  unique_identifier: IdSchema,
  inserted_at: TimestampSchema,
  updated_at: TimestampSchema,
  account: AccountSchema,
  user: UserSchema,
});
export type Membership = z.infer<typeof MembershipSchema>;
