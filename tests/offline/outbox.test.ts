/**
 * The outbox engine on fake-indexeddb: order, backoff, refusals, reloads and the drain lock.
 * The sender is a stand-in here; outbox-faults.test.ts drains into the real server.
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb, type GuestbookDb, type OutboxRow } from '../../src/lib/db/dexie';
import { ApiError, NetworkError } from '../../src/lib/api/errors';
import { Outbox, type OutboxOptions, type OutboxSender } from '../../src/features/outbox/Outbox';

const HOUR = 3_600_000;

interface Harness {
  db: GuestbookDb;
  outbox: Outbox;
  clock: { now: number };
  sent: string[];
}

const open: Outbox[] = [];
const dbs: GuestbookDb[] = [];

function makeOutbox(name: string, send: OutboxSender, options: Partial<OutboxOptions> = {}, clock = { now: 1_000_000 }): Harness & { clock: { now: number } } {
  const db = openDb(name);
  dbs.push(db);
  const outbox = new Outbox({
    db,
    send,
    now: () => clock.now,
    random: () => 0,
    // Drains run only when a test calls drain(): the automatic one is pushed out of the way.
    debounceMs: HOUR,
    ...options,
  });
  open.push(outbox);
  return { db, outbox, clock, sent: [] };
}

function recordingSender(sent: string[], fail?: (row: OutboxRow, attempt: number) => unknown): OutboxSender {
  const attempts = new Map<string, number>();
  return async (row) => {
    const n = (attempts.get(row.client_id) ?? 0) + 1;
    attempts.set(row.client_id, n);
    const error = fail?.(row, n);
    if (error) throw error;
    sent.push(row.client_id);
  };
}

async function enqueueMany(h: Harness, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const id = randomUUID();
    ids.push(id);
    await h.outbox.enqueue({ client_id: id, kind: 'kiosk_signature', service_id: 'svc', payload: { n: i, png: 'iVBORw0KGgo' } });
    h.clock.now += 10;
  }
  return ids;
}

afterEach(async () => {
  for (const o of open.splice(0)) await o.stop();
  for (const db of dbs.splice(0)) db.close();
});

describe('the outbox', () => {
  it('writes the row before enqueue resolves, then sends oldest first and empties the table', async () => {
    const name = `t-${randomUUID()}`;
    const sent: string[] = [];
    const h = makeOutbox(name, recordingSender(sent));
    const ids = await enqueueMany(h, 5);

    // A second connection (another tab, or the page after a crash) sees all five.
    const other = openDb(name);
    dbs.push(other);
    expect(await other.outbox.count()).toBe(5);
    expect((await other.outboxPayloads.get(ids[0]!))?.payload).toEqual({ n: 0, png: 'iVBORw0KGgo' });
    await expect.poll(() => h.outbox.getStatus()).toMatchObject({ isLoaded: true, pending: 5, needsAttention: 0, lastSyncedAt: null });

    const report = await h.outbox.drain();
    expect(report).toEqual({ sent: 5, retried: 0, parked: 0 });
    expect(sent).toEqual(ids);
    expect(await h.db.outbox.count()).toBe(0);
    expect(await h.db.outboxPayloads.count()).toBe(0);
    expect(h.outbox.getStatus()).toMatchObject({ pending: 0, needsAttention: 0, isDraining: false, lastSyncedAt: new Date(h.clock.now).toISOString() });
  });

  it('backs off after a network failure, stops the pass, and sends when the backoff is over', async () => {
    const sent: string[] = [];
    let offline = true;
    const h = makeOutbox(`t-${randomUUID()}`, recordingSender(sent, () => (offline ? new NetworkError() : null)));
    const [first, second] = await enqueueMany(h, 2);

    expect(await h.outbox.drain()).toEqual({ sent: 0, retried: 1, parked: 0 });
    const row = await h.db.outbox.get(first!);
    // random() = 0: half of the 2 s first step.
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_http_status: 0, next_attempt_at: h.clock.now + 1_000, last_error: 'Network Error' });
    // The pass stopped at the first network failure: the second row was not tried.
    expect((await h.db.outbox.get(second!))?.attempts).toBe(0);

    offline = false;
    // The first row is still in backoff; the second is due and goes out.
    await h.outbox.drain();
    expect(sent).toEqual([second]);
    h.clock.now += 1_000;
    await h.outbox.drain();
    expect(sent).toEqual([second, first]);
    expect(await h.db.outbox.count()).toBe(0);
  });

  it('grows the backoff exponentially up to its cap', async () => {
    const h = makeOutbox(`t-${randomUUID()}`, recordingSender([], () => new ApiError('down', 503)), { random: () => 1 });
    const [id] = await enqueueMany(h, 1);
    const waits: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      await h.outbox.drain({ ignoreBackoff: true });
      const row = await h.db.outbox.get(id!);
      waits.push(row!.next_attempt_at - h.clock.now);
    }
    expect(waits.slice(0, 5)).toEqual([2_000, 4_000, 8_000, 16_000, 32_000]);
    expect(Math.max(...waits)).toBe(300_000);
    expect((await h.db.outbox.get(id!))?.status).toBe('pending');
  });

  it('a 500 on one item does not hold up the others', async () => {
    const sent: string[] = [];
    let bad = '';
    const h = makeOutbox(`t-${randomUUID()}`, recordingSender(sent, (row) => (row.client_id === bad ? new ApiError('boom', 500) : null)));
    const ids = await enqueueMany(h, 3);
    bad = ids[0]!;
    expect(await h.outbox.drain()).toEqual({ sent: 2, retried: 1, parked: 0 });
    expect(sent).toEqual(ids.slice(1));
  });

  it('parks a 422 as needs_attention and never retries it by itself', async () => {
    const sent: string[] = [];
    let calls = 0;
    const h = makeOutbox(`t-${randomUUID()}`, async (row, payload, signal) => {
      calls += 1;
      if ((payload as { n: number }).n === 1) throw new ApiError('The signature card is empty.', 422, 'validation_failed');
      return recordingSender(sent)(row, payload, signal);
    });
    const ids = await enqueueMany(h, 3);
    expect(await h.outbox.drain()).toEqual({ sent: 2, retried: 0, parked: 1 });
    expect(await h.db.outbox.get(ids[1]!)).toMatchObject({ status: 'needs_attention', last_http_status: 422, last_error: 'The signature card is empty.' });
    expect(h.outbox.getStatus()).toMatchObject({ pending: 0, needsAttention: 1 });

    h.clock.now += HOUR;
    await h.outbox.drain({ ignoreBackoff: true });
    await h.outbox.drain();
    expect(calls).toBe(3);
    // Staff may put it back by hand; it is kept until then (payload included).
    expect(await h.db.outboxPayloads.get(ids[1]!)).toBeTruthy();
    expect(await h.outbox.retryParked()).toBe(1);
    await h.outbox.drain();
    expect(calls).toBe(4);
  });

  it('dead-letters an unexpected status after the attempt cap, keeping the row', async () => {
    const h = makeOutbox(`t-${randomUUID()}`, recordingSender([], () => new ApiError('Forbidden', 403)), { maxUnknownAttempts: 3 });
    const [id] = await enqueueMany(h, 1);
    for (let i = 0; i < 5; i += 1) await h.outbox.drain({ ignoreBackoff: true });
    expect(await h.db.outbox.get(id!)).toMatchObject({ status: 'dead', attempts: 3, last_http_status: 403 });
    expect(h.outbox.getStatus().needsAttention).toBe(1);
  });

  it('survives a reload: a new engine on the same database sends what the old one left, including an upload cut off mid-flight', async () => {
    const name = `t-${randomUUID()}`;
    const before = makeOutbox(name, async () => {
      throw new NetworkError();
    });
    const ids = await enqueueMany(before, 3);
    // Simulate a crash during an upload: the row stays "sending".
    await before.db.outbox.update(ids[0]!, { status: 'sending', attempts: 1 });
    await before.outbox.stop();
    before.db.close();

    const sent: string[] = [];
    const after = makeOutbox(name, recordingSender(sent), {}, before.clock);
    await after.outbox.whenReady();
    expect(after.outbox.getStatus().pending).toBe(3);
    await after.outbox.drain();
    expect(sent).toEqual(ids);
    expect(await after.db.outbox.count()).toBe(0);
  });

  it('runs one drain at a time: concurrent calls share it and nothing is sent twice', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const sent: string[] = [];
    const h = makeOutbox(`t-${randomUUID()}`, async (row) => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((r) => setTimeout(r, 5));
      sent.push(row.client_id);
      inFlight -= 1;
    });
    const ids = await enqueueMany(h, 6);
    const runs = [h.outbox.drain(), h.outbox.drain(), h.outbox.drain({ ignoreBackoff: true })];
    // An item enqueued while the drain runs goes out in the follow-up pass.
    const late = randomUUID();
    await h.outbox.enqueue({ client_id: late, kind: 'guest_signature', service_id: 'svc', payload: { full_name: 'Late' } });
    void h.outbox.drain();
    await Promise.all(runs);
    await h.outbox.drain();
    expect(maxInFlight).toBe(1);
    expect(sent).toEqual([...ids, late]);
  });

  it('debounces triggers into one drain', async () => {
    let drains = 0;
    const h = makeOutbox(`t-${randomUUID()}`, async () => undefined, { debounceMs: 20 });
    const original = h.outbox.drain.bind(h.outbox);
    h.outbox.drain = (opts) => {
      drains += 1;
      return original(opts);
    };
    for (let i = 0; i < 10; i += 1) h.outbox.requestDrain();
    await new Promise((r) => setTimeout(r, 80));
    expect(drains).toBe(1);
  });

  it('tells subscribers about counts', async () => {
    const h = makeOutbox(`t-${randomUUID()}`, async () => undefined);
    const seen: number[] = [];
    h.outbox.subscribe((s) => seen.push(s.pending));
    await enqueueMany(h, 2);
    await h.outbox.drain();
    expect(seen).toContain(2);
    expect(seen.at(-1)).toBe(0);
  });

  it('times out an upload that never answers and retries it', async () => {
    const h = makeOutbox(`t-${randomUUID()}`, (_row, _payload, signal) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))), {
      requestTimeoutMs: 30,
    });
    const [id] = await enqueueMany(h, 1);
    expect(await h.outbox.drain()).toEqual({ sent: 0, retried: 1, parked: 0 });
    expect(await h.db.outbox.get(id!)).toMatchObject({ status: 'pending', last_error: 'The upload timed out.' });
  });
});
