/**
 * Phoenix protocol details checked frame by frame over a raw websocket (and raw long-poll
 * HTTP), where the official client would hide them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db/db';
import { ipadDeviceTopic, webAccountTopic } from '../../../src/contract/channels';
import { createPgliteTestDb } from '../../fixtures/db';
import { rawSocket, seedAccount, sleep, startRealtimeServer, type TestServer } from './helpers';

let db: Db;
let server: TestServer;

/** Short enough for a test, long enough that a busy machine does not trip it by accident. */
const IDLE_TIMEOUT_MS = 1_500;
let idleServer: TestServer;

beforeAll(async () => {
  db = await createPgliteTestDb();
  server = await startRealtimeServer(db, { longPollWindowMs: 500, longPollSessionTimeoutMs: 1_200 });
  idleServer = await startRealtimeServer(db, { websocketIdleTimeoutMs: IDLE_TIMEOUT_MS });
});
afterAll(async () => {
  await server.close();
  await idleServer.close();
  await db.close();
});

const isReply = (ref: string) => (f: unknown[]) => f[1] === ref && f[3] === 'phx_reply';
const isEvent = (event: string) => (f: unknown[]) => f[3] === event;

describe('websocket frames', () => {
  it('answers heartbeats and keeps a heartbeating socket open past the idle timeout', async () => {
    const { staff } = await seedAccount(db);
    const raw = await rawSocket(idleServer, `token=${staff.token}&vsn=2.0.0`);
    for (let i = 1; i <= 8; i++) {
      raw.send([null, String(i), 'phoenix', 'heartbeat', {}]);
      expect(await raw.next(isReply(String(i)))).toEqual([null, String(i), 'phoenix', 'phx_reply', { status: 'ok', response: {} }]);
      await sleep(IDLE_TIMEOUT_MS / 5);
    }
    expect(raw.ws.readyState).toBe(raw.ws.OPEN);
    raw.ws.close();
  });

  it('drops a websocket that sends nothing for the idle timeout', async () => {
    const { staff } = await seedAccount(db);
    const raw = await rawSocket(idleServer, `token=${staff.token}&vsn=2.0.0`);
    const closed = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), IDLE_TIMEOUT_MS * 3);
      raw.ws.once('close', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    expect(closed).toBe(true);
  });

  it('closes the old join on a duplicate join, drops stale join_refs and leaves cleanly', async () => {
    const { account, staff } = await seedAccount(db);
    const topic = webAccountTopic(account.id);
    const params = { from_web: true, membership_id: staff.membershipId };
    const raw = await rawSocket(server, `token=${staff.token}&vsn=2.0.0`);

    raw.send(['1', '1', topic, 'phx_join', params]);
    expect(await raw.next(isReply('1'))).toEqual(['1', '1', topic, 'phx_reply', { status: 'ok', response: {} }]);
    raw.send(['3', '3', topic, 'phx_join', params]);
    expect(await raw.next(isEvent('phx_close'))).toEqual(['1', '1', topic, 'phx_close', {}]);
    expect(await raw.next(isReply('3'))).toEqual(['3', '3', topic, 'phx_reply', { status: 'ok', response: {} }]);

    // A push under the old join is stale: no reply at all. Under the current one it is answered.
    raw.send(['1', '4', topic, 'whatever', {}]);
    raw.send(['3', '5', topic, 'whatever', {}]);
    expect(await raw.next(isReply('5'))).toEqual(['3', '5', topic, 'phx_reply', { status: 'error', response: { reason: 'unknown_event' } }]);
    expect(raw.frames.find(isReply('4'))).toBeUndefined();

    // A push to a topic that is not joined.
    raw.send(['9', '6', 'web:account:00000000-0000-0000-0000-000000000000', 'anything', {}]);
    expect(await raw.next(isReply('6'))).toEqual([null, '6', 'web:account:00000000-0000-0000-0000-000000000000', 'phx_reply', { status: 'error', response: { reason: 'unmatched topic' } }]);

    raw.send(['3', '7', topic, 'phx_leave', {}]);
    expect(await raw.next(isReply('7'))).toEqual(['3', '7', topic, 'phx_reply', { status: 'ok', response: {} }]);
    expect(await raw.next(isEvent('phx_close'))).toEqual(['3', '3', topic, 'phx_close', {}]);
    // The channel is gone: events no longer arrive.
    server.events.emit('signatureRemoved', { accountId: account.id, signatureId: 'a', serviceId: 'b' });
    await sleep(100);
    expect(raw.frames.find(isEvent('removed_signature'))).toBeUndefined();
    raw.ws.close();
  });

  it('pushes presence_state after every join and rejoin, and diffs for track and leave', async () => {
    const { staff, ipadId, kioskToken } = await seedAccount(db);
    const topic = ipadDeviceTopic(ipadId);
    const watcher = await rawSocket(server, `token=${staff.token}&vsn=2.0.0`);
    watcher.send(['1', '1', topic, 'phx_join', { from_web: true }]);
    await watcher.next(isReply('1'));
    expect(await watcher.next(isEvent('presence_state'))).toEqual(['1', null, topic, 'presence_state', {}]);

    const kiosk = await rawSocket(server, `token=${kioskToken}&vsn=2.0.0`);
    kiosk.send(['1', '1', topic, 'phx_join', {}]);
    await kiosk.next(isReply('1'));
    kiosk.send(['1', '2', topic, 'track', { local_device_id: 'ipad-a', pending_count: 3 }]);
    expect(await kiosk.next(isReply('2'))).toEqual(['1', '2', topic, 'phx_reply', { status: 'ok', response: {} }]);

    const join = await watcher.next(isEvent('presence_diff'));
    expect(join.slice(0, 3)).toEqual([null, null, topic]);
    const joinDiff = join[4] as { joins: Record<string, { metas: { phx_ref: string }[] }>; leaves: object };
    expect(joinDiff.leaves).toEqual({});
    const meta = joinDiff.joins['ipad-a']?.metas[0];
    expect(meta).toMatchObject({ local_device_id: 'ipad-a', pending_count: 3 });

    // A rejoin of the watcher gets the current state, tagged with the new join_ref.
    watcher.send(['5', '5', topic, 'phx_join', { from_web: true }]);
    await watcher.next(isReply('5'));
    const state = await watcher.next(isEvent('presence_state'));
    expect(state[0]).toBe('5');
    expect(state[4]).toEqual({ 'ipad-a': { metas: [meta] } });

    // The kiosk's socket goes away: its presence leaves.
    kiosk.ws.close();
    const leave = await watcher.next(isEvent('presence_diff'));
    expect(leave[4]).toEqual({ joins: {}, leaves: { 'ipad-a': { metas: [meta] } } });
    watcher.ws.close();
  });

  it('refuses the 101st channel of a socket', async () => {
    const { account, staff } = await seedAccount(db);
    const ipads = await db.query<{ id: string }>('INSERT INTO ipads (account_id) SELECT $1 FROM generate_series(1, 101) RETURNING id', [account.id]);
    const raw = await rawSocket(server, `token=${staff.token}&vsn=2.0.0`);
    ipads.forEach(({ id }, i) => raw.send([String(i + 1), String(i + 1), ipadDeviceTopic(id), 'phx_join', { from_web: true }]));
    expect((await raw.next(isReply('100'), 10_000))[4]).toEqual({ status: 'ok', response: {} });
    expect((await raw.next(isReply('101')))[4]).toEqual({ status: 'error', response: { reason: 'too many channels joined' } });
    raw.ws.close();
  });
});

describe('long-poll HTTP contract', () => {
  const lp = (query: string, init?: RequestInit) => fetch(`${server.url}/socket/longpoll?${query}`, init).then(async (r) => ({ http: r.status, body: (await r.json()) as { status: number; token?: string | null; messages?: string[] } }));

  it('opens a session, takes frames by POST, returns them by GET, accepts the header token and expires idle sessions', async () => {
    const { account, staff } = await seedAccount(db);
    const open = await lp(`token=${staff.token}&vsn=2.0.0&`);
    expect(open.http).toBe(200);
    expect(open.body).toMatchObject({ status: 410, messages: [] });
    const session = String(open.body.token);

    const topic = webAccountTopic(account.id);
    const frames = [JSON.stringify(['1', '1', topic, 'phx_join', { from_web: true, membership_id: staff.membershipId }]), JSON.stringify([null, '2', 'phoenix', 'heartbeat', {}])];
    const post = await lp(`token=${staff.token}&vsn=2.0.0&token=${session}`, { method: 'POST', headers: { 'content-type': 'application/x-ndjson' }, body: frames.join('\n') });
    expect(post.body).toEqual({ status: 200 });

    // Newer clients send the session token as a header instead of the last query param.
    const poll = await lp(`token=${staff.token}&vsn=2.0.0`, { headers: { 'x-phoenix-longpoll-token': session } });
    expect(poll.body.status).toBe(200);
    expect(poll.body.token).toBe(session);
    expect(poll.body.messages?.map((m) => JSON.parse(m) as unknown[])).toEqual([
      ['1', '1', topic, 'phx_reply', { status: 'ok', response: {} }],
      [null, '2', 'phoenix', 'phx_reply', { status: 'ok', response: {} }],
    ]);

    // Nothing to say within the window → 204.
    const empty = await lp(`token=${staff.token}&vsn=2.0.0&token=${session}`);
    expect(empty.body).toEqual({ status: 204, token: session, messages: [] });

    // No poll for longer than the session timeout → the session is gone.
    await sleep(2_500);
    expect((await lp(`token=${staff.token}&vsn=2.0.0&token=${session}`)).body).toMatchObject({ status: 410, token: null });
    expect((await lp(`token=${staff.token}&vsn=2.0.0&token=${session}`, { method: 'POST', headers: { 'content-type': 'application/x-ndjson' }, body: frames[1] })).body).toEqual({ status: 410 });
  });

  it('answers OPTIONS preflights and refuses other methods', async () => {
    const res = await fetch(`${server.url}/socket/longpoll`, { method: 'OPTIONS', headers: { 'access-control-request-headers': 'content-type' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-methods')).toBe('get, post, options');
    expect(res.headers.get('access-control-allow-headers')).toBe('content-type');
    expect((await fetch(`${server.url}/socket/longpoll`, { method: 'PUT' })).status).toBe(400);
  });
});
