/**
 * Two server processes on one PostgreSQL: each has its own connections (separate
 * openPostgres calls) and its own DomainEvents, so everything between them goes through
 * LISTEN/NOTIFY. Runs only when TEST_DATABASE_URL is set.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { openPostgres, type Db } from '../../../server/db/db';
import { migrate } from '../../../server/db/migrate';
import type { TestServer } from './helpers';
import { startTwoNodes, twoNodeScenario } from './two-nodes';

const BASE_URL = process.env.TEST_DATABASE_URL;
if (!BASE_URL) console.log('TEST_DATABASE_URL is not set: the PostgreSQL multi-process realtime tests are skipped.');

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: BASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

describe.skipIf(!BASE_URL)('two server processes on PostgreSQL', () => {
  const name = `rt_${randomBytes(6).toString('hex')}`;
  let dbA: Db;
  let dbB: Db;
  let servers: { a: TestServer; b: TestServer };

  beforeAll(async () => {
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(BASE_URL as string);
    url.pathname = `/${name}`;
    dbA = await openPostgres(url.toString(), 4);
    dbB = await openPostgres(url.toString(), 4);
    await migrate(dbA);
    servers = await startTwoNodes(dbA, dbB);
  });

  afterAll(async () => {
    await servers?.a.close();
    await servers?.b.close();
    await dbA?.close();
    await dbB?.close();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('fans out events and presence between the processes, and drops a closed process', async () => {
    await twoNodeScenario(dbA, servers.a, servers.b);
  });
});
