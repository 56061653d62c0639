/**
 * How each kind of outbox item reaches the server: through the contract's typed client, with
 * the kiosk's token for kiosk signatures and no token for guests' phone signatures.
 */
import { devicesEndpoints } from '../../contract/devices';
import { guestsEndpoints } from '../../contract/guests';
import { call, type CallContext } from '../../lib/api/client';
import { ApiError } from '../../lib/api/errors';
import { getSavedToken } from '../../lib/session';
import type { OutboxSender } from './Outbox';

const ANONYMOUS: CallContext = { token: null, membershipId: null, viewAllAccounts: false };

/** The kiosk's token, read at send time (a re-paired kiosk sends its old rows with the new token). */
export function kioskCallContext(): CallContext {
  const saved = getSavedToken();
  return { token: saved?.role === 'kiosk' ? saved.api_token : null, membershipId: null, viewAllAccounts: false };
}

export function createApiSender(kioskContext: () => CallContext = kioskCallContext): OutboxSender {
  return async (row, payload, signal) => {
    if (row.kind === 'kiosk_signature') {
      const ctx = kioskContext();
      if (!ctx.token) throw new ApiError('This iPad is not signed in.', 401);
      // The payload was built from the contract's body type when the card was submitted.
      await call(devicesEndpoints.uploadSignature, { body: payload, signal }, ctx);
      return;
    }
    await call(guestsEndpoints.sign, { params: { id: row.service_id }, body: payload, signal }, ANONYMOUS);
  };
}
