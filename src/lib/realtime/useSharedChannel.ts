/**
 * The shared channel of a topic for as long as the component is mounted (internal to
 * useChannel and usePresence). Re-acquires when the topic, the params or the socket change.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { acquireChannel, type JoinParams, type SharedChannel } from './channels';
import { getRealtimeGeneration, subscribeRealtime } from './socket';

export function useSharedChannel(topic: string | null, params: JoinParams): SharedChannel | null {
  const generation = useSyncExternalStore(subscribeRealtime, getRealtimeGeneration, getRealtimeGeneration);
  // Callers usually build params inline; compare them by value, not identity.
  const paramsKey = JSON.stringify(params);
  const [shared, setShared] = useState<SharedChannel | null>(null);

  useEffect(() => {
    if (!topic) {
      setShared(null);
      return;
    }
    const acquired = acquireChannel(topic, JSON.parse(paramsKey) as JoinParams);
    setShared(acquired);
    return () => acquired?.release();
  }, [topic, paramsKey, generation]);

  return shared;
}
