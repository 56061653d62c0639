/** Staff signature calls and the CSV export: thin wrappers over the domain. */
import type { FastifyInstance } from 'fastify';
import { API_BASE } from '../../../src/contract/endpoint';
import { SIGNATURES_CSV_FILE_NAME, signaturesBinaryRoutes, signaturesEndpoints } from '../../../src/contract/signatures';
import type { Db } from '../../db/db';
import type { SignaturesDomain } from '../../domain/signatures';
import { authenticateStaff, registerEndpoint } from '../route';
import { parseInput } from './services';

export function registerSignatureRoutes(app: FastifyInstance, db: Db, signatures: SignaturesDomain): void {
  const ep = signaturesEndpoints;

  registerEndpoint(app, db, ep.list, async ({ auth, query }) => {
    const { signatures: list, total } = await signatures.list(auth.scope, { page: query.page, onlyPreNeed: query.onlyPreneed === 'yes' });
    return { signatures: list, total_signatures: total };
  });
  registerEndpoint(app, db, ep.listForService, async ({ auth, params, query }) => {
    const { signatures: list, total } = await signatures.listForService(auth.scope, params.id, { page: query.page, onlyPreNeed: query.onlyPreneed === 'yes' });
    return { signatures: list, signatures_count: total };
  });
  registerEndpoint(app, db, ep.retranscribe, async ({ auth, params }) => ({ signature: await signatures.retranscribe(auth, params.id) }));
  registerEndpoint(app, db, ep.updateTranscription, async ({ auth, params, body }) => ({
    signature: await signatures.updateTranscription(auth.scope, params.id, body),
  }));
  registerEndpoint(app, db, ep.updateLeaveOut, async ({ auth, params, body }) => ({
    signature: await signatures.updateLeaveOut(auth.scope, params.id, body.leave_out_of_printed_materials),
  }));
  registerEndpoint(app, db, ep.syncWithBridge, async ({ auth, params }) => ({ signature: await signatures.syncWithBridge(auth.scope, params.id) }));
  registerEndpoint(app, db, ep.remove, async ({ auth, params }) => {
    await signatures.remove(auth.scope, params.id);
    return { ok: true };
  });

  const csv = signaturesBinaryRoutes.exportCsv;
  app.get(API_BASE + csv.path, { config: { rateLimit: false } }, async (req, reply) => {
    const ctx = await authenticateStaff(db, req);
    const query = parseInput(csv.query, req.query);
    const text = await signatures.exportCsv(ctx.scope, {
      serviceId: query.service_unique_identifier,
      onlyPreNeed: query.onlyPreneed === 'yes',
      timeZone: query.tz,
    });
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${SIGNATURES_CSV_FILE_NAME}"`)
      .header('cache-control', 'no-store')
      .send(text);
  });
}
