/**
 * The PWA's single IndexedDB database (Dexie). Only `src/lib/db` imports Dexie; features use
 * the repositories beside this file (outbox.ts, kiosk.ts).
 *
 * Schema changes: never edit a shipped `version(n)`. Add `version(n + 1)` with the new
 * `stores()` (only the tables that change) and an `upgrade()` that rewrites old rows; iPads
 * open the database with rows written by every older release, possibly mid-outbox.
 */
import Dexie, { type EntityTable } from 'dexie';
import type { Ipad, KioskService } from '../../contract/devices';

export const DB_NAME = 'signature-guestbook';

export const OUTBOX_STATUSES = ['pending', 'sending', 'needs_attention', 'dead'] as const;
/**
 * pending: waiting for its turn (or its backoff); sending: in flight (a crash leaves it here
 * and the next drain re-sends it: the server deduplicates by client_id); needs_attention: the
 * server refused it (409/422/400/413), never retried by itself; dead: failed N times with an
 * unexpected status. Rows leave the table only when the server has stored them.
 */
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
export type OutboxKind = 'kiosk_signature' | 'guest_signature';

export interface OutboxRow {
  /** The idempotency key sent with every attempt (a UUID made when the card was submitted). */
  client_id: string;
  kind: OutboxKind;
  /** The service the signature belongs to (also the path id of a guest signature). */
  service_id: string;
  /** Epoch ms; drains go oldest first. */
  created_at: number;
  status: OutboxStatus;
  attempts: number;
  /** Epoch ms before which a timer-driven drain leaves the row alone (backoff). */
  next_attempt_at: number;
  last_error: string | null;
  /** The HTTP status of the last failed attempt (0: it never reached the server). */
  last_http_status: number | null;
}

/**
 * The request body of an outbox row, exactly as it is uploaded (base64 PNGs included). Kept in
 * a sibling table written and deleted in the same transaction as its row, so scanning the
 * queue (every drain, every status count) never reads megabytes of images.
 */
export interface OutboxPayloadRow {
  client_id: string;
  payload: unknown;
}

/** The kiosk's own state, one row: what the signing card needs when there is no network. */
export interface KioskStateRow {
  id: 'kiosk';
  ipad: Ipad | null;
  service: KioskService | null;
  /** The deceased's photo, kept as bytes so the card shows it offline. */
  photo: Blob | null;
  /** The avatar_url the photo was fetched from; a new URL means a new photo. */
  photo_source_url: string | null;
  /** When kioskMe last answered. */
  refreshed_at: string | null;
  /** Staff asked this kiosk to sign out; it does once its outbox is empty (survives reloads). */
  logout_requested_at: string | null;
}

/** This browser profile's identity, one row. */
export interface DeviceInfoRow {
  id: 'device';
  /** Tracked in presence as local_device_id; made once, kept across sign-ins. */
  local_device_id: string;
  created_at: string;
  /** When the outbox last delivered something. */
  last_synced_at: string | null;
}

export class GuestbookDb extends Dexie {
  outbox!: EntityTable<OutboxRow, 'client_id'>;
  outboxPayloads!: EntityTable<OutboxPayloadRow, 'client_id'>;
  kioskState!: EntityTable<KioskStateRow, 'id'>;
  deviceInfo!: EntityTable<DeviceInfoRow, 'id'>;

  constructor(name: string = DB_NAME) {
    super(name);
    // Version 1. The drain scans the small outbox rows; counts use the status index.
    this.version(1).stores({
      outbox: 'client_id, created_at, status, kind, service_id',
      outboxPayloads: 'client_id',
      kioskState: 'id',
      deviceInfo: 'id',
    });
  }
}

let shared: GuestbookDb | null = null;

/** The page's one database connection. */
export function getDb(): GuestbookDb {
  shared ??= new GuestbookDb();
  return shared;
}

/** A connection to a named database (tests open the same name twice to simulate a reload). */
export function openDb(name: string = DB_NAME): GuestbookDb {
  return new GuestbookDb(name);
}
