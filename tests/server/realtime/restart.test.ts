/**
 * A server restart (deploy): the phoenix client, over either transport, reconnects to the new
 * process on the same address and rejoins its channels without any help.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Channel } from 'phoenix';
import type { Db } from '../../../server/db/db';
import { webAccountTopic } from '../../../src/contract/channels';
import { createPgliteTestDb } from '../../fixtures/db';
import { eventually, join, makeSocket, nextEvent, seedAccount, startRealtimeServer, type TestServer, type TransportName } from './helpers';

let db: Db;
beforeAll(async () => {
  db = await createPgliteTestDb();
});
afterAll(async () => {
  await db.close();
});

const TRANSPORTS: TransportName[] = ['websocket', 'longpoll'];

describe.each(TRANSPORTS)('over %s', (transport) => {
  it('reconnects to the restarted server and rejoins', async () => {
    const { account, staff } = await seedAccount(db);
    const first = await startRealtimeServer(db);
    const port = Number(new URL(first.url).port);
    const socket = makeSocket(first, staff.token, transport, { reconnectAfterMs: () => 100, rejoinAfterMs: () => 100 });
    socket.connect();
    const channel: Channel = socket.channel(webAccountTopic(account.id), { from_web: true, membership_id: staff.membershipId });
    expect((await join(channel)).status).toBe('ok');

    await first.close();
    const second = await startRealtimeServer(db, {}, port);
    try {
      await eventually(() => socket.isConnected() && channel.state === 'joined' && second.realtime.stats().subscriptions === 1, 8_000, 'rejoin on the new server');
      const event = nextEvent(channel, 'removed_signature');
      second.events.emit('signatureRemoved', { accountId: account.id, signatureId: 's', serviceId: 'v' });
      expect(await event).toEqual({ signature_unique_identifier: 's', service_unique_identifier: 'v' });
    } finally {
      await new Promise<void>((resolve) => socket.disconnect(() => resolve()));
      await second.close();
    }
  });
});
