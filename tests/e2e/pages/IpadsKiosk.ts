import { Socket, type Channel } from 'phoenix';
import { WebSocket } from 'ws';
import { ipadDeviceTopic, type TrackMeta } from '../../../src/contract/channels';

/** Replies and events the test waits for; none takes longer than this on a local server. */
const WAIT_MS = 10_000;

export interface FakeKioskConnection {
  track(meta: TrackMeta): Promise<void>;
  /** Resolves with the payload of the next `event` pushed to the kiosk. */
  next(event: string): Promise<unknown>;
  close(): Promise<void>;
}

/**
 * An iPad kiosk's realtime side, as the real kiosk speaks it: the official phoenix client with
 * the kiosk's token, joined to its own `ipad:device:{id}` and tracking its presence meta.
 */
export async function connectKiosk(serverUrl: string, kioskToken: string, ipadId: string): Promise<FakeKioskConnection> {
  const socket = new Socket(`${serverUrl.replace(/^http/, 'ws')}/socket`, { params: { token: kioskToken }, transport: WebSocket });
  socket.connect();
  const channel: Channel = socket.channel(ipadDeviceTopic(ipadId), {});
  await reply(channel.join(WAIT_MS), 'join');
  return {
    track: (meta) => reply(channel.push('track', meta, WAIT_MS), 'track'),
    next: (event) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${event} within ${WAIT_MS} ms`)), WAIT_MS);
        const ref = channel.on(event, (payload) => {
          clearTimeout(timer);
          channel.off(event, ref);
          resolve(payload);
        });
      }),
    close: () => new Promise<void>((resolve) => socket.disconnect(() => resolve())),
  };
}

function reply(push: ReturnType<Channel['push']>, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    push
      .receive('ok', () => resolve())
      .receive('error', (response: unknown) => reject(new Error(`${what} refused: ${JSON.stringify(response)}`)))
      .receive('timeout', () => reject(new Error(`${what} timed out`)));
  });
}
