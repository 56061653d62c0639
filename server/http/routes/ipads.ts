/** Staff iPad calls (spec 000 section 7): thin, scoping and rules live in domain/ipads.ts. */
import type { FastifyInstance } from 'fastify';
import { devicesEndpoints } from '../../../src/contract/devices';
import type { AppDeps } from '../../app';
import type { IpadsDomain } from '../../domain/ipads';
import { registerEndpoint } from '../route';

export function registerIpadRoutes(app: FastifyInstance, deps: Pick<AppDeps, 'db'>, ipads: IpadsDomain): void {
  const { db } = deps;
  registerEndpoint(app, db, devicesEndpoints.add, async ({ auth, body }) => ({
    ipad_setup_token: await ipads.add(auth.scope, body.ipad_name),
  }));
  registerEndpoint(app, db, devicesEndpoints.list, async ({ auth, query }) => ({
    ipads: await ipads.list(auth.scope, query.service_unique_identifier),
  }));
  registerEndpoint(app, db, devicesEndpoints.get, async ({ auth, params }) => ({ ipad: await ipads.get(auth.scope, params.id) }));
  registerEndpoint(app, db, devicesEndpoints.update, async ({ auth, params, body }) => ({
    ipad: await ipads.rename(auth.scope, params.id, body.ipad_name),
  }));
  registerEndpoint(app, db, devicesEndpoints.sendService, async ({ auth, params, body }) => ({
    ipad: await ipads.sendService(auth.scope, params.id, body.service_unique_identifier),
  }));
  registerEndpoint(app, db, devicesEndpoints.removeService, async ({ auth, params }) => ({
    ipad: await ipads.removeService(auth.scope, params.id),
  }));
  registerEndpoint(app, db, devicesEndpoints.createSetupToken, async ({ auth, params }) => ({
    ipad_setup_token: await ipads.createSetupToken(auth.scope, params.id),
  }));
}
