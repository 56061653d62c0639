/**
 * The presence metas on a topic (ipad:device:{id}): one per connected kiosk device, kept in
 * sync from presence_state and presence_diff by phoenix's Presence. Joins the topic while
 * mounted (staff pass their from_web params); shares the channel with useChannel.
 */
import { useSyncExternalStore } from 'react';
import type { PresenceMeta } from '../../contract/channels';
import type { JoinParams } from './channels';
import { useSharedChannel } from './useSharedChannel';

const NONE: PresenceMeta[] = [];
const noSubscription = () => () => undefined;

export function usePresence(topic: string | null, params: JoinParams = {}): PresenceMeta[] {
  const shared = useSharedChannel(topic, params);
  return useSyncExternalStore(shared?.subscribePresence ?? noSubscription, () => shared?.metas ?? NONE, () => NONE);
}
