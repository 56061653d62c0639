/**
 * Signatures: the joined read (latest transcription, bridge sync, iPad, service and account),
 * the wire Signature, and the writes other slices share (transcriptions, the pre-need flag).
 * Removed signatures are never read here. Every read takes the caller's account id (null only
 * for a superuser viewing all accounts).
 */
import { z } from 'zod';
import { SIGNATURES_PAGE_SIZE } from '../../../src/contract/common';
import { UNKNOWN_TRANSCRIPTION_SOURCE, type GeneratedJson, type Signature, type SimpleSignature } from '../../../src/contract/signatures';
import { blobUrl } from '../../storage/blobs';
import { toNumber, type Queryable } from '../db';
import { iso } from './accounts';

/** signatures.public_data as stored: the QR form, or the kiosk's planning-ahead checkbox. */
export interface StoredSignaturePublicData {
  based_on_simple_signature?: SimpleSignature;
  receive_information_on_advance_planning?: boolean | null;
}

export interface SignatureRow {
  id: string;
  account_id: string;
  service_id: string;
  kind: 'ipad' | 'qr';
  leave_signature_out_of_printed_pdf_and_books: boolean;
  is_pre_need: boolean;
  public_data: Record<string, unknown> | null;
  screen_capture_blob_id: string | null;
  raw_signature_blob_id: string | null;
  inserted_at: Date;
  updated_at: Date;
  service_is_active: boolean;
  deceased_full_name: string | null;
  account_name: string;
  ipad_id: string | null;
  ipad_name: string | null;
  t_source: string | null;
  t_json: unknown;
  b_synced: boolean | null;
}

/** The latest transcription of `alias`; later rows win, ties broken by id so reads are stable. */
export const latestTranscriptionJoin = (alias: string) => `LEFT JOIN LATERAL (
    SELECT source AS t_source, generated_json AS t_json FROM signature_transcriptions
     WHERE signature_id = ${alias}.id ORDER BY inserted_at DESC, id DESC LIMIT 1) t ON true`;

const SIGNATURE_SELECT = `
  SELECT s.id, s.account_id, s.service_id, s.kind, s.leave_signature_out_of_printed_pdf_and_books, s.is_pre_need,
         s.public_data, s.screen_capture_blob_id, s.raw_signature_blob_id, s.inserted_at, s.updated_at,
         sv.is_active AS service_is_active, sv.public_data->'deceased_person'->>'full_name' AS deceased_full_name,
         a.name AS account_name, i.id AS ipad_id, i.public_data->>'ipad_name' AS ipad_name,
         t.t_source, t.t_json, b.synced AS b_synced
    FROM signatures s
    JOIN services sv ON sv.id = s.service_id
    JOIN accounts a ON a.id = s.account_id
    LEFT JOIN ipads i ON i.id = s.created_by_ipad_id
    ${latestTranscriptionJoin('s')}
    LEFT JOIN signature_bridge_syncs b ON b.signature_id = s.id`;

const nullableText = z.string().nullable().catch(null);
const nullableBool = z.boolean().nullable().catch(null);
const StoredGeneratedJsonSchema = z.object({
  name: nullableText.default(null),
  relationship: nullableText.default(null),
  email: nullableText.default(null),
  phone_number: nullableText.default(null),
  mailing_address_line_1: nullableText.default(null),
  mailing_address_line_2: nullableText.default(null),
  receive_information_on_advance_planning: nullableBool.default(null),
  keep_signature_private: nullableBool.default(null),
});

/** Engines may leave members out or write odd types; the wire always has all eight. */
export function normaliseGeneratedJson(value: unknown): GeneratedJson {
  const parsed = StoredGeneratedJsonSchema.safeParse(value && typeof value === 'object' ? value : {});
  return parsed.success ? parsed.data : StoredGeneratedJsonSchema.parse({});
}

/** The stored QR form, read leniently: only the name is needed for it to count as one. */
const StoredSimpleSignatureSchema = z.object({
  full_name: z.string(),
  phone_number: nullableText.default(null),
  email_address: nullableText.default(null),
  mailing_address_line1: nullableText.default(null),
  mailing_address_line2: nullableText.default(null),
  interested_in_planning_ahead: z.boolean().catch(false).default(false),
});

function readSimpleSignature(data: Record<string, unknown> | null): SimpleSignature | null {
  const parsed = StoredSimpleSignatureSchema.safeParse(data?.based_on_simple_signature);
  return parsed.success ? parsed.data : null;
}

export function toSignature(row: SignatureRow, publicUrl: string): Signature {
  const simple = readSimpleSignature(row.public_data);
  const kioskAnswer = row.public_data?.receive_information_on_advance_planning;
  return {
    inserted_at: iso(row.inserted_at),
    updated_at: iso(row.updated_at),
    unique_identifier: row.id,
    service: {
      unique_identifier: row.service_id,
      is_active: row.service_is_active,
      public_data: { deceased_person: { full_name: row.deceased_full_name ?? '' } },
      account: { unique_identifier: row.account_id, name: row.account_name },
    },
    created_by_ipad: row.ipad_id ? { unique_identifier: row.ipad_id, public_data: { ipad_name: row.ipad_name ?? '' } } : null,
    leave_signature_out_of_printed_pdf_and_books: row.leave_signature_out_of_printed_pdf_and_books,
    is_pre_need: row.is_pre_need,
    public_data: {
      screen_capture_url: blobUrl(publicUrl, row.screen_capture_blob_id),
      raw_signature_url: blobUrl(publicUrl, row.raw_signature_blob_id),
      receive_information_on_advance_planning: simple ? simple.interested_in_planning_ahead : typeof kioskAnswer === 'boolean' ? kioskAnswer : null,
      based_on_simple_signature: simple,
      latest_signature_transcription: row.t_json
        ? { latest_generated_json_source: row.t_source || UNKNOWN_TRANSCRIPTION_SOURCE, generated_json: normaliseGeneratedJson(row.t_json) }
        : null,
      bridge_sync: row.b_synced === null ? null : { synced: row.b_synced },
    },
  };
}

export interface SignatureFilter {
  accountId: string | null;
  serviceId?: string;
  onlyPreNeed: boolean;
}

function where(filter: SignatureFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [filter.accountId];
  let sql = 's.removed_at IS NULL AND ($1::uuid IS NULL OR s.account_id = $1::uuid)';
  if (filter.serviceId) {
    params.push(filter.serviceId);
    sql += ` AND s.service_id = $${params.length}::uuid`;
  }
  if (filter.onlyPreNeed) sql += ' AND s.is_pre_need';
  return { sql, params };
}

/** Newest first. `page` null reads every row up to `limit` (the CSV export). */
export async function listSignatures(db: Queryable, filter: SignatureFilter, page: number | null, limit = SIGNATURES_PAGE_SIZE): Promise<{ rows: SignatureRow[]; total: number }> {
  const w = where(filter);
  const offset = page === null ? 0 : (page - 1) * SIGNATURES_PAGE_SIZE;
  const rows = await db.query<SignatureRow>(
    `${SIGNATURE_SELECT} WHERE ${w.sql} ORDER BY s.inserted_at DESC, s.id DESC LIMIT $${w.params.length + 1} OFFSET $${w.params.length + 2}`,
    [...w.params, page === null ? limit : SIGNATURES_PAGE_SIZE, offset],
  );
  const count = await db.query<{ n: number | string }>(`SELECT count(*) AS n FROM signatures s WHERE ${w.sql}`, w.params);
  return { rows, total: toNumber(count[0]?.n) };
}

/** One signature that is not removed, if it belongs to `accountId` (any account when null). */
export async function findSignature(db: Queryable, id: string, accountId: string | null): Promise<SignatureRow | null> {
  const rows = await db.query<SignatureRow>(`${SIGNATURE_SELECT} WHERE s.id = $1 AND s.removed_at IS NULL AND ($2::uuid IS NULL OR s.account_id = $2::uuid)`, [
    id,
    accountId,
  ]);
  return rows[0] ?? null;
}

/** The wire Signature for an event, read after the write committed. */
export async function loadSignature(db: Queryable, id: string, publicUrl: string): Promise<Signature | null> {
  const row = await findSignature(db, id, null);
  return row ? toSignature(row, publicUrl) : null;
}

/**
 * Stores a transcription as a new row (the history is kept). clock_timestamp(), not now(), so
 * two rows written in one transaction still order correctly.
 */
export async function insertTranscription(tx: Queryable, signatureId: string, source: string, json: GeneratedJson): Promise<void> {
  await tx.query('INSERT INTO signature_transcriptions (signature_id, source, generated_json, inserted_at) VALUES ($1, $2, $3, clock_timestamp())', [
    signatureId,
    source,
    JSON.stringify(json),
  ]);
  await recomputePreNeed(tx, signatureId);
}

const jsonBool = (expr: string) => `CASE WHEN jsonb_typeof(${expr}) = 'boolean' THEN (${expr})::text::boolean END`;

/**
 * signatures.is_pre_need, which the onlyPreneed filter reads: the latest transcription's
 * answer when it has one (staff corrections win), else the guest's own answer (QR form or
 * kiosk checkbox). Call after any write that changes one of those.
 */
export async function recomputePreNeed(tx: Queryable, signatureId: string): Promise<void> {
  await tx.query(
    `UPDATE signatures s SET is_pre_need = coalesce(
        (SELECT ${jsonBool("t.generated_json->'receive_information_on_advance_planning'")} FROM signature_transcriptions t
          WHERE t.signature_id = s.id ORDER BY t.inserted_at DESC, t.id DESC LIMIT 1),
        ${jsonBool("s.public_data->'based_on_simple_signature'->'interested_in_planning_ahead'")},
        ${jsonBool("s.public_data->'receive_information_on_advance_planning'")},
        false), updated_at = now()
      WHERE s.id = $1`,
    [signatureId],
  );
}

export async function touchAccountSignature(tx: Queryable, accountId: string): Promise<void> {
  await tx.query('UPDATE accounts SET last_signature_at = now(), updated_at = now() WHERE id = $1', [accountId]);
}
