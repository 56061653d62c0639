/**
 * The outbox's pure rules: how long to wait after a failure, and what a failure means
 * (style.md "How errors flow", point 5, and pattern 3 "commit, retry or reject").
 */
import { ApiError, MalformedResponseError } from '../../lib/api/errors';

export interface BackoffPolicy {
  /** Wait after the first failure. */
  baseMs: number;
  /** Never wait longer than this between two tries of one item. */
  maxMs: number;
}

/** 2 s, 4 s, 8 s … 5 min: fast enough for a Wi-Fi blip, gentle on a server that is down. */
export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 2_000, maxMs: 5 * 60_000 };

/**
 * "Equal jitter": half the exponential delay is fixed, half random, so a room of kiosks that
 * lost Wi-Fi together do not all retry in the same second when it returns.
 * `attempts` counts tries so far (1 after the first failure); `random` is in [0, 1).
 */
export function backoffDelayMs(attempts: number, random: number, policy: BackoffPolicy = DEFAULT_BACKOFF): number {
  const exponent = Math.max(0, attempts - 1);
  // 2^20 × 2 s is far past any cap; stop growing before the number does.
  const raw = policy.baseMs * 2 ** Math.min(exponent, 20);
  const capped = Math.min(policy.maxMs, raw);
  const jitter = Math.min(Math.max(random, 0), 1);
  return Math.round(capped / 2 + (capped / 2) * jitter);
}

/**
 * commit: the server has it. retry: transient, try again later. reject: the server refused
 * this item; retrying the same bytes cannot help, so it waits for a person. unknown: an
 * unexpected answer; retried a few times, then dead-lettered (kept, not retried).
 */
export type FailureKind = 'retry' | 'reject' | 'unknown';

export interface FailureVerdict {
  kind: FailureKind;
  /** HTTP status, 0 when the request never got an answer. */
  status: number;
  message: string;
  /**
   * The network or the whole server is unwell: stop this drain pass instead of trying every
   * queued item against it (the next trigger resumes). A plain 500 may be about this one item,
   * so the pass moves on to the next.
   */
  stopPass: boolean;
  /** The server refuses this app version (`client_too_old`): only an update helps, and it may reload now. */
  needsUpdate?: boolean;
}

/** Statuses that mean "this request is wrong" and will be refused again as it is. */
const REJECT_STATUSES = new Set([400, 409, 413, 422]);
/** Transient by definition: timeouts, rate limits, gateways and overloaded servers. */
const RETRY_STATUSES = new Set([408, 425, 429]);
const WHOLE_SERVER_DOWN_STATUSES = new Set([408, 429, 502, 503, 504]);

export function classifyFailure(err: unknown): FailureVerdict {
  if (isAbort(err)) return { kind: 'retry', status: 0, message: 'The upload timed out.', stopPass: true };
  if (err instanceof MalformedResponseError && err.status >= 200 && err.status < 300) {
    // A 2xx that is not our JSON is a captive portal or a proxy page, not our server: retry.
    return { kind: 'retry', status: err.status, message: err.message, stopPass: true };
  }
  if (err instanceof ApiError && err.code === 'client_too_old') {
    // Not this item's fault: keep it, and let the waiting update apply (the outbox survives reloads).
    return { kind: 'retry', status: err.status, message: err.message, stopPass: true, needsUpdate: true };
  }
  if (err instanceof ApiError) {
    const status = err.status;
    if (status === 0) return { kind: 'retry', status, message: err.message, stopPass: true };
    if (REJECT_STATUSES.has(status)) return { kind: 'reject', status, message: err.message, stopPass: false };
    if (RETRY_STATUSES.has(status) || status >= 500) {
      return { kind: 'retry', status, message: err.message, stopPass: WHOLE_SERVER_DOWN_STATUSES.has(status) };
    }
    return { kind: 'unknown', status, message: err.message, stopPass: false };
  }
  const message = err instanceof Error ? err.message : String(err);
  return { kind: 'unknown', status: 0, message, stopPass: false };
}

function isAbort(err: unknown): boolean {
  return typeof err === 'object' && err !== null && 'name' in err && (err.name === 'AbortError' || err.name === 'TimeoutError');
}

/** A UUID v4, also where crypto.randomUUID is missing (plain-HTTP LAN addresses are not secure contexts). */
export function newClientId(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') {
    try {
      return c.randomUUID();
    } catch {
      // Insecure context in some browsers: fall through to getRandomValues.
    }
  }
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
