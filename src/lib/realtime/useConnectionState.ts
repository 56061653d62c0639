/** The realtime connection state for the chrome badge: 'online' | 'offline' | 'connecting'. */
import { useSyncExternalStore } from 'react';
import { getConnectionState, subscribeConnectionState, type ConnectionState } from './socket';

export function useConnectionState(): ConnectionState {
  return useSyncExternalStore(subscribeConnectionState, getConnectionState, () => 'offline' as const);
}
