/**
 * Phoenix-style presence across processes. Each process owns the entries of its own channels
 * and tells the others about every change (`pd`), about being alive (`hb`, every few seconds)
 * and, when asked, everything it holds (`snap`). Each process keeps a replica per other
 * process, so listing a topic needs no round trip; a replica is dropped (and its leaves
 * delivered) when its process says `bye` or misses heartbeats.
 *
 * A change bumps the owner's version; a receiver that sees a gap asks for a snapshot rather
 * than trusting a replica that missed something.
 */
import type { PresenceMeta, PresenceState, TrackMeta } from '../../src/contract/channels';
import type { LocalHub } from './hub';
import type { FanoutMessage, PresenceFanoutMessage } from './messages';
import type { RealtimeLog } from './types';

export interface PresenceOptions {
  heartbeatMs: number;
  /** A process silent for this long is considered gone. */
  nodeTimeoutMs: number;
}

interface Entry {
  key: string;
  meta: PresenceMeta;
}

interface LocalEntry extends Entry {
  topic: string;
}

interface Replica {
  version: number;
  lastSeen: number;
  /** When we last asked it for a snapshot; asks are throttled to one per heartbeat. */
  askedAt: number;
  /** topic → phx_ref → entry */
  topics: Map<string, Map<string, Entry>>;
}

/** Presence states are keyed by client-chosen ids: never let one be read as `__proto__`. */
const emptyState = (): PresenceState => Object.create(null) as PresenceState;

function addTo(state: PresenceState, entry: Entry): void {
  const existing = state[entry.key];
  if (existing) existing.metas.push(entry.meta);
  else state[entry.key] = { metas: [entry.meta] };
}

function stateOf(entries: Iterable<Entry>): PresenceState {
  const state = emptyState();
  for (const entry of entries) addTo(state, entry);
  return state;
}

function entriesOf(state: PresenceState): Entry[] {
  const out: Entry[] = [];
  for (const [key, { metas }] of Object.entries(state)) for (const meta of metas) out.push({ key, meta });
  return out;
}

const isEmpty = (state: PresenceState) => Object.keys(state).length === 0;

export class PresenceTracker {
  private readonly local = new Map<string, LocalEntry>();
  private readonly localTopics = new Map<string, Map<string, Entry>>();
  private readonly replicas = new Map<string, Replica>();
  private version = 0;
  private refCounter = 0;
  private stopping = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly nodeId: string,
    private readonly hub: LocalHub,
    private readonly publish: (message: FanoutMessage) => void,
    private readonly options: PresenceOptions,
    private readonly log: RealtimeLog,
  ) {}

  start(): void {
    // Learn what the processes already running hold.
    this.publish({ k: 'want' });
    this.publish({ k: 'hb', v: this.version });
    this.timer = setInterval(() => this.tick(), this.options.heartbeatMs);
    this.timer.unref();
  }

  /** Stops publishing; announces that every presence of this process is gone. */
  stop(): void {
    if (this.stopping) return;
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.publish({ k: 'bye' });
  }

  /** Tracks (or updates) the entry of one channel. Returns whether it is the channel's first. */
  track(owner: string, topic: string, meta: TrackMeta): { first: boolean } {
    const previous = this.local.get(owner);
    const key = meta.local_device_id;
    const sameKey = previous?.key === key;
    const full: PresenceMeta = {
      ...meta,
      phx_ref: this.newRef(),
      ...(previous && sameKey ? { phx_ref_prev: previous.meta.phx_ref } : {}),
      online_at: previous && sameKey ? previous.meta.online_at : new Date().toISOString(),
    };
    const leaves = emptyState();
    if (previous) {
      this.localTopics.get(previous.topic)?.delete(previous.meta.phx_ref);
      addTo(leaves, previous);
    }
    const entry: LocalEntry = { topic, key, meta: full };
    this.local.set(owner, entry);
    let topicEntries = this.localTopics.get(topic);
    if (!topicEntries) {
      topicEntries = new Map();
      this.localTopics.set(topic, topicEntries);
    }
    topicEntries.set(full.phx_ref, entry);
    this.changed(topic, stateOf([entry]), leaves);
    return { first: !previous };
  }

  untrack(owner: string): void {
    const previous = this.local.get(owner);
    if (!previous) return;
    this.local.delete(owner);
    const topicEntries = this.localTopics.get(previous.topic);
    topicEntries?.delete(previous.meta.phx_ref);
    if (topicEntries?.size === 0) this.localTopics.delete(previous.topic);
    this.changed(previous.topic, emptyState(), stateOf([previous]));
  }

  /** Everything present on a topic, in every process. */
  list(topic: string): PresenceState {
    const state = emptyState();
    for (const entry of this.localTopics.get(topic)?.values() ?? []) addTo(state, entry);
    for (const replica of this.replicas.values()) {
      for (const entry of replica.topics.get(topic)?.values() ?? []) addTo(state, entry);
    }
    return state;
  }

  metasOf(topic: string): PresenceMeta[] {
    return Object.values(this.list(topic)).flatMap((p) => p.metas);
  }

  /** Any message from another process proves it is alive. */
  touch(node: string): void {
    const replica = this.replicas.get(node);
    if (replica) replica.lastSeen = Date.now();
  }

  handleRemote(node: string, message: PresenceFanoutMessage): void {
    if (message.k === 'bye') {
      this.dropReplica(node, 'said bye');
      return;
    }
    if (message.k === 'want') {
      if (!this.stopping) this.publish({ k: 'snap', v: this.version, s: this.snapshot() });
      return;
    }
    const replica = this.replicaOf(node);
    if (message.k === 'hb') {
      if (message.v !== replica.version) this.askForSnapshot(node, replica);
    } else if (message.k === 'pd') {
      if (message.v !== replica.version + 1) this.askForSnapshot(node, replica);
      replica.version = message.v;
      this.applyDiff(replica, message.t, message.j, message.l);
      this.hub.deliver(message.t, 'presence_diff', { joins: message.j, leaves: message.l });
    } else {
      this.applySnapshot(replica, message.v, message.s);
    }
  }

  private changed(topic: string, joins: PresenceState, leaves: PresenceState): void {
    this.version++;
    this.hub.deliver(topic, 'presence_diff', { joins, leaves });
    if (!this.stopping) this.publish({ k: 'pd', v: this.version, t: topic, j: joins, l: leaves });
  }

  private newRef(): string {
    return `${this.nodeId}.${(++this.refCounter).toString(36)}`;
  }

  private snapshot(): Record<string, PresenceState> {
    const out: Record<string, PresenceState> = Object.create(null) as Record<string, PresenceState>;
    for (const [topic, entries] of this.localTopics) out[topic] = stateOf(entries.values());
    return out;
  }

  private replicaOf(node: string): Replica {
    let replica = this.replicas.get(node);
    if (!replica) {
      replica = { version: 0, lastSeen: Date.now(), askedAt: 0, topics: new Map() };
      this.replicas.set(node, replica);
    }
    replica.lastSeen = Date.now();
    return replica;
  }

  private askForSnapshot(node: string, replica: Replica): void {
    const now = Date.now();
    if (this.stopping || now - replica.askedAt < this.options.heartbeatMs) return;
    replica.askedAt = now;
    this.log.info({ node }, 'realtime: presence replica out of date, asking for a snapshot');
    this.publish({ k: 'want' });
  }

  private applyDiff(replica: Replica, topic: string, joins: PresenceState, leaves: PresenceState): void {
    let entries = replica.topics.get(topic);
    if (!entries) {
      entries = new Map();
      replica.topics.set(topic, entries);
    }
    for (const entry of entriesOf(leaves)) entries.delete(entry.meta.phx_ref);
    for (const entry of entriesOf(joins)) entries.set(entry.meta.phx_ref, entry);
    if (entries.size === 0) replica.topics.delete(topic);
  }

  /** Replaces a replica and delivers the difference to our subscribers. */
  private applySnapshot(replica: Replica, version: number, snapshot: Record<string, PresenceState>): void {
    const topics = new Set([...replica.topics.keys(), ...Object.keys(snapshot)]);
    for (const topic of topics) {
      const before = replica.topics.get(topic) ?? new Map<string, Entry>();
      const after = new Map(entriesOf(snapshot[topic] ?? emptyState()).map((e) => [e.meta.phx_ref, e] as const));
      const joins = stateOf([...after.values()].filter((e) => !before.has(e.meta.phx_ref)));
      const leaves = stateOf([...before.values()].filter((e) => !after.has(e.meta.phx_ref)));
      if (after.size > 0) replica.topics.set(topic, after);
      else replica.topics.delete(topic);
      if (!isEmpty(joins) || !isEmpty(leaves)) this.hub.deliver(topic, 'presence_diff', { joins, leaves });
    }
    replica.version = version;
  }

  private dropReplica(node: string, why: string): void {
    const replica = this.replicas.get(node);
    if (!replica) return;
    this.replicas.delete(node);
    if (replica.topics.size > 0) this.log.info({ node, why, topics: replica.topics.size }, 'realtime: dropping presences of a server process');
    for (const [topic, entries] of replica.topics) {
      this.hub.deliver(topic, 'presence_diff', { joins: emptyState(), leaves: stateOf(entries.values()) });
    }
  }

  private tick(): void {
    this.publish({ k: 'hb', v: this.version });
    const deadline = Date.now() - this.options.nodeTimeoutMs;
    for (const [node, replica] of this.replicas) {
      if (replica.lastSeen < deadline) this.dropReplica(node, 'missed heartbeats');
    }
  }
}
