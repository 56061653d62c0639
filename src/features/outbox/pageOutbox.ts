/**
 * The page's one outbox, on the page's one database, sending through the API client. Kiosk
 * cards and guests' offline phone signatures share it (one queue, one drain lock).
 */
import type { UploadKioskSignatureBody } from '../../contract/devices';
import type { SimpleSignatureFields } from '../../contract/guests';
import { getDb } from '../../lib/db/dexie';
import { newClientId } from './model';
import { Outbox } from './Outbox';
import { createApiSender } from './transport';

/** The Web Locks name that keeps two tabs of the app from draining at once. */
const DRAIN_LOCK_NAME = 'signature-guestbook-outbox-drain';

function browserLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return fn();
  return locks.request(DRAIN_LOCK_NAME, () => fn());
}

let shared: Outbox | null = null;

export function getOutbox(): Outbox {
  shared ??= new Outbox({ db: getDb(), send: createApiSender(), crossTabLock: browserLock });
  return shared;
}

/** Saves a kiosk card; resolves once IndexedDB has it (then the thank-you may show). */
export async function queueKioskSignature(body: UploadKioskSignatureBody): Promise<void> {
  await getOutbox().enqueue({ client_id: body.client_id, kind: 'kiosk_signature', service_id: body.service_unique_identifier, payload: body });
}

/**
 * For the guest sign page (`/sign/{id}`): saves a phone signature that could not be sent
 * (offline, or the server failed) and sends it when the network returns. The returned
 * client_id goes with every retry, so the server stores it once. Resolves once IndexedDB has
 * it; the page may then thank the guest. Call useGuestOutboxDrain() on that page so queued
 * signatures keep draining while it is open.
 */
export async function queueGuestSignature(serviceId: string, body: SimpleSignatureFields): Promise<{ client_id: string }> {
  const clientId = body.client_id ?? newClientId();
  await getOutbox().enqueue({ client_id: clientId, kind: 'guest_signature', service_id: serviceId, payload: { ...body, client_id: clientId } });
  return { client_id: clientId };
}
