/**
 * An endpoint descriptor is the single source of truth for one REST call: the server registers
 * its route from it (validating input, shaping output) and the client derives its typed call
 * from the same object, so request and response types are never written twice.
 */
import { z } from 'zod';

export const API_BASE = '/api/v1/app';

/** Who may call: anyone, a signed-in staff user, or an iPad kiosk token. */
export type EndpointAuth = 'anon' | 'authenticated' | 'ipad';

export interface Endpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  A extends EndpointAuth = EndpointAuth,
> {
  /** `area.verb`, unique across the contract. */
  readonly id: string;
  readonly method: 'GET' | 'POST';
  /** Path under API_BASE with `:name` placeholders, e.g. `/authenticated/services/:id`. */
  readonly path: string;
  readonly auth: A;
  readonly params: P;
  readonly query: Q;
  /** For multipart endpoints this validates the text fields; files are described by `files`. */
  readonly body: B;
  /** Schema of the `data` member of a success body. */
  readonly response: R;
  /** Multipart file fields accepted, with their limits. */
  readonly files?: Readonly<Record<string, { required: boolean; maxBytes: number; accept: readonly string[] }>>;
  /** The call does not need the membership header (the identity call). */
  readonly withoutMembership?: boolean;
  /** A JSON body limit above the server default (kiosk uploads carry PNGs). */
  readonly bodyLimitBytes?: number;
}

const Empty = z.object({});

interface EndpointInput<P, Q, B, R, A> {
  id: string;
  method: 'GET' | 'POST';
  path: string;
  auth: A;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  files?: Endpoint['files'];
  withoutMembership?: boolean;
  bodyLimitBytes?: number;
}

export function endpoint<
  R extends z.ZodType,
  A extends EndpointAuth,
  P extends z.ZodType = typeof Empty,
  Q extends z.ZodType = typeof Empty,
  B extends z.ZodType = typeof Empty,
>(input: EndpointInput<P, Q, B, R, A>): Endpoint<P, Q, B, R, A> {
  return {
    ...input,
    params: (input.params ?? Empty) as P,
    query: (input.query ?? Empty) as Q,
    body: (input.body ?? Empty) as B,
  };
}

export type ParamsOf<E extends Endpoint> = z.input<E['params']>;
export type QueryOf<E extends Endpoint> = z.input<E['query']>;
export type BodyOf<E extends Endpoint> = z.input<E['body']>;
export type ResponseOf<E extends Endpoint> = z.output<E['response']>;

/** Fills `:name` placeholders; every value is URI-encoded. */
export function buildPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/:([a-zA-Z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
