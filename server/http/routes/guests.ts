/** The anonymous guest calls: signing by QR code and the family's registry. */
import type { FastifyInstance } from 'fastify';
import { guestsEndpoints } from '../../../src/contract/guests';
import type { Db } from '../../db/db';
import type { GuestsDomain } from '../../domain/guests';
import { registerEndpoint } from '../route';

export function registerGuestRoutes(app: FastifyInstance, db: Db, guests: GuestsDomain): void {
  registerEndpoint(app, db, guestsEndpoints.sign, async ({ params, body, req }) => ({
    signature_unique_identifier: await guests.sign(params.id, body, req.ip),
  }));
  registerEndpoint(app, db, guestsEndpoints.registry, async ({ params, query }) =>
    guests.registry(params.id, query.page, query.invitation_unique_identifier),
  );
}
