/**
 * The cross-process scenario, run on PGlite (two realtime servers on one database) and on
 * PostgreSQL (two servers, two connections): broadcasts, oversized broadcasts and presence
 * reach the other process, and a closing process takes its presences with it.
 */
import { expect } from 'vitest';
import { Presence } from 'phoenix';
import type { Db } from '../../../server/db/db';
import { ipadDeviceTopic, webAccountTopic, type PresenceMeta } from '../../../src/contract/channels';
import { connect, eventually, join, nextEvent, push, seedAccount, startRealtimeServer, type TestServer } from './helpers';
import { wireSignature } from '../../fixtures/signature';

/** Short heartbeats so a silent process is noticed within the test's time. */
export const FAST_NODES = { nodeHeartbeatMs: 200, nodeTimeoutMs: 600 };

export async function startTwoNodes(dbA: Db, dbB: Db): Promise<{ a: TestServer; b: TestServer }> {
  const a = await startRealtimeServer(dbA, FAST_NODES);
  const b = await startRealtimeServer(dbB, FAST_NODES);
  return { a, b };
}

/** `seedDb` is where rows are written (any of the two connections sees them). */
export async function twoNodeScenario(seedDb: Db, a: TestServer, b: TestServer): Promise<void> {
  const { account, staff, ipadId, kioskToken } = await seedAccount(seedDb);

  // Staff on B listen to the account and to the device.
  const staffOnB = await connect(b, staff.token, 'websocket');
  const accountChannel = staffOnB.socket.channel(webAccountTopic(account.id), { from_web: true, membership_id: staff.membershipId });
  expect((await join(accountChannel)).status).toBe('ok');
  const deviceChannel = staffOnB.socket.channel(ipadDeviceTopic(ipadId), { from_web: true });
  const presence = new Presence(deviceChannel);
  let metas: PresenceMeta[] = [];
  presence.onSync(() => {
    metas = presence.list((_key, p: { metas: PresenceMeta[] }) => p.metas).flat();
  });
  expect((await join(deviceChannel)).status).toBe('ok');

  // An event emitted in A reaches the socket on B within 1 s.
  const started = Date.now();
  const small = nextEvent(accountChannel, 'updated_signature', 1_000);
  a.events.emit('signatureUpdated', { accountId: account.id, reason: 'created_by_qr_code', signature: wireSignature('x') });
  expect(await small).toEqual({ reason: 'created_by_qr_code', signature: wireSignature('x') });
  expect(Date.now() - started).toBeLessThan(1_000);

  // Bigger than NOTIFY's 8000-byte limit: it travels through realtime_messages.
  const signature = wireSignature('big', { name: 'é'.repeat(20_000) });
  const big = nextEvent(accountChannel, 'updated_signature', 2_000);
  a.events.emit('signatureUpdated', { accountId: account.id, reason: 'transcribed', signature });
  expect(await big).toEqual({ reason: 'transcribed', signature });

  // A kiosk tracked on A is listed from B, and B's staff see it join.
  const kioskOnA = await connect(a, kioskToken, 'websocket');
  const kioskChannel = kioskOnA.socket.channel(ipadDeviceTopic(ipadId), {});
  expect((await join(kioskChannel)).status).toBe('ok');
  expect((await push(kioskChannel, 'track', { local_device_id: 'kiosk-1' })).status).toBe('ok');
  await eventually(async () => (await b.realtime.presenceOf(ipadId)).length === 1, 2_000, 'presence seen from B');
  await eventually(() => metas.length === 1, 2_000, 'presence diff on B');
  expect(metas[0]?.local_device_id).toBe('kiosk-1');

  // logout_from_web pushed on B reaches the kiosk on A.
  const logout = nextEvent(kioskChannel, 'logout', 2_000);
  expect((await push(deviceChannel, 'logout_from_web', {})).status).toBe('ok');
  expect(await logout).toEqual({});

  // A stops: B drops A's presences and its staff see the leave.
  await a.close();
  await eventually(async () => (await b.realtime.presenceOf(ipadId)).length === 0, 3_000, 'presence dropped on B');
  await eventually(() => metas.length === 0, 3_000, 'leave diff on B');
  await staffOnB.disconnect();
  await kioskOnA.disconnect();
}
