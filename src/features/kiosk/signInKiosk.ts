/**
 * Signs this device in as an iPad kiosk with a setup code (typed into the sign-in field or
 * opened from the setup QR code). Signatures still queued from an earlier sign-in of this
 * device are kept and sent with the new token.
 */
import { devicesEndpoints, normalizeIpadSetupCode } from '../../contract/devices';
import { call } from '../../lib/api/client';
import { getDb } from '../../lib/db/dexie';
import { updateKioskState } from '../../lib/db/kiosk';
import { clearSession, saveToken } from '../../lib/session';
import { getOutbox } from '../outbox/api';
import { KIOSK_PATH } from './paths';

export async function signInWithSetupCode(code: string): Promise<void> {
  const answer = await call(
    devicesEndpoints.confirmSetupCode,
    { body: { code: normalizeIpadSetupCode(code) } },
    { token: null, membershipId: null, viewAllAccounts: false },
  );
  // A staff session on this browser ends here: the device is now a kiosk.
  clearSession();
  saveToken({ api_token: answer.api_token, role: 'kiosk' });
  const db = getDb();
  // The service is fetched (with its photo) by the kiosk as it starts.
  await updateKioskState(db, { ipad: answer.ipad, service: null, photo: null, photo_source_url: null, refreshed_at: null, logout_requested_at: null });
  // Rows parked under the old token (401/403) get another chance with the new one.
  await getOutbox().retryParked().catch(() => undefined);
  window.location.replace(KIOSK_PATH);
}
