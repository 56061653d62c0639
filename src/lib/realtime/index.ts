/**
 * The realtime client: the one phoenix socket of the session and the hooks features use.
 * Features import from here (never from `phoenix`).
 */
export {
  configureRealtime,
  getConnectionState,
  getRealtime,
  resetRealtime,
  subscribeConnectionState,
  type ConnectionState,
  type RealtimeConfig,
} from './socket';
export { acquireChannel, ChannelPushError, SharedChannel, type ChannelStatus, type JoinParams, type PushResponse, type ServerEventHandlers } from './channels';
export { useChannel, type UseChannelOptions, type UseChannelResult } from './useChannel';
export { usePresence } from './usePresence';
export { useConnectionState } from './useConnectionState';
