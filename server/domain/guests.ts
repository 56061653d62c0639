/**
 * The public guest pages: a guest signs on their phone (a "simple" QR signature), and the
 * family reads the registry. PRODUCT.md: without a live invitation the registry shows names
 * only; removed, left-out and private signatures never show.
 */
import { FAMILY_SIGNATURES_PAGE_SIZE } from '../../src/contract/common';
import type { RegistrySignature, SimpleSignatureBody } from '../../src/contract/guests';
import type { SimpleSignature } from '../../src/contract/signatures';
import { toNumber, type Db } from '../db/db';
import { iso } from '../db/repos/accounts';
import { findService, isLiveInvitation } from '../db/repos/services';
import { latestTranscriptionJoin, loadSignature, recomputePreNeed, touchAccountSignature, type StoredSignaturePublicData } from '../db/repos/signatures';
import { ConflictError, NotFoundError } from '../http/errors';
import type { DomainEvents } from './events';
import { takeRateLimit, type RateRule } from './rate-limit';

/**
 * Guests at a venue often share its Wi-Fi (one IP), so this is looser than a login limit,
 * yet it stops one machine from filling a guestbook.
 */
export const GUEST_SIGNS_PER_IP: RateRule = { max: 30, windowSeconds: 10 * 60, message: 'Too many signatures from this network. Please wait a few minutes and try again.' };
/** A large funeral has hundreds of guests; thousands in ten minutes is an attack. */
export const GUEST_SIGNS_PER_SERVICE: RateRule = { max: 1000, windowSeconds: 10 * 60, message: 'This guest registry is receiving too many signatures. Please try again in a few minutes.' };

export interface GuestsDeps {
  db: Db;
  events: DomainEvents;
  config: { publicUrl: string };
}

interface RegistryRow {
  id: string;
  inserted_at: Date;
  name: string;
  phone_number: string | null;
  email_address: string | null;
}

/** Transcribed text first (staff may have corrected it), the guest's typed text otherwise. */
const registryField = (transcribed: string, typed: string) =>
  `coalesce(nullif(btrim(t.t_json->>'${transcribed}'), ''), nullif(btrim(s.public_data->'based_on_simple_signature'->>'${typed}'), ''))`;

const REGISTRY_FROM = `
    FROM signatures s
    ${latestTranscriptionJoin('s')}
   WHERE s.service_id = $1
     AND s.removed_at IS NULL
     AND NOT s.leave_signature_out_of_printed_pdf_and_books
     AND coalesce(t.t_json->'keep_signature_private', 'null'::jsonb) <> 'true'::jsonb
     AND ${registryField('name', 'full_name')} IS NOT NULL`;

export function guestsDomain(deps: GuestsDeps) {
  const { db, events } = deps;

  return {
    /** Stores a guest's signature; a repeated client_id answers the stored one. */
    async sign(serviceId: string, body: SimpleSignatureBody, ip: string): Promise<string> {
      const service = await findService(db, serviceId, null);
      if (!service) throw new NotFoundError('Service');
      await takeRateLimit(db, `guest-sign-ip:${ip}`, GUEST_SIGNS_PER_IP);
      await takeRateLimit(db, `guest-sign-service:${serviceId}`, GUEST_SIGNS_PER_SERVICE);
      const simple: SimpleSignature = {
        full_name: body.full_name,
        phone_number: body.phone_number,
        email_address: body.email_address,
        mailing_address_line1: body.mailing_address_line1,
        mailing_address_line2: body.mailing_address_line2,
        interested_in_planning_ahead: body.interested_in_planning_ahead,
      };
      const publicData: StoredSignaturePublicData = { based_on_simple_signature: simple };
      const outcome = await db.transaction(async (tx) => {
        // ON CONFLICT keeps two racing retries of one submission from both inserting.
        const rows = await tx.query<{ id: string }>(
          `INSERT INTO signatures (account_id, service_id, kind, client_id, public_data, is_pre_need)
           VALUES ($1, $2, 'qr', $3, $4, $5) ON CONFLICT (client_id) DO NOTHING RETURNING id`,
          [service.account_id, serviceId, body.client_id ?? null, JSON.stringify(publicData), body.interested_in_planning_ahead],
        );
        const id = rows[0]?.id;
        if (!id) {
          const existing = await tx.query<{ id: string; service_id: string }>('SELECT id, service_id FROM signatures WHERE client_id = $1', [body.client_id]);
          if (!existing[0]) throw new Error('Signature insert returned no id');
          return { id: existing[0].id, duplicate: true, sameService: existing[0].service_id === serviceId };
        }
        await recomputePreNeed(tx, id);
        await touchAccountSignature(tx, service.account_id);
        return { id, duplicate: false, sameService: true };
      });
      if (!outcome.sameService) throw new ConflictError('This submission was already used for another service.');
      if (!outcome.duplicate) {
        const signature = await loadSignature(db, outcome.id, deps.config.publicUrl);
        if (signature) events.emit('signatureUpdated', { accountId: service.account_id, reason: 'created_by_qr_code', signature });
      }
      return outcome.id;
    },

    /**
     * The family's registry, oldest first like a paper guestbook (and so a page never shifts
     * when someone signs meanwhile). Signatures without a name yet (waiting for transcription)
     * are left out until they have one.
     */
    async registry(serviceId: string, page: number, invitationId: string | undefined): Promise<{ signatures: RegistrySignature[]; signatures_count: number }> {
      if (!(await findService(db, serviceId, null))) throw new NotFoundError('Service');
      const withContacts = await isLiveInvitation(db, serviceId, invitationId);
      const rows = await db.query<RegistryRow>(
        `SELECT s.id, s.inserted_at, ${registryField('name', 'full_name')} AS name,
                ${registryField('phone_number', 'phone_number')} AS phone_number,
                ${registryField('email', 'email_address')} AS email_address
         ${REGISTRY_FROM}
         ORDER BY s.inserted_at ASC, s.id ASC LIMIT $2 OFFSET $3`,
        [serviceId, FAMILY_SIGNATURES_PAGE_SIZE, (page - 1) * FAMILY_SIGNATURES_PAGE_SIZE],
      );
      const count = await db.query<{ n: number | string }>(`SELECT count(*) AS n ${REGISTRY_FROM}`, [serviceId]);
      return {
        signatures: rows.map((r) => ({
          unique_identifier: r.id,
          inserted_at: iso(r.inserted_at),
          name: r.name,
          phone_number: withContacts ? r.phone_number : null,
          email_address: withContacts ? r.email_address : null,
        })),
        signatures_count: toNumber(count[0]?.n),
      };
    },
  };
}

export type GuestsDomain = ReturnType<typeof guestsDomain>;
