import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../server/app';
import type { Db } from '../../server/db/db';
import { hashToken, resolveScope } from '../../server/http/auth';
import { DB_VARIANTS } from '../fixtures/db';
import { api, startTestServer } from '../fixtures/server';
import { createAccount, createStaff, createUser } from '../fixtures/factories';

async function lastCode(db: Db, email: string): Promise<string> {
  const rows = await db.query<{ text_body: string }>('SELECT text_body FROM mail_messages WHERE to_address = $1 ORDER BY inserted_at DESC LIMIT 1', [email]);
  const match = /login code is (\d{6})/.exec(rows[0]?.text_body ?? '');
  if (!match?.[1]) throw new Error(`no code mailed to ${email}`);
  return match[1];
}

const requestCode = (server: RunningServer, email: string, ip = '10.0.0.1') =>
  api(server, 'POST', '/anon/auth/request-code-for-email', { body: { email }, headers: { 'x-forwarded-for': ip } });
const confirm = (server: RunningServer, email: string, code: string, ip = '10.0.0.1') =>
  api(server, 'POST', '/anon/auth/confirm-code-for-email', { body: { email, code }, headers: { 'x-forwarded-for': ip } });

describe.each(DB_VARIANTS)('sign-in and the security base on $name', (variant) => {
  let db: Db;
  let drop: () => Promise<void>;
  let server: RunningServer;

  beforeAll(async () => {
    ({ db, drop } = await variant.create());
    server = await startTestServer(db);
  });
  afterAll(async () => {
    await server.stop();
    await drop();
  });
  beforeEach(async () => {
    await db.query('DELETE FROM rate_limit_hits');
  });

  it('signs in with a mailed 6-digit code and answers /me with memberships sorted by account name', async () => {
    const user = await createUser(db);
    const zeta = await createAccount(db, 'Zeta Chapel');
    const alpha = await createAccount(db, 'alpha Home');
    await db.query('INSERT INTO memberships (account_id, user_id) VALUES ($1, $3), ($2, $3)', [zeta.id, alpha.id, user.id]);

    expect((await requestCode(server, user.email.toUpperCase())).status).toBe(200);
    const code = await lastCode(db, user.email);
    expect(code).toMatch(/^\d{6}$/);
    const confirmed = await confirm(server, user.email, code);
    expect(confirmed.status).toBe(200);
    const token = String(confirmed.json.data?.api_token);
    expect(token.length).toBeGreaterThanOrEqual(40);

    // Only the hash of the token is stored.
    const stored = await db.query<{ token_hash: string }>('SELECT token_hash FROM api_tokens WHERE user_id = $1', [user.id]);
    expect(stored.map((r) => r.token_hash)).toContain(hashToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    const me = await api(server, 'GET', '/authenticated/auth/me', { token });
    expect(me.status).toBe(200);
    const memberships = me.json.data?.user_account_memberships as { account: { name: string } }[];
    expect(memberships.map((m) => m.account.name)).toEqual(['alpha Home', 'Zeta Chapel']);
    expect((me.json.data?.user as { email: string }).email).toBe(user.email);
  });

  it('uses a code once only', async () => {
    const user = await createUser(db);
    await requestCode(server, user.email);
    const code = await lastCode(db, user.email);
    expect((await confirm(server, user.email, code)).status).toBe(200);
    const again = await confirm(server, user.email, code);
    expect(again.status).toBe(400);
    expect(again.json.code).toBe('invalid_code');
  });

  it('refuses an expired code with its own message', async () => {
    const user = await createUser(db);
    await requestCode(server, user.email);
    const code = await lastCode(db, user.email);
    await db.query("UPDATE login_codes SET expires_at = now() - interval '1 minute' WHERE email = $1", [user.email]);
    const res = await confirm(server, user.email, code);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 'code_expired', error: 'That code has expired. Please request a new one.' });
  });

  it('locks the code after 5 wrong tries, even for the right code', async () => {
    const user = await createUser(db);
    await requestCode(server, user.email);
    const code = await lastCode(db, user.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await confirm(server, user.email, wrong);
      expect(res.status).toBe(400);
      expect(res.json.error).toBe('That code is not correct. Please check it and try again.');
    }
    const sixth = await confirm(server, user.email, code);
    expect(sixth.status).toBe(429);
    expect(sixth.json).toMatchObject({ code: 'too_many_attempts', error: 'Too many wrong codes. Please request a new code.' });
  });

  it('replaces the old code on resend', async () => {
    const user = await createUser(db);
    await requestCode(server, user.email);
    const first = await lastCode(db, user.email);
    await new Promise((r) => setTimeout(r, 5));
    await requestCode(server, user.email);
    const second = await lastCode(db, user.email);
    if (first !== second) expect((await confirm(server, user.email, first)).status).toBe(400);
    expect((await confirm(server, user.email, second)).status).toBe(200);
  });

  it('rate-limits code requests per e-mail and per IP', async () => {
    const user = await createUser(db);
    for (let i = 0; i < 5; i++) expect((await requestCode(server, user.email, '10.1.1.1')).status).toBe(200);
    const sixth = await requestCode(server, user.email, '10.1.1.2');
    expect(sixth.status).toBe(429);
    expect(sixth.json.error).toContain('Too many codes requested for this e-mail');

    for (let i = 0; i < 30; i++) await requestCode(server, `nobody${i}@example.com`, '10.9.9.9');
    const blocked = await requestCode(server, 'someone-else@example.com', '10.9.9.9');
    expect(blocked.status).toBe(429);
  });

  it('answers an unknown e-mail like a known one, without sending anything', async () => {
    const res = await requestCode(server, 'stranger@example.com');
    expect(res.status).toBe(200);
    const mails = await db.query('SELECT 1 FROM mail_messages WHERE to_address = $1', ['stranger@example.com']);
    expect(mails).toHaveLength(0);
  });

  it('validates input with a clear error body', async () => {
    const res = await api(server, 'POST', '/anon/auth/request-code-for-email', { body: { email: 'not-an-email' } });
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({ code: 'validation_failed', details: { fields: { email: 'Please enter a valid e-mail address.' } } });
    const missing = await api(server, 'POST', '/anon/auth/confirm-code-for-email', { body: { email: 'a@example.com' } });
    expect(missing.status).toBe(422);
    expect(typeof missing.json.error).toBe('string');
  });

  it('refuses calls without a valid token, and revokes the token on logout', async () => {
    expect((await api(server, 'GET', '/authenticated/auth/me')).status).toBe(401);
    expect((await api(server, 'GET', '/authenticated/auth/me', { token: 'made-up' })).status).toBe(401);
    const account = await createAccount(db);
    const staff = await createStaff(db, account.id);
    expect((await api(server, 'POST', '/authenticated/auth/logout', { token: staff.token })).status).toBe(200);
    expect((await api(server, 'GET', '/authenticated/auth/me', { token: staff.token })).status).toBe(401);
  });

  it('refuses a membership header of another account (tenant isolation) and all-accounts for non-superusers', async () => {
    const a = await createAccount(db);
    const b = await createAccount(db);
    const staffA = await createStaff(db, a.id);
    const staffB = await createStaff(db, b.id);
    const operator = await createStaff(db, a.id, { superuser: true });
    await expect(resolveScope(db, staffA.user, { membershipId: staffB.membershipId })).rejects.toMatchObject({ status: 403, code: 'forbidden' });
    await expect(resolveScope(db, staffA.user, {})).rejects.toMatchObject({ status: 403 });
    await expect(resolveScope(db, staffA.user, { membershipId: 'not-a-uuid' })).rejects.toMatchObject({ status: 403 });
    await expect(resolveScope(db, staffA.user, { membershipId: staffA.membershipId, viewAll: 'true' })).rejects.toMatchObject({ status: 403 });
    expect(await resolveScope(db, staffA.user, { membershipId: staffA.membershipId })).toEqual({ kind: 'account', accountId: a.id, membershipId: staffA.membershipId });
    expect(await resolveScope(db, operator.user, { viewAll: 'true' })).toEqual({ kind: 'all' });
  });

  it('keeps security headers on every answer', async () => {
    const res = await api(server, 'GET', '/authenticated/auth/me');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('refuses oversized JSON bodies', async () => {
    const res = await api(server, 'POST', '/anon/auth/request-code-for-email', { body: { email: 'a@example.com', padding: 'x'.repeat(2 * 1024 * 1024) } });
    expect(res.status).toBe(413);
    expect(res.json.code).toBe('payload_too_large');
  });
});
