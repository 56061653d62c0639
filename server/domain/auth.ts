/**
 * E-mail code sign-in (PRODUCT.md): 6-digit codes valid 15 minutes, single use, at most 5 wrong
 * tries, a resend replaces the code, requests rate-limited per e-mail and per IP. Codes and API
 * tokens are stored only as hashes.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/db';
import { ensureUser, findUserByEmail, listMembershipsOfUser, toUser } from '../db/repos/accounts';
import { AppError } from '../http/errors';
import { issueToken } from '../http/auth';
import type { JobQueue } from '../jobs/queue';
import { queueMail, MAIL_JOB } from '../mail/send';
import { loginCodeMail } from '../mail/templates';
import { takeRateLimit, type RateRule } from './rate-limit';
import type { MeResponse } from '../../src/contract/auth';
import { LOGIN_CODE_LENGTH } from '../../src/contract/auth';

export const LOGIN_CODE_TTL_MINUTES = 15;
export const LOGIN_CODE_MAX_FAILED_ATTEMPTS = 5;
/** A person may ask for a few resends; more looks like mail-bombing someone. */
export const CODE_REQUESTS_PER_EMAIL: RateRule = { max: 5, windowSeconds: 15 * 60, message: 'Too many codes requested for this e-mail. Please wait 15 minutes and try again.' };
/** A venue or office shares one IP; this still stops scripted sweeps. */
export const CODE_REQUESTS_PER_IP: RateRule = { max: 30, windowSeconds: 60 * 60, message: 'Too many login codes requested from this network. Please wait and try again.' };
export const CONFIRMS_PER_IP: RateRule = { max: 60, windowSeconds: 15 * 60, message: 'Too many sign-in attempts from this network. Please wait and try again.' };

const hashCode = (email: string, code: string) => createHash('sha256').update(`${email.toLowerCase()}:${code}`).digest('hex');

export interface AuthDeps {
  db: Db;
  queue: JobQueue;
  log: { info(obj: object, msg: string): void };
  /** Print codes to the log (development, when no SMTP is configured). */
  logCodes: boolean;
}

export function authDomain(deps: AuthDeps) {
  const { db, queue } = deps;

  async function requestCode(email: string, ip: string): Promise<void> {
    await takeRateLimit(db, `code-ip:${ip}`, CODE_REQUESTS_PER_IP);
    await takeRateLimit(db, `code-email:${email}`, CODE_REQUESTS_PER_EMAIL);
    const user = await findUserByEmail(db, email);
    // Unknown addresses get the same answer, so the form does not reveal who has an account.
    if (!user) {
      deps.log.info({ email }, 'login code requested for an unknown e-mail; nothing sent');
      return;
    }
    const code = String(randomInt(0, 10 ** LOGIN_CODE_LENGTH)).padStart(LOGIN_CODE_LENGTH, '0');
    await db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO login_codes (email, code_hash, failed_attempts, expires_at)
         VALUES ($1, $2, 0, now() + make_interval(mins => $3))
         ON CONFLICT (email) DO UPDATE SET code_hash = EXCLUDED.code_hash, failed_attempts = 0,
           expires_at = EXCLUDED.expires_at, inserted_at = now()`,
        [email, hashCode(email, code), LOGIN_CODE_TTL_MINUTES],
      );
      await queueMail(queue, tx, loginCodeMail(email, code, LOGIN_CODE_TTL_MINUTES));
    });
    await queue.wake(MAIL_JOB);
    if (deps.logCodes) deps.log.info({ email }, `login code for ${email}: ${code}`);
  }

  async function confirmCode(email: string, code: string, ip: string): Promise<string> {
    await takeRateLimit(db, `confirm-ip:${ip}`, CONFIRMS_PER_IP);
    const outcome = await db.transaction(async (tx) => {
      const rows = await tx.query<{ code_hash: string; failed_attempts: number; expired: boolean }>(
        'SELECT code_hash, failed_attempts, expires_at < now() AS expired FROM login_codes WHERE email = $1 FOR UPDATE',
        [email],
      );
      const row = rows[0];
      if (!row) return 'invalid' as const;
      if (row.expired) {
        await tx.query('DELETE FROM login_codes WHERE email = $1', [email]);
        return 'expired' as const;
      }
      if (row.failed_attempts >= LOGIN_CODE_MAX_FAILED_ATTEMPTS) return 'locked' as const;
      const expected = Buffer.from(row.code_hash, 'hex');
      const given = Buffer.from(hashCode(email, code.replace(/\s+/g, '')), 'hex');
      if (!timingSafeEqual(expected, given)) {
        await tx.query('UPDATE login_codes SET failed_attempts = failed_attempts + 1 WHERE email = $1', [email]);
        return 'invalid' as const;
      }
      await tx.query('DELETE FROM login_codes WHERE email = $1', [email]);
      const { user } = await ensureUser(tx, { email });
      await tx.query('UPDATE users SET confirmed_at = coalesce(confirmed_at, now()), updated_at = now() WHERE id = $1', [user.id]);
      return { token: await issueToken(tx, { userId: user.id }) };
    });
    if (outcome === 'invalid') throw new AppError(400, 'invalid_code', 'That code is not correct. Please check it and try again.');
    if (outcome === 'expired') throw new AppError(400, 'code_expired', 'That code has expired. Please request a new one.');
    if (outcome === 'locked') throw new AppError(429, 'too_many_attempts', 'Too many wrong codes. Please request a new code.');
    return outcome.token;
  }

  async function me(userId: string): Promise<MeResponse> {
    const rows = await db.query<Parameters<typeof toUser>[0]>('SELECT * FROM users WHERE id = $1', [userId]);
    const user = rows[0];
    if (!user) throw new AppError(401, 'unauthenticated', 'Please sign in.');
    return { user: toUser(user), user_account_memberships: await listMembershipsOfUser(db, user) };
  }

  async function logout(tokenId: string): Promise<void> {
    await db.query('UPDATE api_tokens SET revoked_at = now() WHERE id = $1', [tokenId]);
  }

  return { requestCode, confirmCode, me, logout };
}

export type AuthDomain = ReturnType<typeof authDomain>;
