import { getDb } from '../../lib/db/dexie';
import { clearKioskState } from '../../lib/db/kiosk';
import { clearSession } from '../../lib/session';
import { devicesEndpoints } from '../../contract/devices';
import { call } from '../../lib/api/client';
import { kioskCallContext } from '../outbox/api';

/**
 * Ends kiosk mode: revokes and forgets the token and the cached iPad and service, then opens the sign-in
 * page. Callers make sure the outbox is empty first (nothing queued is ever dropped here:
 * the outbox table is left as it is).
 */
export async function signOutKiosk(): Promise<void> {
  // Revoke the token on the server; offline, it is simply forgotten here.
  await call(devicesEndpoints.kioskLogout, {}, kioskCallContext()).catch(() => undefined);
  await clearKioskState(getDb()).catch(() => undefined);
  clearSession();
  window.location.replace('/auth/login');
}
