/**
 * The outbox engine: signatures wait in IndexedDB until the server has them. Plain TypeScript
 * (no React, no DOM) so it runs in Node tests against fake-indexeddb and a real server.
 *
 * - enqueue() resolves only after the row and its payload are committed to IndexedDB; the UI
 *   shows "thank you" after that, never before.
 * - drain() sends due rows oldest first, one at a time, with the row's client_id as the
 *   idempotency key. One drain runs at a time (a second call joins it and asks for another
 *   pass); requestDrain() debounces bursts of triggers.
 * - Each attempt ends in commit (row deleted, last sync recorded), retry (backoff with jitter),
 *   reject (parked as needs_attention) or, for unexpected statuses, retry until the attempt cap
 *   and then dead (parked). Parked rows are never deleted and never retried by themselves.
 */
import type { GuestbookDb, OutboxRow } from '../../lib/db/dexie';
import {
  addOutboxItem,
  completeOutboxItem,
  countOutbox,
  ensureDeviceInfo,
  getDeviceInfo,
  getLastSyncedAt,
  getOutboxPayload,
  listOutbox,
  markSending,
  recordOutboxFailure,
  requeueOutbox,
  type NewOutboxItem,
} from '../../lib/db/outbox';
import { backoffDelayMs, classifyFailure, DEFAULT_BACKOFF, newClientId, type BackoffPolicy } from './model';

/** Uploads one item; throws ApiError / NetworkError / AbortError on failure. */
export type OutboxSender = (row: OutboxRow, payload: unknown, signal: AbortSignal) => Promise<void>;

export interface OutboxOptions {
  db: GuestbookDb;
  send: OutboxSender;
  now?: () => number;
  random?: () => number;
  backoff?: BackoffPolicy;
  /** A kiosk upload carries two PNGs over venue Wi-Fi; past this the attempt counts as a timeout. */
  requestTimeoutMs?: number;
  /** Triggers arriving within this window share one drain. */
  debounceMs?: number;
  /** Unexpected statuses (401, 403, 404 …) are tried this many times, then parked as dead. */
  maxUnknownAttempts?: number;
  /** Cross-tab mutual exclusion (navigator.locks in browsers); the in-page lock always applies. */
  crossTabLock?: <T>(fn: () => Promise<T>) => Promise<T>;
}

export interface OutboxStatusSnapshot {
  /** False until the first counts were read from IndexedDB (0 before that means "unknown"). */
  isLoaded: boolean;
  pending: number;
  needsAttention: number;
  lastSyncedAt: string | null;
  isDraining: boolean;
  /** The last failure message, cleared by the next delivery. */
  lastError: string | null;
  /** The server said this app version is too old: nothing will go out until the app updates. */
  needsUpdate: boolean;
}

export interface DrainOptions {
  /** Treat rows in backoff as due: the network just came back (online, visible, socket rejoin). */
  ignoreBackoff?: boolean;
}

export interface DrainReport {
  sent: number;
  retried: number;
  parked: number;
}

const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;
const DEFAULT_DEBOUNCE_MS = 250;
const DEFAULT_MAX_UNKNOWN_ATTEMPTS = 8;
/** Never sleep longer than this before looking at the queue again, whatever the backoff says. */
const MAX_WAKE_DELAY_MS = 5 * 60_000;

const EMPTY_STATUS: OutboxStatusSnapshot = { isLoaded: false, pending: 0, needsAttention: 0, lastSyncedAt: null, isDraining: false, lastError: null, needsUpdate: false };

export class Outbox {
  private readonly db: GuestbookDb;
  private readonly send: OutboxSender;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly backoff: BackoffPolicy;
  private readonly requestTimeoutMs: number;
  private readonly debounceMs: number;
  private readonly maxUnknownAttempts: number;
  private readonly crossTabLock: <T>(fn: () => Promise<T>) => Promise<T>;

  private running: Promise<DrainReport> | null = null;
  private rerun: DrainOptions | null = null;
  private debounceTimer: ReturnType<typeof setTimeout> | null = null;
  private debounced: DrainOptions = {};
  private wakeTimer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private status: OutboxStatusSnapshot = EMPTY_STATUS;
  private readonly listeners = new Set<(status: OutboxStatusSnapshot) => void>();
  private ready: Promise<void>;

  constructor(options: OutboxOptions) {
    this.db = options.db;
    this.send = options.send;
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    this.backoff = options.backoff ?? DEFAULT_BACKOFF;
    this.requestTimeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    this.debounceMs = options.debounceMs ?? DEFAULT_DEBOUNCE_MS;
    this.maxUnknownAttempts = options.maxUnknownAttempts ?? DEFAULT_MAX_UNKNOWN_ATTEMPTS;
    this.crossTabLock = options.crossTabLock ?? ((fn) => fn());
    // The device row holds last_synced_at; make it before the first delivery needs it.
    this.ready = ensureDeviceInfo(this.db, newClientId, new Date(this.now())).then(() => this.refreshStatus().then(() => undefined));
  }

  /** Saves an item; resolves once IndexedDB has committed it. Then a drain is requested. */
  async enqueue(item: NewOutboxItem): Promise<OutboxRow> {
    const row = await addOutboxItem(this.db, item, this.now());
    // The caller waits only for the write; the counts follow.
    void this.refreshStatus().catch(() => undefined);
    this.requestDrain();
    return row;
  }

  /** Coalesces bursts of triggers into one drain after `debounceMs`. */
  requestDrain(options: DrainOptions = {}): void {
    if (this.stopped) return;
    this.debounced = mergeOptions(this.debounced, options);
    if (this.debounceTimer) return;
    this.debounceTimer = setTimeout(() => {
      this.debounceTimer = null;
      const opts = this.debounced;
      this.debounced = {};
      void this.drain(opts).catch(() => undefined);
    }, this.debounceMs);
  }

  /**
   * Sends what is due. While a drain runs, a second call does not start another: it asks the
   * running one for one more pass (rows enqueued meanwhile go out too) and shares its result.
   */
  drain(options: DrainOptions = {}): Promise<DrainReport> {
    if (this.running) {
      this.rerun = mergeOptions(this.rerun ?? {}, options);
      return this.running;
    }
    const run = (async () => {
      await this.ready;
      const total: DrainReport = { sent: 0, retried: 0, parked: 0 };
      let opts: DrainOptions | null = options;
      this.setStatus({ isDraining: true });
      try {
        while (opts && !this.stopped) {
          this.rerun = null;
          const pass = await this.crossTabLock(() => this.pass(opts ?? {}));
          total.sent += pass.sent;
          total.retried += pass.retried;
          total.parked += pass.parked;
          opts = this.rerun;
        }
      } finally {
        this.running = null;
        this.setStatus({ isDraining: false });
        await this.refreshStatus().catch(() => undefined);
        await this.scheduleWake().catch(() => undefined);
      }
      return total;
    })();
    this.running = run;
    return run;
  }

  /** One sweep over the queue, oldest first, until nothing is due or the network fails. */
  private async pass(options: DrainOptions): Promise<DrainReport> {
    const report: DrainReport = { sent: 0, retried: 0, parked: 0 };
    const tried = new Set<string>();
    while (!this.stopped) {
      const row = await this.nextDue(options, tried);
      if (!row) break;
      tried.add(row.client_id);
      const outcome = await this.attempt(row);
      if (outcome === 'sent') report.sent += 1;
      else if (outcome === 'parked') report.parked += 1;
      else {
        report.retried += 1;
        if (outcome === 'retry-stop') break;
      }
    }
    return report;
  }

  private async nextDue(options: DrainOptions, tried: Set<string>): Promise<OutboxRow | null> {
    const now = this.now();
    const rows = await listOutbox(this.db);
    return (
      rows.find(
        (r) => (r.status === 'pending' || r.status === 'sending') && !tried.has(r.client_id) && (options.ignoreBackoff || r.next_attempt_at <= now),
      ) ?? null
    );
  }

  private async attempt(queued: OutboxRow): Promise<'sent' | 'parked' | 'retry' | 'retry-stop'> {
    const row = await markSending(this.db, queued.client_id);
    if (!row) return 'sent'; // Delivered and removed by another tab meanwhile.
    const payload = await getOutboxPayload(this.db, row.client_id);
    if (payload === undefined) {
      await recordOutboxFailure(this.db, row.client_id, {
        status: 'dead',
        next_attempt_at: this.now(),
        last_error: 'The saved signature data is missing on this device.',
        last_http_status: 0,
      });
      return 'parked';
    }
    const controller = new AbortController();
    const timeout = setTimeout(() => controller.abort(), this.requestTimeoutMs);
    try {
      await this.send(row, payload, controller.signal);
    } catch (err) {
      clearTimeout(timeout);
      return this.fail(row, err);
    }
    clearTimeout(timeout);
    const syncedAt = new Date(this.now()).toISOString();
    await completeOutboxItem(this.db, row.client_id, syncedAt);
    this.setStatus({ lastError: null, needsUpdate: false });
    await this.refreshStatus();
    return 'sent';
  }

  private async fail(row: OutboxRow, err: unknown): Promise<'parked' | 'retry' | 'retry-stop'> {
    const verdict = classifyFailure(err);
    const parks = verdict.kind === 'reject' || (verdict.kind === 'unknown' && row.attempts >= this.maxUnknownAttempts);
    const now = this.now();
    await recordOutboxFailure(this.db, row.client_id, {
      status: parks ? (verdict.kind === 'reject' ? 'needs_attention' : 'dead') : 'pending',
      next_attempt_at: parks ? now : now + backoffDelayMs(row.attempts, this.random(), this.backoff),
      last_error: verdict.message,
      last_http_status: verdict.status,
    });
    this.setStatus({ lastError: verdict.message, needsUpdate: Boolean(verdict.needsUpdate) });
    await this.refreshStatus();
    if (parks) return 'parked';
    return verdict.stopPass ? 'retry-stop' : 'retry';
  }

  /** Wakes up when the earliest backoff ends, so a retry does not wait for the next trigger. */
  private async scheduleWake(): Promise<void> {
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.wakeTimer = null;
    if (this.stopped) return;
    const rows = await listOutbox(this.db);
    const due = rows.filter((r) => r.status === 'pending' || r.status === 'sending').map((r) => r.next_attempt_at);
    if (due.length === 0) return;
    const delay = Math.min(MAX_WAKE_DELAY_MS, Math.max(0, Math.min(...due) - this.now()));
    this.wakeTimer = setTimeout(() => {
      this.wakeTimer = null;
      this.requestDrain();
    }, delay);
  }

  /** Puts parked rows (needs attention, dead) back in the queue and drains. */
  async retryParked(): Promise<number> {
    const count = await requeueOutbox(this.db, this.now());
    await this.refreshStatus();
    this.requestDrain({ ignoreBackoff: true });
    return count;
  }

  /** Every row, oldest first, without payloads (for the device panel and tests). */
  list(): Promise<OutboxRow[]> {
    return listOutbox(this.db);
  }

  /** This profile's presence id (made once, kept across sign-ins). */
  async localDeviceId(): Promise<string> {
    await this.ready;
    const info = await getDeviceInfo(this.db);
    if (!info) throw new Error('The device row is missing.');
    return info.local_device_id;
  }

  getStatus = (): OutboxStatusSnapshot => this.status;

  subscribe = (listener: (status: OutboxStatusSnapshot) => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Resolves when the start-up work (device row, first counts) is done. */
  whenReady(): Promise<void> {
    return this.ready;
  }

  async refreshStatus(): Promise<OutboxStatusSnapshot> {
    const [counts, lastSyncedAt] = await Promise.all([countOutbox(this.db), getLastSyncedAt(this.db)]);
    this.setStatus({ ...counts, lastSyncedAt, isLoaded: true });
    return this.status;
  }

  /** Stops timers; a running attempt finishes (its result is still recorded). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.debounceTimer) clearTimeout(this.debounceTimer);
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.debounceTimer = null;
    this.wakeTimer = null;
    await this.running?.catch(() => undefined);
  }

  private setStatus(patch: Partial<OutboxStatusSnapshot>): void {
    const next = { ...this.status, ...patch };
    const changed = (Object.keys(next) as (keyof OutboxStatusSnapshot)[]).some((k) => next[k] !== this.status[k]);
    if (!changed) return;
    this.status = next;
    for (const listener of this.listeners) listener(next);
  }
}

function mergeOptions(a: DrainOptions, b: DrainOptions): DrainOptions {
  return { ignoreBackoff: Boolean(a.ignoreBackoff || b.ignoreBackoff) };
}
