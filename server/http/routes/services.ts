/** Services, obituaries and the public service calls: thin wrappers over the domain. */
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { API_BASE } from '../../../src/contract/endpoint';
import { SERVICE_PHOTO_FIELD, servicesBinaryRoutes, servicesEndpoints } from '../../../src/contract/services';
import type { Db } from '../../db/db';
import type { ObituariesDomain } from '../../domain/obituaries';
import type { ServicesDomain } from '../../domain/services';
import { ValidationError } from '../errors';
import { ANON_RATE_LIMIT, authenticateStaff, registerEndpoint } from '../route';

/** QR codes never change for a service: let browsers and the service worker keep them a day. */
const QR_CACHE_SECONDS = 24 * 60 * 60;

/** Parses params or query of a binary route with its contract schema (422 on failure). */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw new ValidationError(result.error.issues[0]?.message ?? 'Invalid request');
  return result.data;
}

export function registerServiceRoutes(app: FastifyInstance, db: Db, domains: { services: ServicesDomain; obituaries: ObituariesDomain }): void {
  const { services, obituaries } = domains;
  const ep = servicesEndpoints;

  registerEndpoint(app, db, ep.list, async ({ auth, query }) => services.list(auth.scope, query.page));
  registerEndpoint(app, db, ep.get, async ({ auth, params }) => ({ service: await services.get(auth.scope, params.id) }));
  registerEndpoint(app, db, ep.create, async ({ auth, body, files }) => {
    const photo = files[SERVICE_PHOTO_FIELD];
    if (!photo) throw new ValidationError('Please upload a photo of the person.', { [SERVICE_PHOTO_FIELD]: 'Please upload a photo of the person.' });
    return { service: await services.create(auth.scope, body, photo.bytes) };
  });
  registerEndpoint(app, db, ep.update, async ({ auth, params, body, files }) => ({
    service: await services.update(auth.scope, params.id, body, files[SERVICE_PHOTO_FIELD]?.bytes),
  }));
  registerEndpoint(app, db, ep.start, async ({ auth, params }) => ({ service: await services.start(auth.scope, params.id) }));
  registerEndpoint(app, db, ep.end, async ({ auth, params }) => ({ service: await services.end(auth.scope, params.id) }));
  registerEndpoint(app, db, ep.svgToPng, async ({ auth, params, body }) => ({ resulting_pdf_url: await services.frameToPdf(auth.scope, params.id, body.svg) }));
  registerEndpoint(app, db, ep.obituaries, async ({ auth }) => obituaries.list(auth.scope));
  registerEndpoint(app, db, ep.anonGet, async ({ params, query }) => ({ service: await services.getPublic(params.id, query.invitation_unique_identifier) }));

  const qr = servicesBinaryRoutes.qrCode;
  app.get(API_BASE + qr.path, { config: { rateLimit: ANON_RATE_LIMIT } }, async (req, reply) => {
    const { id } = parseInput(qr.params, req.params);
    const { size } = parseInput(qr.query, req.query);
    const png = await services.qrCode(id, size);
    return reply
      .header('content-type', 'image/png')
      .header('cache-control', `public, max-age=${QR_CACHE_SECONDS}`)
      .header('content-disposition', `inline; filename="service-qr-code-${size}.png"`)
      .send(png);
  });

  const avatar = servicesBinaryRoutes.obituaryAvatar;
  app.get(API_BASE + avatar.path, { config: { rateLimit: false } }, async (req, reply) => {
    const ctx = await authenticateStaff(db, req);
    const { id } = parseInput(avatar.params, req.params);
    const image = await obituaries.avatar(ctx.scope, id);
    // Staff data: the browser may keep it briefly, shared caches never.
    return reply.header('content-type', image.contentType).header('cache-control', 'private, max-age=300').header('x-content-type-options', 'nosniff').send(image.bytes);
  });
}
