/**
 * Demo data for a first start on an empty database, so every screen shows something real.
 * Later features add their own demo rows through `seedExtensions`.
 */
import type { Db, Queryable } from './db';
import { ensureAccount, ensureMembership, ensureUser } from './repos/accounts';

export const DEMO = {
  superuser: 'operator@example.com',
  staff: 'staff@example.com',
  accounts: ['Evergreen Funeral Home', 'Riverside Memorial Chapel'],
} as const;

export type SeedExtension = (tx: Queryable, ctx: { accountIds: string[] }) => Promise<void>;

export async function isEmpty(db: Db): Promise<boolean> {
  const rows = await db.query<{ has: boolean }>('SELECT EXISTS (SELECT 1 FROM users) AS has');
  return !rows[0]?.has;
}

export async function seedDemo(db: Db, extensions: SeedExtension[] = []): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  await db.transaction(async (tx) => {
    const accountIds: string[] = [];
    for (const name of DEMO.accounts) {
      const { account } = await ensureAccount(tx, name, {
        downloadable_pdf_first_page_quote: 'Those we love never truly leave us.',
        downloadable_pdf_final_page_quote: 'Thank you for sharing in this celebration of life.',
      });
      accountIds.push(account.id);
    }
    const { user: operator } = await ensureUser(tx, { email: DEMO.superuser, name: 'Olivia Operator', isSuperuser: true });
    const { user: staff } = await ensureUser(tx, { email: DEMO.staff, name: 'Sam Staff' });
    const [first, second] = accountIds;
    if (!first || !second) throw new Error('Seed accounts missing');
    await ensureMembership(tx, first, operator.id);
    await ensureMembership(tx, first, staff.id);
    await ensureMembership(tx, second, staff.id);
    for (const extension of extensions) await extension(tx, { accountIds });
  });
  return true;
}
