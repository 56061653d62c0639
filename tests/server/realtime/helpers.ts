/**
 * Realtime test helpers: a real Fastify server with attachRealtime on a test database, and
 * the official phoenix client (websocket via `ws`, long-poll via global fetch) against it.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { LongPoll, Socket, type Channel, type SocketConnectOption } from 'phoenix';
import { WebSocket } from 'ws';
import type { Db } from '../../../server/db/db';
import { DomainEvents } from '../../../server/domain/events';
import { issueToken } from '../../../server/http/auth';
import { attachRealtime, type RealtimeOptions, type RealtimeServer } from '../../../server/channels';
import { createAccount, createStaff, createUser } from '../../fixtures/factories';

export type TransportName = 'websocket' | 'longpoll';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const loud = {
  info: (obj: object, msg: string) => console.log(msg, obj),
  warn: (obj: object, msg: string) => console.warn(msg, obj),
  error: (obj: object, msg: string) => console.error(msg, obj),
};

export interface TestServer {
  app: FastifyInstance;
  realtime: RealtimeServer;
  events: DomainEvents;
  /** http://127.0.0.1:port */
  url: string;
  close(): Promise<void>;
}

export async function startRealtimeServer(db: Db, options: RealtimeOptions = {}, port = 0): Promise<TestServer> {
  // The long-poll client (undici) can leave a fresh connection with no request on it, which
  // the server would otherwise wait for until its headers timeout (60 s) on close.
  const app = Fastify({ forceCloseConnections: true });
  const events = new DomainEvents();
  const realtime = await attachRealtime({ app, db, events, log: process.env.TEST_REALTIME_LOG ? loud : quiet, options });
  await app.listen({ port, host: '127.0.0.1' });
  const address = app.server.address();
  const listening = typeof address === 'object' && address ? address.port : 0;
  return { app, realtime, events, url: `http://127.0.0.1:${listening}`, close: () => app.close() };
}

/** An account with a staff member, a superuser (no membership) and one iPad with its kiosk token. */
export async function seedAccount(db: Db) {
  const account = await createAccount(db);
  const staff = await createStaff(db, account.id);
  const superuser = await createUser(db, { superuser: true });
  const superuserToken = await issueToken(db, { userId: superuser.id });
  const rows = await db.query<{ id: string }>(`INSERT INTO ipads (account_id, public_data) VALUES ($1, '{"ipad_name":"Front hall"}') RETURNING id`, [account.id]);
  const ipadId = rows[0]!.id;
  const kioskToken = await issueToken(db, { ipadId });
  return { account, staff, superuserToken, ipadId, kioskToken };
}

export interface Client {
  socket: Socket;
  disconnect(): Promise<void>;
}

/** Connects the official client; resolves once the transport is open. */
export async function connect(server: TestServer, token: string | null, transport: TransportName): Promise<Client> {
  const socket = makeSocket(server, token, transport);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('socket did not open')), 5_000);
    socket.onOpen(() => {
      clearTimeout(timer);
      resolve();
    });
    socket.connect();
  });
  return { socket, disconnect: () => new Promise<void>((resolve) => socket.disconnect(() => resolve())) };
}

export function makeSocket(server: TestServer, token: string | null, transport: TransportName, extra: Partial<SocketConnectOption> = {}): Socket {
  const endpoint = `${server.url.replace('http', 'ws')}/socket`;
  return new Socket(endpoint, {
    params: token ? { token } : {},
    transport: transport === 'websocket' ? WebSocket : LongPoll,
    // Tests assert on refusals themselves: do not retry for them.
    reconnectAfterMs: () => 60_000,
    rejoinAfterMs: () => 60_000,
    ...extra,
  });
}

export interface JoinReply {
  status: 'ok' | 'error' | 'timeout';
  response: Record<string, unknown>;
}

export function join(channel: Channel, timeoutMs = 5_000): Promise<JoinReply> {
  return new Promise((resolve) => {
    channel
      .join(timeoutMs)
      .receive('ok', (response) => resolve({ status: 'ok', response: response as Record<string, unknown> }))
      .receive('error', (response) => resolve({ status: 'error', response: response as Record<string, unknown> }))
      .receive('timeout', () => resolve({ status: 'timeout', response: {} }));
  });
}

export function push(channel: Channel, event: string, payload: object, timeoutMs = 5_000): Promise<JoinReply> {
  return new Promise((resolve) => {
    channel
      .push(event, payload, timeoutMs)
      .receive('ok', (response) => resolve({ status: 'ok', response: response as Record<string, unknown> }))
      .receive('error', (response) => resolve({ status: 'error', response: response as Record<string, unknown> }))
      .receive('timeout', () => resolve({ status: 'timeout', response: {} }));
  });
}

/** Resolves with the payload of the next `event` on the channel. */
export function nextEvent<T = Record<string, unknown>>(channel: Channel, event: string, timeoutMs = 5_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      channel.off(event, ref);
      reject(new Error(`no ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    const ref = channel.on(event, (payload) => {
      clearTimeout(timer);
      channel.off(event, ref);
      resolve(payload as T);
    });
  });
}

/** Polls `check` until it returns true. */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 5_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(20);
  }
  throw new Error(`timed out waiting for ${what}`);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A raw frame exchange over `ws`, for protocol details the official client hides. */
export async function rawSocket(server: TestServer, query: string): Promise<{ ws: WebSocket; frames: unknown[][]; send(frame: unknown[]): void; next(match: (f: unknown[]) => boolean, timeoutMs?: number): Promise<unknown[]> }> {
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/socket/websocket?${query}`);
  const frames: unknown[][] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    frames.push(JSON.parse(String(data)) as unknown[]);
    for (const w of [...waiters]) w();
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    ws,
    frames,
    send: (frame) => ws.send(JSON.stringify(frame)),
    next: (match, timeoutMs = 3_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = frames.find(match);
          if (!found) return false;
          frames.splice(frames.indexOf(found), 1);
          waiters.delete(check as () => void);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check as () => void);
          reject(new Error(`no matching frame; got ${JSON.stringify(frames)}`));
        }, timeoutMs);
        if (!check()) waiters.add(check as () => void);
      }),
  };
}

/** Whether a websocket upgrade is refused, and with which HTTP status. */
export function upgradeStatus(server: TestServer, query: string): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/socket/websocket?${query}`);
    ws.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.on('open', () => {
      resolve(101);
      ws.close();
    });
    ws.on('error', () => undefined);
  });
}
