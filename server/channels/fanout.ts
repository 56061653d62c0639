/**
 * Carries broadcasts and presence changes between server processes over PostgreSQL
 * LISTEN/NOTIFY. Each process publishes in order through one serial queue (NOTIFYs sent on
 * different pool connections could otherwise overtake each other) and batches what piled up
 * meanwhile into one notification. NOTIFY payloads are capped at 8000 bytes, so a batch that
 * does not fit is stored in `realtime_messages` and only its id is notified.
 *
 * With PGlite there is one process and the same path runs; a process ignores its own
 * notifications because it has already delivered those messages locally.
 */
import type { Db } from '../db/db';
import { toNumber } from '../db/db';
import type { RealtimeLog } from './types';

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; keep a margin for the envelope. */
const MAX_NOTIFY_BYTES = 7_800;
/** Any constant works; it serialises concurrent CREATE TABLE IF NOT EXISTS of starting processes. */
const SCHEMA_LOCK_KEY = 7_142_017;
/** How often old stored payloads are deleted. */
const CLEANUP_INTERVAL_MS = 60_000;

export interface FanoutOptions {
  channel: string;
  /** Stored payloads older than this are deleted (every process fetches them within ms). */
  retentionMs: number;
}

/** `n` is the sending node; `m` the messages, or `r` the id of a stored batch. */
interface Envelope {
  n: string;
  m?: unknown[];
  r?: string;
}

export type FanoutHandler = (fromNode: string, message: unknown) => void;

export class Fanout {
  private readonly outbox: string[] = [];
  private flushing: Promise<void> | null = null;
  private inbound: Promise<void> = Promise.resolve();
  private unlisten: (() => Promise<void>) | null = null;
  private cleanupTimer: NodeJS.Timeout | null = null;
  private readonly ownPrefix: string;

  constructor(
    private readonly db: Db,
    readonly nodeId: string,
    private readonly log: RealtimeLog,
    private readonly options: FanoutOptions,
  ) {
    this.ownPrefix = `{"n":${JSON.stringify(nodeId)}`;
  }

  async start(handler: FanoutHandler): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK_KEY]);
      await tx.query(`CREATE TABLE IF NOT EXISTS realtime_messages (
        id bigserial PRIMARY KEY,
        payload text NOT NULL,
        inserted_at timestamptz NOT NULL DEFAULT now())`);
      await tx.query('CREATE INDEX IF NOT EXISTS realtime_messages_inserted_at_idx ON realtime_messages (inserted_at)');
    });
    this.unlisten = await this.db.listen(this.options.channel, (payload) => this.onNotification(payload, handler));
    this.cleanupTimer = setInterval(() => void this.cleanup(), CLEANUP_INTERVAL_MS);
    this.cleanupTimer.unref();
  }

  /** Queues a message for every other process; order per process is kept. */
  publish(message: object): void {
    this.outbox.push(JSON.stringify(message));
    if (!this.flushing) this.flushing = this.flushLoop();
  }

  /** Resolves once everything published so far has been sent. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  async stop(): Promise<void> {
    await this.flush();
    if (this.cleanupTimer) clearInterval(this.cleanupTimer);
    this.cleanupTimer = null;
    const unlisten = this.unlisten;
    this.unlisten = null;
    await unlisten?.().catch(() => undefined);
    await this.inbound;
  }

  private async flushLoop(): Promise<void> {
    let index = 0;
    while (index < this.outbox.length) {
      const batch: string[] = [];
      let bytes = this.ownPrefix.length + 8;
      while (index < this.outbox.length) {
        const next = this.outbox[index] as string;
        const size = Buffer.byteLength(next) + 1;
        if (batch.length > 0 && bytes + size > MAX_NOTIFY_BYTES) break;
        batch.push(next);
        bytes += size;
        index++;
      }
      // Drop what was taken so the array does not grow while a burst is being sent.
      if (index > 1_000) {
        this.outbox.splice(0, index);
        index = 0;
      }
      await this.send(`${this.ownPrefix},"m":[${batch.join(',')}]}`, bytes);
    }
    // No await between the last check and here, so a concurrent publish either was taken
    // above or will start a new loop.
    this.outbox.length = 0;
    this.flushing = null;
  }

  private async send(body: string, bytes: number): Promise<void> {
    try {
      if (bytes <= MAX_NOTIFY_BYTES) {
        await this.db.notify(this.options.channel, body);
        return;
      }
      const rows = await this.db.query<{ id: string | number }>('INSERT INTO realtime_messages (payload) VALUES ($1) RETURNING id', [body]);
      const id = String(rows[0]?.id ?? '');
      await this.db.notify(this.options.channel, JSON.stringify({ n: this.nodeId, r: id } satisfies Envelope));
    } catch (err) {
      // Losing a fan-out message leaves other processes' clients stale until their next
      // refetch; nothing here can do better than report it.
      this.log.error({ err, bytes }, 'realtime: fan-out publish failed');
    }
  }

  private onNotification(payload: string, handler: FanoutHandler): void {
    // Our own messages were delivered locally already; skip them without parsing.
    if (payload.startsWith(this.ownPrefix)) return;
    this.inbound = this.inbound.then(() => this.receive(payload, handler)).catch((err: unknown) => {
      this.log.error({ err }, 'realtime: fan-out message handling failed');
    });
  }

  private async receive(payload: string, handler: FanoutHandler): Promise<void> {
    let envelope = parseEnvelope(payload);
    if (!envelope) {
      this.log.warn({ bytes: payload.length }, 'realtime: ignored a malformed fan-out notification');
      return;
    }
    if (envelope.r !== undefined) {
      const rows = await this.db.query<{ payload: string }>('SELECT payload FROM realtime_messages WHERE id = $1', [envelope.r]);
      const stored = rows[0] ? parseEnvelope(rows[0].payload) : null;
      if (!stored) {
        this.log.warn({ id: envelope.r }, 'realtime: stored fan-out message is missing');
        return;
      }
      envelope = stored;
    }
    for (const message of envelope.m ?? []) handler(envelope.n, message);
  }

  private async cleanup(): Promise<void> {
    try {
      const seconds = Math.max(1, Math.round(this.options.retentionMs / 1000));
      await this.db.query(`DELETE FROM realtime_messages WHERE inserted_at < now() - make_interval(secs => $1)`, [seconds]);
    } catch (err) {
      this.log.warn({ err }, 'realtime: could not prune realtime_messages');
    }
  }
}

function parseEnvelope(text: string): Envelope | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { n, m, r } = value as Record<string, unknown>;
  if (typeof n !== 'string') return null;
  if (Array.isArray(m)) return { n, m };
  if (typeof r === 'string' || typeof r === 'number') return { n, r: String(toNumber(r)) };
  return null;
}
