/** Applies server/db/migrations/NNNN_name.sql in order, once each, inside a transaction. */
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { Db } from './db';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Any constant works; it only has to be the same for every process of this product. */
const MIGRATION_LOCK_KEY = 7_142_001;

export async function migrate(db: Db, log: (line: string) => void = () => undefined): Promise<string[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{4}_.+\.sql$/.test(f)).sort();
  const applied: string[] = [];
  for (const file of files) {
    const sql = await readFile(path.join(MIGRATIONS_DIR, file), 'utf8');
    const ran = await db.transaction(async (tx) => {
      // Several processes may start together against one PostgreSQL: take turns.
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      const done = await tx.query<{ name: string }>('SELECT name FROM schema_migrations WHERE name = $1', [file]);
      if (done.length > 0) return false;
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      return true;
    });
    if (ran) {
      applied.push(file);
      log(`migrated ${file}`);
    }
  }
  return applied;
}

/** Our migrations hold no functions or quoted semicolons, so `;` at a line end splits them. */
export function splitStatements(sql: string): string[] {
  return sql
    .split(/;\s*$/m)
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter((s) => s.length > 0);
}
