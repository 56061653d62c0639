/**
 * Resolves who is calling: bearer token → user (or iPad kiosk) → membership → account scope.
 * Tokens are 32 random bytes; only their SHA-256 is stored.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../db/db';
import { findMembership, findUserById, type UserRow } from '../db/repos/accounts';
import { ForbiddenError, UnauthenticatedError } from './errors';

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Issues a new API token for a user or an iPad and returns the only plaintext copy. */
export async function issueToken(db: Queryable, owner: { userId: string } | { ipadId: string }): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query('INSERT INTO api_tokens (token_hash, user_id, ipad_id) VALUES ($1, $2, $3)', [
    hashToken(token),
    'userId' in owner ? owner.userId : null,
    'ipadId' in owner ? owner.ipadId : null,
  ]);
  return token;
}

export type Principal =
  | { kind: 'user'; tokenId: string; user: UserRow }
  | { kind: 'ipad'; tokenId: string; ipadId: string; accountId: string };

/** Which rows an authenticated staff call may see. */
export type Scope = { kind: 'account'; accountId: string; membershipId: string } | { kind: 'all' };

export interface StaffContext {
  principal: Extract<Principal, { kind: 'user' }>;
  user: UserRow;
  /** null only for the identity call, which needs no membership. */
  scope: Scope | null;
}

export interface KioskContext {
  principal: Extract<Principal, { kind: 'ipad' }>;
  ipadId: string;
  accountId: string;
}

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

interface TokenRow {
  id: string;
  user_id: string | null;
  ipad_id: string | null;
  ipad_account_id: string | null;
  ipad_is_enabled: boolean | null;
}

/** Minimum gap between two writes of a token's last_used_at. */
const LAST_USED_WRITE_INTERVAL_SQL = "interval '5 minutes'";

export async function resolvePrincipal(db: Db, token: string | null): Promise<Principal | null> {
  if (!token || token.length > 200) return null;
  const rows = await db.query<TokenRow>(
    `SELECT t.id, t.user_id, t.ipad_id, i.account_id AS ipad_account_id, i.ipad_is_enabled
       FROM api_tokens t LEFT JOIN ipads i ON i.id = t.ipad_id
      WHERE t.token_hash = $1 AND t.revoked_at IS NULL`,
    [hashToken(token)],
  );
  const row = rows[0];
  if (!row) return null;
  void db
    .query(`UPDATE api_tokens SET last_used_at = now() WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - ${LAST_USED_WRITE_INTERVAL_SQL})`, [row.id])
    .catch(() => undefined);
  if (row.user_id) {
    const user = await findUserById(db, row.user_id);
    return user ? { kind: 'user', tokenId: row.id, user } : null;
  }
  if (row.ipad_id && row.ipad_account_id && row.ipad_is_enabled) {
    return { kind: 'ipad', tokenId: row.id, ipadId: row.ipad_id, accountId: row.ipad_account_id };
  }
  return null;
}

/**
 * The scope of a staff call. The all-accounts header is honoured for superusers only (403 for
 * others); otherwise the membership header must name one of the caller's own memberships.
 */
export async function resolveScope(
  db: Db,
  user: UserRow,
  headers: { membershipId?: string; viewAll?: string },
): Promise<Scope> {
  if (headers.viewAll === 'true') {
    if (!user.is_superuser) throw new ForbiddenError('Only operators can view all accounts.');
    return { kind: 'all' };
  }
  const membershipId = headers.membershipId?.trim();
  if (!membershipId) throw new ForbiddenError('Choose an account first (membership header missing).');
  if (!/^[0-9a-f-]{36}$/i.test(membershipId)) throw new ForbiddenError('This membership does not belong to you.');
  const membership = await findMembership(db, membershipId, user.id);
  if (!membership) throw new ForbiddenError('This membership does not belong to you.');
  return { kind: 'account', accountId: membership.account_id, membershipId: membership.id };
}

export function requireUser(principal: Principal | null): Extract<Principal, { kind: 'user' }> {
  if (!principal) throw new UnauthenticatedError();
  if (principal.kind !== 'user') throw new ForbiddenError('This device is signed in as an iPad kiosk.');
  return principal;
}

export function requireSuperuser(ctx: StaffContext): void {
  if (!ctx.user.is_superuser) throw new ForbiddenError('Only operators can do this.');
}

/** The account id a scoped query must match, or null when a superuser views all accounts. */
export function scopeAccountId(scope: Scope | null): string | null {
  if (!scope) throw new ForbiddenError('Choose an account first (membership header missing).');
  return scope.kind === 'account' ? scope.accountId : null;
}

/** The single account a write goes to; all-accounts mode cannot create things. */
export function requireAccountScope(scope: Scope | null): Extract<Scope, { kind: 'account' }> {
  if (!scope || scope.kind !== 'account') throw new ForbiddenError('Choose one account to do this (not available while viewing all accounts).');
  return scope;
}
