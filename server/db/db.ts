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

export async function openPostgres(connectionString: string, poolSize = 10): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  pool.on('error', (err) => console.error('[db] idle client error', err.message));
  let listener: pg.Client | null = null;
  const handlers = new Map<string, Set<(payload: string) => void>>();

  async function ensureListener(): Promise<pg.Client> {
    if (listener) return listener;
    const client = new pg.Client({ connectionString });
    await client.connect();
    client.on('notification', (msg) => {
      for (const h of handlers.get(msg.channel) ?? []) h(msg.payload ?? '');
    });
    client.on('error', (err) => console.error('[db] listener error', err.message));
    listener = client;
    return client;
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
          await client.query(`UNLISTEN ${quoteIdent(channel)}`).catch(() => undefined);
        }
      };
    },
    notify: async (channel, payload) => {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    close: async () => {
      await listener?.end().catch(() => undefined);
      await pool.end();
    },
  };
}

export async function openDatabase(config: { databaseUrl?: string; dataDir: string }): Promise<Db> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite({ dataDir: config.dataDir });
}
