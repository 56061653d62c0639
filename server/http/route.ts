/**
 * Registers a route from its contract descriptor: authenticates per `auth`, validates params,
 * query and body (multipart too) with the contract's zod schemas, and shapes the answer to
 * `{data: response}` through the response schema, so nothing unlisted leaks out.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { API_BASE, type Endpoint } from '../../src/contract/endpoint';
import { ALL_ACCOUNTS_HEADER, MEMBERSHIP_HEADER } from '../../src/contract/common';
import type { Db } from '../db/db';
import {
  bearerToken,
  requireUser,
  resolvePrincipal,
  resolveScope,
  type KioskContext,
  type StaffContext,
} from './auth';
import { AppError, ForbiddenError, UnauthenticatedError, ValidationError } from './errors';

export interface UploadedFile {
  fieldName: string;
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

type AuthContextOf<E extends Endpoint> = E['auth'] extends 'authenticated'
  ? StaffContext
  : E['auth'] extends 'ipad'
    ? KioskContext
    : null;

export interface HandlerInput<E extends Endpoint> {
  params: z.output<E['params']>;
  query: z.output<E['query']>;
  body: z.output<E['body']>;
  files: Record<string, UploadedFile | undefined>;
  auth: AuthContextOf<E>;
  req: FastifyRequest;
  reply: FastifyReply;
}

export type Handler<E extends Endpoint> = (input: HandlerInput<E>) => Promise<z.input<E['response']>>;

/** Per-IP limit for anonymous calls, on top of any per-call rule in the domain. */
export const ANON_RATE_LIMIT = { max: 120, timeWindow: '1 minute' } as const;

function fieldErrors(error: z.ZodError, prefix: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || prefix;
    fields[key] ??= issue.message;
  }
  return fields;
}

function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown, where: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields = fieldErrors(result.error, where === 'body' ? '' : where);
  const first = Object.entries(fields)[0];
  const message = first ? (first[0] ? `${first[0]}: ${first[1]}` : first[1]) : 'Invalid request';
  throw new ValidationError(message, fields);
}

async function readMultipart(
  req: FastifyRequest,
  spec: NonNullable<Endpoint['files']>,
): Promise<{ fields: Record<string, string>; files: Record<string, UploadedFile> }> {
  if (!req.isMultipart()) throw new AppError(415, 'unsupported_media_type', 'Send this form as multipart/form-data.');
  const fields: Record<string, string> = {};
  const files: Record<string, UploadedFile> = {};
  for await (const part of req.parts()) {
    if (part.type === 'field') {
      if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      continue;
    }
    const rule = spec[part.fieldname];
    if (!rule) {
      part.file.resume();
      throw new ValidationError(`Unexpected file field ${part.fieldname}`);
    }
    const accepted = rule.accept.some((type) => (type.endsWith('/*') ? part.mimetype.startsWith(type.slice(0, -1)) : part.mimetype === type));
    if (!accepted) {
      part.file.resume();
      throw new AppError(415, 'unsupported_media_type', `${part.fieldname} must be one of: ${rule.accept.join(', ')}`);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of part.file) {
      size += (chunk as Buffer).length;
      if (size > rule.maxBytes) {
        throw new AppError(413, 'payload_too_large', `${part.fieldname} is larger than ${Math.round(rule.maxBytes / 1024 / 1024)} MB.`);
      }
      chunks.push(chunk as Buffer);
    }
    if (part.file.truncated) throw new AppError(413, 'payload_too_large', `${part.fieldname} is too large.`);
    files[part.fieldname] = { fieldName: part.fieldname, fileName: part.filename, contentType: part.mimetype, bytes: Buffer.concat(chunks) };
  }
  for (const [name, rule] of Object.entries(spec)) {
    if (rule.required && !files[name]) throw new ValidationError(`${name} is required`, { [name]: 'Required' });
  }
  return { fields, files };
}

function header(req: FastifyRequest, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** Staff authentication for any route, including those that answer bytes (CSV, images). */
export async function authenticateStaff(db: Db, req: FastifyRequest, options: { withoutMembership?: boolean } = {}): Promise<StaffContext> {
  const principal = requireUser(await resolvePrincipal(db, bearerToken(header(req, 'authorization'))));
  const scope = options.withoutMembership
    ? null
    : await resolveScope(db, principal.user, { membershipId: header(req, MEMBERSHIP_HEADER), viewAll: header(req, ALL_ACCOUNTS_HEADER) });
  return { principal, user: principal.user, scope };
}

export function registerEndpoint<E extends Endpoint>(app: FastifyInstance, db: Db, ep: E, handler: NoInfer<Handler<E>>): void {
  const url = API_BASE + ep.path;
  app.route({
    method: ep.method,
    url,
    ...(ep.bodyLimitBytes ? { bodyLimit: ep.bodyLimitBytes } : {}),
    config: ep.auth === 'anon' ? { rateLimit: ANON_RATE_LIMIT } : { rateLimit: false },
    handler: async (req, reply) => {
      let auth: StaffContext | KioskContext | null = null;
      if (ep.auth !== 'anon') {
        if (ep.auth === 'authenticated') {
          auth = await authenticateStaff(db, req, { withoutMembership: ep.withoutMembership });
        } else {
          const principal = await resolvePrincipal(db, bearerToken(header(req, 'authorization')));
          if (!principal) throw new UnauthenticatedError();
          if (principal.kind !== 'ipad') throw new ForbiddenError('Only an iPad kiosk can make this call.');
          auth = { principal, ipadId: principal.ipadId, accountId: principal.accountId } satisfies KioskContext;
        }
      }
      const params = parseOrThrow(ep.params, req.params ?? {}, 'params');
      const query = parseOrThrow(ep.query, req.query ?? {}, 'query');
      let rawBody: unknown = req.body ?? {};
      let files: Record<string, UploadedFile> = {};
      if (ep.files) {
        const multipart = await readMultipart(req, ep.files);
        rawBody = multipart.fields;
        files = multipart.files;
      }
      const body = parseOrThrow(ep.body, rawBody, 'body');
      const result = await handler({
        params: params as HandlerInput<E>['params'],
        query: query as HandlerInput<E>['query'],
        body: body as HandlerInput<E>['body'],
        files,
        auth: auth as AuthContextOf<E>,
        req,
        reply,
      });
      if (reply.sent) return reply;
      const data = ep.response.safeParse(result);
      if (!data.success) {
        req.log.error({ endpoint: ep.id, issues: data.error.issues }, 'response does not match the contract');
        throw new Error(`Response of ${ep.id} does not match the contract`);
      }
      return { data: data.data };
    },
  });
}
