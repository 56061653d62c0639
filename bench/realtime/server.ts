/**
 * A bench server process on PostgreSQL (DATABASE_URL), driven by run.ts over IPC:
 *   → {type:'ready', port}         once listening
 *   ← {type:'emit', accountId, benchId}
 *   ← {type:'stats'}  → {type:'stats', stats}
 *   ← {type:'close'}  → exits
 */
import { openPostgres } from '../../server/db/db';
import { startBenchServer } from './server-core';

type Command = { type: 'emit'; accountId: string; benchId: string } | { type: 'stats' } | { type: 'close' };

const url = process.env.DATABASE_URL;
if (!url || !process.send) throw new Error('server.ts is started by run.ts with DATABASE_URL and an IPC channel');
const send = process.send.bind(process);

const db = await openPostgres(url, 4);
const server = await startBenchServer(db);
send({ type: 'ready', port: server.port });

process.on('message', (raw) => {
  const command = raw as Command;
  if (command.type === 'emit') server.emit(command.accountId, command.benchId);
  else if (command.type === 'stats') send({ type: 'stats', stats: server.stats() });
  else if (command.type === 'close') {
    void server
      .close()
      .then(() => db.close())
      .finally(() => process.exit(0));
  }
});
