/**
 * ChannelSession without a network: crash semantics and the per-socket limits, with a fake
 * transport and fake topics.
 */
import { describe, expect, it } from 'vitest';
import type { Principal } from '../../../server/http/auth';
import { LocalHub } from '../../../server/channels/hub';
import { ChannelSession } from '../../../server/channels/session';
import type { TopicRouter } from '../../../server/channels/types';

const principal = { kind: 'ipad', tokenId: 't', ipadId: 'i', accountId: 'a' } satisfies Principal;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

const router: TopicRouter = {
  match: (topic) => {
    if (topic === 'test:ok') {
      return async () => ({
        ok: true,
        behaviour: {
          handleIn: async (event) => {
            if (event === 'boom') throw new Error('bug');
            return { status: 'ok', response: { echoed: event } };
          },
        },
      });
    }
    if (topic === 'test:crash-on-join') return async () => Promise.reject(new Error('bug'));
    return null;
  },
};

function session() {
  const frames: unknown[][] = [];
  const closes: number[] = [];
  const hub = new LocalHub();
  const s = new ChannelSession(
    principal,
    { kind: 'websocket', send: (f) => frames.push(JSON.parse(f.text) as unknown[]), close: (code) => closes.push(code) },
    { router, hub, log: quiet, maxChannels: 100 },
  );
  const send = (frame: unknown[]) => s.receive(JSON.stringify(frame));
  return { s, hub, frames, closes, send };
}

describe('ChannelSession', () => {
  it('answers a crashing push with phx_error (no reply) and forgets the channel', async () => {
    const { frames, hub, send } = session();
    await send(['1', '1', 'test:ok', 'phx_join', {}]);
    await send(['1', '2', 'test:ok', 'hello', {}]);
    await send(['1', '3', 'test:ok', 'boom', {}]);
    expect(frames).toEqual([
      ['1', '1', 'test:ok', 'phx_reply', { status: 'ok', response: {} }],
      ['1', '2', 'test:ok', 'phx_reply', { status: 'ok', response: { echoed: 'hello' } }],
      ['1', '1', 'test:ok', 'phx_error', { reason: 'channel_crash' }],
    ]);
    expect(hub.hasSubscribers('test:ok')).toBe(false);
    await send(['1', '4', 'test:ok', 'hello', {}]);
    expect(frames.at(-1)).toEqual([null, '4', 'test:ok', 'phx_reply', { status: 'error', response: { reason: 'unmatched topic' } }]);
  });

  it('answers a crashing join with "join crashed" and ignores malformed frames', async () => {
    const { frames, s } = session();
    await s.receive('not json');
    await s.receive(JSON.stringify(['1', '1', 'test:ok', 'phx_join', 'not an object']));
    await s.receive(JSON.stringify(['1', '1', 'test:crash-on-join', 'phx_join', {}]));
    expect(frames).toEqual([['1', '1', 'test:crash-on-join', 'phx_reply', { status: 'error', response: { reason: 'join crashed' } }]]);
  });

  it('sends nothing once the transport closed, and unsubscribes every channel', async () => {
    const { frames, hub, s, send } = session();
    await send(['1', '1', 'test:ok', 'phx_join', {}]);
    s.close();
    expect(hub.hasSubscribers('test:ok')).toBe(false);
    await send([null, '2', 'phoenix', 'heartbeat', {}]);
    expect(frames).toHaveLength(1);
  });
});
