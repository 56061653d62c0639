/**
 * One connected client (a websocket or a long-poll session) and its joined channels: the
 * Phoenix socket semantics of heartbeat, join, leave, duplicate joins, stale join_refs and
 * replies, independent of the transport that carries the frames.
 */
import type { Principal } from '../http/auth';
import type { LocalHub } from './hub';
import { decodeMessage, encodeClose, encodeMessage, encodePush, encodeReply, EVENTS, OutFrame, SOCKET_TOPIC, type Message, type Payload, type ReplyStatus } from './protocol';
import type { ChannelBehaviour, ChannelHandle, CloseReason, InReply, RealtimeLog, TopicRouter } from './types';

export interface Transport {
  readonly kind: 'websocket' | 'longpoll';
  send(frame: OutFrame): void;
  /** Ends the connection from our side (e.g. a flooding client). */
  close(code: number, reason: string): void;
}

export interface SessionDeps {
  router: TopicRouter;
  hub: LocalHub;
  log: RealtimeLog;
  maxChannels: number;
}

/**
 * Incoming frames are handled one at a time (joins await the database), so a client that
 * sends faster than we answer would queue without bound; past this many we drop it.
 */
const MAX_PENDING_FRAMES = 1_000;
/** RFC 6455 "policy violation": the client broke the protocol's rules. */
const CLOSE_POLICY_VIOLATION = 1008;

interface OpenChannel {
  handle: ChannelHandle;
  behaviour: ChannelBehaviour;
  unsubscribe: () => void;
}

let nextId = 0;
const newId = (prefix: string) => `${prefix}${(++nextId).toString(36)}`;

export class ChannelSession {
  readonly id = newId('s');
  private readonly channels = new Map<string, OpenChannel>();
  private queue: Promise<void> = Promise.resolve();
  private pending = 0;
  private closed = false;

  constructor(
    readonly principal: Principal,
    private readonly transport: Transport,
    private readonly deps: SessionDeps,
  ) {}

  get channelCount(): number {
    return this.channels.size;
  }

  /** Accepts one text frame; resolves once it (and everything before it) was handled. */
  receive(raw: string): Promise<void> {
    if (this.closed) return Promise.resolve();
    const message = decodeMessage(raw);
    if (!message) {
      this.deps.log.warn({ session: this.id, bytes: raw.length }, 'realtime: dropped a malformed frame');
      return this.queue;
    }
    if (++this.pending > MAX_PENDING_FRAMES) {
      this.deps.log.warn({ session: this.id }, 'realtime: client floods frames, closing');
      this.transport.close(CLOSE_POLICY_VIOLATION, 'too many pending frames');
      return this.queue;
    }
    this.queue = this.queue
      .then(() => this.dispatch(message))
      .catch((err: unknown) => this.deps.log.error({ err, session: this.id, topic: message.topic, event: message.event }, 'realtime: frame handling failed'))
      .finally(() => {
        this.pending--;
      });
    return this.queue;
  }

  /** The transport is gone: end every channel without sending anything. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const open of [...this.channels.values()]) this.endChannel(open, 'transport_closed');
  }

  private send(frame: string | OutFrame): void {
    if (!this.closed) this.transport.send(typeof frame === 'string' ? new OutFrame(frame) : frame);
  }

  private reply(joinRef: string | null, ref: string | null, topic: string, status: ReplyStatus, response: Payload): void {
    this.send(encodeReply(joinRef, ref, topic, status, response));
  }

  private async dispatch(msg: Message): Promise<void> {
    if (this.closed) return;
    if (msg.topic === SOCKET_TOPIC && msg.event === EVENTS.heartbeat) {
      this.reply(null, msg.ref, SOCKET_TOPIC, 'ok', {});
      return;
    }
    if (msg.event === EVENTS.join) return this.join(msg);

    const open = this.channels.get(msg.topic);
    if (!open) {
      // Phoenix answers a leave of a topic that is not joined with ok and nothing else.
      if (msg.event === EVENTS.leave) this.reply(msg.joinRef, msg.ref, msg.topic, 'ok', {});
      else this.reply(null, msg.ref, msg.topic, 'error', { reason: 'unmatched topic' });
      return;
    }
    // A frame for an earlier join of this topic (e.g. sent before a rejoin) is stale.
    if (msg.joinRef !== open.handle.joinRef) return;

    if (msg.event === EVENTS.leave) {
      this.reply(open.handle.joinRef, msg.ref, msg.topic, 'ok', {});
      this.endChannel(open, 'leave');
      return;
    }
    let result: InReply;
    try {
      result = open.behaviour.handleIn
        ? await open.behaviour.handleIn(msg.event, msg.payload, open.handle)
        : { status: 'error', response: { reason: 'unknown_event' } };
    } catch (err) {
      // As a crashed Phoenix channel: no reply, phx_error, and the client rejoins afresh.
      this.deps.log.error({ err, topic: msg.topic, event: msg.event }, 'realtime: channel crashed on a push');
      if (this.channels.get(msg.topic) === open) this.endChannel(open, 'crash');
      return;
    }
    // The channel may have been replaced or closed while the push was handled.
    if (this.channels.get(msg.topic) !== open) return;
    this.reply(open.handle.joinRef, msg.ref, msg.topic, result.status, result.response);
  }

  private async join(msg: Message): Promise<void> {
    const { topic, ref } = msg;
    // The phoenix client sets join_ref to the join push's own ref.
    const joinRef = msg.joinRef ?? ref;
    const joinHandler = this.deps.router.match(topic);
    if (!joinHandler || joinRef === null) {
      this.reply(null, ref, topic, 'error', { reason: 'unmatched topic' });
      return;
    }
    const existing = this.channels.get(topic);
    if (existing) this.endChannel(existing, 'duplicate');
    if (this.channels.size >= this.deps.maxChannels) {
      this.reply(joinRef, ref, topic, 'error', { reason: 'too many channels joined' });
      return;
    }

    let result;
    try {
      result = await joinHandler(msg.payload, this.principal);
    } catch (err) {
      this.deps.log.error({ err, topic }, 'realtime: join crashed');
      result = { ok: false as const, error: { reason: 'join crashed' as const } };
    }
    if (this.closed) return;
    if (!result.ok) {
      this.reply(joinRef, ref, topic, 'error', result.error);
      return;
    }

    const handle: ChannelHandle = {
      id: newId('c'),
      topic,
      joinRef,
      principal: this.principal,
      push: (event, payload) => {
        if (this.channels.get(topic)?.handle === handle) this.send(encodePush(joinRef, topic, event, payload));
      },
    };
    const unsubscribe = this.deps.hub.subscribe(topic, { deliver: (frame) => this.send(frame) });
    this.channels.set(topic, { handle, behaviour: result.behaviour, unsubscribe });
    // Reply, then afterJoin, in the same tick: nothing can be broadcast in between, so a
    // presence_state pushed by afterJoin is exact and every later diff follows it.
    this.reply(joinRef, ref, topic, 'ok', result.response ?? {});
    result.behaviour.afterJoin?.(handle);
  }

  private endChannel(open: OpenChannel, reason: CloseReason): void {
    const { handle } = open;
    if (this.channels.get(handle.topic) === open) this.channels.delete(handle.topic);
    open.unsubscribe();
    try {
      open.behaviour.terminate?.(handle, reason);
    } catch (err) {
      this.deps.log.error({ err, topic: handle.topic }, 'realtime: channel terminate failed');
    }
    if (reason === 'crash') this.send(encodeMessage(handle.joinRef, handle.joinRef, handle.topic, EVENTS.error, { reason: 'channel_crash' }));
    else if (reason !== 'transport_closed') this.send(encodeClose(handle.joinRef, handle.topic));
  }
}
