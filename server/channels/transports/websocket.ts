/**
 * The websocket transport on Fastify's own HTTP server: `ws` in noServer mode handles the
 * upgrade of `/socket/websocket` once the connect params have been checked, so a refused
 * client gets a plain 403 like Phoenix sends.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import type { ChannelSession } from '../session';
import { SUPPORTED_VSN } from '../protocol';
import type { TransportDeps } from './types';

export interface WebSocketOptions {
  path: string;
  /** A socket that sent no frame for this long is dropped (clients heartbeat every 30 s). */
  idleTimeoutMs: number;
  /** A client this far behind in reading is dropped rather than buffered for without bound. */
  maxBufferedBytes: number;
  maxFrameBytes: number;
}

/** Phoenix ≥ 1.8 may carry the token as a websocket subprotocol instead of a query param. */
const AUTH_PROTOCOL_PREFIX = 'base64url.bearer.phx.';
/** RFC 6455 1001 "going away": clients reconnect (to another process) after it. */
const CLOSE_GOING_AWAY = 1001;
/** How long close() waits for clients to acknowledge the close before cutting them off. */
const CLOSE_GRACE_MS = 1_000;

interface Client {
  ws: WebSocket;
  session: ChannelSession | null;
  lastFrameAt: number;
}

function reject(socket: Duplex, status: number, text: string): void {
  if (socket.writable) socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  else socket.destroy();
}

function rawToText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(data).toString('utf8');
}

function tokenFrom(url: URL, req: IncomingMessage): string | null {
  // The first `token` param is the API token (long-poll appends its own `token` after it).
  const fromQuery = url.searchParams.get('token');
  if (fromQuery) return fromQuery;
  const protocols = String(req.headers['sec-websocket-protocol'] ?? '').split(',').map((p) => p.trim());
  const bearer = protocols.find((p) => p.startsWith(AUTH_PROTOCOL_PREFIX));
  return bearer ? Buffer.from(bearer.slice(AUTH_PROTOCOL_PREFIX.length), 'base64').toString('utf8') : null;
}

export class WebSocketTransport {
  private readonly wss: WebSocketServer;
  private readonly clients = new Set<Client>();
  private readonly sweepTimer: NodeJS.Timeout;
  private closing = false;

  constructor(
    private readonly server: Server,
    private readonly deps: TransportDeps,
    private readonly options: WebSocketOptions,
  ) {
    this.wss = new WebSocketServer({
      noServer: true,
      maxPayload: options.maxFrameBytes,
      perMessageDeflate: false,
      // The server must answer with one of the offered subprotocols, never with the token one.
      handleProtocols: (protocols) => (protocols.has('phoenix') ? 'phoenix' : false),
    });
    server.on('upgrade', this.onUpgrade);
    const sweepEvery = Math.min(5_000, Math.max(50, Math.floor(options.idleTimeoutMs / 4)));
    this.sweepTimer = setInterval(() => this.sweepIdle(), sweepEvery);
    this.sweepTimer.unref();
  }

  get connections(): number {
    return this.clients.size;
  }

  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    this.server.off('upgrade', this.onUpgrade);
    clearInterval(this.sweepTimer);
    const closed = [...this.clients].map(
      (client) =>
        new Promise<void>((resolve) => {
          if (client.ws.readyState === WebSocket.CLOSED) return resolve();
          client.ws.once('close', () => resolve());
          client.ws.close(CLOSE_GOING_AWAY, 'server shutting down');
        }),
    );
    const grace = new Promise<void>((resolve) => setTimeout(resolve, CLOSE_GRACE_MS).unref());
    await Promise.race([Promise.all(closed), grace]);
    for (const client of this.clients) client.ws.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  private readonly onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== this.options.path) {
      // Leave other paths to other upgrade listeners; with none, nobody else will answer.
      if (this.server.listenerCount('upgrade') === 1) reject(socket, 404, 'Not Found');
      return;
    }
    socket.on('error', () => socket.destroy());
    void this.accept(req, socket, head, url).catch((err: unknown) => {
      this.deps.log.error({ err }, 'realtime: websocket upgrade failed');
      reject(socket, 500, 'Internal Server Error');
    });
  };

  private async accept(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): Promise<void> {
    if (this.closing) return reject(socket, 503, 'Service Unavailable');
    // Only the V2 JSON serializer is spoken; Phoenix refuses an unknown vsn at connect.
    if (url.searchParams.get('vsn') !== SUPPORTED_VSN) return reject(socket, 403, 'Forbidden');
    const principal = await this.deps.authenticate(tokenFrom(url, req));
    if (!principal) return reject(socket, 403, 'Forbidden');
    if (this.closing || socket.destroyed) return reject(socket, 503, 'Service Unavailable');

    this.wss.handleUpgrade(req, socket, head, (ws) => {
      const client: Client = { ws, session: null, lastFrameAt: Date.now() };
      this.clients.add(client);
      client.session = this.deps.openSession(principal, {
        kind: 'websocket',
        send: (frame) => {
          if (ws.readyState !== WebSocket.OPEN) return;
          if (ws.bufferedAmount > this.options.maxBufferedBytes) {
            this.deps.log.warn({ buffered: ws.bufferedAmount }, 'realtime: dropping a websocket that does not read');
            ws.terminate();
            return;
          }
          ws.send(frame.bytes, { binary: false });
        },
        close: (code, reason) => ws.close(code, reason),
      });
      ws.on('message', (data, isBinary) => {
        client.lastFrameAt = Date.now();
        if (isBinary) {
          this.deps.log.warn({}, 'realtime: binary frames are not supported, dropped one');
          return;
        }
        void client.session?.receive(rawToText(data));
      });
      ws.on('close', () => {
        this.clients.delete(client);
        client.session?.close();
      });
      ws.on('error', (err) => this.deps.log.warn({ err }, 'realtime: websocket error'));
    });
  }

  private sweepIdle(): void {
    const deadline = Date.now() - this.options.idleTimeoutMs;
    for (const client of this.clients) {
      if (client.lastFrameAt < deadline) {
        // Silent for longer than two heartbeats: the link is dead or the client is gone.
        client.ws.terminate();
      }
    }
  }
}
