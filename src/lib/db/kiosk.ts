/** The kiosk's cached iPad, service and photo: what the signing card shows with no network. */
import type { GuestbookDb, KioskStateRow } from './dexie';

const KIOSK_ROW_ID = 'kiosk';

export const EMPTY_KIOSK_STATE: KioskStateRow = {
  id: KIOSK_ROW_ID,
  ipad: null,
  service: null,
  photo: null,
  photo_source_url: null,
  refreshed_at: null,
  logout_requested_at: null,
};

export async function loadKioskState(db: GuestbookDb): Promise<KioskStateRow> {
  return (await db.kioskState.get(KIOSK_ROW_ID)) ?? EMPTY_KIOSK_STATE;
}

/** Merges `patch` into the stored row in one transaction and returns the result. */
export async function updateKioskState(db: GuestbookDb, patch: Partial<Omit<KioskStateRow, 'id'>>): Promise<KioskStateRow> {
  return db.transaction('rw', db.kioskState, async () => {
    const current = (await db.kioskState.get(KIOSK_ROW_ID)) ?? EMPTY_KIOSK_STATE;
    const next: KioskStateRow = { ...current, ...patch, id: KIOSK_ROW_ID };
    await db.kioskState.put(next);
    return next;
  });
}

/** Forgets the iPad and its service (sign-out). The outbox and the device id stay. */
export async function clearKioskState(db: GuestbookDb): Promise<void> {
  await db.kioskState.delete(KIOSK_ROW_ID);
}
