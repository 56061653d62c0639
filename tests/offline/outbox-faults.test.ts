/**
 * The outbox against the real server through broken networks: (a) a proxy that resets, cuts,
 * stalls or swallows the answer of ~30% of requests while 200 signatures drain; (b) the server
 * stopped in the middle of the uploads and started again on the same database. Every
 * signature must arrive exactly once and the outbox must end empty.
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../server/app';
import type { Db } from '../../server/db/db';
import { insertService } from '../../server/db/repos/services';
import { issueToken } from '../../server/http/auth';
import { CROP_KEYS } from '../../src/contract/crop-keys';
import type { UploadKioskSignatureBody } from '../../src/contract/devices';
import { Outbox } from '../../src/features/outbox/Outbox';
import { createApiSender } from '../../src/features/outbox/transport';
import { openDb, type GuestbookDb } from '../../src/lib/db/dexie';
import { createPgliteTestDb } from '../fixtures/db';
import { createAccount } from '../fixtures/factories';
import { startTestServer } from '../fixtures/server';
import { seededRandom, startFaultProxy, type Fault, type FaultProxy } from './faultProxy';

const CAPTURE = { width: 96, height: 72 };
/** Tests wait milliseconds, not the product's seconds, between tries. */
const FAST_BACKOFF = { baseMs: 20, maxMs: 250 };
const SEED = Number(process.env.OUTBOX_FAULT_SEED ?? 20250506);

const png = async (width: number, height: number) =>
  (await sharp({ create: { width, height, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 1 } } }).png().toBuffer()).toString('base64');

const portOf = (url: string) => Number(new URL(url).port);

let db: Db;
let server: RunningServer;
let kioskToken: string;
let ipadId: string;
let serviceId: string;
let capturePng: string;
let signaturePng: string;
const realFetch = globalThis.fetch;

/** The browser client sends relative URLs; here they go to `base` (the proxy). */
function routeFetchTo(base: string): void {
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => realFetch(new URL(String(input), base), init)) as typeof fetch;
}

function card(n: number): UploadKioskSignatureBody {
  return {
    client_id: randomUUID(),
    service_unique_identifier: serviceId,
    captured_at: new Date().toISOString(),
    capture_width: CAPTURE.width,
    capture_height: CAPTURE.height,
    field_rects: Object.fromEntries(CROP_KEYS.map((key, i) => [key, { x: 2, y: 2 + i * 10, width: 90, height: 9 }])) as UploadKioskSignatureBody['field_rects'],
    stroke_format: 1,
    strokes: { printed_name: [{ pointer_type: 'touch', points: [[1, 2, 0.5, 0], [20 + (n % 50), 6, 0.5, 30]] }] },
    receive_information_on_advance_planning: n % 3 === 0,
    screen_capture_png: capturePng,
    raw_signature_png: signaturePng,
  };
}

function makeOutbox(localDb: GuestbookDb, requestTimeoutMs: number): Outbox {
  return new Outbox({
    db: localDb,
    send: createApiSender(() => ({ token: kioskToken, membershipId: null, viewAllAccounts: false })),
    backoff: FAST_BACKOFF,
    requestTimeoutMs,
    debounceMs: 60_000,
  });
}

async function enqueueCards(outbox: Outbox, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const body = card(i);
    ids.push(body.client_id);
    await outbox.enqueue({ client_id: body.client_id, kind: 'kiosk_signature', service_id: serviceId, payload: body });
  }
  return ids;
}

/** Drains until the queue is empty (or the deadline), the way the page's triggers would. */
async function drainUntilEmpty(outbox: Outbox, deadlineMs: number): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    await outbox.drain();
    const rows = await outbox.list();
    if (rows.length === 0) return;
    if (rows.some((r) => r.status === 'needs_attention' || r.status === 'dead')) {
      throw new Error(`Parked: ${JSON.stringify(rows.filter((r) => r.status !== 'pending'))}`);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function storedClientIds(): Promise<Map<string, number>> {
  const rows = await db.query<{ client_id: string; n: number }>(
    'SELECT client_id::text AS client_id, count(*)::int AS n FROM signatures WHERE created_by_ipad_id = $1 GROUP BY client_id',
    [ipadId],
  );
  return new Map(rows.map((r) => [r.client_id, r.n]));
}

beforeAll(async () => {
  db = await createPgliteTestDb();
  server = await startTestServer(db);
  const account = await createAccount(db, 'Fault Line Funeral Home');
  const rows = await db.query<{ id: string }>(`INSERT INTO ipads (account_id, public_data, has_been_setup) VALUES ($1, '{"ipad_name":"Hall"}', true) RETURNING id`, [account.id]);
  ipadId = rows[0]!.id;
  kioskToken = await issueToken(db, { ipadId });
  serviceId = await insertService(db, account.id, { deceased_person: { full_name: 'Grace Hopper' } });
  capturePng = await png(CAPTURE.width, CAPTURE.height);
  signaturePng = await png(90, 9);
}, 60_000);

afterAll(async () => {
  globalThis.fetch = realFetch;
  await server.stop();
  await db.close();
});

let proxy: FaultProxy | null = null;
const outboxes: Outbox[] = [];
afterEach(async () => {
  for (const o of outboxes.splice(0)) await o.stop();
  await proxy?.close();
  proxy = null;
  globalThis.fetch = realFetch;
  await db.query('DELETE FROM signatures WHERE created_by_ipad_id = $1', [ipadId]);
});

describe('the outbox against the real server', () => {
  it('delivers 200 signatures exactly once through a proxy that breaks ~30% of requests', async () => {
    const random = seededRandom(SEED);
    const choose = (): Fault => {
      const r = random();
      if (r < 0.08) return 'reset_before';
      if (r < 0.16) return 'cut_request';
      if (r < 0.28) return 'lose_answer';
      if (r < 0.3) return 'stall';
      return 'pass';
    };
    proxy = await startFaultProxy(portOf(server.url), choose);
    routeFetchTo(proxy.url);
    const localDb = openDb(`faults-a-${randomUUID()}`);
    const outbox = makeOutbox(localDb, 1_000);
    outboxes.push(outbox);

    const ids = await enqueueCards(outbox, 200);
    const started = Date.now();
    await drainUntilEmpty(outbox, 55_000);
    const elapsed = Date.now() - started;

    expect(await outbox.list()).toEqual([]);
    expect(await localDb.outboxPayloads.count()).toBe(0);
    const stored = await storedClientIds();
    expect(stored.size).toBe(200);
    for (const id of ids) expect(stored.get(id), id).toBe(1);
    // Every kind of fault happened, including answers lost after the server stored the card.
    for (const fault of ['reset_before', 'cut_request', 'lose_answer', 'stall'] as const) expect(proxy.counts[fault], fault).toBeGreaterThan(0);
    const requests = Object.values(proxy.counts).reduce((a, b) => a + b, 0);
    console.log(`[outbox-faults] seed ${SEED}: 200 signatures in ${elapsed} ms over ${requests} requests`, proxy.counts);
    localDb.close();
  }, 70_000);

  it('finishes exactly once when the server is stopped mid-upload and started again on the same database', async () => {
    let current = server;
    let stopping: Promise<void> | null = null;
    let uploads = 0;
    proxy = await startFaultProxy(portOf(server.url), () => 'pass');
    routeFetchTo(proxy.url);
    const localDb = openDb(`faults-b-${randomUUID()}`);
    const outbox = makeOutbox(localDb, 3_000);
    outboxes.push(outbox);
    const ids = await enqueueCards(outbox, 40);

    // On the 15th upload the request is forwarded and the server goes down at that moment.
    proxy.onRequest = (head) => {
      if (!head.startsWith('POST /api/v1/app/ipad/signatures')) return;
      uploads += 1;
      if (uploads !== 15 || stopping) return;
      const victim = current;
      stopping = (async () => {
        victim.app.server.closeAllConnections();
        await victim.stop();
      })();
    };
    const draining = drainUntilEmpty(outbox, 45_000);

    await expect.poll(() => stopping !== null, { timeout: 20_000 }).toBe(true);
    await stopping;
    const duringOutage = (await outbox.list()).length;
    expect(duringOutage).toBeGreaterThan(0);
    // Down for a moment: the outbox keeps failing and backing off.
    await new Promise((r) => setTimeout(r, 500));
    current = await startTestServer(db);
    server = current;
    proxy.setTarget(portOf(current.url));

    await draining;
    expect(await outbox.list()).toEqual([]);
    const stored = await storedClientIds();
    expect(stored.size).toBe(40);
    for (const id of ids) expect(stored.get(id), id).toBe(1);
    localDb.close();
  }, 60_000);
});
