/**
 * PGlite is one process's database: a second server opening the same folder corrupts it or
 * aborts inside WebAssembly. A lock file with the owner's pid turns that into a clear message.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const LOCK_FILE = 'signature-guestbook.pid';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the folder for this process; returns the release function. Throws if another process holds it. */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  let holder: number | null = null;
  try {
    holder = Number(readFileSync(file, 'utf8').trim()) || null;
  } catch {
    holder = null;
  }
  if (holder && holder !== process.pid && isRunning(holder)) {
    throw new Error(
      `The embedded database in ${dataDir} is in use by another Signature Guestbook process (pid ${holder}). Stop that process, or set DATA_DIR to another folder (or DATABASE_URL to share a PostgreSQL).`,
    );
  }
  writeFileSync(file, String(process.pid));
  return () => {
    try {
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file);
    } catch {
      // Already gone.
    }
  };
}
