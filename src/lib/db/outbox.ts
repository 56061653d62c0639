/**
 * The outbox tables' reads and writes. Every change that must not be half-done (a row and its
 * payload, a delivery and the last-sync time) is one Dexie transaction.
 */
import type { DeviceInfoRow, GuestbookDb, OutboxKind, OutboxRow, OutboxStatus } from './dexie';

export interface NewOutboxItem {
  client_id: string;
  kind: OutboxKind;
  service_id: string;
  payload: unknown;
  /** Epoch ms; defaults to now. */
  created_at?: number;
}

/** Writes the row and its payload together; resolves once IndexedDB has committed both. */
export async function addOutboxItem(db: GuestbookDb, item: NewOutboxItem, now: number): Promise<OutboxRow> {
  const created = item.created_at ?? now;
  const row: OutboxRow = {
    client_id: item.client_id,
    kind: item.kind,
    service_id: item.service_id,
    created_at: created,
    status: 'pending',
    attempts: 0,
    next_attempt_at: created,
    last_error: null,
    last_http_status: null,
  };
  await db.transaction('rw', db.outbox, db.outboxPayloads, async () => {
    await db.outbox.add(row);
    await db.outboxPayloads.add({ client_id: item.client_id, payload: item.payload });
  });
  return row;
}

/** Every queued row (small: payloads are elsewhere), oldest first. */
export async function listOutbox(db: GuestbookDb): Promise<OutboxRow[]> {
  return db.outbox.orderBy('created_at').toArray();
}

export async function getOutboxRow(db: GuestbookDb, clientId: string): Promise<OutboxRow | undefined> {
  return db.outbox.get(clientId);
}

export async function getOutboxPayload(db: GuestbookDb, clientId: string): Promise<unknown> {
  return (await db.outboxPayloads.get(clientId))?.payload;
}

/** Counts a transition into `sending`; returns the row as stored (null if it vanished). */
export async function markSending(db: GuestbookDb, clientId: string): Promise<OutboxRow | null> {
  return db.transaction('rw', db.outbox, async () => {
    const row = await db.outbox.get(clientId);
    if (!row) return null;
    const next: OutboxRow = { ...row, status: 'sending', attempts: row.attempts + 1 };
    await db.outbox.put(next);
    return next;
  });
}

/** The server has the item: the row and its payload go, and the sync time is recorded. */
export async function completeOutboxItem(db: GuestbookDb, clientId: string, syncedAt: string): Promise<void> {
  await db.transaction('rw', db.outbox, db.outboxPayloads, db.deviceInfo, async () => {
    await db.outbox.delete(clientId);
    await db.outboxPayloads.delete(clientId);
    const device = await db.deviceInfo.get('device');
    if (device) await db.deviceInfo.put({ ...device, last_synced_at: syncedAt });
  });
}

export interface OutboxFailure {
  status: OutboxStatus;
  next_attempt_at: number;
  last_error: string;
  last_http_status: number;
}

export async function recordOutboxFailure(db: GuestbookDb, clientId: string, failure: OutboxFailure): Promise<void> {
  await db.outbox.update(clientId, failure);
}

export interface OutboxCounts {
  /** Waiting or in flight. */
  pending: number;
  /** Refused by the server or given up on: kept, never retried by themselves. */
  needsAttention: number;
}

export async function countOutbox(db: GuestbookDb): Promise<OutboxCounts> {
  return db.transaction('r', db.outbox, async () => {
    const pending = await db.outbox.where('status').anyOf('pending', 'sending').count();
    const needsAttention = await db.outbox.where('status').anyOf('needs_attention', 'dead').count();
    return { pending, needsAttention };
  });
}

/** Puts parked rows back in the queue (staff chose "Try again", or the kiosk signed in anew). */
export async function requeueOutbox(db: GuestbookDb, now: number, statuses: OutboxStatus[] = ['needs_attention', 'dead']): Promise<number> {
  return db.outbox.where('status').anyOf(statuses).modify({ status: 'pending', next_attempt_at: now, attempts: 0 });
}

const DEVICE_ROW_ID = 'device';

/** This profile's device row, made on first use (the local id is random and never changes). */
export async function ensureDeviceInfo(db: GuestbookDb, makeId: () => string, now: Date): Promise<DeviceInfoRow> {
  return db.transaction('rw', db.deviceInfo, async () => {
    const existing = await db.deviceInfo.get(DEVICE_ROW_ID);
    if (existing) return existing;
    const row: DeviceInfoRow = { id: DEVICE_ROW_ID, local_device_id: makeId(), created_at: now.toISOString(), last_synced_at: null };
    await db.deviceInfo.put(row);
    return row;
  });
}

export async function getDeviceInfo(db: GuestbookDb): Promise<DeviceInfoRow | null> {
  return (await db.deviceInfo.get(DEVICE_ROW_ID)) ?? null;
}

export async function getLastSyncedAt(db: GuestbookDb): Promise<string | null> {
  return (await db.deviceInfo.get(DEVICE_ROW_ID))?.last_synced_at ?? null;
}
