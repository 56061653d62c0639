/**
 * The iPad screens' one view of the realtime channel `ipad:device:{ipadId}`: the presence metas
 * of the kiosks on it and the staff push `logout_from_web`. Components use only this hook, so
 * the realtime client can change underneath without touching them. Staff join with from_web
 * and their membership id (none in all-accounts mode; the server lets operators in).
 */
import { useCallback, useMemo } from 'react';
import { ipadDeviceTopic } from '../../contract/channels';
import { ChannelPushError, useChannel, usePresence, type ChannelStatus } from '../../lib/realtime';
import { useSession } from '../auth/AuthProvider';
import type { KioskPresenceMeta } from './model';

export type PresenceStatus = 'joining' | 'live' | 'unavailable';

export interface IpadPresence {
  /** `live` once the channel is joined; `unavailable` when realtime is down or refused. */
  status: PresenceStatus;
  metas: KioskPresenceMeta[];
  /** Asks the kiosk to sign out (it does once its outbox is empty). Rejects when not sent. */
  logoutFromWeb: () => Promise<void>;
}

export const LOGOUT_NOT_SENT_MESSAGE = 'The log out could not be sent: there is no live connection to the server. Please try again.';

const STATUS: Record<ChannelStatus | 'idle', PresenceStatus> = {
  idle: 'unavailable',
  joining: 'joining',
  joined: 'live',
  errored: 'unavailable',
  closed: 'unavailable',
};

export function useIpadPresence(ipadId: string | undefined): IpadPresence {
  const { membership } = useSession();
  const topic = ipadId ? ipadDeviceTopic(ipadId) : null;
  const params = membership ? { from_web: true, membership_id: membership.unique_identifier } : { from_web: true };
  const channel = useChannel(topic, params);
  const metas = usePresence(topic, params);
  const { push } = channel;

  const logoutFromWeb = useCallback(async () => {
    try {
      await push('logout_from_web', {});
    } catch (err) {
      if (err instanceof ChannelPushError) throw new Error(LOGOUT_NOT_SENT_MESSAGE);
      throw err;
    }
  }, [push]);

  const status = STATUS[channel.status];
  return useMemo(() => ({ status, metas, logoutFromWeb }), [status, metas, logoutFromWeb]);
}
