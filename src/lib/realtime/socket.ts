/**
 * The single phoenix Socket of the session (only src/lib/realtime may import `phoenix`) and
 * the connection state the chrome badge shows. The socket is created on first use with the
 * saved API token and the timings of spec 000 section 7; call resetRealtime() when the
 * signed-in identity changes (sign-in, sign-out, kiosk setup) so the next use reconnects as
 * the new identity.
 *
 * Realtime only nudges: events tell the UI to refetch or patch its cache, and every write goes
 * over HTTP (style.md pattern 10).
 */
import { Socket, type SocketConnectOption } from 'phoenix';
import {
  REALTIME_HEARTBEAT_INTERVAL_MS,
  REALTIME_JOIN_TIMEOUT_MS,
  REALTIME_LONGPOLL_FALLBACK_MS,
  REALTIME_SOCKET_PATH,
  rejoinAfterMs,
} from '../../contract/channels';
import { getSavedToken } from '../session';

export type ConnectionState = 'online' | 'offline' | 'connecting';

export interface RealtimeConfig {
  /** "/socket" in the app; tests point it at their server (e.g. "ws://127.0.0.1:1234/socket"). */
  endpoint: string;
  /** The API token to connect with; null means signed out (no socket). */
  getToken: () => string | null;
  /** Defaults to the browser's WebSocket with long-poll fallback; Node tests pass `ws`. */
  transport?: SocketConnectOption['transport'];
}

/** The socket of the session; its shared channels live in channels.ts, keyed by it. */
export interface RealtimeSession {
  readonly socket: Socket;
}

let config: RealtimeConfig = {
  endpoint: REALTIME_SOCKET_PATH,
  getToken: () => getSavedToken()?.api_token ?? null,
};
let current: RealtimeSession | null = null;
/** Bumped by every reset, so hooks drop their channels of the old socket and join anew. */
let generation = 0;
let connectionState: ConnectionState = 'offline';
const sessionListeners = new Set<() => void>();
const stateListeners = new Set<() => void>();

function setConnectionState(next: ConnectionState): void {
  if (next === connectionState) return;
  connectionState = next;
  for (const listener of [...stateListeners]) listener();
}

function createSession(token: string): RealtimeSession {
  const options: Partial<SocketConnectOption> = {
    // A function: every reconnect reads the token again.
    params: () => ({ token: config.getToken() ?? token }),
    heartbeatIntervalMs: REALTIME_HEARTBEAT_INTERVAL_MS,
    timeout: REALTIME_JOIN_TIMEOUT_MS,
    longPollFallbackMs: REALTIME_LONGPOLL_FALLBACK_MS,
    rejoinAfterMs,
    ...(config.transport ? { transport: config.transport } : {}),
  };
  const socket = new Socket(config.endpoint, options);
  // A replaced socket may still report its own close late; only the current one counts.
  const ifCurrent = (state: ConnectionState) => () => {
    if (current?.socket === socket) setConnectionState(state);
  };
  socket.onOpen(ifCurrent('online'));
  socket.onClose(ifCurrent('offline'));
  socket.onError(ifCurrent('offline'));
  setConnectionState('connecting');
  return { socket };
}

function notifySessionChange(): void {
  for (const listener of [...sessionListeners]) listener();
}

/** The current session, connecting it on first use; null while signed out. */
export function getRealtime(): RealtimeSession | null {
  if (current) return current;
  const token = config.getToken();
  if (!token) return null;
  current = createSession(token);
  current.socket.connect();
  return current;
}

/** Drops the socket (and with it every channel); the next use connects with the current token. */
export function resetRealtime(): void {
  const previous = current;
  current = null;
  generation++;
  previous?.socket.disconnect();
  setConnectionState('offline');
  notifySessionChange();
}

/** For tests and embedding: replaces parts of the configuration and resets the socket. */
export function configureRealtime(partial: Partial<RealtimeConfig>): void {
  config = { ...config, ...partial };
  resetRealtime();
}

/** Subscribe to socket replacement (useSyncExternalStore-compatible). */
export function subscribeRealtime(listener: () => void): () => void {
  sessionListeners.add(listener);
  return () => sessionListeners.delete(listener);
}

/** Changes whenever the socket is reset (useSyncExternalStore snapshot). */
export function getRealtimeGeneration(): number {
  return generation;
}

export function getConnectionState(): ConnectionState {
  return connectionState;
}

/** Subscribe to connection-state changes (useSyncExternalStore-compatible). */
export function subscribeConnectionState(listener: () => void): () => void {
  stateListeners.add(listener);
  return () => stateListeners.delete(listener);
}

// The browser knows about a lost network before the socket's heartbeat does.
if (typeof window !== 'undefined' && typeof window.addEventListener === 'function') {
  window.addEventListener('offline', () => setConnectionState('offline'));
  window.addEventListener('online', () => {
    if (current && !current.socket.isConnected()) setConnectionState('connecting');
  });
}
