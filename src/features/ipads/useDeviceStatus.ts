import { useEffect, useMemo, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ipadKeys } from './api';
import { summarizePresence, type DeviceSummary } from './model';
import { useIpadPresence, type IpadPresence } from './useIpadPresence';

export interface DeviceStatus extends DeviceSummary {
  presence: IpadPresence;
}

/**
 * Presence of one iPad, summarised for the screens (connected, pending, last sync, version).
 * When the kiosk comes or goes, the iPad's list and details are refetched: the server has recorded
 * last_seen_online_at and has_been_setup by then (realtime nudges, HTTP reads).
 */
export function useDeviceStatus(ipadId: string | undefined): DeviceStatus {
  const presence = useIpadPresence(ipadId);
  const summary = useMemo(() => summarizePresence(presence.metas), [presence.metas]);
  const queryClient = useQueryClient();
  const wasConnected = useRef<boolean | null>(null);

  useEffect(() => {
    if (presence.status !== 'live' || !ipadId) return;
    if (wasConnected.current !== null && wasConnected.current !== summary.isConnected) {
      // The list and the details both carry last_seen_online_at.
      void queryClient.invalidateQueries({ queryKey: ipadKeys.all });
    }
    wasConnected.current = summary.isConnected;
  }, [presence.status, summary.isConnected, ipadId, queryClient]);

  return useMemo(() => ({ ...summary, presence }), [summary, presence]);
}
