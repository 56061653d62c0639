/**
 * The realtime server: a Phoenix-Channels-compatible socket at /socket (websocket and
 * long-poll) on the Fastify server, the topics of src/contract/channels.ts, presence, and the
 * fan-out that joins several server processes through PostgreSQL LISTEN/NOTIFY.
 *
 * Call attachRealtime() after the routes are registered and before listen(). Fastify's close()
 * also closes it (preClose hook); calling close() yourself first is fine.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ipadDeviceTopic, REALTIME_SOCKET_PATH, type PresenceMeta } from '../../src/contract/channels';
import type { Db } from '../db/db';
import type { DomainEvents } from '../domain/events';
import { resolvePrincipal } from '../http/auth';
import { bridgeDomainEvents } from './domain-bridge';
import { Fanout } from './fanout';
import { LocalHub } from './hub';
import { FanoutMessageSchema } from './messages';
import { PresenceTracker } from './presence';
import type { Payload } from './protocol';
import { ChannelSession } from './session';
import { createTopicRouter } from './topics';
import { LongPollTransport } from './transports/longpoll';
import type { TransportDeps } from './transports/types';
import { WebSocketTransport } from './transports/websocket';
import type { Broadcast, RealtimeLog } from './types';

export type { RealtimeLog } from './types';

export interface RealtimeOptions {
  /** Drop a websocket after this long without any frame (default 60 s = two missed heartbeats). */
  websocketIdleTimeoutMs?: number;
  /** How long a long-poll GET waits for messages (default 10 s, as Phoenix). */
  longPollWindowMs?: number;
  /** End a long-poll session after this long without a poll (default 15 s, as Phoenix). */
  longPollSessionTimeoutMs?: number;
  /** Phoenix's default limit of channels per socket (100). */
  maxChannelsPerSocket?: number;
  /** How often this process tells the others it is alive (default 5 s). */
  nodeHeartbeatMs?: number;
  /** Drop another process's presences after this long without hearing from it (default 3 heartbeats). */
  nodeTimeoutMs?: number;
  /** The LISTEN/NOTIFY channel; processes of one product must agree on it. */
  notifyChannel?: string;
  /** Stored oversized fan-out messages are deleted after this (default 5 min). */
  messageRetentionMs?: number;
  /** Drop a websocket whose unsent data exceeds this (default 8 MiB). */
  maxBufferedBytes?: number;
}

export interface AttachRealtimeOptions {
  app: FastifyInstance;
  db: Db;
  events: DomainEvents;
  log: RealtimeLog;
  options?: RealtimeOptions;
}

export interface RealtimeStats {
  websockets: number;
  longPollSessions: number;
  /** Joined channels over all connections of this process. */
  subscriptions: number;
}

export interface RealtimeServer {
  /** This process's id in the fan-out (also the prefix of its presence refs). */
  readonly nodeId: string;
  /** The presences tracked on `ipad:device:{ipadId}`, in every process: non-empty = connected. */
  presenceOf(ipadId: string): Promise<PresenceMeta[]>;
  /** Sends an event to a topic's subscribers in every process (domain events already do). */
  broadcast(topic: string, event: string, payload: Payload): void;
  stats(): RealtimeStats;
  /** Closes sockets with 1001, announces this process's presences gone and stops listening. */
  close(): Promise<void>;
}

const DEFAULTS = {
  websocketIdleTimeoutMs: 60_000,
  longPollWindowMs: 10_000,
  longPollSessionTimeoutMs: 15_000,
  maxChannelsPerSocket: 100,
  nodeHeartbeatMs: 5_000,
  notifyChannel: 'realtime_fanout',
  messageRetentionMs: 5 * 60_000,
  maxBufferedBytes: 8 * 1024 * 1024,
} as const;
/** Client frames are small JSON (joins, track metas); anything bigger is not our client. */
const MAX_FRAME_BYTES = 256 * 1024;
/** Long-poll batches carry up to 100 frames. */
const MAX_LONGPOLL_BODY_BYTES = 1024 * 1024;
/** Long-poll frames kept for a client that stopped polling, before its session is ended. */
const MAX_LONGPOLL_BUFFERED_FRAMES = 5_000;

export async function attachRealtime({ app, db, events, log, options = {} }: AttachRealtimeOptions): Promise<RealtimeServer> {
  const o = { ...DEFAULTS, ...options };
  const nodeTimeoutMs = options.nodeTimeoutMs ?? 3 * o.nodeHeartbeatMs;
  const nodeId = randomBytes(6).toString('base64url');

  const hub = new LocalHub();
  const fanout = new Fanout(db, nodeId, log, { channel: o.notifyChannel, retentionMs: o.messageRetentionMs });
  const presence = new PresenceTracker(nodeId, hub, (m) => fanout.publish(m), { heartbeatMs: o.nodeHeartbeatMs, nodeTimeoutMs }, log);
  // The NOTIFY for the other processes goes out first (it is written within this turn's
  // microtasks); the local send loop, which can take tens of ms for thousands of sockets,
  // runs on the next turn instead of delaying every other process by its length.
  // setImmediate keeps broadcasts in order.
  const broadcast: Broadcast = (topic, event, payload) => {
    fanout.publish({ k: 'b', t: topic, e: event, p: payload });
    setImmediate(() => hub.deliver(topic, event, payload));
  };

  await fanout.start((fromNode, raw) => {
    const parsed = FanoutMessageSchema.safeParse(raw);
    if (!parsed.success) {
      log.warn({ fromNode }, 'realtime: ignored an unknown fan-out message');
      return;
    }
    presence.touch(fromNode);
    const message = parsed.data;
    if (message.k === 'b') hub.deliver(message.t, message.e, message.p);
    else presence.handleRemote(fromNode, message);
  });
  presence.start();

  const router = createTopicRouter({ db, presence, broadcast, log });
  const sessionDeps = { router, hub, log, maxChannels: o.maxChannelsPerSocket };
  const transportDeps: TransportDeps = {
    authenticate: (token) => resolvePrincipal(db, token),
    openSession: (principal, transport) => new ChannelSession(principal, transport, sessionDeps),
    log,
  };
  const websocket = new WebSocketTransport(app.server, transportDeps, {
    path: `${REALTIME_SOCKET_PATH}/websocket`,
    idleTimeoutMs: o.websocketIdleTimeoutMs,
    maxBufferedBytes: o.maxBufferedBytes,
    maxFrameBytes: MAX_FRAME_BYTES,
  });
  const longPoll = new LongPollTransport(transportDeps, {
    path: `${REALTIME_SOCKET_PATH}/longpoll`,
    windowMs: o.longPollWindowMs,
    sessionTimeoutMs: o.longPollSessionTimeoutMs,
    maxBufferedFrames: MAX_LONGPOLL_BUFFERED_FRAMES,
    maxBodyBytes: MAX_LONGPOLL_BODY_BYTES,
  });
  await longPoll.register(app);
  const stopBridge = bridgeDomainEvents(events, broadcast);

  let closing: Promise<void> | null = null;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      stopBridge();
      // First, so the sockets closing below do not each announce a presence leave.
      presence.stop();
      await websocket.close();
      await fanout.stop();
      // Last: pending polls are answered right before the server stops listening (see longpoll.ts).
      await longPoll.close();
      log.info({ nodeId }, 'realtime: closed');
    })();
    return closing;
  };
  try {
    // Long-poll requests and upgraded sockets would otherwise hold app.close() open.
    app.addHook('preClose', async () => close());
  } catch (err) {
    log.warn({ err }, 'realtime: attached after the app started; call close() before app.close()');
  }

  log.info({ nodeId, db: db.kind }, 'realtime: listening on /socket');
  return {
    nodeId,
    presenceOf: async (ipadId) => presence.metasOf(ipadDeviceTopic(ipadId)),
    broadcast,
    stats: () => ({ websockets: websocket.connections, longPollSessions: longPoll.connections, subscriptions: hub.subscriptionCount() }),
    close,
  };
}
