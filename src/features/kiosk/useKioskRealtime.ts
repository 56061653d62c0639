/**
 * The kiosk's one view of realtime: it joins its device channel `ipad:device:{ipadId}` with
 * its kiosk token, tracks presence with its meta (re-tracked whenever the meta changes and
 * after every rejoin), and hears `service_changed` and `logout` from staff. Realtime only
 * nudges (style.md pattern 10): every write goes over HTTP through the outbox.
 *
 * A poll of kioskMe backs the socket up, quick while the channel is not joined (proxies that
 * drop websockets, long-poll trouble) and slow while it is.
 */
import { useEffect, useState } from 'react';
import { ipadDeviceTopic, type TrackMeta } from '../../contract/channels';
import { CONTRACT_VERSION } from '../../contract/common';
import { useChannel, useConnectionState } from '../../lib/realtime';

export type ConnectionState = 'online' | 'connecting' | 'offline' | 'error';

interface Options {
  ipadId: string | null;
  meta: TrackMeta | null;
  onServiceChanged: () => void;
  onLogout: () => void;
  /** The channel (re)joined: a good moment to drain the outbox and refetch. */
  onReconnect: () => void;
  /** Whether the last HTTP call to the server got an answer. */
  httpReachable: boolean;
}

/** Without a joined channel an assignment still shows within this. */
const POLL_WITHOUT_SOCKET_MS = 10_000;
/** With the channel joined, a safety net for a missed event. */
const POLL_WITH_SOCKET_MS = 120_000;

const JOIN_PARAMS = { contract_version: CONTRACT_VERSION };

export function useKioskRealtime({ ipadId, meta, onServiceChanged, onLogout, onReconnect, httpReachable }: Options): { connection: ConnectionState } {
  const socket = useConnectionState();
  const { status } = useChannel(
    ipadId ? ipadDeviceTopic(ipadId) : null,
    JOIN_PARAMS,
    { service_changed: onServiceChanged, logout: onLogout },
    { track: meta, onJoin: onReconnect },
  );
  const isJoined = status === 'joined';

  const [isOnline, setIsOnline] = useState(() => typeof navigator === 'undefined' || navigator.onLine);
  useEffect(() => {
    const up = () => setIsOnline(true);
    const down = () => setIsOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, []);

  useEffect(() => {
    if (!ipadId) return;
    const timer = window.setInterval(
      () => {
        if (document.visibilityState === 'visible') onServiceChanged();
      },
      isJoined ? POLL_WITH_SOCKET_MS : POLL_WITHOUT_SOCKET_MS,
    );
    return () => window.clearInterval(timer);
  }, [ipadId, isJoined, onServiceChanged]);

  let connection: ConnectionState;
  if (!isOnline) connection = 'offline';
  else if (socket === 'online' || httpReachable) connection = 'online';
  else if (socket === 'connecting') connection = 'connecting';
  else connection = 'error';
  return { connection };
}
