/**
 * Signatures as staff see them (spec 000 sections 2, 3, 4 and 7): the lists, the corrections,
 * the printed-materials flag, the bridge sync, removal and the CSV export.
 */
import { z } from 'zod';
import { AccountRefSchema } from './accounts';
import { IdParamsSchema, IdSchema, OkSchema, PageQuerySchema, TimestampSchema } from './common';
import { endpoint } from './endpoint';
import type { BinaryRoute } from './services';

/** What the list shows while an iPad signature waits for its transcription. */
export const WAITING_FOR_TRANSCRIPTION_TEXT = '(Waiting for signature transcription)';
/** latest_generated_json_source when the source was not recorded. */
export const UNKNOWN_TRANSCRIPTION_SOURCE = '(unknown)';
/** Transcription sources written by the product itself. */
export const STAFF_TRANSCRIPTION_SOURCE = 'staff';
export const DEMO_TRANSCRIPTION_SOURCE = 'demo';
/** One handwritten line; generous for long addresses. */
export const TRANSCRIPTION_FIELD_MAX_LENGTH = 500;
export const SIGNATURES_CSV_FILE_NAME = 'signatures.csv';

export const SimpleSignatureSchema = z.object({
  full_name: z.string(),
  phone_number: z.string().nullable(),
  email_address: z.string().nullable(),
  mailing_address_line1: z.string().nullable(),
  mailing_address_line2: z.string().nullable(),
  interested_in_planning_ahead: z.boolean(),
});
export type SimpleSignature = z.infer<typeof SimpleSignatureSchema>;

export const GeneratedJsonSchema = z.object({
  name: z.string().nullable(),
  relationship: z.string().nullable(),
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
  mailing_address_line_1: z.string().nullable(),
  mailing_address_line_2: z.string().nullable(),
  receive_information_on_advance_planning: z.boolean().nullable(),
  keep_signature_private: z.boolean().nullable(),
});
export type GeneratedJson = z.infer<typeof GeneratedJsonSchema>;

export const SignatureTranscriptionSchema = z.object({
  latest_generated_json_source: z.string().default(UNKNOWN_TRANSCRIPTION_SOURCE),
  generated_json: GeneratedJsonSchema,
});
export type SignatureTranscription = z.infer<typeof SignatureTranscriptionSchema>;

export const SignatureServiceSchema = z.object({
  unique_identifier: IdSchema,
  is_active: z.boolean(),
  public_data: z.object({ deceased_person: z.object({ full_name: z.string() }) }),
  account: AccountRefSchema,
});

export const SignatureIpadSchema = z.object({
  unique_identifier: IdSchema,
  public_data: z.object({ ipad_name: z.string() }),
});

export const SignaturePublicDataSchema = z.object({
  /** iPad signatures: the whole card as the kiosk showed it; null for QR signatures. */
  screen_capture_url: z.string().nullable(),
  /** iPad signatures: the signature field alone. */
  raw_signature_url: z.string().nullable(),
  /** The planning-ahead answer the guest gave (kiosk checkbox or QR form); null when unknown. */
  receive_information_on_advance_planning: z.boolean().nullable(),
  /** QR signatures: what the guest typed. null for iPad signatures. */
  based_on_simple_signature: SimpleSignatureSchema.nullable(),
  /** null while an iPad signature waits for its first transcription. */
  latest_signature_transcription: SignatureTranscriptionSchema.nullable(),
  /** The external bridge (FRM) record; null until a sync was requested. */
  bridge_sync: z.object({ synced: z.boolean() }).nullable(),
});
export type SignaturePublicData = z.infer<typeof SignaturePublicDataSchema>;

export const SignatureSchema = z.object({
  inserted_at: TimestampSchema,
  updated_at: TimestampSchema,
  unique_identifier: IdSchema,
  service: SignatureServiceSchema,
  created_by_ipad: SignatureIpadSchema.nullable(),
  leave_signature_out_of_printed_pdf_and_books: z.boolean(),
  /**
   * Not in the spec's field list: the server's pre-need decision (the same one the
   * onlyPreneed filter uses), so the Pre-Need? column and the filter never disagree.
   */
  is_pre_need: z.boolean(),
  public_data: SignaturePublicDataSchema,
});
export type Signature = z.infer<typeof SignatureSchema>;

/** A QR (simple) signature carries the guest's form; an iPad signature does not. */
export const isQrSignature = (s: Pick<Signature, 'public_data'>): boolean => s.public_data.based_on_simple_signature !== null;

// ---- Queries and bodies ----------------------------------------------------------------------

export const OnlyPreneedSchema = z.enum(['yes', 'no']).default('no');
export const SignatureListQuerySchema = PageQuerySchema.extend({ onlyPreneed: OnlyPreneedSchema });
export type SignatureListQuery = z.infer<typeof SignatureListQuerySchema>;

const transcriptionText = z
  .string()
  .trim()
  .max(TRANSCRIPTION_FIELD_MAX_LENGTH)
  .nullish()
  .transform((v) => (v === undefined ? undefined : v ? v : null));

/** Staff corrections; every field optional. An absent field keeps its value, '' or null clears it. */
export const UpdateTranscriptionBodySchema = z.object({
  name: transcriptionText,
  relationship: transcriptionText,
  email: transcriptionText,
  phone_number: transcriptionText,
  mailing_address_line_1: transcriptionText,
  mailing_address_line_2: transcriptionText,
  receive_information_on_advance_planning: z.boolean().nullish(),
  keep_signature_private: z.boolean().nullish(),
});
export type UpdateTranscriptionBody = z.output<typeof UpdateTranscriptionBodySchema>;

export const UpdateLeaveOutBodySchema = z.object({ leave_out_of_printed_materials: z.boolean() });
export type UpdateLeaveOutBody = z.infer<typeof UpdateLeaveOutBodySchema>;

export const SignaturesCsvQuerySchema = z.object({
  onlyPreneed: OnlyPreneedSchema,
  service_unique_identifier: IdSchema.optional(),
  /** IANA time zone for the Created column (the browser's); UTC when absent or unknown. */
  tz: z.string().max(64).optional(),
});
export type SignaturesCsvQuery = z.infer<typeof SignaturesCsvQuerySchema>;

// ---- Responses -------------------------------------------------------------------------------

export const SignatureResponseSchema = z.object({ signature: SignatureSchema });
export type SignatureResponse = z.infer<typeof SignatureResponseSchema>;
export const AllSignaturesResponseSchema = z.object({ signatures: z.array(SignatureSchema), total_signatures: z.number().int().min(0) });
export type AllSignaturesResponse = z.infer<typeof AllSignaturesResponseSchema>;
export const ServiceSignaturesResponseSchema = z.object({ signatures: z.array(SignatureSchema), signatures_count: z.number().int().min(0) });
export type ServiceSignaturesResponse = z.infer<typeof ServiceSignaturesResponseSchema>;

const signatureCall = <B extends z.ZodType = z.ZodObject<Record<string, never>>>(id: string, verb: string, body?: B) =>
  endpoint({
    id: `signatures.${id}`,
    method: 'POST',
    path: `/authenticated/signatures/:id/${verb}`,
    auth: 'authenticated',
    params: IdParamsSchema,
    body: (body ?? z.object({})) as B,
    response: SignatureResponseSchema,
  });

export const signaturesEndpoints = {
  list: endpoint({
    id: 'signatures.list',
    method: 'GET',
    path: '/authenticated/signatures',
    auth: 'authenticated',
    query: SignatureListQuerySchema,
    response: AllSignaturesResponseSchema,
  }),
  listForService: endpoint({
    id: 'signatures.listForService',
    method: 'GET',
    path: '/authenticated/services/:id/signatures',
    auth: 'authenticated',
    params: IdParamsSchema,
    query: SignatureListQuerySchema,
    response: ServiceSignaturesResponseSchema,
  }),
  /** Superusers only; iPad signatures only. Queues the transcription job again. */
  retranscribe: signatureCall('retranscribe', 'retranscribe'),
  updateTranscription: signatureCall('updateTranscription', 'update-transcription', UpdateTranscriptionBodySchema),
  updateLeaveOut: signatureCall('updateLeaveOut', 'update-leave-out-of-printed-materials', UpdateLeaveOutBodySchema),
  syncWithBridge: signatureCall('syncWithBridge', 'sync-with-bridge'),
  remove: endpoint({
    id: 'signatures.remove',
    method: 'POST',
    path: '/authenticated/signatures/:id/remove-signature',
    auth: 'authenticated',
    params: IdParamsSchema,
    response: OkSchema,
  }),
} as const;

export const signaturesBinaryRoutes = {
  /** text/csv, attachment signatures.csv; same scoping as the lists, no paging. */
  exportCsv: {
    id: 'signatures.exportCsv',
    method: 'GET',
    path: '/authenticated/signatures/export.csv',
    auth: 'authenticated',
    params: z.object({}),
    query: SignaturesCsvQuerySchema,
    produces: ['text/csv'],
  },
} as const satisfies Record<string, BinaryRoute>;
