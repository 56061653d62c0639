import type { FastifyInstance } from 'fastify';
import { authEndpoints } from '../../../src/contract/auth';
import type { AppDeps } from '../../app';
import { registerEndpoint } from '../route';

export function registerAuthRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, domains } = deps;
  registerEndpoint(app, db, authEndpoints.requestCode, async ({ body, req }) => {
    await domains.auth.requestCode(body.email, req.ip);
    return { ok: true };
  });
  registerEndpoint(app, db, authEndpoints.confirmCode, async ({ body, req }) => ({
    api_token: await domains.auth.confirmCode(body.email, body.code, req.ip),
    role: 'staff',
  }));
  registerEndpoint(app, db, authEndpoints.me, async ({ auth }) => domains.auth.me(auth.user.id));
  registerEndpoint(app, db, authEndpoints.logout, async ({ auth }) => {
    await domains.auth.logout(auth.principal.tokenId);
    return { ok: true };
  });
}
