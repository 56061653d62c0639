/** Boots the product: database, migrations, demo data, jobs, API, realtime and the PWA. */
import { loadConfig } from './config';
import { startServer } from './app';
import { DEMO, seedDemo } from './db/seed';
import { productExtensions } from './extensions';

function startupFailed(err: unknown): never {
  console.error(`Signature Guestbook could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  startupFailed(err);
}
const server = await startServer(config, { extensions: productExtensions }).catch(startupFailed);
const { log, db } = server.deps;

if (config.seedDemo && (await seedDemo(db, productExtensions.flatMap((e) => (e.seed ? [e.seed] : []))))) {
  log.info('seeded demo data into the empty database');
}

const shownUrl = config.publicUrl;
const mailNote = config.smtpUrl ? 'the code arrives by e-mail' : 'the login code is printed in this log (no SMTP_URL set)';
console.log(
  [
    '',
    `  Signature Guestbook is running at ${shownUrl}`,
    `  Database: ${db.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  Sign in as ${DEMO.staff} (staff, two accounts) or ${DEMO.superuser} (operator);`,
    `  ${mailNote}.`,
    '',
  ].join('\n'),
);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received, shutting down`);
    server.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
