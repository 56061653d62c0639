/**
 * The typed API client, derived from the contract's endpoint descriptors. Every call sends
 * Accept JSON and the bearer token; the membership header on every call but the identity
 * call; the all-accounts header when that mode is on. Success data is parsed with the
 * endpoint's response schema: a missing member is "Malformed response".
 */
import type { z } from 'zod';
import { API_BASE, buildPath, type Endpoint } from '../../contract/endpoint';
import { ALL_ACCOUNTS_HEADER, CONTRACT_VERSION, CONTRACT_VERSION_HEADER, MEMBERSHIP_HEADER } from '../../contract/common';
import { getMembershipId, getSavedToken, isViewingAllAccounts } from '../session';
import { ApiError, apiErrorFromResponse, MalformedResponseError, NetworkError } from './errors';

export interface CallInput {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  /** For multipart endpoints: sent as is (the browser sets the boundary). */
  formData?: FormData;
  signal?: AbortSignal;
}

/** Sent with each call; separate so the kiosk can swap in its own token. */
export interface CallContext {
  token: string | null;
  membershipId: string | null;
  viewAllAccounts: boolean;
}

export function currentContext(): CallContext {
  return { token: getSavedToken()?.api_token ?? null, membershipId: getMembershipId(), viewAllAccounts: isViewingAllAccounts() };
}

export function buildHeaders(ep: Pick<Endpoint, 'withoutMembership' | 'auth'>, ctx: CallContext): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', [CONTRACT_VERSION_HEADER]: String(CONTRACT_VERSION) };
  if (ctx.token) headers.Authorization = `Bearer ${ctx.token}`;
  if (ep.auth === 'authenticated' && !ep.withoutMembership) {
    if (ctx.membershipId) headers[MEMBERSHIP_HEADER] = ctx.membershipId;
    if (ctx.viewAllAccounts) headers[ALL_ACCOUNTS_HEADER] = 'true';
  }
  return headers;
}

export function buildUrl(path: string, query?: CallInput['query']): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const qs = search.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new NetworkError();
  }
}

export async function call<E extends Endpoint>(ep: E, input: CallInput = {}, ctx: CallContext = currentContext()): Promise<z.output<E['response']>> {
  const path = buildPath(ep.path, input.params ?? {});
  const headers = buildHeaders(ep, ctx);
  let body: BodyInit | undefined;
  if (input.formData) body = input.formData;
  else if (ep.method === 'POST') {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(input.body ?? {});
  }
  const res = await send(buildUrl(path, input.query), { method: ep.method, headers, body, signal: input.signal });
  let json: unknown = null;
  const text = await res.text().catch(() => '');
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!res.ok) throw apiErrorFromResponse(res.status, path, json);
  if (!json || typeof json !== 'object' || !('data' in json)) throw new MalformedResponseError(res.status);
  const parsed = ep.response.safeParse((json as { data: unknown }).data);
  if (!parsed.success) throw new MalformedResponseError(res.status);
  return parsed.data as z.output<E['response']>;
}

/** A non-JSON download (CSV, images) with the same headers and error handling. */
export async function download(path: string, query?: CallInput['query'], ctx: CallContext = currentContext()): Promise<Blob> {
  const headers = buildHeaders({ auth: 'authenticated' }, ctx);
  headers.Accept = '*/*';
  const res = await send(buildUrl(path, query), { headers });
  if (!res.ok) {
    const json: unknown = await res.json().catch(() => null);
    throw apiErrorFromResponse(res.status, path, json);
  }
  return res.blob();
}

export { ApiError };
