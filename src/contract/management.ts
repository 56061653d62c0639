/**
 * The operator (superuser) area of spec 001: accounts, users and their memberships, crop maps
 * of the kiosk's screen capture, and the FRM (HighLevel) connection. Every call here is
 * superuser-only and not scoped to the chosen membership, so none needs the membership header.
 */
import { z } from 'zod';
import { AccountRefSchema, AccountSchema, MembershipSchema, UserSchema } from './accounts';
import { EmailSchema } from './auth';
import { IdParamsSchema, IdSchema, optionalText, TimestampSchema } from './common';
import { CropKeySchema } from './crop-keys';
import { endpoint } from './endpoint';

// ---------------------------------------------------------------------------------------------
// Accounts

/** Funeral-home names are short; 200 leaves room for "… & Sons Funeral Home and Cremation". */
export const ACCOUNT_NAME_MAX_LENGTH = 200;
/** URLs past ~2,000 characters break in browsers and proxies. */
export const URL_MAX_LENGTH = 2_000;
/** Quotes printed on the family PDF's first and last page: a paragraph at most. */
export const PDF_QUOTE_MAX_LENGTH = 1_000;
/** An XPath selector for the obituary photo; generous, but bounded. */
export const XPATH_SELECTOR_MAX_LENGTH = 500;

/** Optional URL field: empty means "none"; when given it must be http(s) (spec 001 section 5). */
const optionalHttpUrl = (message: string) =>
  z
    .string()
    .trim()
    .max(URL_MAX_LENGTH)
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.url({ protocol: /^https?$/, error: message }).optional());

/** `#rgb` or `#rrggbb`, the PDF colours. */
const optionalHexColor = z
  .string()
  .trim()
  .max(7)
  .optional()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.string().regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'Use a colour like #1a2b3c.').optional());

/**
 * The account form (create and update send the same fields). The form always sends every field,
 * so on update an empty or missing public_data_* field clears that setting.
 */
export const AccountFormBodySchema = z.object({
  account_name: z.string().trim().min(1, 'Name is required.').max(ACCOUNT_NAME_MAX_LENGTH),
  public_data_link_to_obituary_listing: optionalHttpUrl('The obituary listing link must start with http:// or https://.'),
  public_data_obituary_detail_avatar_url_xpath_selector: optionalText(XPATH_SELECTOR_MAX_LENGTH),
  public_data_downloadable_pdf_first_page_quote: optionalText(PDF_QUOTE_MAX_LENGTH),
  public_data_downloadable_pdf_final_page_quote: optionalText(PDF_QUOTE_MAX_LENGTH),
  public_data_downloadable_pdf_background_color_hex: optionalHexColor,
  public_data_downloadable_pdf_text_color_hex: optionalHexColor,
  public_data_downloadable_pdf_last_page_logo_url: optionalHttpUrl('The logo must be a web address (http:// or https://).'),
});
export const CreateAccountBodySchema = AccountFormBodySchema;
export type CreateAccountBody = z.infer<typeof CreateAccountBodySchema>;
export const UpdateAccountBodySchema = AccountFormBodySchema;
export type UpdateAccountBody = z.infer<typeof UpdateAccountBodySchema>;

export const AccountListResponseSchema = z.object({
  accounts: z.array(AccountSchema),
  total_accounts: z.number().int().min(0),
});
export type AccountListResponse = z.infer<typeof AccountListResponseSchema>;
/** The spec does not name the member of "get account" and "update account"; we use `account`. */
export const AccountResponseSchema = z.object({ account: AccountSchema });
export type AccountResponse = z.infer<typeof AccountResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Users and memberships

/** Names as people write them; 200 covers long multi-part names. */
export const USER_NAME_MAX_LENGTH = 200;

const UserFullNameSchema = z.string().trim().min(1, 'Name is required.').max(USER_NAME_MAX_LENGTH);

/** Add a user to an account (creating the user when the e-mail is new). */
export const AddUserToAccountBodySchema = z.object({
  user_email: EmailSchema,
  user_full_name: UserFullNameSchema,
  send_welcome_email: z.boolean().default(true),
});
export type AddUserToAccountBody = z.infer<typeof AddUserToAccountBodySchema>;

/**
 * The global Add User form: the same fields plus the account, which becomes the path of the
 * add-user call (spec: "posts the same add-user call for the chosen account"). Client-side only.
 */
export const AddUserFormSchema = AddUserToAccountBodySchema.extend({
  account_unique_identifier: z.string().min(1, 'Please select an account.').pipe(IdSchema),
});
export type AddUserForm = z.infer<typeof AddUserFormSchema>;

/** The e-mail is read-only when editing, so only the name is sent. */
export const UpdateUserBodySchema = z.object({ user_full_name: UserFullNameSchema });
export type UpdateUserBody = z.infer<typeof UpdateUserBodySchema>;

/** A user plus its memberships, sorted by account name ascending. */
export const UserWithMembershipsSchema = UserSchema.extend({
  user_account_memberships: z.array(MembershipSchema),
});
export type UserWithMemberships = z.infer<typeof UserWithMembershipsSchema>;

export const AccountMembershipListResponseSchema = z.object({
  user_account_memberships: z.array(MembershipSchema),
  user_account_memberships_count: z.number().int().min(0),
});
export type AccountMembershipListResponse = z.infer<typeof AccountMembershipListResponseSchema>;
export const MembershipResponseSchema = z.object({ user_account_membership: MembershipSchema });
export type MembershipResponse = z.infer<typeof MembershipResponseSchema>;
export const UserListResponseSchema = z.object({
  users_with_memberships: z.array(UserWithMembershipsSchema),
  users_with_memberships_count: z.number().int().min(0),
});
export type UserListResponse = z.infer<typeof UserListResponseSchema>;
export const UserDetailResponseSchema = z.object({
  user: UserSchema,
  memberships: z.array(MembershipSchema),
});
export type UserDetailResponse = z.infer<typeof UserDetailResponseSchema>;
export const UserResponseSchema = z.object({ user: UserSchema });
export type UserResponse = z.infer<typeof UserResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Crops

/** The crop map's name: the screen capture's size in pixels, e.g. "2048x1536". */
export const specificResolution = (width: number, height: number): string => `${width}x${height}`;
export const SpecificResolutionSchema = z.string().regex(/^\d{1,5}x\d{1,5}$/);

/** A rectangle as percentages of the capture (react-image-crop's percent crop). */
export const PercentRectSchema = z.object({
  x: z.number().min(0).max(100),
  y: z.number().min(0).max(100),
  width: z.number().min(0).max(100),
  height: z.number().min(0).max(100),
});
/** The same rectangle in capture pixels; zero-sized when the operator has not drawn it yet. */
export const CropPixelRectSchema = z.object({
  x: z.number().min(0),
  y: z.number().min(0),
  width: z.number().min(0),
  height: z.number().min(0),
});

export const CropValueSchema = z.object({
  percent_values: PercentRectSchema,
  resulting_crop: CropPixelRectSchema,
  /** A disabled field is not cut out nor transcribed. */
  item_is_disabled: z.boolean(),
});
export type CropValue = z.infer<typeof CropValueSchema>;

/** Every crop key is present; null means the field has no crop yet. */
export const CropValuesSchema = z.record(CropKeySchema, CropValueSchema.nullable());
export type CropValues = z.infer<typeof CropValuesSchema>;

export const CropSchema = z.object({
  unique_identifier: IdSchema,
  specific_resolution: SpecificResolutionSchema,
  inserted_at: TimestampSchema,
  updated_at: TimestampSchema,
  /** Null for a crop shared by every account. */
  account: AccountRefSchema.nullable(),
  latest_signature: z
    .object({
      inserted_at: TimestampSchema,
      public_data: z.object({ screen_capture_url: z.string().nullable() }),
    })
    .nullable(),
  /** "Mapped" when crop_values is set, "Not yet mapped" otherwise. */
  public_data: z.object({ crop_values: CropValuesSchema.nullable() }),
});
export type Crop = z.infer<typeof CropSchema>;

export const UpdateCropValuesBodySchema = z.object({ crop_values: CropValuesSchema });
export type UpdateCropValuesBody = z.infer<typeof UpdateCropValuesBodySchema>;

export const CropListResponseSchema = z.object({
  crops: z.array(CropSchema),
  crops_count: z.number().int().min(0),
});
export type CropListResponse = z.infer<typeof CropListResponseSchema>;
/** The spec does not show what update-values answers; we return the updated crop. */
export const CropResponseSchema = z.object({ crop: CropSchema });
export type CropResponse = z.infer<typeof CropResponseSchema>;

// ---------------------------------------------------------------------------------------------
// FRM (HighLevel) OAuth

/** OAuth codes and states are opaque provider strings; bounded to refuse junk. */
const OAUTH_VALUE_MAX_LENGTH = 2_000;

/**
 * The callback page posts the code with the state it received, so the server can check the
 * state it issued (not in the spec's payload list, which shows only the membership and code).
 */
export const LinkFrmBodySchema = z.object({
  user_membership_unique_id: IdSchema,
  code: z.string().min(1).max(OAUTH_VALUE_MAX_LENGTH),
  state: z.string().min(1).max(OAUTH_VALUE_MAX_LENGTH),
});
export type LinkFrmBody = z.infer<typeof LinkFrmBodySchema>;

/** Shown as formatted JSON on the callback page; the spec only requires an object. */
export const LinkFrmResponseSchema = z.object({ result: z.record(z.string(), z.unknown()) });
export type LinkFrmResponse = z.infer<typeof LinkFrmResponseSchema>;

export const FrmAuthorizationUrlResponseSchema = z.object({ authorization_url: z.string().min(1) });
export type FrmAuthorizationUrlResponse = z.infer<typeof FrmAuthorizationUrlResponseSchema>;

// ---------------------------------------------------------------------------------------------

/** Shared by every management call: operator-only, across accounts. */
const operator = { auth: 'authenticated', withoutMembership: true } as const;

export const managementEndpoints = {
  listAccounts: endpoint({
    ...operator,
    id: 'management.listAccounts',
    method: 'GET',
    path: '/authenticated/management/accounts',
    response: AccountListResponseSchema,
  }),
  createAccount: endpoint({
    ...operator,
    id: 'management.createAccount',
    method: 'POST',
    path: '/authenticated/management/create-account',
    body: CreateAccountBodySchema,
    response: AccountResponseSchema,
  }),
  getAccount: endpoint({
    ...operator,
    id: 'management.getAccount',
    method: 'GET',
    path: '/authenticated/management/accounts/:id',
    params: IdParamsSchema,
    response: AccountResponseSchema,
  }),
  updateAccount: endpoint({
    ...operator,
    id: 'management.updateAccount',
    method: 'POST',
    path: '/authenticated/management/accounts/:id/update',
    params: IdParamsSchema,
    body: UpdateAccountBodySchema,
    response: AccountResponseSchema,
  }),
  listAccountUsers: endpoint({
    ...operator,
    id: 'management.listAccountUsers',
    method: 'GET',
    path: '/authenticated/management/accounts/:id/users',
    params: IdParamsSchema,
    response: AccountMembershipListResponseSchema,
  }),
  addUserToAccount: endpoint({
    ...operator,
    id: 'management.addUserToAccount',
    method: 'POST',
    path: '/authenticated/management/accounts/:id/add-user',
    params: IdParamsSchema,
    body: AddUserToAccountBodySchema,
    response: MembershipResponseSchema,
  }),
  listUsers: endpoint({
    ...operator,
    id: 'management.listUsers',
    method: 'GET',
    path: '/authenticated/management/users',
    response: UserListResponseSchema,
  }),
  getUser: endpoint({
    ...operator,
    id: 'management.getUser',
    method: 'GET',
    path: '/authenticated/management/users/:id',
    params: IdParamsSchema,
    response: UserDetailResponseSchema,
  }),
  updateUser: endpoint({
    ...operator,
    id: 'management.updateUser',
    method: 'POST',
    path: '/authenticated/management/users/:id/update',
    params: IdParamsSchema,
    body: UpdateUserBodySchema,
    response: UserResponseSchema,
  }),
  listCrops: endpoint({
    ...operator,
    id: 'management.listCrops',
    method: 'GET',
    path: '/authenticated/management/crops',
    response: CropListResponseSchema,
  }),
  getCrop: endpoint({
    ...operator,
    id: 'management.getCrop',
    method: 'GET',
    path: '/authenticated/management/crops/:id',
    params: IdParamsSchema,
    response: CropResponseSchema,
  }),
  updateCrop: endpoint({
    ...operator,
    id: 'management.updateCrop',
    method: 'POST',
    path: '/authenticated/management/crops/:id/update-values',
    params: IdParamsSchema,
    body: UpdateCropValuesBodySchema,
    response: CropResponseSchema,
  }),
  /**
   * Path not shown in the spec (the "Connect to FRM" link): the server issues a state bound to
   * the caller and answers the provider's authorization URL carrying it.
   */
  frmAuthorizationUrl: endpoint({
    ...operator,
    id: 'management.frmAuthorizationUrl',
    method: 'GET',
    path: '/authenticated/management/frm-authorization-url',
    response: FrmAuthorizationUrlResponseSchema,
  }),
  linkFrm: endpoint({
    ...operator,
    id: 'management.linkFrm',
    method: 'POST',
    path: '/authenticated/management/link-frm',
    body: LinkFrmBodySchema,
    response: LinkFrmResponseSchema,
  }),
} as const;
