/**
 * Each Playwright worker runs the real server in-process on its own PGlite database, serving
 * the built PWA, with e-mail going to a real SMTP sink.
 */
import { test as base } from '@playwright/test';
import type { RunningServer } from '../../server/app';
import type { Db } from '../../server/db/db';
import { createPgliteTestDb } from '../fixtures/db';
import { startTestServer } from '../fixtures/server';
import { startSmtpSink, type SmtpSink } from '../fixtures/smtp-sink';

export interface ServerFixture {
  server: RunningServer;
  db: Db;
  smtp: SmtpSink;
}

export const test = base.extend<{ baseURL: string }, { app: ServerFixture }>({
  app: [
    async ({}, use) => {
      const db = await createPgliteTestDb();
      const smtp = await startSmtpSink();
      const server = await startTestServer(db, { SMTP_URL: smtp.url, SERVE_CLIENT: 'true' });
      await use({ server, db, smtp });
      await server.stop();
      await smtp.close();
      await db.close();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  baseURL: async ({ app }, use) => use(app.server.url),
});

export { expect } from '@playwright/test';
