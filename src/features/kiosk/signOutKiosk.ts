import { getDb } from '../../lib/db/dexie';
import { clearKioskState } from '../../lib/db/kiosk';
import { clearSession } from '../../lib/session';

/**
 * Ends kiosk mode: forgets the token and the cached iPad and service, then opens the sign-in
 * page. Callers make sure the outbox is empty first (nothing queued is ever dropped here:
 * the outbox table is left as it is).
 */
export async function signOutKiosk(): Promise<void> {
  await clearKioskState(getDb()).catch(() => undefined);
  clearSession();
  window.location.replace('/auth/login');
}
