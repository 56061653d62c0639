/**
 * The iPad kiosk's side (PRODUCT.md "The iPad kiosk"): signing in with a setup code, reading its
 * own iPad and active service, and the idempotent signature upload its outbox drains into.
 * A kiosk token reaches only its own iPad: every read here is keyed by the token's iPad id.
 */
import sharp from 'sharp';
import type { Service } from '../../src/contract/services';
import type { KioskMeResponse, KioskService, KioskTokenResponse, UploadKioskSignatureBody, UploadKioskSignatureResponse } from '../../src/contract/devices';
import type { Db, Queryable } from '../db/db';
import {
  attachSignatureImages,
  consumeSetupToken,
  findIpad,
  findSignatureByClientId,
  insertKioskSignature,
  lockSetupToken,
  noteCropResolution,
  toIpad,
} from '../db/repos/ipads';
import { findService, toService } from '../db/repos/services';
import { loadSignature, touchAccountSignature } from '../db/repos/signatures';
import { issueToken, type KioskContext } from '../http/auth';
import { AppError, ConflictError, NotFoundError, UnauthenticatedError, ValidationError } from '../http/errors';
import type { JobQueue } from '../jobs/queue';
import { putBlob } from '../storage/blobs';
import type { DomainEvents } from './events';
import { takeRateLimit, type RateRule } from './rate-limit';
import { SIGNATURES_TRANSCRIBE_JOB } from './signatures';

/** Staff set up a handful of iPads at once from one venue IP; 20 tries leave room for typos, not sweeps. */
export const SETUP_CODE_CONFIRMS_PER_IP: RateRule = {
  max: 20,
  windowSeconds: 15 * 60,
  message: 'Too many setup codes tried from this network. Please wait 15 minutes and try again.',
};
export const SETUP_CODE_INVALID_MESSAGE = 'That setup code is not valid. Ask staff for a new one.';
export const SETUP_CODE_EXPIRED_MESSAGE = 'That setup code has expired. Ask staff for a new one.';
/** Matches MAX_CAPTURE_DIMENSION squared; sharp refuses anything claiming more (decompression bombs). */
const PNG_MAX_INPUT_PIXELS = 6_000 * 6_000;

export interface KioskDeps {
  db: Db;
  events: DomainEvents;
  queue: JobQueue;
  log: { warn(obj: object, msg: string): void };
  /** Read at call time: the public URL may be set after start (tests, proxies). */
  config: { publicUrl: string };
}

/**
 * Decodes a base64 PNG fully (a truncated or corrupt file fails here, not later in the
 * transcription job) and checks its size. 422 with the field named, so the kiosk outbox parks
 * the upload under "needs attention" instead of retrying it forever.
 */
async function readPng(field: string, base64: string, expected?: { width: number; height: number }): Promise<Buffer> {
  const bytes = Buffer.from(base64, 'base64');
  const refuse = (message: string) => new ValidationError(`${field}: ${message}`, { [field]: message });
  let width: number | undefined;
  let height: number | undefined;
  try {
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: PNG_MAX_INPUT_PIXELS });
    const meta = await image.metadata();
    if (meta.format !== 'png') throw refuse('The image must be a PNG.');
    width = meta.width;
    height = meta.height;
    await image.stats();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw refuse('The image is not a readable PNG (damaged or cut off).');
  }
  if (expected && (width !== expected.width || height !== expected.height)) {
    throw refuse(`The image is ${width}x${height} pixels but capture_width x capture_height says ${expected.width}x${expected.height}.`);
  }
  return bytes;
}

export function kioskDomain(deps: KioskDeps) {
  const { db, events, queue } = deps;

  /** The kiosk's own iPad; a token whose iPad left its account is treated as signed out. */
  async function ownIpad(q: Queryable, ctx: KioskContext) {
    const ipad = await findIpad(q, ctx.ipadId, ctx.accountId);
    if (!ipad) throw new UnauthenticatedError('This iPad is no longer registered. Ask staff for a new setup code.');
    return ipad;
  }

  /**
   * Queues transcription inside the upload's transaction, so the job exists exactly when the
   * signature does. The job is defined by the signatures slice; a server assembled without it
   * (a partial build) still stores the signature and logs that none was queued.
   */
  async function queueTranscription(tx: Queryable, signatureId: string): Promise<boolean> {
    try {
      await queue.send(SIGNATURES_TRANSCRIBE_JOB, { signatureId }, { tx, singletonKey: `signature:${signatureId}` });
      return true;
    } catch (err) {
      if (err instanceof Error && /not defined/.test(err.message)) {
        deps.log.warn({ signatureId }, 'transcription job is not defined in this server; signature stored without one');
        return false;
      }
      throw err;
    }
  }

  return {
    /** Single use: the code is spent, the iPad marked set up and a kiosk API token issued. */
    async confirmSetupCode(code: string, ip: string): Promise<KioskTokenResponse> {
      await takeRateLimit(db, `ipad-setup-ip:${ip}`, SETUP_CODE_CONFIRMS_PER_IP);
      const outcome = await db.transaction(async (tx) => {
        const token = await lockSetupToken(tx, code);
        if (!token || !token.ipad_setup_token_is_enabled || token.used_at || !token.ipad_is_enabled) return 'invalid' as const;
        if (token.is_expired) return 'expired' as const;
        await consumeSetupToken(tx, token);
        const apiToken = await issueToken(tx, { ipadId: token.ipad_id });
        const ipad = await findIpad(tx, token.ipad_id, null);
        if (!ipad) throw new Error('iPad vanished while its setup token was locked');
        return { apiToken, ipad: toIpad(ipad) };
      });
      if (outcome === 'invalid') throw new AppError(400, 'invalid_code', SETUP_CODE_INVALID_MESSAGE);
      if (outcome === 'expired') throw new AppError(400, 'code_expired', SETUP_CODE_EXPIRED_MESSAGE);
      return { api_token: outcome.apiToken, role: 'kiosk', ipad: outcome.ipad };
    },

    async me(ctx: KioskContext): Promise<KioskMeResponse> {
      const ipad = await ownIpad(db, ctx);
      const service = ipad.active_service_id ? await findService(db, ipad.active_service_id, ctx.accountId) : null;
      return { ipad: toIpad(ipad), active_service: service ? toKioskService(toService(service, deps.config.publicUrl)) : null };
    },

    /**
     * The idempotent upload. `client_id` is made by the kiosk when the card is submitted and
     * sent with every retry. A known client_id answers the stored signature with
     * `duplicate: true` and changes nothing; a client_id of another iPad is a 409 (never
     * silently merged). Racing retries are settled by the UNIQUE constraint on client_id
     * (insertKioskSignature), not by the read before it, which only spares work on a retry.
     *
     * The signature, its two images, the account's last_signature_at, the crop resolution and
     * the transcription job commit together; `signatureUpdated` goes out after the commit.
     */
    async uploadSignature(ctx: KioskContext, body: UploadKioskSignatureBody): Promise<UploadKioskSignatureResponse> {
      const answerExisting = (existing: { id: string; created_by_ipad_id: string | null }): UploadKioskSignatureResponse => {
        if (existing.created_by_ipad_id !== ctx.ipadId) throw new ConflictError('This signature id was already used by another iPad.');
        return { signature_unique_identifier: existing.id, duplicate: true };
      };
      const known = await findSignatureByClientId(db, body.client_id);
      if (known) return answerExisting(known);

      const capture = { width: body.capture_width, height: body.capture_height };
      const screenCapture = await readPng('screen_capture_png', body.screen_capture_png, capture);
      const rawSignature = await readPng('raw_signature_png', body.raw_signature_png);

      const outcome = await db.transaction(async (tx) => {
        const ipad = await ownIpad(tx, ctx);
        // An offline kiosk may upload after its service was ended or moved: any service of its account.
        const service = await findService(tx, body.service_unique_identifier, ipad.account_id);
        if (!service) throw new NotFoundError('Service');
        const id = await insertKioskSignature(tx, {
          accountId: ipad.account_id,
          serviceId: service.id,
          ipadId: ipad.id,
          clientId: body.client_id,
          isPreNeed: body.receive_information_on_advance_planning,
          publicData: { receive_information_on_advance_planning: body.receive_information_on_advance_planning, captured_at: body.captured_at },
          strokes: { stroke_format: body.stroke_format, fields: body.strokes },
          captureWidth: body.capture_width,
          captureHeight: body.capture_height,
          fieldRects: body.field_rects,
        });
        if (!id) {
          const existing = await findSignatureByClientId(tx, body.client_id);
          if (!existing) throw new Error('Signature insert conflicted but no row holds its client_id');
          return { kind: 'existing' as const, existing };
        }
        const captureBlob = await putBlob(tx, { contentType: 'image/png', bytes: screenCapture, fileName: `screen-capture-${id}.png` });
        const signatureBlob = await putBlob(tx, { contentType: 'image/png', bytes: rawSignature, fileName: `signature-${id}.png` });
        await attachSignatureImages(tx, id, captureBlob, signatureBlob);
        await touchAccountSignature(tx, ipad.account_id);
        await noteCropResolution(tx, `${body.capture_width}x${body.capture_height}`, id);
        const queued = await queueTranscription(tx, id);
        return { kind: 'created' as const, id, accountId: ipad.account_id, queued };
      });
      if (outcome.kind === 'existing') return answerExisting(outcome.existing);

      const { id, accountId, queued } = outcome;
      if (queued) await queue.wake(SIGNATURES_TRANSCRIBE_JOB);
      const signature = await loadSignature(db, id, deps.config.publicUrl);
      if (signature) events.emit('signatureUpdated', { accountId, reason: 'created_by_ipad', signature });
      return { signature_unique_identifier: id, duplicate: false };
    },
  };
}

/** The subset of the service the signing card shows and the kiosk keeps offline. */
function toKioskService(service: Service): KioskService {
  const person = service.public_data.deceased_person;
  return {
    unique_identifier: service.unique_identifier,
    account: service.account,
    public_data: {
      deceased_person: {
        full_name: person.full_name,
        preferred_name: person.preferred_name,
        birth_date: person.birth_date,
        death_date: person.death_date,
        avatar_url: person.avatar_url,
      },
      advanced_planning_check_text: service.public_data.advanced_planning_check_text,
      advanced_planning_check_is_hidden: service.public_data.advanced_planning_check_is_hidden,
    },
  };
}

export type KioskDomain = ReturnType<typeof kioskDomain>;
