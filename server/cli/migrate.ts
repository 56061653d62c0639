/** `npm run db:migrate`: applies pending migrations to DATA_DIR or DATABASE_URL and exits. */
import { loadConfig } from '../config';
import { openDatabase } from '../db/db';
import { migrate } from '../db/migrate';

const config = loadConfig();
const db = await openDatabase(config);
const applied = await migrate(db, (line) => console.log(line));
console.log(applied.length ? `Applied ${applied.length} migration(s).` : 'The database is up to date.');
await db.close();
