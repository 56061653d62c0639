/**
 * Channels shared by topic. The phoenix client leaves any other open channel of a topic when
 * one (re)joins it, so two components each joining `ipad:device:x` would keep kicking each
 * other out; instead every user of a topic shares one reference-counted channel, left when the
 * last user releases it. Incoming events are parsed with the contract before handlers see them.
 */
import { Presence, type Channel, type Socket } from 'phoenix';
import {
  parseTopic,
  PresenceMetaSchema,
  SERVER_EVENTS,
  type ClientPushName,
  type ClientPushPayload,
  type PresenceMeta,
  type ServerEventName,
  type ServerEventPayload,
  type TrackMeta,
} from '../../contract/channels';
import { getRealtime } from './socket';

export type JoinParams = Record<string, unknown>;
export type ChannelStatus = 'joining' | 'joined' | 'errored' | 'closed';
export type ServerEventHandlers = { [E in ServerEventName]?: (payload: ServerEventPayload<E>) => void };
export type PushResponse = Record<string, unknown>;

/** A refused or unanswered push; `reason` is the server's (e.g. "forbidden") or "timeout". */
export class ChannelPushError extends Error {
  constructor(readonly reason: string) {
    super(`Realtime push failed: ${reason}`);
    this.name = 'ChannelPushError';
  }
}

const reasonOf = (response: unknown): string => {
  const reason = (response as { reason?: unknown } | null | undefined)?.reason;
  return typeof reason === 'string' ? reason : 'error';
};

export class SharedChannel {
  status: ChannelStatus = 'joining';
  /** Why the last join failed ("unauthorized", "timeout", ...); null once joined. */
  lastError: string | null = null;
  metas: PresenceMeta[] = [];
  private refs = 0;
  private params: JoinParams;
  private trackMeta: TrackMeta | null = null;
  private readonly channel: Channel;
  private readonly statusListeners = new Set<() => void>();
  private readonly presenceListeners = new Set<() => void>();
  private readonly joinListeners = new Set<() => void>();

  constructor(
    socket: Socket,
    readonly topic: string,
    params: JoinParams,
    private readonly onEmpty: (channel: SharedChannel) => void,
  ) {
    this.params = params;
    // A function: each rejoin sends the params of the latest user.
    this.channel = socket.channel(topic, () => this.params);
    if (parseTopic(topic)?.kind === 'ipad_device') this.watchPresence();
    this.channel.onError(() => this.setStatus('errored'));
    this.channel.onClose(() => this.setStatus('closed'));
    // Receive hooks of the join stay registered, so they also run for every automatic rejoin.
    this.channel
      .join()
      .receive('ok', () => {
        this.lastError = null;
        this.setStatus('joined');
        // Presence lives as long as one join: track again after every rejoin.
        if (this.trackMeta) void this.push('track', this.trackMeta).catch(() => undefined);
        for (const listener of [...this.joinListeners]) listener();
      })
      .receive('error', (response: unknown) => {
        this.lastError = reasonOf(response);
        this.setStatus('errored');
      })
      .receive('timeout', () => {
        this.lastError = 'timeout';
        this.setStatus('errored');
      });
  }

  retain(params: JoinParams): void {
    this.refs++;
    this.params = params;
  }

  release(): void {
    if (--this.refs > 0) return;
    // Leave a moment later: React's StrictMode (and quick re-renders that change deps)
    // release and acquire again in one go, which should not cost a leave and a rejoin.
    setTimeout(() => {
      if (this.refs > 0) return;
      this.channel.leave();
      this.onEmpty(this);
    }, 0);
  }

  /** Subscribes to one server event; the payload is checked against the contract first. */
  on<E extends ServerEventName>(event: E, handler: (payload: ServerEventPayload<E>) => void): () => void {
    const schema = SERVER_EVENTS[event];
    const ref = this.channel.on(event, (payload: unknown) => {
      const parsed = schema.safeParse(payload);
      if (parsed.success) handler(parsed.data as ServerEventPayload<E>);
      else console.warn(`[realtime] ignored a malformed ${event} on ${this.topic}`, parsed.error.issues);
    });
    return () => this.channel.off(event, ref);
  }

  push<E extends ClientPushName>(event: E, payload: ClientPushPayload<E>): Promise<PushResponse> {
    return new Promise((resolve, reject) => {
      this.channel
        .push(event, payload)
        .receive('ok', (response: unknown) => resolve((response ?? {}) as PushResponse))
        .receive('error', (response: unknown) => reject(new ChannelPushError(reasonOf(response))))
        .receive('timeout', () => reject(new ChannelPushError('timeout')));
    });
  }

  /** The kiosk's own presence meta: sent now (if joined) and after every rejoin; null stops. */
  setTrack(meta: TrackMeta | null): void {
    this.trackMeta = meta;
    if (meta && this.status === 'joined') void this.push('track', meta).catch(() => undefined);
  }

  // Arrow properties: stable identities for useSyncExternalStore.
  readonly subscribeStatus = (listener: () => void): (() => void) => {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  };

  readonly subscribePresence = (listener: () => void): (() => void) => {
    this.presenceListeners.add(listener);
    return () => this.presenceListeners.delete(listener);
  };

  /** Runs after every successful (re)join, e.g. to drain an outbox on reconnect. */
  onJoin(listener: () => void): () => void {
    this.joinListeners.add(listener);
    return () => this.joinListeners.delete(listener);
  }

  private setStatus(status: ChannelStatus): void {
    if (status === this.status) return;
    this.status = status;
    for (const listener of [...this.statusListeners]) listener();
  }

  private watchPresence(): void {
    // Created before the join, so it sees the join's presence_state.
    const presence = new Presence(this.channel);
    presence.onSync(() => {
      const metas = presence.list((_key: string, p: { metas?: unknown[] }) => p.metas ?? []).flat();
      this.metas = metas.flatMap((m) => {
        const parsed = PresenceMetaSchema.safeParse(m);
        return parsed.success ? [parsed.data] : [];
      });
      for (const listener of [...this.presenceListeners]) listener();
    });
  }
}

const registries = new WeakMap<Socket, Map<string, SharedChannel>>();

/**
 * The shared channel of a topic on the current socket, joined on first use; null while signed
 * out. Every acquire needs one release.
 */
export function acquireChannel(topic: string, params: JoinParams): SharedChannel | null {
  const session = getRealtime();
  if (!session) return null;
  let registry = registries.get(session.socket);
  if (!registry) {
    registry = new Map();
    registries.set(session.socket, registry);
  }
  let shared = registry.get(topic);
  if (!shared) {
    const owner = registry;
    shared = new SharedChannel(session.socket, topic, params, (done) => {
      if (owner.get(topic) === done) owner.delete(topic);
    });
    registry.set(topic, shared);
  }
  shared.retain(params);
  return shared;
}
