/**
 * The long-poll transport of the phoenix client, for networks where websockets fail.
 * Every answer is HTTP 200 with the logical status in the body, as the client expects:
 *   GET without session → {status: 410, token, messages: []} (session opened) or {status: 403}
 *   GET with session    → {status: 200, token, messages: [frame, ...]} or {status: 204} after the window
 *   POST with session   → {status: 200} once the frames were handled; {status: 410} for an unknown session
 * The API token is the FIRST `token` query param; the session token is the LAST one (1.8.x
 * clients) or the X-Phoenix-Longpoll-Token header (newer clients).
 *
 * Sessions live in this process's memory: behind a load balancer with several processes,
 * long-poll requests need sticky routing (websockets do not).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SUPPORTED_VSN } from '../protocol';
import type { ChannelSession } from '../session';
import type { TransportDeps } from './types';

export interface LongPollOptions {
  path: string;
  /** How long a GET waits for messages before answering 204 (Phoenix: 10 s). */
  windowMs: number;
  /** A session nobody polled for this long is ended (Phoenix: 1.5 × window). */
  sessionTimeoutMs: number;
  /** A session whose client stopped collecting this many frames is ended. */
  maxBufferedFrames: number;
  maxBodyBytes: number;
}

/** The client sends at most 100 frames per POST (MAX_LONGPOLL_BATCH_SIZE). */
const MAX_BATCH = 100;
/** Session tokens carry this prefix; API tokens are base64url and never contain a dot. */
const SESSION_PREFIX = 'lp.';

type Wake = 'data' | 'timeout' | 'superseded' | 'aborted' | 'closed';

interface PollSession {
  token: string;
  session: ChannelSession | null;
  buffer: string[];
  waiter: ((why: Wake) => void) | null;
  wakeScheduled: boolean;
  lastActivity: number;
  closed: boolean;
}

type PollBody = { status: number; token?: string | null; messages?: string[] };

export class LongPollTransport {
  private readonly sessions = new Map<string, PollSession>();
  private readonly sweepTimer: NodeJS.Timeout;
  private closing = false;

  constructor(
    private readonly deps: TransportDeps,
    private readonly options: LongPollOptions,
  ) {
    const sweepEvery = Math.min(5_000, Math.max(50, Math.floor(options.sessionTimeoutMs / 3)));
    this.sweepTimer = setInterval(() => this.sweep(), sweepEvery);
    this.sweepTimer.unref();
  }

  get connections(): number {
    return this.sessions.size;
  }

  /** Routes in their own plugin scope, so the raw-body parser does not leak to other routes. */
  async register(app: FastifyInstance): Promise<void> {
    const { path, maxBodyBytes } = this.options;
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: maxBodyBytes }, (_req, body, done) => done(null, body));
      scope.get(path, (req, reply) => this.guard(reply, () => this.handleGet(req, reply)));
      scope.post(path, (req, reply) => this.guard(reply, () => this.handlePost(req)));
      scope.options(path, async (req, reply) => {
        reply
          .header('access-control-allow-origin', '*')
          .header('access-control-allow-methods', 'get, post, options')
          .header('access-control-allow-headers', String(req.headers['access-control-request-headers'] ?? ''))
          .header('access-control-max-age', '3600');
        return reply.code(200).send('');
      });
      scope.route({ method: ['PUT', 'DELETE', 'PATCH'], url: path, handler: async (_req, reply) => reply.code(400).send('') });
    });
  }

  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.sweepTimer);
    for (const s of [...this.sessions.values()]) this.terminate(s);
  }

  /** Always HTTP 200 with a JSON body: the client reads the status from the body only. */
  private async guard(reply: FastifyReply, handle: () => Promise<PollBody>): Promise<FastifyReply> {
    reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('access-control-allow-origin', '*');
    let body: PollBody;
    try {
      body = await handle();
    } catch (err) {
      this.deps.log.error({ err }, 'realtime: long-poll request failed');
      body = { status: 500 };
    }
    return reply.code(200).send(body);
  }

  private tokensOf(req: FastifyRequest): { api: string | null; session: string | null } {
    const url = new URL(req.url, 'http://localhost');
    const tokens = url.searchParams.getAll('token').filter((t) => t.length > 0);
    const header = req.headers['x-phoenix-longpoll-token'];
    const first = tokens[0];
    const last = tokens.at(-1);
    // Two or more: API token first, session last. One: it is the session only if it is ours
    // (a client connecting without an API token param still gets its session recognised).
    const lastIsSession = tokens.length >= 2 || Boolean(last?.startsWith(SESSION_PREFIX));
    const session = typeof header === 'string' && header ? header : lastIsSession ? (last ?? null) : null;
    const authHeader = req.headers['x-phoenix-authtoken'];
    const api = first && first !== session ? first : typeof authHeader === 'string' ? authHeader : null;
    return { api, session };
  }

  private async handleGet(req: FastifyRequest, reply: FastifyReply): Promise<PollBody> {
    const tokens = this.tokensOf(req);
    if (tokens.session) {
      const s = this.sessions.get(tokens.session);
      // Unknown or expired: the client reconnects and rejoins its channels.
      if (!s) return { status: 410, token: null, messages: [] };
      return this.poll(s, reply);
    }
    if (this.closing) return { status: 500 };
    if (new URL(req.url, 'http://localhost').searchParams.get('vsn') !== SUPPORTED_VSN) return { status: 403 };
    const principal = await this.deps.authenticate(tokens.api);
    if (!principal) return { status: 403 };
    const s = this.open();
    s.session = this.deps.openSession(principal, {
      kind: 'longpoll',
      send: (frame) => this.enqueue(s, frame.text),
      close: () => this.terminate(s),
    });
    return { status: 410, token: s.token, messages: [] };
  }

  private async handlePost(req: FastifyRequest): Promise<PollBody> {
    const token = this.tokensOf(req).session;
    const s = token ? this.sessions.get(token) : undefined;
    if (!s?.session) return { status: 410 };
    s.lastActivity = Date.now();
    const body = typeof req.body === 'string' ? req.body : '';
    const isBatch = String(req.headers['content-type'] ?? '').startsWith('application/x-ndjson');
    const lines = isBatch ? body.split(/\r?\n/).slice(0, MAX_BATCH) : [body];
    let handled: Promise<void> = Promise.resolve();
    for (const line of lines) {
      if (line.startsWith('[')) handled = s.session.receive(line);
      else if (line.length > 0) this.deps.log.warn({}, 'realtime: binary long-poll frames are not supported, dropped one');
    }
    return (await settlesWithin(handled, this.options.windowMs)) ? { status: 200 } : { status: 408 };
  }

  private open(): PollSession {
    const s: PollSession = {
      token: `${SESSION_PREFIX}${randomBytes(24).toString('base64url')}`,
      session: null,
      buffer: [],
      waiter: null,
      wakeScheduled: false,
      lastActivity: Date.now(),
      closed: false,
    };
    this.sessions.set(s.token, s);
    return s;
  }

  private async poll(s: PollSession, reply: FastifyReply): Promise<PollBody> {
    s.lastActivity = Date.now();
    if (s.buffer.length > 0) return { status: 200, token: s.token, messages: this.take(s) };
    // One poll at a time per session: an older one still waiting is answered now.
    s.waiter?.('superseded');
    const why = await new Promise<Wake>((resolve) => {
      const onClose = () => finish('aborted');
      const timer = setTimeout(() => finish('timeout'), this.options.windowMs);
      const finish = (w: Wake) => {
        clearTimeout(timer);
        reply.raw.off('close', onClose);
        if (s.waiter === finish) s.waiter = null;
        resolve(w);
      };
      reply.raw.once('close', onClose);
      s.waiter = finish;
    });
    s.lastActivity = Date.now();
    if (why === 'closed') {
      // Shutting down: make the client's retry open a new connection (refused once the server
      // stops listening) instead of reusing this one while Fastify answers 503s during its
      // close, which the phoenix client cannot parse and would never retry after.
      if (this.closing) reply.header('connection', 'close');
      return { status: 410, token: s.token, messages: [] };
    }
    // Frames stay buffered for the next poll when this one's client is already gone.
    if (why === 'data' && !reply.raw.destroyed) return { status: 200, token: s.token, messages: this.take(s) };
    return { status: 204, token: s.token, messages: [] };
  }

  private take(s: PollSession): string[] {
    const messages = s.buffer;
    s.buffer = [];
    return messages;
  }

  private enqueue(s: PollSession, frame: string): void {
    if (s.closed) return;
    s.buffer.push(frame);
    if (s.buffer.length > this.options.maxBufferedFrames) {
      this.deps.log.warn({ frames: s.buffer.length }, 'realtime: long-poll client stopped collecting, ending its session');
      this.terminate(s);
      return;
    }
    // Wake the waiting poll on the next turn, so frames sent together (a join reply and its
    // presence_state) leave in one response.
    if (s.waiter && !s.wakeScheduled) {
      s.wakeScheduled = true;
      setImmediate(() => {
        s.wakeScheduled = false;
        s.waiter?.('data');
      });
    }
  }

  private terminate(s: PollSession): void {
    if (s.closed) return;
    s.closed = true;
    this.sessions.delete(s.token);
    s.session?.close();
    s.waiter?.('closed');
  }

  private sweep(): void {
    const deadline = Date.now() - this.options.sessionTimeoutMs;
    for (const s of this.sessions.values()) {
      if (!s.waiter && s.lastActivity < deadline) this.terminate(s);
    }
  }
}

async function settlesWithin(promise: Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true as const), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
