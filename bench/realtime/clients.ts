/**
 * The bench's client process: N raw `ws` sockets speaking the Phoenix V2 protocol (join, then
 * heartbeats), kept apart from the server so its memory figures are the server's own.
 * Driven by run.ts over IPC:
 *   ← {type:'connect', urls, token, topic, params, n, concurrency} → {type:'connected', ms, ok, failed}
 *   ← {type:'expect', benchId, timeoutMs} → {type:'armed'} … {type:'latencies', byServer}
 *   ← {type:'close'} → {type:'closed'}
 */
import { WebSocket } from 'ws';

type Command =
  | { type: 'connect'; urls: string[]; token: string; topic: string; params: Record<string, unknown>; n: number; concurrency: number }
  | { type: 'expect'; benchId: string; timeoutMs: number }
  | { type: 'close' };

interface Client {
  ws: WebSocket;
  server: number;
}

/** Below the server's 60 s idle timeout, like the real client's 30 s heartbeat. */
const HEARTBEAT_MS = 25_000;
const JOIN_TIMEOUT_MS = 30_000;

if (!process.send) throw new Error('clients.ts is started by run.ts with an IPC channel');
const send = process.send.bind(process);
const clients: Client[] = [];
let expecting: { benchId: string; byServer: number[][]; remaining: number; done: () => void } | null = null;
const now = () => performance.timeOrigin + performance.now();

function onFrame(client: Client, data: WebSocket.RawData): void {
  if (!expecting) return;
  const frame = JSON.parse(String(data)) as [string | null, string | null, string, string, { signature?: { bench_id?: string; sent_at?: number } }];
  const signature = frame[3] === 'updated_signature' ? frame[4].signature : undefined;
  if (!signature || signature.bench_id !== expecting.benchId || typeof signature.sent_at !== 'number') return;
  expecting.byServer[client.server]?.push(now() - signature.sent_at);
  if (--expecting.remaining === 0) expecting.done();
}

function open(url: string, server: number, token: string, topic: string, params: Record<string, unknown>): Promise<boolean> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${url}/socket/websocket?token=${encodeURIComponent(token)}&vsn=2.0.0`);
    const client: Client = { ws, server };
    const timer = setTimeout(() => finish(false), JOIN_TIMEOUT_MS);
    let settled = false;
    function finish(ok: boolean) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (ok) {
        clients.push(client);
        ws.on('message', (data) => onFrame(client, data));
      } else ws.terminate();
      resolve(ok);
    }
    ws.once('open', () => ws.send(JSON.stringify(['1', '1', topic, 'phx_join', params])));
    ws.once('message', (data) => {
      const frame = JSON.parse(String(data)) as unknown[];
      finish(frame[3] === 'phx_reply' && (frame[4] as { status?: string }).status === 'ok');
    });
    ws.once('error', () => finish(false));
    ws.once('close', () => finish(false));
  });
}

async function connectAll(command: Extract<Command, { type: 'connect' }>): Promise<void> {
  const started = performance.now();
  let next = 0;
  let ok = 0;
  let failed = 0;
  const worker = async () => {
    while (next < command.n) {
      const i = next++;
      const server = i % command.urls.length;
      if (await open(command.urls[server] as string, server, command.token, command.topic, command.params)) ok++;
      else failed++;
    }
  };
  await Promise.all(Array.from({ length: command.concurrency }, worker));
  send({ type: 'connected', ms: performance.now() - started, ok, failed });
}

const heartbeat = setInterval(() => {
  for (const c of clients) if (c.ws.readyState === WebSocket.OPEN) c.ws.send(JSON.stringify([null, 'hb', 'phoenix', 'heartbeat', {}]));
}, HEARTBEAT_MS);

process.on('message', (raw) => {
  const command = raw as Command;
  if (command.type === 'connect') void connectAll(command);
  else if (command.type === 'expect') {
    const servers = Math.max(1, ...clients.map((c) => c.server + 1));
    const byServer = Array.from({ length: servers }, () => [] as number[]);
    const report = () => {
      clearTimeout(timer);
      expecting = null;
      send({ type: 'latencies', byServer });
    };
    const timer = setTimeout(report, command.timeoutMs);
    expecting = { benchId: command.benchId, byServer, remaining: clients.length, done: report };
    send({ type: 'armed' });
  } else if (command.type === 'close') {
    clearInterval(heartbeat);
    for (const c of clients) c.ws.terminate();
    send({ type: 'closed' });
    setTimeout(() => process.exit(0), 50);
  }
});
