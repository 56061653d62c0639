/**
 * `npm run test:e2e`: finds the system Chromium, builds the PWA, then runs Playwright.
 * Browsers are never downloaded: CHROME_PATH, else /usr/bin/chromium.
 */
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const browser = process.env.CHROME_PATH || '/usr/bin/chromium';
if (!existsSync(browser)) {
  console.error(
    `No Chromium found at ${browser}. Install it (Debian: apt-get install -y chromium) or set CHROME_PATH to a Chromium/Chrome binary. The end-to-end tests need it.`,
  );
  process.exit(1);
}
process.env.CHROME_PATH = browser;

const run = (cmd: string, args: string[]) => {
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
run('npx', ['vite', 'build', '--logLevel', 'warn']);
run('npx', ['playwright', 'test', '-c', 'tests/e2e/playwright.config.ts', ...process.argv.slice(2)]);
