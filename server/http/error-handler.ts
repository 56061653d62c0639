/** Maps every failure to `{error, code, details?, requestId}` with a fitting status. */
import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import type { ApiErrorBody, ErrorCode } from '../../src/contract/errors';
import { AppError } from './errors';

interface FastifyLikeError extends Partial<FastifyError> {
  statusCode?: number;
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: unknown, req, reply) => {
    const requestId = String(req.id);
    const send = (status: number, code: ErrorCode, error: string, details?: ApiErrorBody['details']) =>
      reply.status(status).send({ error, code, ...(details ? { details } : {}), requestId } satisfies ApiErrorBody);

    if (err instanceof AppError) return send(err.status, err.code, err.message, err.details);
    if (err instanceof ZodError) {
      const fields: Record<string, string> = {};
      for (const issue of err.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
      return send(422, 'validation_failed', err.issues[0]?.message ?? 'Invalid request', { fields });
    }
    const e = err as FastifyLikeError;
    const status = e.statusCode ?? 500;
    if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || e.code === 'FST_REQ_FILE_TOO_LARGE' || status === 413)
      return send(413, 'payload_too_large', 'The request is too large.');
    if (e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415) return send(415, 'unsupported_media_type', 'Unsupported content type.');
    if (status === 429) return send(429, 'rate_limited', 'Too many requests. Please wait a moment and try again.');
    if (status >= 400 && status < 500) return send(status, status === 404 ? 'not_found' : 'validation_failed', e.message ?? 'Bad request');
    req.log.error({ err }, 'unhandled error');
    return send(500, 'internal', 'Something went wrong on our side. Please try again.');
  });

  app.setNotFoundHandler((req, reply) => {
    reply.status(404).send({ error: `Not found: ${req.url.split('?')[0]}`, code: 'not_found', requestId: String(req.id) } satisfies ApiErrorBody);
  });
}
