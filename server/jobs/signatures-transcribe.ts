/**
 * Job `signatures.transcribe` {signatureId}: reads an iPad signature's screen capture, cuts
 * its fields by the crop map of the capture's resolution, asks the transcription engine for
 * the text and stores it as a new transcription (then pushes `updated_signature`, reason
 * `transcribed`).
 *
 * The engines (local OCR, OpenAI-compatible vision) are a later issue. Until one is plugged in
 * through `engine`, the job logs "no transcription engine configured" and completes without
 * changing data, so retranscribe requests are accepted and simply wait for an engine.
 *
 * Retry is safe: each run appends one transcription row; a repeat only adds an equal one.
 */
import { z } from 'zod';
import { CROP_KEYS, type CropKey, type PixelRect } from '../../src/contract/crop-keys';
import type { GeneratedJson } from '../../src/contract/signatures';
import type { Db } from '../db/db';
import { insertTranscription, loadSignature } from '../db/repos/signatures';
import type { DomainEvents } from '../domain/events';
import { SIGNATURES_TRANSCRIBE_JOB } from '../domain/signatures';
import { getBlob } from '../storage/blobs';
import type { JobDefinition, JobLogger } from './queue';

export const SignaturesTranscribePayload = z.object({ signatureId: z.uuid() });

/** Where each field sits in the capture, in capture pixels. Disabled or undrawn fields are absent. */
export type CropMap = Partial<Record<CropKey, PixelRect>>;

export interface TranscriptionCapture {
  png: Buffer;
  width: number;
  height: number;
}

/** A transcription engine. `name` is stored as the transcription's latest_generated_json_source. */
export interface TranscriptionEngine {
  readonly name: string;
  transcribe(capture: TranscriptionCapture, cropMap: CropMap): Promise<GeneratedJson>;
}

export interface TranscribeDeps {
  db: Db;
  events: DomainEvents;
  log: JobLogger;
  config: { publicUrl: string };
  /** null until an engine is configured (a later issue). */
  engine: TranscriptionEngine | null;
}

const RectSchema = z.object({ x: z.number().min(0), y: z.number().min(0), width: z.number().positive(), height: z.number().positive() });
/** crops.public_data.crop_values as the management area stores it; read leniently. */
const CropValuesSchema = z.record(
  z.string(),
  z.object({ resulting_crop: z.unknown(), item_is_disabled: z.boolean().optional() }).nullable().catch(null),
);

function toCropMap(values: Record<string, unknown> | null | undefined, pick: (value: unknown) => unknown): CropMap {
  const map: CropMap = {};
  for (const key of CROP_KEYS) {
    const rect = RectSchema.safeParse(pick(values?.[key]));
    if (rect.success) map[key] = rect.data;
  }
  return map;
}

/**
 * The operators' crop map for this resolution (the account's own first, then the shared one);
 * without one, the rectangles the kiosk measured when the card was signed.
 */
async function cropMapFor(db: Db, accountId: string, width: number, height: number, fieldRects: unknown): Promise<CropMap> {
  const rows = await db.query<{ public_data: { crop_values?: unknown } | null }>(
    `SELECT public_data FROM crops WHERE specific_resolution = $1 AND (account_id = $2 OR account_id IS NULL)
      ORDER BY account_id NULLS LAST LIMIT 1`,
    [`${width}x${height}`, accountId],
  );
  const values = CropValuesSchema.safeParse(rows[0]?.public_data?.crop_values);
  if (values.success) {
    const map = toCropMap(values.data, (v) => (v && typeof v === 'object' && !('item_is_disabled' in v && v.item_is_disabled) ? (v as { resulting_crop: unknown }).resulting_crop : null));
    if (Object.keys(map).length > 0) return map;
  }
  return toCropMap(fieldRects && typeof fieldRects === 'object' ? (fieldRects as Record<string, unknown>) : null, (v) => v);
}

interface SignatureForTranscription {
  id: string;
  account_id: string;
  kind: string;
  removed_at: Date | null;
  screen_capture_blob_id: string | null;
  capture_width: number | null;
  capture_height: number | null;
  field_rects: unknown;
}

export async function transcribeSignature(deps: TranscribeDeps, signatureId: string): Promise<'transcribed' | 'skipped'> {
  const { db, log } = deps;
  const rows = await db.query<SignatureForTranscription>(
    'SELECT id, account_id, kind, removed_at, screen_capture_blob_id, capture_width, capture_height, field_rects FROM signatures WHERE id = $1',
    [signatureId],
  );
  const row = rows[0];
  if (!row || row.removed_at || row.kind !== 'ipad') {
    log.info({ signatureId }, 'signature gone, removed or not from an iPad; nothing to transcribe');
    return 'skipped';
  }
  if (!deps.engine) {
    log.info({ signatureId }, 'no transcription engine configured');
    return 'skipped';
  }
  const blob = row.screen_capture_blob_id ? await getBlob(db, row.screen_capture_blob_id) : null;
  if (!blob || !row.capture_width || !row.capture_height) {
    log.warn({ signatureId }, 'signature has no screen capture; nothing to transcribe');
    return 'skipped';
  }
  const cropMap = await cropMapFor(db, row.account_id, row.capture_width, row.capture_height, row.field_rects);
  const json = await deps.engine.transcribe({ png: blob.bytes, width: row.capture_width, height: row.capture_height }, cropMap);
  await db.transaction((tx) => insertTranscription(tx, signatureId, deps.engine?.name ?? 'engine', json));
  const signature = await loadSignature(db, signatureId, deps.config.publicUrl);
  if (signature) deps.events.emit('signatureUpdated', { accountId: row.account_id, reason: 'transcribed', signature });
  return 'transcribed';
}

export function signaturesTranscribeJob(deps: TranscribeDeps): JobDefinition<typeof SignaturesTranscribePayload> {
  return {
    name: SIGNATURES_TRANSCRIBE_JOB,
    payload: SignaturesTranscribePayload,
    // Engines time out or rate-limit now and then; a few spaced retries ride that out.
    retryLimit: 3,
    retryDelaySeconds: 30,
    handler: async ({ signatureId }) => {
      await transcribeSignature(deps, signatureId);
    },
  };
}
