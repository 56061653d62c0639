/**
 * The kiosk's calls: sign-in with a setup code (anonymous) and its own `/ipad/...` calls,
 * which route.ts admits only with an iPad token. The upload's larger body limit comes from
 * the descriptor's bodyLimitBytes.
 */
import type { FastifyInstance } from 'fastify';
import { devicesEndpoints } from '../../../src/contract/devices';
import type { AppDeps } from '../../app';
import type { KioskDomain } from '../../domain/kiosk';
import { registerEndpoint } from '../route';

export function registerKioskRoutes(app: FastifyInstance, deps: Pick<AppDeps, 'db'>, kiosk: KioskDomain): void {
  const { db } = deps;
  registerEndpoint(app, db, devicesEndpoints.confirmSetupCode, async ({ body, req }) => kiosk.confirmSetupCode(body.code, req.ip));
  registerEndpoint(app, db, devicesEndpoints.kioskMe, async ({ auth }) => kiosk.me(auth));
  registerEndpoint(app, db, devicesEndpoints.kioskLogout, async ({ auth }) => {
    await db.query('UPDATE api_tokens SET revoked_at = now() WHERE id = $1', [auth.principal.tokenId]);
    return { ok: true };
  });
  registerEndpoint(app, db, devicesEndpoints.uploadSignature, async ({ auth, body }) => kiosk.uploadSignature(auth, body));
}
