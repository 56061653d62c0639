/**
 * The console's live connection: joins the account's channel (or all accounts for an operator
 * in that mode) for the whole session, so the one socket stays up, and shows a badge when it
 * is down. Lists that show live data join the same topic through the shared channel.
 */
import { Wifi, WifiOff } from 'lucide-react';
import { WEB_ALL_ACCOUNTS_TOPIC, webAccountTopic } from '../../contract/channels';
import { useChannel, useConnectionState } from '../../lib/realtime';
import { useSession } from '../auth/AuthProvider';

/** The topic and join params of the signed-in console; shared with features that listen to it. */
export function useConsoleTopic(): { topic: string | null; params: { from_web: true; membership_id?: string } } {
  const { membership, viewingAllAccounts } = useSession();
  if (viewingAllAccounts) return { topic: WEB_ALL_ACCOUNTS_TOPIC, params: { from_web: true } };
  if (!membership) return { topic: null, params: { from_web: true } };
  return { topic: webAccountTopic(membership.account.unique_identifier), params: { from_web: true, membership_id: membership.unique_identifier } };
}

export function LiveConnection() {
  const { topic, params } = useConsoleTopic();
  useChannel(topic, params);
  const state = useConnectionState();
  if (state === 'online') {
    return (
      <span className="live-badge live-on" title="Live updates are on">
        <Wifi size={16} aria-hidden="true" />
        <span className="hide-narrow">Live</span>
      </span>
    );
  }
  return (
    <span className="live-badge live-off" role="status" aria-live="polite">
      <WifiOff size={16} aria-hidden="true" />
      {state === 'connecting' ? 'Reconnecting…' : 'Offline: live updates paused'}
    </span>
  );
}
