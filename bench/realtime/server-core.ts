/**
 * A bench server: Fastify with attachRealtime only (no other routes), plus what the bench
 * needs to drive it (emit a domain event, read memory after a GC). Used in-process for the
 * PGlite mode and by server.ts in child processes for the PostgreSQL mode.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import Fastify from 'fastify';
import { attachRealtime } from '../../server/channels';
import type { Db } from '../../server/db/db';
import { DomainEvents } from '../../server/domain/events';
import { ensureAccount, ensureMembership, ensureUser } from '../../server/db/repos/accounts';
import { issueToken } from '../../server/http/auth';
import type { Signature } from '../../src/contract/signatures';
import { wireSignature } from '../../tests/fixtures/signature';

setFlagsFromString('--expose_gc');
const gc = runInNewContext('gc') as () => void;

export interface Memory {
  rss: number;
  heapUsed: number;
}

/** Memory after two full collections, so deltas show what stays allocated. */
export function settledMemory(): Memory {
  gc();
  gc();
  const m = process.memoryUsage();
  return { rss: m.rss, heapUsed: m.heapUsed };
}

const silent = { info: () => undefined, warn: () => undefined, error: (obj: object, msg: string) => console.error(msg, obj) };

export interface BenchServer {
  port: number;
  /** Emits signatureUpdated with `sent_at` (high-resolution epoch ms) in the signature. */
  emit(accountId: string, benchId: string): void;
  stats(): { memory: Memory; websockets: number; subscriptions: number };
  close(): Promise<void>;
}

/** A signature of realistic size (~1.5 KB of JSON). */
function sampleSignature(benchId: string): Signature {
  const base = wireSignature(benchId, { name: 'Margaret Anne Whitfield' });
  base.public_data.latest_signature_transcription = {
    latest_generated_json_source: 'local-ocr',
    generated_json: {
      name: 'Margaret Anne Whitfield',
      relationship: 'Neighbour of forty years',
      email: 'margaret.whitfield@example.com',
      phone_number: '+1 555 0100 2233',
      mailing_address_line_1: '1200 Lakeshore Drive, Apartment 14B',
      mailing_address_line_2: 'Springfield, IL 62701',
      receive_information_on_advance_planning: false,
      keep_signature_private: false,
    },
  };
  // The bench clients read these two extra members to measure delivery latency.
  return Object.assign(base, { bench_id: benchId, sent_at: performance.timeOrigin + performance.now() });
}

export async function startBenchServer(db: Db, options: { nodeHeartbeatMs?: number } = {}): Promise<BenchServer> {
  const app = Fastify({ forceCloseConnections: true });
  const events = new DomainEvents();
  const realtime = await attachRealtime({ app, db, events, log: silent, options });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    emit: (accountId, benchId) => events.emit('signatureUpdated', { accountId, reason: 'transcribed', signature: sampleSignature(benchId) }),
    stats: () => {
      const s = realtime.stats();
      return { memory: settledMemory(), websockets: s.websockets, subscriptions: s.subscriptions };
    },
    close: () => app.close(),
  };
}

/** One account with one staff member; all bench sockets use the staff token. */
export async function seedBench(db: Db): Promise<{ accountId: string; membershipId: string; token: string }> {
  const { account } = await ensureAccount(db, `Bench ${Date.now()}`);
  const { user } = await ensureUser(db, { email: `bench-${Date.now()}@example.com` });
  const membership = await ensureMembership(db, account.id, user.id);
  const token = await issueToken(db, { userId: user.id });
  return { accountId: account.id, membershipId: membership.id, token };
}
