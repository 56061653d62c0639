/** What both transports need from the realtime server. */
import type { Principal } from '../../http/auth';
import type { ChannelSession, Transport } from '../session';
import type { RealtimeLog } from '../types';

export interface TransportDeps {
  /** Resolves the API token of the connect params; null refuses the connection. */
  authenticate(token: string | null): Promise<Principal | null>;
  openSession(principal: Principal, transport: Transport): ChannelSession;
  log: RealtimeLog;
}

export interface TransportStats {
  connections: number;
}
