import type { IpadDetails } from '../../../contract/devices';
import { pendingLabel, sinceTime } from '../model';
import type { DeviceStatus } from '../useDeviceStatus';

interface Props {
  status: DeviceStatus;
  /** From the iPad's details when known: when it last came online, whether it was ever set up. */
  details?: Pick<IpadDetails, 'last_seen_online_at' | 'has_been_setup'>;
}

/** What staff need at a glance: is the kiosk there, and does it hold signatures not yet sent. */
export function DeviceStatusBadge({ status, details }: Props) {
  const pending = pendingLabel(status.pendingCount);
  return (
    <span className="ipad-status">
      <span className="ipad-status-line">
        <span className={`dot${status.isConnected ? ' on' : ''}`} aria-hidden="true" />
        <span>{offlineOrConnected(status, details)}</span>
      </span>
      {pending && <span className="ipad-pending">{pending}</span>}
    </span>
  );
}

function offlineOrConnected(status: DeviceStatus, details: Props['details']): string {
  if (status.isConnected) return 'Connected';
  // last_seen_online_at is written when a kiosk leaves, so it is when it went offline.
  const since = details?.last_seen_online_at ? ` since ${sinceTime(details.last_seen_online_at)}` : '';
  if (details && !details.has_been_setup) return 'Not set up yet';
  if (status.presence.status === 'joining') return 'Checking…';
  if (status.presence.status === 'unavailable') return 'Status unknown';
  return `Offline${since}`;
}
