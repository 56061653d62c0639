/**
 * iPads: the staff calls that add, name and assign kiosks (spec 000 sections 3 and 7), the
 * kiosk's sign-in with a setup code, and the kiosk's own calls under `/ipad/...` (PRODUCT.md:
 * read its iPad and active service, upload signatures from its outbox).
 */
import { z } from 'zod';
import { AccountRefSchema } from './accounts';
import { ApiTokenResponseSchema } from './auth';
import { DateOnlySchema, IdParamsSchema, IdSchema, OkSchema, TimestampSchema } from './common';
import { CROP_KEYS, CropKeySchema, PixelRectSchema } from './crop-keys';
import { endpoint } from './endpoint';

// ---------------------------------------------------------------------------------------------
// Setup codes

/** Setup codes avoid look-alikes (0/O, 1/I/L) because staff read them aloud and iPads type them. */
export const IPAD_SETUP_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** 8 characters of a 31-letter alphabet: ~8.5e11 codes, unguessable within the rate limit and 24 h. */
export const IPAD_SETUP_CODE_LENGTH = 8;
/** A setup token is valid for 24 hours (PRODUCT.md), then a new one must be created. */
export const IPAD_SETUP_TOKEN_VALIDITY_MS = 24 * 60 * 60 * 1000;

const SETUP_CODE_PATTERN = new RegExp(`^[${IPAD_SETUP_CODE_ALPHABET}]{${IPAD_SETUP_CODE_LENGTH}}$`);

/** Upper-cases and drops spaces and dashes, so "abcd-efgh" typed on an iPad still matches. */
export const normalizeIpadSetupCode = (input: string): string => input.trim().toUpperCase().replace(/[\s-]+/g, '');

/** True when what was typed into the sign-in field is a setup code rather than an e-mail. */
export const isIpadSetupCode = (input: string): boolean => SETUP_CODE_PATTERN.test(normalizeIpadSetupCode(input));

export const IpadSetupCodeSchema = z
  .string()
  .max(32)
  .transform(normalizeIpadSetupCode)
  .pipe(z.string().regex(SETUP_CODE_PATTERN, 'This is not a valid iPad setup code.'));

// ---------------------------------------------------------------------------------------------
// Entities

/** iPad names are short labels staff pick ("Chapel entrance"). */
export const IPAD_NAME_MAX_LENGTH = 100;

export const IpadNameSchema = z
  .string()
  .trim()
  .min(1, 'Please fill out all required fields.')
  .max(IPAD_NAME_MAX_LENGTH);

/** The short service form embedded in an iPad: enough to link to it and show who it is for. */
export const IpadServiceRefSchema = z.object({
  unique_identifier: IdSchema,
  public_data: z.object({
    deceased_person: z.object({ full_name: z.string() }),
  }),
});
export type IpadServiceRef = z.infer<typeof IpadServiceRefSchema>;

export const IpadSchema = z.object({
  inserted_at: TimestampSchema,
  updated_at: TimestampSchema,
  unique_identifier: IdSchema,
  public_data: z.object({ ipad_name: z.string() }),
  private_data: z.record(z.string(), z.unknown()),
  account: AccountRefSchema,
  active_service: IpadServiceRefSchema.nullable(),
});
export type Ipad = z.infer<typeof IpadSchema>;

/** One iPad as its detail page and the single-iPad calls return it. */
export const IpadDetailsSchema = IpadSchema.extend({
  ipad_is_enabled: z.boolean(),
  last_seen_online_at: TimestampSchema.nullable(),
  has_been_setup: z.boolean(),
});
export type IpadDetails = z.infer<typeof IpadDetailsSchema>;

export const IpadSetupTokenSchema = z.object({
  inserted_at: TimestampSchema,
  updated_at: TimestampSchema,
  unique_identifier: IdSchema,
  short_unique_identifier: z.string().regex(SETUP_CODE_PATTERN),
  ipad_setup_token_is_enabled: z.boolean(),
  /** The link the setup QR code encodes: `{origin}/auth/login?setup={short_unique_identifier}`. */
  qr_code_url: z.string().min(1),
  /** Not in the spec's field list: lets the Add iPad page say until when the code works. */
  expires_at: TimestampSchema,
  ipad: IpadSchema,
});
export type IpadSetupToken = z.infer<typeof IpadSetupTokenSchema>;

/**
 * The service as the kiosk's signing card needs it. services.ts owns the full public service;
 * this is the subset the kiosk stores offline, kept here so the kiosk contract stands alone.
 */
export const KioskServiceSchema = z.object({
  unique_identifier: IdSchema,
  account: AccountRefSchema,
  public_data: z.object({
    deceased_person: z.object({
      full_name: z.string(),
      preferred_name: z.string().nullish(),
      birth_date: DateOnlySchema.nullish(),
      death_date: DateOnlySchema.nullish(),
      avatar_url: z.string().nullish(),
    }),
    /** The planning-ahead checkbox label; the kiosk falls back to the spec's default text. */
    advanced_planning_check_text: z.string().nullish(),
    advanced_planning_check_is_hidden: z.boolean().default(false),
  }),
});
export type KioskService = z.infer<typeof KioskServiceSchema>;

// ---------------------------------------------------------------------------------------------
// Staff bodies and responses

export const IpadQuerySchema = z.object({ service_unique_identifier: IdSchema.optional() });
export type IpadQuery = z.infer<typeof IpadQuerySchema>;

export const AddIpadBodySchema = z.object({ ipad_name: IpadNameSchema });
export type AddIpadBody = z.infer<typeof AddIpadBodySchema>;

export const UpdateIpadBodySchema = z.object({ ipad_name: IpadNameSchema });
export type UpdateIpadBody = z.infer<typeof UpdateIpadBodySchema>;

export const SendServiceBodySchema = z.object({ service_unique_identifier: IdSchema });
export type SendServiceBody = z.infer<typeof SendServiceBodySchema>;

export const IpadSetupTokenResponseSchema = z.object({ ipad_setup_token: IpadSetupTokenSchema });
/** List items carry the status fields too, so the list shows each device without a request per row. */
export const IpadListResponseSchema = z.object({ ipads: z.array(IpadDetailsSchema) });
export const IpadResponseSchema = z.object({ ipad: IpadDetailsSchema });
export type IpadResponse = z.infer<typeof IpadResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Kiosk sign-in and the kiosk's own calls

export const ConfirmIpadSetupCodeBodySchema = z.object({ code: IpadSetupCodeSchema });
export type ConfirmIpadSetupCodeBody = z.infer<typeof ConfirmIpadSetupCodeBodySchema>;

export const KioskTokenResponseSchema = ApiTokenResponseSchema.extend({
  role: z.literal('kiosk'),
  ipad: IpadSchema,
});
export type KioskTokenResponse = z.infer<typeof KioskTokenResponseSchema>;

export const KioskMeResponseSchema = z.object({
  ipad: IpadSchema,
  active_service: KioskServiceSchema.nullable(),
});
export type KioskMeResponse = z.infer<typeof KioskMeResponseSchema>;

/** Bump only together with a migration of stored strokes (handwriting is data, rendering derived). */
export const STROKE_FORMAT_VERSION = 1;
/** A 240 Hz Pencil fills 2,000 points in ~8 s of one unbroken line; handwriting lifts far sooner. */
export const MAX_POINTS_PER_STROKE = 2_000;
/** A crowded address line is under 100 strokes; 200 allows scribbles and corrections. */
export const MAX_STROKES_PER_FIELD = 200;
/** Whole-card cap, so seven maximal fields cannot make a ~100 MB body: ~3 MB of JSON points. */
export const MAX_POINTS_PER_SIGNATURE = 100_000;
/** Largest iPad screen is 2732 px; twice that leaves room for new models and zoomed captures. */
export const MAX_CAPTURE_DIMENSION = 6_000;
/** A full-screen iPad Pro PNG is 1–4 MB, i.e. up to ~5.5 MB of base64; 8 MB is the ceiling. */
export const MAX_PNG_BASE64_LENGTH = 8 * 1024 * 1024;
/** Body limit the server must set on the upload route (the app-wide JSON limit is 1 MB): two PNGs plus strokes. */
export const MAX_SIGNATURE_UPLOAD_BYTES = 2 * MAX_PNG_BASE64_LENGTH + 4 * 1024 * 1024;
/** Every base64 PNG starts with the encoded PNG magic bytes. */
const PNG_BASE64_PREFIX = 'iVBORw0KGgo';

export const POINTER_TYPES = ['pen', 'touch', 'mouse'] as const;
export const PointerTypeSchema = z.enum(POINTER_TYPES);
export type PointerType = z.infer<typeof PointerTypeSchema>;

/**
 * `[x, y, pressure, t]`: x and y in capture pixels relative to the top-left of the field's
 * rectangle (may stray a little outside it), pressure 0..1 (0.5 when the device reports none),
 * t in milliseconds since the card was first touched.
 */
export const StrokePointSchema = z.tuple([z.number(), z.number(), z.number().min(0).max(1), z.number().min(0)]);
export type StrokePoint = z.infer<typeof StrokePointSchema>;

export const StrokeSchema = z.object({
  pointer_type: PointerTypeSchema,
  points: z.array(StrokePointSchema).min(1).max(MAX_POINTS_PER_STROKE),
});
export type Stroke = z.infer<typeof StrokeSchema>;

/** A base64 PNG without the `data:` prefix; the length check runs first so a huge string stops early. */
export const PngBase64Schema = z
  .string()
  .max(MAX_PNG_BASE64_LENGTH, { abort: true, error: 'The image is too large.' })
  .startsWith(PNG_BASE64_PREFIX, { abort: true, error: 'The image must be a PNG in base64.' })
  .base64('The image must be a PNG in base64.');

/** Rectangles may overrun the capture by rounding; one pixel of slack. */
const RECT_SLACK_PX = 1;

export const UploadKioskSignatureBodySchema = z
  .object({
    /** Made by the kiosk when the card is submitted: the idempotency key of every retry. */
    client_id: IdSchema,
    /**
     * The service the card was signed for. An offline kiosk may upload after the service was
     * removed from it or ended, so the server accepts any service of the iPad's account.
     */
    service_unique_identifier: IdSchema,
    captured_at: TimestampSchema,
    /** Pixel size of screen_capture_png; names the crop map (`{width}x{height}`). */
    capture_width: z.number().int().min(1).max(MAX_CAPTURE_DIMENSION),
    capture_height: z.number().int().min(1).max(MAX_CAPTURE_DIMENSION),
    /** Every field's rectangle in the capture, so crops for a new resolution can be derived. */
    field_rects: z.record(CropKeySchema, PixelRectSchema),
    stroke_format: z.literal(STROKE_FORMAT_VERSION),
    /** Fields left blank may be omitted or sent as an empty list. */
    strokes: z.partialRecord(CropKeySchema, z.array(StrokeSchema).max(MAX_STROKES_PER_FIELD)),
    receive_information_on_advance_planning: z.boolean(),
    screen_capture_png: PngBase64Schema,
    /** The signature field alone, as react-signature-canvas drew it. */
    raw_signature_png: PngBase64Schema,
  })
  .superRefine((body, ctx) => {
    for (const key of CROP_KEYS) {
      const rect = body.field_rects[key];
      if (rect.x + rect.width > body.capture_width + RECT_SLACK_PX || rect.y + rect.height > body.capture_height + RECT_SLACK_PX) {
        ctx.addIssue({ code: 'custom', path: ['field_rects', key], message: 'The field lies outside the screen capture.' });
      }
    }
    const strokeLists = Object.values(body.strokes);
    const points = strokeLists.reduce((sum, strokes) => sum + strokes.reduce((n, s) => n + s.points.length, 0), 0);
    if (points === 0) ctx.addIssue({ code: 'custom', path: ['strokes'], message: 'The signature card is empty.' });
    if (points > MAX_POINTS_PER_SIGNATURE) {
      ctx.addIssue({ code: 'custom', path: ['strokes'], message: `At most ${MAX_POINTS_PER_SIGNATURE} points per signature.` });
    }
  });
export type UploadKioskSignatureBody = z.infer<typeof UploadKioskSignatureBodySchema>;

export const UploadKioskSignatureResponseSchema = z.object({
  signature_unique_identifier: IdSchema,
  /** True when this client_id was already stored: the retry is answered, nothing is added. */
  duplicate: z.boolean(),
});
export type UploadKioskSignatureResponse = z.infer<typeof UploadKioskSignatureResponseSchema>;

// ---------------------------------------------------------------------------------------------

export const devicesEndpoints = {
  add: endpoint({
    id: 'devices.add',
    method: 'POST',
    path: '/authenticated/add-ipad',
    auth: 'authenticated',
    body: AddIpadBodySchema,
    response: IpadSetupTokenResponseSchema,
  }),
  list: endpoint({
    id: 'devices.list',
    method: 'GET',
    path: '/authenticated/ipads',
    auth: 'authenticated',
    query: IpadQuerySchema,
    response: IpadListResponseSchema,
  }),
  get: endpoint({
    id: 'devices.get',
    method: 'GET',
    path: '/authenticated/ipads/:id',
    auth: 'authenticated',
    params: IdParamsSchema,
    response: IpadResponseSchema,
  }),
  update: endpoint({
    id: 'devices.update',
    method: 'POST',
    path: '/authenticated/ipads/:id/update',
    auth: 'authenticated',
    params: IdParamsSchema,
    body: UpdateIpadBodySchema,
    response: IpadResponseSchema,
  }),
  sendService: endpoint({
    id: 'devices.sendService',
    method: 'POST',
    path: '/authenticated/ipads/:id/send-service',
    auth: 'authenticated',
    params: IdParamsSchema,
    body: SendServiceBodySchema,
    response: IpadResponseSchema,
  }),
  removeService: endpoint({
    id: 'devices.removeService',
    method: 'POST',
    path: '/authenticated/ipads/:id/remove-service',
    auth: 'authenticated',
    params: IdParamsSchema,
    response: IpadResponseSchema,
  }),
  createSetupToken: endpoint({
    id: 'devices.createSetupToken',
    method: 'POST',
    path: '/authenticated/ipads/:id/create-setup-token',
    auth: 'authenticated',
    params: IdParamsSchema,
    response: IpadSetupTokenResponseSchema,
  }),
  confirmSetupCode: endpoint({
    id: 'devices.confirmSetupCode',
    method: 'POST',
    path: '/anon/auth/confirm-ipad-setup-code',
    auth: 'anon',
    body: ConfirmIpadSetupCodeBodySchema,
    response: KioskTokenResponseSchema,
  }),
  kioskMe: endpoint({
    id: 'devices.kioskMe',
    method: 'GET',
    path: '/ipad/me',
    auth: 'ipad',
    response: KioskMeResponseSchema,
  }),
  /** The kiosk signs itself out (after its outbox is empty): its token stops working. */
  kioskLogout: endpoint({
    id: 'devices.kioskLogout',
    method: 'POST',
    path: '/ipad/logout',
    auth: 'ipad',
    response: OkSchema,
  }),
  uploadSignature: endpoint({
    id: 'devices.uploadSignature',
    method: 'POST',
    path: '/ipad/signatures',
    auth: 'ipad',
    body: UploadKioskSignatureBodySchema,
    response: UploadKioskSignatureResponseSchema,
    bodyLimitBytes: MAX_SIGNATURE_UPLOAD_BYTES,
  }),
} as const;
