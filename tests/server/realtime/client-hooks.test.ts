/**
 * The PWA's realtime wiring (src/lib/realtime) against the real server: the single socket,
 * useChannel, usePresence and useConnectionState rendered with React in a jsdom document.
 */
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createElement } from 'react';
import type { Root } from 'react-dom/client';
import { WebSocket } from 'ws';
import type { Db } from '../../../server/db/db';
import { ipadDeviceTopic, webAccountTopic, type PresenceMeta, type UpdatedSignatureEvent } from '../../../src/contract/channels';
import { createPgliteTestDb } from '../../fixtures/db';
import { connect, eventually, join, nextEvent, push, seedAccount, startRealtimeServer, type TestServer } from './helpers';
import { wireSignature } from '../../fixtures/signature';

// React DOM needs a window and a document. They are set after the static imports, so phoenix
// (already loaded by the helpers) keeps using Node's globals, as do the server and PGlite.
const dom = new JSDOM('<!doctype html><div id="root"></div>');
// Updates come from the network, as in the browser: no act() environment.
Object.assign(globalThis, { window: dom.window, document: dom.window.document });
if (!('navigator' in globalThis)) Object.assign(globalThis, { navigator: dom.window.navigator });

const realtime = await import('../../../src/lib/realtime');
const { createRoot } = await import('react-dom/client');

let db: Db;
let server: TestServer;

beforeAll(async () => {
  db = await createPgliteTestDb();
  server = await startRealtimeServer(db);
});
afterAll(async () => {
  realtime.resetRealtime();
  await server.close();
  await db.close();
});

interface Seen {
  connection: string;
  accountStatus: string;
  metas: PresenceMeta[];
  updates: UpdatedSignatureEvent[];
  logoutFromWeb: (() => Promise<unknown>) | null;
}

it('joins, receives events, lists presence and pushes through the hooks', async () => {
  const { account, staff, ipadId, kioskToken } = await seedAccount(db);
  realtime.configureRealtime({ endpoint: `${server.url.replace('http', 'ws')}/socket`, transport: WebSocket, getToken: () => staff.token });
  const seen: Seen = { connection: '', accountStatus: '', metas: [], updates: [], logoutFromWeb: null };

  function StaffConsole() {
    seen.connection = realtime.useConnectionState();
    const accountChannel = realtime.useChannel(
      webAccountTopic(account.id),
      { from_web: true, membership_id: staff.membershipId },
      { updated_signature: (event) => seen.updates.push(event) },
    );
    seen.accountStatus = accountChannel.status;
    const deviceTopic = ipadDeviceTopic(ipadId);
    seen.metas = realtime.usePresence(deviceTopic, { from_web: true });
    const device = realtime.useChannel(deviceTopic, { from_web: true });
    seen.logoutFromWeb = () => device.push('logout_from_web', {});
    return null;
  }

  const root: Root = createRoot(dom.window.document.getElementById('root') as unknown as Element);
  root.render(createElement(StaffConsole));
  await eventually(() => seen.connection === 'online' && seen.accountStatus === 'joined', 5_000, 'joined');

  server.events.emit('signatureUpdated', { accountId: account.id, reason: 'created_by_ipad', signature: wireSignature('a') });
  await eventually(() => seen.updates.length === 1, 2_000, 'updated_signature');
  expect(seen.updates[0]).toEqual({ reason: 'created_by_ipad', signature: wireSignature('a') });

  // The kiosk (another device, plain client) tracks itself; the staff hook lists it.
  const kiosk = await connect(server, kioskToken, 'websocket');
  const kioskChannel = kiosk.socket.channel(ipadDeviceTopic(ipadId), {});
  expect((await join(kioskChannel)).status).toBe('ok');
  expect((await push(kioskChannel, 'track', { local_device_id: 'front-ipad' })).status).toBe('ok');
  await eventually(() => seen.metas.length === 1, 2_000, 'presence in the hook');
  expect(seen.metas[0]?.local_device_id).toBe('front-ipad');

  const logout = nextEvent(kioskChannel, 'logout');
  await seen.logoutFromWeb?.();
  expect(await logout).toEqual({});

  // Two hooks on the device topic share one channel: the socket holds two joins in all.
  expect(server.realtime.stats().subscriptions).toBe(3);
  root.unmount();
  await eventually(() => server.realtime.stats().subscriptions === 1, 2_000, 'channels left on unmount');

  realtime.resetRealtime();
  expect(realtime.getConnectionState()).toBe('offline');
  await kiosk.disconnect();
});
