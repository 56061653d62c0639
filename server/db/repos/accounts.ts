/** Accounts, users and memberships: rows and their wire shapes. */
import type { Account, Membership, User } from '../../../src/contract/accounts';
import type { Queryable } from '../db';

export interface AccountRow {
  id: string;
  name: string;
  public_data: Record<string, unknown>;
  last_service_at: Date | null;
  last_signature_at: Date | null;
  inserted_at: Date;
  updated_at: Date;
}

export interface UserRow {
  id: string;
  email: string;
  public_data: { name?: string | null } & Record<string, unknown>;
  is_superuser: boolean;
  confirmed_at: Date | null;
  inserted_at: Date;
  updated_at: Date;
}

export const iso = (d: Date | string): string => new Date(d).toISOString();
export const isoOrNull = (d: Date | string | null | undefined): string | null => (d ? iso(d) : null);

export function toAccount(row: AccountRow): Account {
  return {
    unique_identifier: row.id,
    name: row.name,
    inserted_at: iso(row.inserted_at),
    public_data: row.public_data ?? {},
    last_service_at: isoOrNull(row.last_service_at),
    last_signature_at: isoOrNull(row.last_signature_at),
  };
}

/** Initials from the name, else from the e-mail's local part; null when neither gives letters. */
export function nameInitials(name: string | null | undefined, email: string): string | null {
  const source = name?.trim() || email.split('@')[0]?.replace(/[._-]+/g, ' ') || '';
  const letters = source
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');
  return /\p{L}/u.test(letters) ? letters : null;
}

export function toUser(row: UserRow): User {
  return {
    unique_identifier: row.id,
    email: row.email,
    inserted_at: iso(row.inserted_at),
    updated_at: iso(row.updated_at),
    confirmed_at: isoOrNull(row.confirmed_at),
    name_initials: nameInitials(row.public_data?.name ?? null, row.email),
    public_data: row.public_data ?? {},
    is_superuser: row.is_superuser,
  };
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | null> {
  const rows = await db.query<UserRow>('SELECT * FROM users WHERE id = $1', [id]);
  return rows[0] ?? null;
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const rows = await db.query<UserRow>('SELECT * FROM users WHERE lower(email) = lower($1)', [email]);
  return rows[0] ?? null;
}

export async function findAccountById(db: Queryable, id: string): Promise<AccountRow | null> {
  const rows = await db.query<AccountRow>('SELECT * FROM accounts WHERE id = $1', [id]);
  return rows[0] ?? null;
}

interface MembershipJoinRow {
  m_id: string;
  m_inserted_at: Date;
  m_updated_at: Date;
  account: AccountRow;
}

/** A user's memberships with their accounts, sorted by account name ascending. */
export async function listMembershipsOfUser(db: Queryable, user: UserRow): Promise<Membership[]> {
  const rows = await db.query<MembershipJoinRow>(
    `SELECT m.id AS m_id, m.inserted_at AS m_inserted_at, m.updated_at AS m_updated_at, to_jsonb(a.*) AS account
       FROM memberships m JOIN accounts a ON a.id = m.account_id
      WHERE m.user_id = $1
      ORDER BY lower(a.name) ASC, a.id ASC`,
    [user.id],
  );
  const wireUser = toUser(user);
  return rows.map((r) => ({
    unique_identifier: r.m_id,
    inserted_at: iso(r.m_inserted_at),
    updated_at: iso(r.m_updated_at),
    account: toAccount(r.account),
    user: wireUser,
  }));
}

export async function findMembership(
  db: Queryable,
  membershipId: string,
  userId: string,
): Promise<{ id: string; account_id: string } | null> {
  const rows = await db.query<{ id: string; account_id: string }>(
    'SELECT id, account_id FROM memberships WHERE id = $1 AND user_id = $2',
    [membershipId, userId],
  );
  return rows[0] ?? null;
}

/** Creates the user or returns the existing one (e-mails are case-insensitive). */
export async function ensureUser(
  db: Queryable,
  input: { email: string; name?: string | null; isSuperuser?: boolean },
): Promise<{ user: UserRow; created: boolean }> {
  const existing = await findUserByEmail(db, input.email);
  if (existing) {
    if (input.isSuperuser && !existing.is_superuser) {
      const rows = await db.query<UserRow>('UPDATE users SET is_superuser = true, updated_at = now() WHERE id = $1 RETURNING *', [existing.id]);
      return { user: rows[0] ?? existing, created: false };
    }
    return { user: existing, created: false };
  }
  const rows = await db.query<UserRow>(
    'INSERT INTO users (email, public_data, is_superuser) VALUES ($1, $2, $3) RETURNING *',
    [input.email.toLowerCase(), JSON.stringify(input.name ? { name: input.name } : {}), input.isSuperuser ?? false],
  );
  const user = rows[0];
  if (!user) throw new Error('User insert returned no row');
  return { user, created: true };
}

/** Finds an account by exact name (case-insensitive) or creates it. */
export async function ensureAccount(db: Queryable, name: string, publicData: Record<string, unknown> = {}): Promise<{ account: AccountRow; created: boolean }> {
  const found = await db.query<AccountRow>('SELECT * FROM accounts WHERE lower(name) = lower($1) ORDER BY inserted_at LIMIT 1', [name]);
  if (found[0]) return { account: found[0], created: false };
  const rows = await db.query<AccountRow>('INSERT INTO accounts (name, public_data) VALUES ($1, $2) RETURNING *', [name, JSON.stringify(publicData)]);
  const account = rows[0];
  if (!account) throw new Error('Account insert returned no row');
  return { account, created: true };
}

export async function ensureMembership(db: Queryable, accountId: string, userId: string): Promise<{ id: string; created: boolean }> {
  const inserted = await db.query<{ id: string }>(
    'INSERT INTO memberships (account_id, user_id) VALUES ($1, $2) ON CONFLICT (account_id, user_id) DO NOTHING RETURNING id',
    [accountId, userId],
  );
  if (inserted[0]) return { id: inserted[0].id, created: true };
  const rows = await db.query<{ id: string }>('SELECT id FROM memberships WHERE account_id = $1 AND user_id = $2', [accountId, userId]);
  return { id: rows[0]?.id ?? '', created: false };
}
