import { describe, expect, it } from 'vitest';
import { ApiError, MalformedResponseError, NetworkError } from '../../lib/api/errors';
import { backoffDelayMs, classifyFailure, DEFAULT_BACKOFF, newClientId } from './model';

describe('backoffDelayMs', () => {
  it('doubles from 2 s and stays between half and all of the step', () => {
    expect(backoffDelayMs(1, 0)).toBe(1_000);
    expect(backoffDelayMs(1, 0.999999)).toBe(2_000);
    expect(backoffDelayMs(2, 0)).toBe(2_000);
    expect(backoffDelayMs(3, 1)).toBe(8_000);
  });

  it('is capped at 5 minutes however many attempts', () => {
    for (const attempts of [9, 10, 50, 10_000]) {
      const delay = backoffDelayMs(attempts, 1);
      expect(delay).toBeLessThanOrEqual(DEFAULT_BACKOFF.maxMs);
      expect(delay).toBeGreaterThanOrEqual(DEFAULT_BACKOFF.maxMs / 2);
    }
  });

  it('treats zero attempts like the first failure and clamps odd randoms', () => {
    expect(backoffDelayMs(0, 0.5)).toBe(1_500);
    expect(backoffDelayMs(1, 7)).toBe(2_000);
    expect(backoffDelayMs(1, -1)).toBe(1_000);
  });
});

describe('classifyFailure', () => {
  const api = (status: number) => new ApiError('x', status);

  it('retries network failures, timeouts and proxy pages, stopping the pass', () => {
    expect(classifyFailure(new NetworkError())).toMatchObject({ kind: 'retry', status: 0, stopPass: true });
    expect(classifyFailure(new DOMException('t', 'AbortError'))).toMatchObject({ kind: 'retry', stopPass: true });
    expect(classifyFailure(new DOMException('t', 'TimeoutError'))).toMatchObject({ kind: 'retry', stopPass: true });
    expect(classifyFailure(new MalformedResponseError(200))).toMatchObject({ kind: 'retry', stopPass: true });
  });

  it('retries 5xx, 408 and 429; only a plain 500 lets the pass go on', () => {
    for (const s of [408, 429, 502, 503, 504]) expect(classifyFailure(api(s))).toMatchObject({ kind: 'retry', stopPass: true });
    expect(classifyFailure(api(500))).toMatchObject({ kind: 'retry', stopPass: false });
  });

  it('rejects 400, 409, 413 and 422 (needs attention)', () => {
    for (const s of [400, 409, 413, 422]) expect(classifyFailure(api(s)).kind).toBe('reject');
  });

  it('calls other statuses and plain errors unknown', () => {
    for (const s of [401, 403, 404, 410]) expect(classifyFailure(api(s)).kind).toBe('unknown');
    expect(classifyFailure(new Error('boom'))).toMatchObject({ kind: 'unknown', message: 'boom' });
  });
});

describe('newClientId', () => {
  it('makes v4 UUIDs', () => {
    const ids = new Set(Array.from({ length: 100 }, newClientId));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('an app version the server refuses', () => {
  it('is retried (kept) and flagged so the waiting update may apply', () => {
    expect(classifyFailure(new ApiError('Please update', 426, 'client_too_old'))).toMatchObject({ kind: 'retry', stopPass: true, needsUpdate: true });
  });
});
