import type { FastifyInstance } from 'fastify';
import { FILES_PATH, getBlob } from '../../storage/blobs';
import type { AppDeps } from '../../app';

/** Blobs by capability id; immutable, so clients and the service worker may cache them. */
export function registerFileRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get<{ Params: { id: string } }>(`${FILES_PATH}/:id`, async (req, reply) => {
    const blob = await getBlob(deps.db, req.params.id);
    if (!blob) return reply.status(404).send({ error: 'File not found', code: 'not_found' });
    reply.header('content-type', blob.contentType);
    reply.header('cache-control', 'public, max-age=31536000, immutable');
    reply.header('x-content-type-options', 'nosniff');
    if (blob.fileName) reply.header('content-disposition', `inline; filename="${blob.fileName.replace(/[^\w.-]+/g, '_')}"`);
    return reply.send(blob.bytes);
  });
}
