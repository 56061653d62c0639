import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../server/app';
import type { Db } from '../../server/db/db';
import { createPgliteTestDb } from '../fixtures/db';
import { createUser } from '../fixtures/factories';
import { api, startTestServer } from '../fixtures/server';
import { startSmtpSink, type SmtpSink } from '../fixtures/smtp-sink';

describe('e-mail through SMTP, via the job queue', () => {
  let db: Db;
  let sink: SmtpSink;
  let server: RunningServer;
  beforeAll(async () => {
    db = await createPgliteTestDb();
    sink = await startSmtpSink();
    server = await startTestServer(db, { SMTP_URL: sink.url });
  });
  afterAll(async () => {
    await server.stop();
    await sink.close();
    await db.close();
  });

  it('delivers the login code to a real SMTP server and marks the message sent', async () => {
    const user = await createUser(db);
    const res = await api(server, 'POST', '/anon/auth/request-code-for-email', { body: { email: user.email } });
    expect(res.status).toBe(200);
    const code = await sink.waitForCode(user.email);
    expect(code).toMatch(/^\d{6}$/);
    const mail = sink.messages.find((m) => m.to.includes(user.email));
    expect(mail?.raw).toContain('Enter it on the sign-in page within 15 minutes');
    const rows = await db.query<{ status: string }>('SELECT status FROM mail_messages WHERE to_address = $1', [user.email]);
    await expect.poll(async () => (await db.query<{ status: string }>('SELECT status FROM mail_messages WHERE to_address = $1', [user.email]))[0]?.status).toBe('sent');
    expect(rows).toHaveLength(1);
    const confirmed = await api(server, 'POST', '/anon/auth/confirm-code-for-email', { body: { email: user.email, code } });
    expect(confirmed.status).toBe(200);
  });

  it('retries when the SMTP server is unreachable and records the failure', async () => {
    // Its own database, so the healthy server above cannot pick the job up.
    const ownDb = await createPgliteTestDb();
    const broken = await startTestServer(ownDb, { SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      const user = await createUser(ownDb);
      await api(broken, 'POST', '/anon/auth/request-code-for-email', { body: { email: user.email } });
      await expect
        .poll(async () => (await ownDb.query<{ error: string | null }>('SELECT error FROM mail_messages WHERE to_address = $1', [user.email]))[0]?.error ?? null, { timeout: 15_000 })
        .toMatch(/ECONNREFUSED|connect/i);
      const status = await ownDb.query<{ status: string }>('SELECT status FROM mail_messages WHERE to_address = $1', [user.email]);
      expect(status[0]?.status).toBe('queued');
    } finally {
      await broken.stop();
      await ownDb.close();
    }
  });
});
