/**
 * Staff actions on signatures (spec 000 sections 2, 4 and 7): the lists, corrections, the
 * printed-materials flag, the bridge sync request, removal, retranscription and the CSV.
 * Each change commits first and then emits its DomainEvent with the wire Signature.
 */
import type { Signature, UpdateTranscriptionBody } from '../../src/contract/signatures';
import { STAFF_TRANSCRIPTION_SOURCE } from '../../src/contract/signatures';
import type { Db } from '../db/db';
import { findService } from '../db/repos/services';
import {
  findSignature,
  insertTranscription,
  listSignatures,
  loadSignature,
  normaliseGeneratedJson,
  toSignature,
  type SignatureRow,
} from '../db/repos/signatures';
import { requireSuperuser, scopeAccountId, type Scope, type StaffContext } from '../http/auth';
import { ConflictError, NotFoundError } from '../http/errors';
import type { JobQueue } from '../jobs/queue';
import type { DomainEvents, SignatureUpdateReason } from './events';
import { signaturesCsv } from './signatures-csv';

export const SIGNATURES_TRANSCRIBE_JOB = 'signatures.transcribe';
/** A CSV is read by a person in a spreadsheet; beyond this the export is refused, not truncated. */
export const CSV_MAX_ROWS = 50_000;
export const RETRANSCRIBE_QR_MESSAGE = 'Only iPad signatures can be retranscribed.';

export interface SignaturesDeps {
  db: Db;
  queue: JobQueue;
  events: DomainEvents;
  config: { publicUrl: string };
}

export interface ListOptions {
  page: number;
  onlyPreNeed: boolean;
}

export function signaturesDomain(deps: SignaturesDeps) {
  const { db, events, queue } = deps;

  async function load(scope: Scope | null, id: string): Promise<SignatureRow> {
    const row = await findSignature(db, id, scopeAccountId(scope));
    if (!row) throw new NotFoundError('Signature');
    return row;
  }

  /** Reads the committed signature and tells every listener (realtime, jobs). */
  async function announce(row: SignatureRow, reason: SignatureUpdateReason): Promise<Signature> {
    const signature = await loadSignature(db, row.id, deps.config.publicUrl);
    if (!signature) throw new NotFoundError('Signature');
    events.emit('signatureUpdated', { accountId: row.account_id, reason, signature });
    return signature;
  }

  return {
    async list(scope: Scope | null, options: ListOptions): Promise<{ signatures: Signature[]; total: number }> {
      const { rows, total } = await listSignatures(db, { accountId: scopeAccountId(scope), onlyPreNeed: options.onlyPreNeed }, options.page);
      return { signatures: rows.map((r) => toSignature(r, deps.config.publicUrl)), total };
    },

    async listForService(scope: Scope | null, serviceId: string, options: ListOptions): Promise<{ signatures: Signature[]; total: number }> {
      const accountId = scopeAccountId(scope);
      if (!(await findService(db, serviceId, accountId))) throw new NotFoundError('Service');
      const { rows, total } = await listSignatures(db, { accountId, serviceId, onlyPreNeed: options.onlyPreNeed }, options.page);
      return { signatures: rows.map((r) => toSignature(r, deps.config.publicUrl)), total };
    },

    async retranscribe(ctx: StaffContext, id: string): Promise<Signature> {
      requireSuperuser(ctx);
      const row = await load(ctx.scope, id);
      if (row.kind !== 'ipad') throw new ConflictError(RETRANSCRIBE_QR_MESSAGE);
      // One waiting job per signature: a double click does not transcribe twice.
      await queue.send(SIGNATURES_TRANSCRIBE_JOB, { signatureId: id }, { singletonKey: `signature:${id}` });
      return announce(row, 'retranscribe_queued');
    },

    /** Staff corrections are a new transcription with source "staff"; absent fields keep their value. */
    async updateTranscription(scope: Scope | null, id: string, body: UpdateTranscriptionBody): Promise<Signature> {
      const row = await load(scope, id);
      await db.transaction(async (tx) => {
        // Lock the signature so two staff saving at once apply their edits one after the other.
        await tx.query('SELECT id FROM signatures WHERE id = $1 FOR UPDATE', [id]);
        const latest = await tx.query<{ generated_json: unknown }>(
          'SELECT generated_json FROM signature_transcriptions WHERE signature_id = $1 ORDER BY inserted_at DESC, id DESC LIMIT 1',
          [id],
        );
        const previous = normaliseGeneratedJson(latest[0]?.generated_json);
        const next = { ...previous };
        for (const key of Object.keys(previous) as (keyof typeof previous)[]) {
          const value = body[key];
          if (value !== undefined) (next as Record<string, unknown>)[key] = value;
        }
        await insertTranscription(tx, id, STAFF_TRANSCRIPTION_SOURCE, normaliseGeneratedJson(next));
      });
      return announce(row, 'transcription_confirmed');
    },

    async updateLeaveOut(scope: Scope | null, id: string, leaveOut: boolean): Promise<Signature> {
      const row = await load(scope, id);
      await db.query('UPDATE signatures SET leave_signature_out_of_printed_pdf_and_books = $2, updated_at = now() WHERE id = $1', [id, leaveOut]);
      return announce(row, leaveOut ? 'left_out_of_printed_materials' : 'included_in_printed_materials');
    },

    /**
     * Records the request to sync with the bridge (the FRM). The FRM client and its job are a
     * later issue: until then the record stays synced=false, which the list shows as a grey dot.
     */
    async syncWithBridge(scope: Scope | null, id: string): Promise<Signature> {
      const row = await load(scope, id);
      await db.query(
        `INSERT INTO signature_bridge_syncs (signature_id, synced, public_data) VALUES ($1, false, jsonb_build_object('requested_at', now()))
         ON CONFLICT (signature_id) DO UPDATE SET public_data = signature_bridge_syncs.public_data || jsonb_build_object('requested_at', now()), updated_at = now()`,
        [id],
      );
      await db.query('UPDATE signatures SET updated_at = now() WHERE id = $1', [id]);
      return announce(row, 'synced_with_bridge');
    },

    /** Soft removal: the row stays (books already printed may reference it) but is never listed. */
    async remove(scope: Scope | null, id: string): Promise<void> {
      const row = await load(scope, id);
      await db.query('UPDATE signatures SET removed_at = now(), updated_at = now() WHERE id = $1 AND removed_at IS NULL', [id]);
      events.emit('signatureRemoved', { accountId: row.account_id, signatureId: id, serviceId: row.service_id });
    },

    async exportCsv(scope: Scope | null, options: { serviceId?: string; onlyPreNeed: boolean; timeZone?: string }): Promise<string> {
      const accountId = scopeAccountId(scope);
      if (options.serviceId && !(await findService(db, options.serviceId, accountId))) throw new NotFoundError('Service');
      const { rows, total } = await listSignatures(db, { accountId, serviceId: options.serviceId, onlyPreNeed: options.onlyPreNeed }, null, CSV_MAX_ROWS);
      if (total > CSV_MAX_ROWS) throw new ConflictError(`There are more than ${CSV_MAX_ROWS} signatures; export one service at a time.`);
      const signatures = rows.map((r) => toSignature(r, deps.config.publicUrl));
      return signaturesCsv(signatures, { timeZone: options.timeZone, consoleUrl: deps.config.publicUrl });
    },
  };
}

export type SignaturesDomain = ReturnType<typeof signaturesDomain>;
