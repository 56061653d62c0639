/**
 * One database interface over two drivers: embedded PGlite (the default, one in-process
 * session) and PostgreSQL through `pg` (when DATABASE_URL is set). Both run the same SQL.
 *
 * PGlite is a single session, so every call is serialised by one mutex and a transaction holds
 * it from BEGIN to COMMIT; inside `transaction(fn)` use the `tx` handed to `fn`, never `db`,
 * or the call waits for itself.
 */
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';

export interface Queryable {
  query<Row>(text: string, params?: readonly unknown[]): Promise<Row[]>;
}

export type DbKind = 'pglite' | 'postgres';

export interface Db extends Queryable {
  readonly kind: DbKind;
  /** Runs several statements without parameters; resolves to the rows of the last one. */
  exec(text: string): Promise<Record<string, unknown>[]>;
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** LISTEN on a channel; resolves to an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
  /** The raw PGlite instance, for the job queue adapter; null on PostgreSQL. */
  readonly pglite: PGlite | null;
  readonly connectionString: string | null;
}

/** bigint and numeric counts come back as numbers from PGlite and strings from pg: normalise. */
export function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string') return Number(value);
  return 0;
}

class Mutex {
  private tail: Promise<void> = Promise.resolve();
  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.tail.then(fn);
    this.tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}

export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<Db> {
  const pglite = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  return wrapPglite(pglite);
}

export function wrapPglite(pglite: PGlite): Db {
  const mutex = new Mutex();
  const query = <Row>(text: string, params: readonly unknown[] = []) =>
    mutex.run(async () => (await pglite.query<Row>(text, params as unknown[])).rows);
  return {
    kind: 'pglite',
    pglite,
    connectionString: null,
    query,
    exec: (text) =>
      mutex.run(async () => {
        const results = await pglite.exec(text);
        return (results.at(-1)?.rows ?? []) as Record<string, unknown>[];
      }),
    transaction: (fn) =>
      mutex.run(() =>
        pglite.transaction((tx) =>
          fn({ query: async <Row>(text: string, params: readonly unknown[] = []) => (await tx.query<Row>(text, params as unknown[])).rows }),
        ),
      ),
    // LISTEN/NOTIFY are not serialised: PGlite delivers notifications between queries itself.
    listen: async (channel, onPayload) => {
      const unlisten = await mutex.run(() => pglite.listen(channel, onPayload));
      return () => mutex.run(() => unlisten());
    },
    notify: async (channel, payload) => {
      await query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    close: () => mutex.run(() => pglite.close()),
  };
}

/** Backoff of the LISTEN connection's reconnects: quick first, then no more than every 30 s. */
const LISTENER_RECONNECT_MIN_MS = 500;
const LISTENER_RECONNECT_MAX_MS = 30_000;

export async function openPostgres(connectionString: string, poolSize = 10): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  pool.on('error', (err) => console.error('[db] idle client error', err.message));
  let listener: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  let reconnectDelayMs = LISTENER_RECONNECT_MIN_MS;
  const handlers = new Map<string, Set<(payload: string) => void>>();

  /**
   * One connection holds every LISTEN. When it drops (a PostgreSQL restart, a network blip),
   * it is reopened with backoff and every channel is listened to again; notifications sent in
   * between are lost, which callers tolerate (realtime presence re-announces itself).
   */
  function ensureListener(): Promise<pg.Client> {
    if (listener) return Promise.resolve(listener);
    connecting ??= (async () => {
      const client = new pg.Client({ connectionString });
      client.on('notification', (msg) => {
        for (const h of handlers.get(msg.channel) ?? []) h(msg.payload ?? '');
      });
      const lost = (reason: string) => {
        if (listener !== client) return;
        listener = null;
        if (closed) return;
        console.error(`[db] LISTEN connection lost (${reason}); reconnecting in ${reconnectDelayMs} ms`);
        setTimeout(() => void reconnect(), reconnectDelayMs).unref();
        reconnectDelayMs = Math.min(reconnectDelayMs * 2, LISTENER_RECONNECT_MAX_MS);
      };
      client.on('error', (err) => lost(err.message));
      client.on('end', () => lost('ended'));
      await client.connect();
      for (const channel of handlers.keys()) await client.query(`LISTEN ${quoteIdent(channel)}`);
      listener = client;
      reconnectDelayMs = LISTENER_RECONNECT_MIN_MS;
      return client;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  }

  async function reconnect(): Promise<void> {
    if (closed || handlers.size === 0) return;
    try {
      await ensureListener();
    } catch (err) {
      console.error(`[db] LISTEN reconnect failed: ${err instanceof Error ? err.message : String(err)}`);
      setTimeout(() => void reconnect(), reconnectDelayMs).unref();
      reconnectDelayMs = Math.min(reconnectDelayMs * 2, LISTENER_RECONNECT_MAX_MS);
    }
  }

  const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

  return {
    kind: 'postgres',
    pglite: null,
    connectionString,
    query: async <Row>(text: string, params: readonly unknown[] = []) =>
      (await pool.query(text, params as unknown[])).rows as Row[],
    exec: async (text) => {
      const result: pg.QueryResult | pg.QueryResult[] = await pool.query(text);
      const last = Array.isArray(result) ? result.at(-1) : result;
      return (last?.rows ?? []) as Record<string, unknown>[];
    },
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({
          query: async <Row>(text: string, params: readonly unknown[] = []) =>
            (await client.query(text, params as unknown[])).rows as Row[],
        });
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    listen: async (channel, onPayload) => {
      const client = await ensureListener();
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await client.query(`LISTEN ${quoteIdent(channel)}`);
      }
      set.add(onPayload);
      return async () => {
        set.delete(onPayload);
        if (set.size === 0) {
          handlers.delete(channel);
          await listener?.query(`UNLISTEN ${quoteIdent(channel)}`).catch(() => undefined);
        }
      };
    },
    notify: async (channel, payload) => {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    close: async () => {
      closed = true;
      await listener?.end().catch(() => undefined);
      await pool.end();
    },
  };
}

export async function openDatabase(config: { databaseUrl?: string; dataDir: string }): Promise<Db> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  const release = lockDataDir(config.dataDir);
  try {
    const db = await openPglite({ dataDir: config.dataDir });
    const close = db.close;
    return {
      ...db,
      close: async () => {
        await close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}
