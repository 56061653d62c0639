/**
 * iPads and their setup tokens: rows, the wire Ipad / IpadDetails / IpadSetupToken, and the
 * few signature writes only the kiosk upload needs (the shared signature reads live in
 * repos/signatures.ts). Every iPad read takes the caller's account id (null only for a
 * superuser viewing all accounts), so a query can never forget the tenant.
 */
import type { Ipad, IpadDetails, IpadSetupToken } from '../../../src/contract/devices';
import type { Queryable } from '../db';
import { iso, isoOrNull } from './accounts';

export interface IpadRow {
  id: string;
  account_id: string;
  account_name: string;
  public_data: { ipad_name?: unknown } | null;
  private_data: Record<string, unknown> | null;
  active_service_id: string | null;
  active_service_full_name: string | null;
  ipad_is_enabled: boolean;
  has_been_setup: boolean;
  last_seen_online_at: Date | null;
  inserted_at: Date;
  updated_at: Date;
}

const IPAD_SELECT = `
  SELECT i.id, i.account_id, a.name AS account_name, i.public_data, i.private_data, i.active_service_id,
         sv.public_data->'deceased_person'->>'full_name' AS active_service_full_name,
         i.ipad_is_enabled, i.has_been_setup, i.last_seen_online_at, i.inserted_at, i.updated_at
    FROM ipads i
    JOIN accounts a ON a.id = i.account_id
    LEFT JOIN services sv ON sv.id = i.active_service_id`;

const ipadName = (row: IpadRow): string => (typeof row.public_data?.ipad_name === 'string' ? row.public_data.ipad_name : '');

export function toIpad(row: IpadRow): Ipad {
  return {
    inserted_at: iso(row.inserted_at),
    updated_at: iso(row.updated_at),
    unique_identifier: row.id,
    public_data: { ipad_name: ipadName(row) },
    private_data: row.private_data ?? {},
    account: { unique_identifier: row.account_id, name: row.account_name },
    active_service: row.active_service_id
      ? { unique_identifier: row.active_service_id, public_data: { deceased_person: { full_name: row.active_service_full_name ?? '' } } }
      : null,
  };
}

export function toIpadDetails(row: IpadRow): IpadDetails {
  return {
    ...toIpad(row),
    ipad_is_enabled: row.ipad_is_enabled,
    last_seen_online_at: isoOrNull(row.last_seen_online_at),
    has_been_setup: row.has_been_setup,
  };
}

/** One iPad of `accountId` (any account when null). `forUpdate` locks it for an assignment change. */
export async function findIpad(db: Queryable, id: string, accountId: string | null, options: { forUpdate?: boolean } = {}): Promise<IpadRow | null> {
  const lock = options.forUpdate ? ' FOR UPDATE OF i' : '';
  const rows = await db.query<IpadRow>(`${IPAD_SELECT} WHERE i.id = $1 AND ($2::uuid IS NULL OR i.account_id = $2::uuid)${lock}`, [id, accountId]);
  return rows[0] ?? null;
}

/** By name (case-insensitive), then age, so iPads with equal names keep a stable order. */
export async function listIpads(db: Queryable, accountId: string | null): Promise<IpadRow[]> {
  return db.query<IpadRow>(
    `${IPAD_SELECT} WHERE ($1::uuid IS NULL OR i.account_id = $1::uuid)
      ORDER BY lower(i.public_data->>'ipad_name'), i.inserted_at, i.id`,
    [accountId],
  );
}

export async function insertIpad(tx: Queryable, accountId: string, name: string): Promise<string> {
  const rows = await tx.query<{ id: string }>('INSERT INTO ipads (account_id, public_data) VALUES ($1, $2) RETURNING id', [
    accountId,
    JSON.stringify({ ipad_name: name }),
  ]);
  const id = rows[0]?.id;
  if (!id) throw new Error('iPad insert returned no id');
  return id;
}

export async function renameIpad(tx: Queryable, id: string, name: string): Promise<void> {
  await tx.query(`UPDATE ipads SET public_data = public_data || jsonb_build_object('ipad_name', $2::text), updated_at = now() WHERE id = $1`, [id, name]);
}

export async function setActiveService(tx: Queryable, id: string, serviceId: string | null): Promise<void> {
  await tx.query('UPDATE ipads SET active_service_id = $2, updated_at = now() WHERE id = $1', [id, serviceId]);
}

// ---------------------------------------------------------------------------------------------
// Setup tokens

export interface SetupTokenRow {
  id: string;
  ipad_id: string;
  short_unique_identifier: string;
  ipad_setup_token_is_enabled: boolean;
  expires_at: Date;
  used_at: Date | null;
  inserted_at: Date;
  updated_at: Date;
}

export const setupQrUrl = (publicUrl: string, code: string): string => `${publicUrl}/auth/login?setup=${encodeURIComponent(code)}`;

export function toSetupToken(row: SetupTokenRow, ipad: IpadRow, publicUrl: string): IpadSetupToken {
  return {
    inserted_at: iso(row.inserted_at),
    updated_at: iso(row.updated_at),
    unique_identifier: row.id,
    short_unique_identifier: row.short_unique_identifier,
    ipad_setup_token_is_enabled: row.ipad_setup_token_is_enabled,
    qr_code_url: setupQrUrl(publicUrl, row.short_unique_identifier),
    expires_at: iso(row.expires_at),
    ipad: toIpad(ipad),
  };
}

/**
 * Stores a token unless its code is already taken; null then, and the caller draws another.
 * ON CONFLICT rather than catching the unique violation, which would abort the transaction.
 */
export async function insertSetupToken(tx: Queryable, ipadId: string, code: string, validityMs: number): Promise<SetupTokenRow | null> {
  const rows = await tx.query<SetupTokenRow>(
    `INSERT INTO ipad_setup_tokens (ipad_id, short_unique_identifier, expires_at)
     VALUES ($1, $2, now() + make_interval(secs => $3))
     ON CONFLICT (short_unique_identifier) DO NOTHING
     RETURNING id, ipad_id, short_unique_identifier, ipad_setup_token_is_enabled, expires_at, used_at, inserted_at, updated_at`,
    [ipadId, code, validityMs / 1000],
  );
  return rows[0] ?? null;
}

/** Switches off every token of the iPad that could still be used. */
export async function disableSetupTokens(tx: Queryable, ipadId: string): Promise<void> {
  await tx.query(
    'UPDATE ipad_setup_tokens SET ipad_setup_token_is_enabled = false, updated_at = now() WHERE ipad_id = $1 AND ipad_setup_token_is_enabled',
    [ipadId],
  );
}

export interface SetupTokenCheck {
  id: string;
  ipad_id: string;
  ipad_setup_token_is_enabled: boolean;
  used_at: Date | null;
  is_expired: boolean;
  ipad_is_enabled: boolean;
}

/** The token with this code, locked so two iPads racing with one code cannot both use it. */
export async function lockSetupToken(tx: Queryable, code: string): Promise<SetupTokenCheck | null> {
  const rows = await tx.query<SetupTokenCheck>(
    `SELECT t.id, t.ipad_id, t.ipad_setup_token_is_enabled, t.used_at, t.expires_at <= now() AS is_expired, i.ipad_is_enabled
       FROM ipad_setup_tokens t JOIN ipads i ON i.id = t.ipad_id
      WHERE t.short_unique_identifier = $1 FOR UPDATE OF t`,
    [code],
  );
  return rows[0] ?? null;
}

/** Single use: the token is spent and the iPad counts as set up. */
export async function consumeSetupToken(tx: Queryable, token: { id: string; ipad_id: string }): Promise<void> {
  await tx.query('UPDATE ipad_setup_tokens SET used_at = now(), ipad_setup_token_is_enabled = false, updated_at = now() WHERE id = $1', [token.id]);
  await tx.query('UPDATE ipads SET has_been_setup = true, updated_at = now() WHERE id = $1', [token.ipad_id]);
}

// ---------------------------------------------------------------------------------------------
// Kiosk signature writes

export interface NewKioskSignature {
  accountId: string;
  serviceId: string;
  ipadId: string;
  clientId: string;
  isPreNeed: boolean;
  publicData: Record<string, unknown>;
  strokes: unknown;
  captureWidth: number;
  captureHeight: number;
  fieldRects: unknown;
}

/**
 * Inserts the signature unless its client_id is stored already; null then. Two racing uploads
 * of one client_id both reach this statement: PostgreSQL makes the second wait for the first
 * and then do nothing, so exactly one row exists whatever the timing.
 */
export async function insertKioskSignature(tx: Queryable, s: NewKioskSignature): Promise<string | null> {
  const rows = await tx.query<{ id: string }>(
    `INSERT INTO signatures (account_id, service_id, kind, created_by_ipad_id, client_id, is_pre_need, public_data,
                             strokes, capture_width, capture_height, field_rects)
     VALUES ($1, $2, 'ipad', $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (client_id) DO NOTHING RETURNING id`,
    [s.accountId, s.serviceId, s.ipadId, s.clientId, s.isPreNeed, JSON.stringify(s.publicData), JSON.stringify(s.strokes), s.captureWidth, s.captureHeight, JSON.stringify(s.fieldRects)],
  );
  return rows[0]?.id ?? null;
}

export async function findSignatureByClientId(db: Queryable, clientId: string): Promise<{ id: string; created_by_ipad_id: string | null } | null> {
  const rows = await db.query<{ id: string; created_by_ipad_id: string | null }>('SELECT id, created_by_ipad_id FROM signatures WHERE client_id = $1', [clientId]);
  return rows[0] ?? null;
}

export async function attachSignatureImages(tx: Queryable, id: string, screenCaptureBlobId: string, rawSignatureBlobId: string): Promise<void> {
  await tx.query('UPDATE signatures SET screen_capture_blob_id = $2, raw_signature_blob_id = $3 WHERE id = $1', [id, screenCaptureBlobId, rawSignatureBlobId]);
}

/**
 * Makes sure operators find a crop map for this capture resolution (shared, account_id NULL)
 * and points it at the newest signature, their sample when refining the crops.
 */
export async function noteCropResolution(tx: Queryable, resolution: string, signatureId: string): Promise<void> {
  await tx.query(
    `INSERT INTO crops (account_id, specific_resolution) VALUES (NULL, $1)
     ON CONFLICT (specific_resolution, (coalesce(account_id, '00000000-0000-0000-0000-000000000000'::uuid))) DO NOTHING`,
    [resolution],
  );
  await tx.query('UPDATE crops SET latest_signature_id = $2, updated_at = now() WHERE specific_resolution = $1 AND account_id IS NULL', [resolution, signatureId]);
}
