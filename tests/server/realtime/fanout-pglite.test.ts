/**
 * The fan-out on PGlite: two realtime servers share one embedded database, so the
 * LISTEN/NOTIFY path between processes runs here too.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Presence } from 'phoenix';
import type { Db } from '../../../server/db/db';
import { ipadDeviceTopic, type PresenceMeta } from '../../../src/contract/channels';
import { createPgliteTestDb } from '../../fixtures/db';
import { connect, eventually, join, seedAccount, startRealtimeServer, type TestServer } from './helpers';
import { FAST_NODES, startTwoNodes, twoNodeScenario } from './two-nodes';

let db: Db;
const servers: TestServer[] = [];

beforeAll(async () => {
  db = await createPgliteTestDb();
});
afterAll(async () => {
  for (const s of servers) await s.close();
  await db.close();
});

it('carries events and presence between two servers on one PGlite database', async () => {
  const { a, b } = await startTwoNodes(db, db);
  servers.push(a, b);
  await twoNodeScenario(db, a, b);
  const stored = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM realtime_messages');
  expect(stored[0]?.n).toBeGreaterThan(0);
});

it('drops the presences of a process that stops sending heartbeats', async () => {
  const server = await startRealtimeServer(db, FAST_NODES);
  servers.push(server);
  const { staff, ipadId } = await seedAccount(db);
  const client = await connect(server, staff.token, 'websocket');
  const channel = client.socket.channel(ipadDeviceTopic(ipadId), { from_web: true });
  const presence = new Presence(channel);
  let metas: PresenceMeta[] = [];
  presence.onSync(() => {
    metas = presence.list((_key, p: { metas: PresenceMeta[] }) => p.metas).flat();
  });
  expect((await join(channel)).status).toBe('ok');

  // A process that announces one kiosk and then goes silent (crashed, network cut).
  const meta = { local_device_id: 'ghost', phx_ref: 'ghost.1', online_at: new Date().toISOString() };
  const diff = { k: 'pd', v: 1, t: ipadDeviceTopic(ipadId), j: { ghost: { metas: [meta] } }, l: {} };
  await db.notify('realtime_fanout', JSON.stringify({ n: 'ghost-node', m: [{ k: 'hb', v: 0 }, diff] }));
  await eventually(() => metas.length === 1, 2_000, 'ghost presence');
  expect(await server.realtime.presenceOf(ipadId)).toEqual([meta]);

  await eventually(() => metas.length === 0, 3_000, 'ghost presence dropped after missed heartbeats');
  expect(await server.realtime.presenceOf(ipadId)).toEqual([]);
  await client.disconnect();
});
