/**
 * Joins a topic while the component is mounted and hands its server events, parsed with the
 * contract, to `handlers`. Handlers may change on every render without rejoining.
 *
 *   const { status, push } = useChannel(webAccountTopic(accountId),
 *     { from_web: true, membership_id: membershipId },
 *     { updated_signature: (e) => ..., removed_signature: (e) => ... });
 *
 * A kiosk passes `options.track` (its presence meta, sent after every join) and may use
 * `options.onJoin` to drain its outbox whenever the channel comes back.
 */
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import type { ClientPushName, ClientPushPayload, ServerEventName, TrackMeta } from '../../contract/channels';
import { ChannelPushError, type ChannelStatus, type JoinParams, type PushResponse, type ServerEventHandlers } from './channels';
import { useSharedChannel } from './useSharedChannel';

export interface UseChannelOptions {
  /** This client's presence meta on an ipad:device topic (kiosk only); null or absent = not tracked. */
  track?: TrackMeta | null;
  /** Called after every successful join and rejoin. */
  onJoin?: () => void;
}

export interface UseChannelResult {
  /** 'idle' without a topic or while signed out. */
  status: ChannelStatus | 'idle';
  /** The last join refusal or timeout ("unauthorized", "timeout", ...); null once joined. */
  error: string | null;
  /** Rejects with ChannelPushError (reason from the server, "timeout" or "not_joined"). */
  push: <E extends ClientPushName>(event: E, payload: ClientPushPayload<E>) => Promise<PushResponse>;
}

const noSubscription = () => () => undefined;

export function useChannel(
  topic: string | null,
  params: JoinParams,
  handlers: ServerEventHandlers = {},
  options: UseChannelOptions = {},
): UseChannelResult {
  const shared = useSharedChannel(topic, params);
  const handlersRef = useRef(handlers);
  const onJoinRef = useRef(options.onJoin);
  useEffect(() => {
    handlersRef.current = handlers;
    onJoinRef.current = options.onJoin;
  });

  // Subscribe once per event name; the latest handler is looked up when an event arrives.
  const eventNames = (Object.keys(handlers) as ServerEventName[]).sort().join(',');
  useEffect(() => {
    if (!shared || !eventNames) return;
    const offs = (eventNames.split(',') as ServerEventName[]).map((name) =>
      shared.on(name, (payload) => {
        const handler = handlersRef.current[name] as ((p: typeof payload) => void) | undefined;
        handler?.(payload);
      }),
    );
    return () => offs.forEach((off) => off());
  }, [shared, eventNames]);

  useEffect(() => shared?.onJoin(() => onJoinRef.current?.()), [shared]);

  const trackKey = options.track ? JSON.stringify(options.track) : null;
  useEffect(() => {
    if (!shared) return;
    shared.setTrack(trackKey ? (JSON.parse(trackKey) as TrackMeta) : null);
  }, [shared, trackKey]);

  const status = useSyncExternalStore(shared?.subscribeStatus ?? noSubscription, () => shared?.status ?? 'idle', () => 'idle' as const);
  const error = useSyncExternalStore(shared?.subscribeStatus ?? noSubscription, () => shared?.lastError ?? null, () => null);

  const push = useCallback(
    <E extends ClientPushName>(event: E, payload: ClientPushPayload<E>): Promise<PushResponse> =>
      shared ? shared.push(event, payload) : Promise.reject(new ChannelPushError('not_joined')),
    [shared],
  );
  return { status, error, push };
}
