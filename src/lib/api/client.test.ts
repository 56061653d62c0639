import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { endpoint } from '../../contract/endpoint';
import { authEndpoints } from '../../contract/auth';
import { call, type CallContext } from './client';
import { ApiError, errorMessage } from './errors';

const ctx: CallContext = { token: 'tok', membershipId: 'm-1', viewAllAccounts: false };
const getThing = endpoint({
  id: 'test.get',
  method: 'GET',
  path: '/authenticated/things/:id',
  auth: 'authenticated',
  params: z.object({ id: z.string() }),
  response: z.object({ thing: z.object({ name: z.string() }) }),
});

function respond(status: number, body: unknown) {
  return vi.fn(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));
}

describe('the API client', () => {
  beforeEach(() => vi.stubGlobal('fetch', respond(200, { data: { thing: { name: 'x' } } })));
  afterEach(() => vi.unstubAllGlobals());

  it('sends Accept JSON, the bearer token and the membership header, under /api/v1/app', async () => {
    const fetchMock = respond(200, { data: { thing: { name: 'Ann' } } });
    vi.stubGlobal('fetch', fetchMock);
    const data = await call(getThing, { params: { id: 'a b' }, query: { page: 2 } }, ctx);
    expect(data.thing.name).toBe('Ann');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/app/authenticated/things/a%20b?page=2');
    const headers = init.headers as Record<string, string>;
    expect(headers.Accept).toBe('application/json');
    expect(headers.Authorization).toBe('Bearer tok');
    expect(headers['X-Membership-Id']).toBe('m-1');
    expect(headers['X-View-All-Accounts']).toBeUndefined();
  });

  it('leaves the membership header off the identity call and adds the all-accounts header when on', async () => {
    const fetchMock = respond(200, { data: { thing: { name: 'x' } } });
    vi.stubGlobal('fetch', fetchMock);
    await call(authEndpoints.me, {}, ctx).catch(() => undefined);
    let headers = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].headers as Record<string, string>;
    expect(headers['X-Membership-Id']).toBeUndefined();
    await call(getThing, { params: { id: '1' } }, { ...ctx, viewAllAccounts: true });
    headers = (fetchMock.mock.calls[1] as unknown as [string, RequestInit])[1].headers as Record<string, string>;
    expect(headers['X-View-All-Accounts']).toBe('true');
  });

  const failures: [string, number, unknown, string][] = [
    ['HTTP 404', 404, { error: 'Service not found' }, 'Not found: /authenticated/things/7'],
    ['a body with an error string', 422, { error: 'Full name is required' }, 'Full name is required'],
    ['an error object with a message string', 500, { error: { message: 'Database is down' } }, 'Database is down'],
    ['a body with a message string', 400, { message: 'Bad thing' }, 'Bad thing'],
    ['any other error body', 500, { oops: true }, 'Unknown API error'],
    ['a non-JSON error body', 502, '<html>Bad gateway</html>', 'Unknown API error'],
  ];
  it.each(failures)('shows the catalogue text for %s', async (_name, status, body, expected) => {
    vi.stubGlobal('fetch', respond(status, body));
    const err = await call(getThing, { params: { id: '7' } }, ctx).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe(expected);
    expect((err as ApiError).status).toBe(status);
  });

  it('says "Network Error" when the request never reaches the server', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(call(getThing, { params: { id: '1' } }, ctx)).rejects.toMatchObject({ message: 'Network Error', status: 0 });
  });

  it('says "Malformed response" when a required member is missing', async () => {
    vi.stubGlobal('fetch', respond(200, { data: { other: 1 } }));
    await expect(call(getThing, { params: { id: '1' } }, ctx)).rejects.toMatchObject({ message: 'Malformed response' });
    vi.stubGlobal('fetch', respond(200, { nothing: true }));
    await expect(call(getThing, { params: { id: '1' } }, ctx)).rejects.toMatchObject({ message: 'Malformed response' });
    vi.stubGlobal('fetch', respond(200, 'not json'));
    await expect(call(getThing, { params: { id: '1' } }, ctx)).rejects.toMatchObject({ message: 'Malformed response' });
  });

  it('turns non-API failures into the generic text', () => {
    expect(errorMessage(new Error('boom'))).toBe('An unknown error has occurred. Please try again.');
    expect(errorMessage(new ApiError('Shown as is', 400))).toBe('Shown as is');
  });
});
