import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPglite } from '../../server/db/db';

function admin(args: string[], dataDir: string) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/admin.ts', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  });
}

describe('npm run admin -- create-user', () => {
  it('exits non-zero with a clear message on bad input', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'sg-admin-'));
    try {
      const none = admin([], dir);
      expect(none.status).toBe(2);
      expect(none.stderr).toContain('No command given.');
      const bad = admin(['create-user', 'not-an-email'], dir);
      expect(bad.status).toBe(2);
      expect(bad.stderr).toContain('"not-an-email" is not a valid e-mail address.');
      const noName = admin(['create-user', 'a@example.com', '--account'], dir);
      expect(noName.status).toBe(2);
      expect(noName.stderr).toContain('--account needs a name.');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('creates the user, the account and the membership, and finds them the second time', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'sg-admin-'));
    try {
      const first = admin(['create-user', 'Boss@Example.com', '--superuser', '--account', 'Oak Funeral Home'], dir);
      expect(first.status).toBe(0);
      expect(first.stdout).toContain('Created user boss@example.com (superuser). Created account "Oak Funeral Home"; membership added.');
      const again = admin(['create-user', 'boss@example.com', '--account', 'oak funeral home'], dir);
      expect(again.status).toBe(0);
      expect(again.stdout).toContain('Found user boss@example.com. Found account "Oak Funeral Home"; membership already present.');
      const db = await openPglite({ dataDir: dir });
      const rows = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM memberships');
      const superuser = await db.query<{ is_superuser: boolean }>('SELECT is_superuser FROM users');
      await db.close();
      expect(rows[0]?.n).toBe(1);
      expect(superuser[0]?.is_superuser).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
