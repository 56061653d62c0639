/**
 * Services (one per deceased person), their start/stop state, the obituaries a service can be
 * created from, and the public service the guest pages read (spec 000 sections 2, 3, 5, 7, 9).
 */
import { z } from 'zod';
import { AccountRefSchema } from './accounts';
import { DateOnlySchema, IdParamsSchema, IdSchema, PageQuerySchema, TimestampSchema, TimestampsSchema } from './common';
import { endpoint } from './endpoint';

// ---- Spec constants (spec 000 section 9) ----------------------------------------------------

export const DEFAULT_ADVANCED_PLANNING_CHECK_TEXT = 'I would like information on funeral planning';
export const DEFAULT_MOBILE_ADVANCED_PLANNING_LABEL_HEADER = 'Interested in Planning Ahead';
export const DEFAULT_MOBILE_ADVANCED_PLANNING_QUESTION = "Yes, I'm interested in planning ahead for my own arrangements.";
/** The obituary picker shows this many before "Show more". */
export const OBITUARY_PICKER_INITIAL_COUNT = 4;
/** QR code sizes: the PNG download, its white margin, the on-screen code, the print frame. */
export const QR_PNG_SIZE_PX = 2048;
export const QR_PNG_MARGIN_PX = 100;
export const QR_ON_SCREEN_SIZE_PX = 256;
export const QR_ERROR_CORRECTION_LEVEL = 'L';
export const QR_FRAME_WIDTH_PX = 4048;
export const QR_FRAME_HEIGHT_PX = 5376;
/** The smaller QR download seen elsewhere in the product. */
export const QR_SMALL_DOWNLOAD_SIZE_PX = 512;

// ---- Limits (ours: the spec leaves server-side validation open) ------------------------------

/** Long enough for several given names and suffixes. */
export const DECEASED_NAME_MAX_LENGTH = 200;
/** The planning texts are one-line labels or one sentence. */
export const PLANNING_TEXT_MAX_LENGTH = 300;
/** Phone photos are 2–8 MB; anything larger is not a portrait we need (it is shrunk to 1024 px). */
export const SERVICE_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const SERVICE_PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
/** The stored portrait's side: sharp on a 175 px avatar and a printed page, small to send. */
export const SERVICE_PHOTO_MAX_SIDE_PX = 1024;
/** The QR frame SVG travels as JSON; this keeps it under the server's 1 MB JSON body limit. */
export const QR_FRAME_SVG_MAX_LENGTH = 900_000;

// ---- Entities --------------------------------------------------------------------------------

export const ServiceLogItemSchema = TimestampsSchema;
export type ServiceLogItem = z.infer<typeof ServiceLogItemSchema>;

export const DeceasedPersonSchema = z.object({
  full_name: z.string(),
  preferred_name: z.string().nullable(),
  birth_date: DateOnlySchema.nullable(),
  death_date: DateOnlySchema.nullable(),
  avatar_url: z.string().nullable(),
});
export type DeceasedPerson = z.infer<typeof DeceasedPersonSchema>;

/** Per-iPad card layouts; the spec names the member only, so entries are kept open. */
export const IpadTemplateSchema = z.record(z.string(), z.unknown());

export const ServicePublicDataSchema = z.object({
  deceased_person: DeceasedPersonSchema,
  ipad_templates: z.array(IpadTemplateSchema),
  latest_digital_download_pdf_url: z.string().nullable(),
  /** null: the client shows DEFAULT_ADVANCED_PLANNING_CHECK_TEXT. */
  advanced_planning_check_text: z.string().nullable(),
  advanced_planning_check_is_hidden: z.boolean(),
  mobile_advanced_planning_label_header: z.string().nullable(),
  mobile_advanced_planning_question: z.string().nullable(),
});
export type ServicePublicData = z.infer<typeof ServicePublicDataSchema>;

export const ServiceSchema = z.object({
  inserted_at: TimestampSchema,
  updated_at: TimestampSchema,
  unique_identifier: IdSchema,
  account: AccountRefSchema,
  is_active: z.boolean(),
  last_start_log_item: ServiceLogItemSchema.nullable(),
  last_stop_log_item: ServiceLogItemSchema.nullable(),
  /** The direct sign link `{origin}/sign/{unique_identifier}` the QR code encodes. */
  qr_code_sign_url: z.string(),
  public_data: ServicePublicDataSchema,
});
export type Service = z.infer<typeof ServiceSchema>;

export const ObituaryExtractionResultSchema = z.object({
  full_name: z.string(),
  preferred_name: z.string().nullable(),
  date_of_birth: DateOnlySchema.nullable(),
  date_of_death: DateOnlySchema.nullable(),
  /** The photo on the obituary site; fetch it through `obituaryAvatarRoute`, not directly. */
  avatar_url: z.string().nullable(),
});
export type ObituaryExtractionResult = z.infer<typeof ObituaryExtractionResultSchema>;

export const ObituarySchema = z.object({
  unique_identifier: IdSchema,
  inserted_at: TimestampSchema,
  updated_at: TimestampSchema,
  url: z.string(),
  public_data: z.object({
    latest_obituary_detail_extraction: z.object({ result: ObituaryExtractionResultSchema }),
  }),
});
export type Obituary = z.infer<typeof ObituarySchema>;

// ---- Bodies ----------------------------------------------------------------------------------

/** Form text: trimmed; an empty field means "no value" (null). */
const nullableText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : null));

/** Advanced fields are sent only when set: absent keeps the stored value, '' clears it. */
const advancedText = z
  .string()
  .trim()
  .max(PLANNING_TEXT_MAX_LENGTH)
  .optional()
  .transform((v) => (v === undefined ? undefined : v === '' ? null : v));

const formDate = z
  .union([z.literal(''), DateOnlySchema])
  .optional()
  .transform((v) => (v ? v : null));

/**
 * The create/update form, as multipart text fields (the photo is the file field
 * `deceased_person_photo`). Booleans travel as 'true' / 'false'.
 */
export const ServiceFormBodySchema = z
  .object({
    deceased_person_full_name: z.string().trim().min(1, 'Full name is required.').max(DECEASED_NAME_MAX_LENGTH),
    deceased_person_preferred_name: nullableText(DECEASED_NAME_MAX_LENGTH),
    deceased_person_birth_date: formDate,
    deceased_person_death_date: formDate,
    advanced_planning_check_text: advancedText,
    advanced_planning_check_is_hidden: z
      .enum(['true', 'false'])
      .optional()
      .transform((v) => (v === undefined ? undefined : v === 'true')),
    mobile_advanced_planning_label_header: advancedText,
    mobile_advanced_planning_question: advancedText,
  })
  .refine((b) => !b.deceased_person_birth_date || !b.deceased_person_death_date || b.deceased_person_birth_date <= b.deceased_person_death_date, {
    path: ['deceased_person_death_date'],
    message: 'The date of death cannot be before the date of birth.',
  });
export type ServiceFormBody = z.output<typeof ServiceFormBodySchema>;
export type ServiceFormFields = z.input<typeof ServiceFormBodySchema>;

export const SERVICE_PHOTO_FIELD = 'deceased_person_photo';
const photoFile = (required: boolean) => ({
  [SERVICE_PHOTO_FIELD]: { required, maxBytes: SERVICE_PHOTO_MAX_BYTES, accept: SERVICE_PHOTO_TYPES },
});

export const SvgToPngBodySchema = z.object({
  svg: z.string().min(1, 'SVG element not found.').max(QR_FRAME_SVG_MAX_LENGTH, 'The QR frame is too large.'),
});
export type SvgToPngBody = z.infer<typeof SvgToPngBodySchema>;

// ---- Responses -------------------------------------------------------------------------------

export const ServiceResponseSchema = z.object({ service: ServiceSchema });
export type ServiceResponse = z.infer<typeof ServiceResponseSchema>;
export const ServiceListResponseSchema = z.object({ services: z.array(ServiceSchema), total_services: z.number().int().min(0) });
export type ServiceListResponse = z.infer<typeof ServiceListResponseSchema>;
export const SvgToPngResponseSchema = z.object({ resulting_pdf_url: z.string() });
export type SvgToPngResponse = z.infer<typeof SvgToPngResponseSchema>;
export const ObituaryListResponseSchema = z.object({ obituaries: z.array(ObituarySchema), obituaries_count: z.number().int().min(0) });
export type ObituaryListResponse = z.infer<typeof ObituaryListResponseSchema>;

/** The family link's invitation also unlocks the family PDF on the public service. */
export const AnonServiceQuerySchema = z.object({ invitation_unique_identifier: z.string().max(100).optional() });

export const servicesEndpoints = {
  list: endpoint({
    id: 'services.list',
    method: 'GET',
    path: '/authenticated/services',
    auth: 'authenticated',
    query: PageQuerySchema,
    response: ServiceListResponseSchema,
  }),
  get: endpoint({ id: 'services.get', method: 'GET', path: '/authenticated/services/:id', auth: 'authenticated', params: IdParamsSchema, response: ServiceResponseSchema }),
  create: endpoint({
    id: 'services.create',
    method: 'POST',
    path: '/authenticated/create-service',
    auth: 'authenticated',
    body: ServiceFormBodySchema,
    files: photoFile(true),
    response: ServiceResponseSchema,
  }),
  update: endpoint({
    id: 'services.update',
    method: 'POST',
    path: '/authenticated/services/:id/update',
    auth: 'authenticated',
    params: IdParamsSchema,
    body: ServiceFormBodySchema,
    files: photoFile(false),
    response: ServiceResponseSchema,
  }),
  start: endpoint({ id: 'services.start', method: 'POST', path: '/authenticated/services/:id/start', auth: 'authenticated', params: IdParamsSchema, response: ServiceResponseSchema }),
  end: endpoint({ id: 'services.end', method: 'POST', path: '/authenticated/services/:id/end', auth: 'authenticated', params: IdParamsSchema, response: ServiceResponseSchema }),
  svgToPng: endpoint({
    id: 'services.svgToPng',
    method: 'POST',
    path: '/authenticated/services/:id/svg-to-png',
    auth: 'authenticated',
    params: IdParamsSchema,
    body: SvgToPngBodySchema,
    response: SvgToPngResponseSchema,
  }),
  obituaries: endpoint({
    id: 'services.obituaries',
    method: 'GET',
    path: '/authenticated/obituaries-that-can-be-used-to-create-service',
    auth: 'authenticated',
    response: ObituaryListResponseSchema,
  }),
  anonGet: endpoint({
    id: 'services.anonGet',
    method: 'GET',
    path: '/anon/services/:id',
    auth: 'anon',
    params: IdParamsSchema,
    query: AnonServiceQuerySchema,
    response: ServiceResponseSchema,
  }),
} as const;

/**
 * Calls that answer bytes instead of `{data}` JSON. They are plain routes on the server and
 * plain fetches (to a Blob) on the client, with the same auth headers as the JSON calls.
 */
export interface BinaryRoute {
  readonly id: string;
  readonly method: 'GET';
  readonly path: string;
  readonly auth: 'anon' | 'authenticated';
  readonly params: z.ZodType;
  readonly query: z.ZodType;
  /** Content types the answer may have. */
  readonly produces: readonly string[];
}

export const QrCodeQuerySchema = z.object({
  /** Side of the PNG in pixels; the spec's download is 2048, the small one 512. */
  size: z.coerce.number().int().min(QR_ON_SCREEN_SIZE_PX).max(QR_PNG_SIZE_PX).default(QR_PNG_SIZE_PX),
});

export const servicesBinaryRoutes = {
  qrCode: {
    id: 'services.qrCode',
    method: 'GET',
    path: '/anon/services/:id/qr-code',
    auth: 'anon',
    params: IdParamsSchema,
    query: QrCodeQuerySchema,
    produces: ['image/png'],
  },
  obituaryAvatar: {
    id: 'services.obituaryAvatar',
    method: 'GET',
    path: '/authenticated/obituaries/:id/avatar',
    auth: 'authenticated',
    params: IdParamsSchema,
    query: z.object({}),
    produces: SERVICE_PHOTO_TYPES,
  },
} as const satisfies Record<string, BinaryRoute>;
