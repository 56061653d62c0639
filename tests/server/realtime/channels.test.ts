/**
 * The realtime socket with the official phoenix client, over websocket and long-poll, on PGlite:
 * joins, authorisation, domain events and presence.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db/db';
import { ipadDeviceTopic, webAccountTopic, WEB_ALL_ACCOUNTS_TOPIC, type PresenceMeta, type PresenceState } from '../../../src/contract/channels';
import { createPgliteTestDb } from '../../fixtures/db';
import { connect, eventually, join, nextEvent, push, seedAccount, startRealtimeServer, type Client, type TestServer, type TransportName } from './helpers';
import { Presence } from 'phoenix';
import { wireSignature } from '../../fixtures/signature';

let db: Db;
let server: TestServer;

beforeAll(async () => {
  db = await createPgliteTestDb();
  server = await startRealtimeServer(db, { longPollWindowMs: 1_000, longPollSessionTimeoutMs: 1_500 });
});
afterAll(async () => {
  await server.close();
  await db.close();
});

const TRANSPORTS: TransportName[] = ['websocket', 'longpoll'];

describe.each(TRANSPORTS)('over %s', (transport) => {
  const clients: Client[] = [];
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.disconnect()));
  });
  const open = async (token: string | null) => {
    const client = await connect(server, token, transport);
    clients.push(client);
    return client;
  };

  it('joins web:account, receives updated_signature and removed_signature', async () => {
    const { account, staff } = await seedAccount(db);
    const { socket } = await open(staff.token);
    const channel = socket.channel(webAccountTopic(account.id), { from_web: true, membership_id: staff.membershipId });
    expect(await join(channel)).toEqual({ status: 'ok', response: {} });

    const updated = nextEvent(channel, 'updated_signature');
    const signature = wireSignature('sig-1', { name: 'Ann' });
    server.events.emit('signatureUpdated', { accountId: account.id, reason: 'created_by_ipad', signature });
    expect(await updated).toEqual({ reason: 'created_by_ipad', signature });

    const removed = nextEvent(channel, 'removed_signature');
    server.events.emit('signatureRemoved', { accountId: account.id, signatureId: 'sig-1', serviceId: 'svc-1' });
    expect(await removed).toEqual({ signature_unique_identifier: 'sig-1', service_unique_identifier: 'svc-1' });
  });

  it('accepts membershipId as the join param name too', async () => {
    const { account, staff } = await seedAccount(db);
    const { socket } = await open(staff.token);
    const channel = socket.channel(webAccountTopic(account.id), { from_web: true, membershipId: staff.membershipId });
    expect((await join(channel)).status).toBe('ok');
  });

  it('tracks a kiosk on its device channel and shows it to staff', async () => {
    const { account, staff, ipadId, kioskToken } = await seedAccount(db);
    const staffClient = await open(staff.token);
    const staffChannel = staffClient.socket.channel(ipadDeviceTopic(ipadId), { from_web: true, membership_id: staff.membershipId });
    // The client's Presence must exist before the join to see the join's presence_state.
    const presence = new Presence(staffChannel);
    let metas: PresenceMeta[] = [];
    presence.onSync(() => {
      metas = presence.list((_key, p: { metas: PresenceMeta[] }) => p.metas).flat();
    });
    const firstState = nextEvent<PresenceState>(staffChannel, 'presence_state');
    expect((await join(staffChannel)).status).toBe('ok');
    expect(await firstState).toEqual({});

    const kiosk = await open(kioskToken);
    const kioskChannel = kiosk.socket.channel(ipadDeviceTopic(ipadId), {});
    expect((await join(kioskChannel)).status).toBe('ok');
    expect(await push(kioskChannel, 'track', { local_device_id: 'dev-1', pending_count: 2, app_version: '1.0.0' })).toEqual({ status: 'ok', response: {} });

    await eventually(() => metas.length === 1, 5_000, 'kiosk presence');
    expect(metas[0]).toMatchObject({ local_device_id: 'dev-1', pending_count: 2, app_version: '1.0.0' });
    expect(typeof metas[0]?.phx_ref).toBe('string');
    expect(await server.realtime.presenceOf(ipadId)).toHaveLength(1);
    const ipad = await db.query<{ has_been_setup: boolean; last_seen_online_at: Date | null }>('SELECT has_been_setup, last_seen_online_at FROM ipads WHERE id = $1', [ipadId]);
    expect(ipad[0]).toMatchObject({ has_been_setup: true });
    expect(ipad[0]?.last_seen_online_at).not.toBeNull();

    // A later track replaces the meta (leave old ref + join new ref with phx_ref_prev).
    const oldRef = metas[0]?.phx_ref;
    expect((await push(kioskChannel, 'track', { local_device_id: 'dev-1', pending_count: 0 })).status).toBe('ok');
    await eventually(() => metas.length === 1 && metas[0]?.pending_count === 0, 5_000, 'meta update');
    expect(metas[0]?.phx_ref_prev).toBe(oldRef);

    // Staff ask the kiosk to sign out.
    const logout = nextEvent(kioskChannel, 'logout');
    expect(await push(staffChannel, 'logout_from_web', {})).toEqual({ status: 'ok', response: {} });
    expect(await logout).toEqual({});

    // Assigning a service reaches the device channel.
    const changed = nextEvent(kioskChannel, 'service_changed');
    server.events.emit('ipadServiceChanged', { accountId: account.id, ipadId, activeServiceId: null });
    expect(await changed).toEqual({ active_service_unique_identifier: null });

    // The kiosk goes away: staff see the leave.
    await kiosk.disconnect();
    await eventually(() => metas.length === 0, 20_000, 'kiosk leave');
    expect(await server.realtime.presenceOf(ipadId)).toEqual([]);
  });
});

describe('authorisation', () => {
  it('refuses a websocket without a token, or with an unknown one, with 403', async () => {
    const { upgradeStatus } = await import('./helpers');
    expect(await upgradeStatus(server, 'vsn=2.0.0')).toBe(403);
    expect(await upgradeStatus(server, 'vsn=2.0.0&token=nope')).toBe(403);
  });

  it('refuses clients that do not speak vsn 2.0.0', async () => {
    const { staff } = await seedAccount(db);
    const { upgradeStatus } = await import('./helpers');
    expect(await upgradeStatus(server, `token=${staff.token}`)).toBe(403);
    expect(await upgradeStatus(server, `token=${staff.token}&vsn=1.0.0`)).toBe(403);
    expect(await upgradeStatus(server, `token=${staff.token}&vsn=2.0.0`)).toBe(101);
  });

  it('answers a long-poll connect without a valid token with status 403 (HTTP 200)', async () => {
    for (const query of ['vsn=2.0.0', 'vsn=2.0.0&token=nope']) {
      const res = await fetch(`${server.url}/socket/longpoll?${query}`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 403 });
    }
  });

  it('refuses joins of another account, wrong membership, staff on all_accounts and strangers on a device', async () => {
    const mine = await seedAccount(db);
    const other = await seedAccount(db);
    const client = await connect(server, mine.staff.token, 'websocket');
    const tryJoin = (topic: string, params: object) => join(client.socket.channel(topic, params));
    try {
      const membership = { from_web: true, membership_id: mine.staff.membershipId };
      expect(await tryJoin(webAccountTopic(other.account.id), membership)).toEqual({ status: 'error', response: { reason: 'unauthorized' } });
      expect(await tryJoin(webAccountTopic(mine.account.id), { from_web: true, membership_id: other.staff.membershipId })).toEqual({ status: 'error', response: { reason: 'unauthorized' } });
      expect((await tryJoin(webAccountTopic(mine.account.id), { from_web: true })).response).toMatchObject({ reason: 'invalid_params' });
      expect(await tryJoin(WEB_ALL_ACCOUNTS_TOPIC, membership)).toEqual({ status: 'error', response: { reason: 'unauthorized' } });
      expect(await tryJoin(ipadDeviceTopic(other.ipadId), membership)).toEqual({ status: 'error', response: { reason: 'unauthorized' } });
      expect(await tryJoin('rooms:lobby', {})).toEqual({ status: 'error', response: { reason: 'unmatched topic' } });
    } finally {
      await client.disconnect();
    }

    // A kiosk may join only its own device.
    const kiosk = await connect(server, mine.kioskToken, 'websocket');
    try {
      expect((await join(kiosk.socket.channel(ipadDeviceTopic(other.ipadId), {}))).status).toBe('error');
      expect((await join(kiosk.socket.channel(webAccountTopic(mine.account.id), { from_web: true, membership_id: mine.staff.membershipId }))).status).toBe('error');
      const own = kiosk.socket.channel(ipadDeviceTopic(mine.ipadId), {});
      expect((await join(own)).status).toBe('ok');
      expect(await push(own, 'logout_from_web', {})).toEqual({ status: 'error', response: { reason: 'forbidden' } });
      expect((await push(own, 'track', { pending_count: 1 })).response).toMatchObject({ reason: 'invalid_params' });
    } finally {
      await kiosk.disconnect();
    }
  });

  it('lets a superuser join web:all_accounts and any device, and delivers every account there', async () => {
    const { account, superuserToken, ipadId } = await seedAccount(db);
    const client = await connect(server, superuserToken, 'websocket');
    try {
      const all = client.socket.channel(WEB_ALL_ACCOUNTS_TOPIC, { from_web: true });
      expect((await join(all)).status).toBe('ok');
      expect((await join(client.socket.channel(ipadDeviceTopic(ipadId), { from_web: true }))).status).toBe('ok');
      const updated = nextEvent(all, 'updated_signature');
      server.events.emit('signatureUpdated', { accountId: account.id, reason: 'transcribed', signature: wireSignature('s') });
      expect(await updated).toEqual({ reason: 'transcribed', signature: wireSignature('s') });
    } finally {
      await client.disconnect();
    }
  });
});
