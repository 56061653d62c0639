/**
 * Services: rows, the stored public_data shape, and the wire Service. Every read takes the
 * caller's account id (null only for a superuser viewing all accounts), so a query can never
 * forget the tenant.
 */
import { z } from 'zod';
import type { Service } from '../../../src/contract/services';
import { SERVICES_PAGE_SIZE } from '../../../src/contract/common';
import { blobUrl } from '../../storage/blobs';
import { toNumber, type Queryable } from '../db';
import { iso } from './accounts';

/**
 * services.public_data as stored. The photo and the family PDF are kept as blob ids and
 * turned into URLs when read, so a change of PUBLIC_URL never leaves stale links behind.
 * `latest_digital_download_pdf_url` is accepted too, for a PDF stored outside the blob store.
 */
export const StoredServicePublicDataSchema = z
  .object({
    deceased_person: z
      .object({
        full_name: z.string().catch(''),
        preferred_name: z.string().nullish().catch(null),
        birth_date: z.string().nullish().catch(null),
        death_date: z.string().nullish().catch(null),
        avatar_blob_id: z.string().nullish().catch(null),
      })
      .catch({ full_name: '' }),
    ipad_templates: z.array(z.record(z.string(), z.unknown())).catch([]),
    advanced_planning_check_text: z.string().nullish().catch(null),
    advanced_planning_check_is_hidden: z.boolean().catch(false),
    mobile_advanced_planning_label_header: z.string().nullish().catch(null),
    mobile_advanced_planning_question: z.string().nullish().catch(null),
    latest_digital_download_pdf_blob_id: z.string().nullish().catch(null),
    latest_digital_download_pdf_url: z.string().nullish().catch(null),
  })
  .partial()
  .catchall(z.unknown());
export type StoredServicePublicData = z.infer<typeof StoredServicePublicDataSchema>;

export interface ServiceRow {
  id: string;
  account_id: string;
  account_name: string;
  is_active: boolean;
  public_data: unknown;
  inserted_at: Date;
  updated_at: Date;
  start_inserted_at: Date | null;
  start_updated_at: Date | null;
  stop_inserted_at: Date | null;
  stop_updated_at: Date | null;
}

const SERVICE_SELECT = `
  SELECT sv.id, sv.account_id, a.name AS account_name, sv.is_active, sv.public_data, sv.inserted_at, sv.updated_at,
         ls.inserted_at AS start_inserted_at, ls.updated_at AS start_updated_at,
         le.inserted_at AS stop_inserted_at, le.updated_at AS stop_updated_at
    FROM services sv
    JOIN accounts a ON a.id = sv.account_id
    LEFT JOIN LATERAL (SELECT inserted_at, updated_at FROM service_log_items
                        WHERE service_id = sv.id AND kind = 'start' ORDER BY inserted_at DESC LIMIT 1) ls ON true
    LEFT JOIN LATERAL (SELECT inserted_at, updated_at FROM service_log_items
                        WHERE service_id = sv.id AND kind = 'stop' ORDER BY inserted_at DESC LIMIT 1) le ON true`;

export function readStoredPublicData(value: unknown): StoredServicePublicData {
  const parsed = StoredServicePublicDataSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : {};
}

export const signUrl = (publicUrl: string, serviceId: string): string => `${publicUrl}/sign/${serviceId}`;

export interface ToServiceOptions {
  /** The anonymous view: no iPad templates, and the family PDF only with a live invitation. */
  isPublic?: boolean;
  showFamilyPdf?: boolean;
}

export function toService(row: ServiceRow, publicUrl: string, options: ToServiceOptions = {}): Service {
  const data = readStoredPublicData(row.public_data);
  const person = data.deceased_person ?? { full_name: '' };
  const pdfUrl = blobUrl(publicUrl, data.latest_digital_download_pdf_blob_id) ?? data.latest_digital_download_pdf_url ?? null;
  const logItem = (inserted: Date | null, updated: Date | null) => (inserted ? { inserted_at: iso(inserted), updated_at: iso(updated ?? inserted) } : null);
  return {
    inserted_at: iso(row.inserted_at),
    updated_at: iso(row.updated_at),
    unique_identifier: row.id,
    account: { unique_identifier: row.account_id, name: row.account_name },
    is_active: row.is_active,
    last_start_log_item: logItem(row.start_inserted_at, row.start_updated_at),
    last_stop_log_item: logItem(row.stop_inserted_at, row.stop_updated_at),
    qr_code_sign_url: signUrl(publicUrl, row.id),
    public_data: {
      deceased_person: {
        full_name: person.full_name,
        preferred_name: person.preferred_name ?? null,
        birth_date: person.birth_date ?? null,
        death_date: person.death_date ?? null,
        avatar_url: blobUrl(publicUrl, person.avatar_blob_id),
      },
      ipad_templates: options.isPublic ? [] : (data.ipad_templates ?? []),
      latest_digital_download_pdf_url: options.isPublic && !options.showFamilyPdf ? null : pdfUrl,
      advanced_planning_check_text: data.advanced_planning_check_text ?? null,
      advanced_planning_check_is_hidden: data.advanced_planning_check_is_hidden ?? false,
      mobile_advanced_planning_label_header: data.mobile_advanced_planning_label_header ?? null,
      mobile_advanced_planning_question: data.mobile_advanced_planning_question ?? null,
    },
  };
}

/** One service, if it exists and belongs to `accountId` (any account when null). */
export async function findService(db: Queryable, id: string, accountId: string | null): Promise<ServiceRow | null> {
  const rows = await db.query<ServiceRow>(`${SERVICE_SELECT} WHERE sv.id = $1 AND ($2::uuid IS NULL OR sv.account_id = $2::uuid)`, [id, accountId]);
  return rows[0] ?? null;
}

/** Newest first, SERVICES_PAGE_SIZE a page, with the total for the heading. */
export async function listServices(db: Queryable, accountId: string | null, page: number): Promise<{ rows: ServiceRow[]; total: number }> {
  const rows = await db.query<ServiceRow>(
    `${SERVICE_SELECT} WHERE ($1::uuid IS NULL OR sv.account_id = $1::uuid)
      ORDER BY sv.inserted_at DESC, sv.id DESC LIMIT $2 OFFSET $3`,
    [accountId, SERVICES_PAGE_SIZE, (page - 1) * SERVICES_PAGE_SIZE],
  );
  const count = await db.query<{ n: number | string }>('SELECT count(*) AS n FROM services WHERE ($1::uuid IS NULL OR account_id = $1::uuid)', [accountId]);
  return { rows, total: toNumber(count[0]?.n) };
}

export async function insertService(tx: Queryable, accountId: string, publicData: StoredServicePublicData): Promise<string> {
  const rows = await tx.query<{ id: string }>('INSERT INTO services (account_id, public_data) VALUES ($1, $2) RETURNING id', [accountId, JSON.stringify(publicData)]);
  const id = rows[0]?.id;
  if (!id) throw new Error('Service insert returned no id');
  await tx.query('UPDATE accounts SET last_service_at = now(), updated_at = now() WHERE id = $1', [accountId]);
  return id;
}

export async function updateServicePublicData(tx: Queryable, id: string, publicData: StoredServicePublicData): Promise<void> {
  await tx.query('UPDATE services SET public_data = $2, updated_at = now() WHERE id = $1', [id, JSON.stringify(publicData)]);
}

/**
 * Flips is_active only if it still has the expected value (so two racing starts cannot both
 * win) and writes the log item. Returns false when the service was already in that state.
 */
export async function setServiceActive(tx: Queryable, id: string, active: boolean): Promise<boolean> {
  const rows = await tx.query<{ id: string }>(
    'UPDATE services SET is_active = $2, updated_at = now() WHERE id = $1 AND is_active = $3 RETURNING id',
    [id, active, !active],
  );
  if (!rows[0]) return false;
  await tx.query('INSERT INTO service_log_items (service_id, kind) VALUES ($1, $2)', [id, active ? 'start' : 'stop']);
  return true;
}

/** The iPads that show this service; they are told when it changes. */
export async function ipadsShowingService(tx: Queryable, serviceId: string): Promise<string[]> {
  const rows = await tx.query<{ id: string }>('SELECT id FROM ipads WHERE active_service_id = $1', [serviceId]);
  return rows.map((r) => r.id);
}

/** An ended service leaves every iPad it was on (spec 000 section 4: "End Service clears it"). */
export async function releaseIpadsOfService(tx: Queryable, serviceId: string): Promise<string[]> {
  const rows = await tx.query<{ id: string }>(
    'UPDATE ipads SET active_service_id = NULL, updated_at = now() WHERE active_service_id = $1 RETURNING id',
    [serviceId],
  );
  return rows.map((r) => r.id);
}

/** A family invitation is live when it is for this service and not revoked. */
export async function isLiveInvitation(db: Queryable, serviceId: string, invitationId: string | undefined): Promise<boolean> {
  if (!invitationId || !z.uuid().safeParse(invitationId).success) return false;
  const rows = await db.query<{ id: string }>('SELECT id FROM family_invitations WHERE id = $1 AND service_id = $2 AND revoked_at IS NULL', [
    invitationId,
    serviceId,
  ]);
  return rows.length > 0;
}
