import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { DB_VARIANTS, POSTGRES_URL, createPostgresTestDb } from '../fixtures/db';
import { toNumber } from '../../server/db/db';

describe.each(DB_VARIANTS)('the database layer on $name', (variant) => {
  it('runs transactions atomically and delivers NOTIFY to LISTEN', async () => {
    const { db, drop } = await variant.create();
    try {
      await expect(
        db.transaction(async (tx) => {
          await tx.query("INSERT INTO accounts (name) VALUES ('Rolled back')");
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      const rows = await db.query<{ n: unknown }>("SELECT count(*) AS n FROM accounts WHERE name = 'Rolled back'");
      expect(toNumber(rows[0]?.n)).toBe(0);

      const received: string[] = [];
      const unlisten = await db.listen('sg_test_channel', (p) => received.push(p));
      await db.notify('sg_test_channel', 'hello');
      await expect.poll(() => received).toEqual(['hello']);
      await unlisten();
    } finally {
      await drop();
    }
  });
});

describe.skipIf(!POSTGRES_URL)('LISTEN on PostgreSQL', () => {
  it('listens again after its connection is killed', async () => {
    const { db, url, drop } = await createPostgresTestDb();
    try {
      const received: string[] = [];
      await db.listen('sg_reconnect', (p) => received.push(p));
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'LISTEN%' AND pid <> pg_backend_pid()");
      await admin.end();
      // Keep notifying until the reconnected listener hears one.
      await expect
        .poll(
          async () => {
            await db.notify('sg_reconnect', 'after');
            return received.includes('after');
          },
          { timeout: 10_000, interval: 300 },
        )
        .toBe(true);
    } finally {
      await drop();
    }
  });
});
