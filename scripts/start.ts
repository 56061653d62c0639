/**
 * `npm start`: builds the PWA when dist/ is missing or older than its sources, then boots the
 * server. Building here keeps the two README commands enough on a fresh clone.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const SOURCES = ['src', 'sw', 'public', 'index.html', 'vite.config.ts', 'package.json'];

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

const builtAt = existsSync('dist/index.html') ? statSync('dist/index.html').mtimeMs : 0;
const sourcesAt = Math.max(...SOURCES.map(newestMtime));
if (builtAt < sourcesAt || process.env.FORCE_BUILD === 'true') {
  console.log(builtAt ? 'Sources changed since the last build: rebuilding the PWA...' : 'Building the PWA (first start)...');
  const { build } = await import('vite');
  // Vite sets NODE_ENV=production for its build; the server that starts next must not inherit it.
  const nodeEnv = process.env.NODE_ENV;
  await build({ logLevel: 'warn' });
  if (nodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = nodeEnv;
}
await import('../server/main');
