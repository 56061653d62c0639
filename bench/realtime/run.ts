/**
 * `npm run bench:realtime [-- --n 1000,5000 --events 5 --mode pglite|postgres|all]`
 *
 * Connects N raw websockets that join web:account:{id}, broadcasts a signature update and
 * prints: connect+join time, server memory per socket (RSS and heap growth after GC ÷ N) and
 * delivery latency p50/p99 (domain event emitted → frame parsed by the client).
 *
 * Modes: `pglite` runs the server in this process on embedded PGlite; `postgres` (when
 * DATABASE_URL or TEST_DATABASE_URL is set) runs two server processes on one fresh PostgreSQL
 * database, puts half the sockets on each and emits in process A, so B's half measures the
 * LISTEN/NOTIFY path. Clients always run in a separate process. Raise `ulimit -n` for big N.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openPglite, openPostgres, type Db } from '../../server/db/db';
import { migrate } from '../../server/db/migrate';
import { webAccountTopic } from '../../src/contract/channels';
import { seedBench, settledMemory, startBenchServer, type Memory } from './server-core';

const HERE = path.dirname(fileURLToPath(import.meta.url));
/** Sockets opened at once; a browser fleet reconnecting after a restart looks like this. */
const CONNECT_CONCURRENCY = 200;
const DELIVERY_TIMEOUT_MS = 20_000;

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const SIZES = (arg('n') ?? '1000,5000').split(',').map((s) => Number(s.trim())).filter((n) => n > 0);
const EVENTS = Number(arg('events') ?? 5);
const PG_URL = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const MODE = arg('mode') ?? 'all';

interface Target {
  name: string;
  urls: string[];
  topic: string;
  params: Record<string, unknown>;
  token: string;
  emit(benchId: string): void;
  memory(): Promise<Memory>;
  close(): Promise<void>;
}

// ---- IPC helpers ------------------------------------------------------------------------------

function nextMessage<T extends { type: string }>(child: ChildProcess, type: T['type']): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: unknown) => {
      if ((m as { type?: string }).type !== type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(m as T);
    };
    const onExit = (code: number | null) => reject(new Error(`child exited (${code}) before ${type}`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

const forkTs = (file: string, env: Record<string, string> = {}) =>
  fork(path.join(HERE, file), [], { execArgv: ['--import', 'tsx'], env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });

// ---- Targets ----------------------------------------------------------------------------------

async function pgliteTarget(): Promise<Target> {
  const db = await openPglite();
  await migrate(db);
  const server = await startBenchServer(db);
  const seed = await seedBench(db);
  return {
    name: 'PGlite, 1 process (in-process server)',
    urls: [`ws://127.0.0.1:${server.port}`],
    topic: webAccountTopic(seed.accountId),
    params: { from_web: true, membership_id: seed.membershipId },
    token: seed.token,
    emit: (id) => server.emit(seed.accountId, id),
    memory: async () => settledMemory(),
    close: async () => {
      await server.close();
      await db.close();
    },
  };
}

async function postgresTarget(baseUrl: string): Promise<Target> {
  const name = `rt_bench_${randomBytes(4).toString('hex')}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: baseUrl });
    await c.connect();
    await c.query(sql).finally(() => c.end());
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const db: Db = await openPostgres(url.toString(), 2);
  await migrate(db);
  const seed = await seedBench(db);
  const children = [forkTs('server.ts', { DATABASE_URL: url.toString() }), forkTs('server.ts', { DATABASE_URL: url.toString() })];
  const ports = await Promise.all(children.map(async (c) => (await nextMessage<{ type: 'ready'; port: number }>(c, 'ready')).port));
  const [a] = children as [ChildProcess, ChildProcess];
  return {
    name: 'PostgreSQL, 2 processes (sockets split A/B, event emitted in A)',
    urls: ports.map((p) => `ws://127.0.0.1:${p}`),
    topic: webAccountTopic(seed.accountId),
    params: { from_web: true, membership_id: seed.membershipId },
    token: seed.token,
    emit: (id) => a.send({ type: 'emit', accountId: seed.accountId, benchId: id }),
    memory: async () => {
      const all = await Promise.all(
        children.map(async (c) => {
          const reply = nextMessage<{ type: 'stats'; stats: { memory: Memory } }>(c, 'stats');
          c.send({ type: 'stats' });
          return (await reply).stats.memory;
        }),
      );
      return all.reduce((sum, m) => ({ rss: sum.rss + m.rss, heapUsed: sum.heapUsed + m.heapUsed }), { rss: 0, heapUsed: 0 });
    },
    close: async () => {
      await Promise.all(children.map((c) => new Promise((resolve) => { c.once('exit', resolve); c.send({ type: 'close' }); })));
      await db.close();
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

// ---- Measurement ------------------------------------------------------------------------------

const pct = (sorted: number[], p: number) => (sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor(p * (sorted.length - 1)))] as number) : NaN);
const ms = (v: number) => `${v.toFixed(1)} ms`;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

async function runSize(target: Target, n: number): Promise<void> {
  const before = await target.memory();
  const clients = forkTs('clients.ts');
  const connected = nextMessage<{ type: 'connected'; ms: number; ok: number; failed: number }>(clients, 'connected');
  clients.send({ type: 'connect', urls: target.urls, token: target.token, topic: target.topic, params: target.params, n, concurrency: CONNECT_CONCURRENCY });
  const c = await connected;
  const after = await target.memory();

  const latencies: number[][] = target.urls.map(() => []);
  let delivered = 0;
  for (let e = 0; e <= EVENTS; e++) {
    const id = `bench-${n}-${e}`;
    const armed = nextMessage(clients, 'armed');
    clients.send({ type: 'expect', benchId: id, timeoutMs: DELIVERY_TIMEOUT_MS });
    await armed;
    const result = nextMessage<{ type: 'latencies'; byServer: number[][] }>(clients, 'latencies');
    target.emit(id);
    const { byServer } = await result;
    if (e === 0) continue; // warm-up: first broadcast pays for JIT and connection set-up
    byServer.forEach((values, i) => latencies[i]?.push(...values));
    delivered += byServer.reduce((sum, v) => sum + v.length, 0);
  }
  const closed = nextMessage(clients, 'closed');
  clients.send({ type: 'close' });
  await closed;

  console.log(`\n  N = ${n}: ${c.ok} joined, ${c.failed} failed`);
  console.log(`    connect + join (all)   ${ms(c.ms)}  (${((c.ok / c.ms) * 1000).toFixed(0)} sockets/s, ${CONNECT_CONCURRENCY} at a time)`);
  console.log(`    memory per socket      RSS ${kib((after.rss - before.rss) / Math.max(1, c.ok))}, heap ${kib((after.heapUsed - before.heapUsed) / Math.max(1, c.ok))}`);
  console.log(`    deliveries             ${delivered}/${c.ok * EVENTS} over ${EVENTS} broadcasts`);
  latencies.forEach((values, i) => {
    const sorted = [...values].sort((x, y) => x - y);
    const where = target.urls.length > 1 ? (i === 0 ? ' (A, local)   ' : ' (B, via NOTIFY)') : '';
    console.log(`    latency${where}  min ${ms(sorted[0] ?? NaN)}  p50 ${ms(pct(sorted, 0.5))}  p99 ${ms(pct(sorted, 0.99))}  max ${ms(sorted.at(-1) ?? NaN)}`);
  });
  // Let the server notice the closed sockets before the next size measures its baseline.
  await new Promise((r) => setTimeout(r, 1_000));
}

async function main(): Promise<void> {
  console.log(`Realtime bench — node ${process.version}, ${os.cpus().length} CPUs, sizes ${SIZES.join(', ')}, ${EVENTS} broadcasts each`);
  console.log('Latency = emit of the domain event → the client process has parsed the frame (all clients share one process).');
  const modes: (() => Promise<Target>)[] = [];
  if (MODE === 'all' || MODE === 'pglite') modes.push(pgliteTarget);
  if ((MODE === 'all' || MODE === 'postgres') && PG_URL) modes.push(() => postgresTarget(PG_URL));
  if ((MODE === 'all' || MODE === 'postgres') && !PG_URL) console.log('(PostgreSQL mode skipped: set DATABASE_URL or TEST_DATABASE_URL)');
  for (const make of modes) {
    const target = await make();
    console.log(`\n${target.name}`);
    try {
      for (const n of SIZES) await runSize(target, n);
    } finally {
      await target.close();
    }
  }
}

await main();
process.exit(0);
