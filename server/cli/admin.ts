/**
 * `npm run admin -- create-user EMAIL [--superuser] [--account NAME]`
 * Creates the user (or finds it) and, with --account, the account and the membership.
 * This is how a self-hosting funeral home creates its first operator.
 */
import { z } from 'zod';
import { loadConfig } from '../config';
import { openDatabase } from '../db/db';
import { migrate } from '../db/migrate';
import { ensureAccount, ensureMembership, ensureUser } from '../db/repos/accounts';
import { EmailSchema } from '../../src/contract/auth';

const USAGE = 'Usage: npm run admin -- create-user EMAIL [--superuser] [--account "ACCOUNT NAME"]';

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

export function parseArgs(argv: string[]): { email: string; superuser: boolean; account: string | null } {
  const [command, ...rest] = argv;
  if (command !== 'create-user') fail(command ? `Unknown command "${command}".` : 'No command given.');
  let email: string | null = null;
  let superuser = false;
  let account: string | null = null;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] ?? '';
    if (arg === '--superuser') superuser = true;
    else if (arg === '--account') {
      const value = rest[++i]?.trim();
      if (!value || value.startsWith('--')) fail('--account needs a name.');
      if (value.length > 200) fail('The account name is too long (200 characters at most).');
      account = value;
    } else if (arg.startsWith('--')) fail(`Unknown option "${arg}".`);
    else if (email === null) email = arg;
    else fail(`Unexpected argument "${arg}".`);
  }
  if (!email) fail('An e-mail address is required.');
  const parsed = EmailSchema.safeParse(email);
  if (!parsed.success) fail(`"${email}" is not a valid e-mail address.`);
  return { email: parsed.data, superuser, account };
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const config = loadConfig();
  const db = await openDatabase(config);
  try {
    await migrate(db);
    const result = await db.transaction(async (tx) => {
      const { user, created } = await ensureUser(tx, { email: args.email, isSuperuser: args.superuser });
      let accountNote = '';
      if (args.account) {
        const { account, created: accountCreated } = await ensureAccount(tx, args.account);
        const membership = await ensureMembership(tx, account.id, user.id);
        accountNote = ` ${accountCreated ? 'Created' : 'Found'} account "${account.name}"; membership ${membership.created ? 'added' : 'already present'}.`;
      }
      return `${created ? 'Created' : 'Found'} user ${user.email}${args.superuser ? ' (superuser)' : ''}.${accountNote}`;
    });
    console.log(result);
    console.log('They can now sign in with their e-mail address; a login code is sent by e-mail (or printed in the server log without SMTP_URL).');
  } finally {
    await db.close();
  }
}

const isMain = process.argv[1]?.endsWith('admin.ts');
if (isMain) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
