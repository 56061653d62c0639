import { format } from 'date-fns';
import type { IpadDetails } from '../../../contract/devices';
import { errorMessage } from '../../../lib/api/errors';
import { useUpdateIpad } from '../api';
import { relativeTime } from '../model';
import type { DeviceStatus } from '../useDeviceStatus';
import { IpadNameForm } from './IpadNameForm';

export const IPAD_UPDATED_MESSAGE = 'iPad updated successfully';

/** Details tab: rename the iPad and see how its kiosk is doing. */
export function IpadDetailsTab({ ipad, status }: { ipad: IpadDetails; status: DeviceStatus }) {
  const update = useUpdateIpad(ipad.unique_identifier);
  return (
    <div className="ipad-details-grid">
      <section className="card" aria-labelledby="ipad-rename-heading">
        <h2 id="ipad-rename-heading">iPad details</h2>
        <IpadNameForm
          key={ipad.unique_identifier}
          defaultName={ipad.public_data.ipad_name}
          submitLabel="Save"
          busyLabel="Saving..."
          isBusy={update.isPending}
          error={update.isError ? errorMessage(update.error) : null}
          success={update.isSuccess ? IPAD_UPDATED_MESSAGE : null}
          onSubmit={(values) => update.mutate(values)}
        />
      </section>
      <DeviceStatusCard ipad={ipad} status={status} />
    </div>
  );
}

const when = (iso: string | null): string => (iso ? `${format(new Date(iso), 'PPp')} (${relativeTime(iso)})` : 'Never');

function DeviceStatusCard({ ipad, status }: { ipad: IpadDetails; status: DeviceStatus }) {
  const live = status.presence.status === 'live';
  const connection = status.isConnected
    ? status.deviceCount > 1
      ? `Connected (${status.deviceCount} devices)`
      : 'Connected'
    : !ipad.has_been_setup
      ? 'Not set up yet'
      : live
        ? 'Offline'
        : 'Unknown (no live connection to the server)';
  return (
    <section className="card" aria-labelledby="ipad-device-heading">
      <h2 id="ipad-device-heading">Device status</h2>
      <dl className="ipad-facts">
        <dt>Connection</dt>
        <dd>
          <span className={`dot${status.isConnected ? ' on' : ''}`} aria-hidden="true" /> {connection}
        </dd>
        <dt>Last online</dt>
        <dd>{status.isConnected ? 'Now' : when(ipad.last_seen_online_at)}</dd>
        <dt>Waiting to send</dt>
        <dd>{status.isConnected ? (status.pendingCount > 0 ? <strong className="ipad-pending-text">{status.pendingCount} waiting to send</strong> : 'Nothing waiting') : '—'}</dd>
        <dt>Last sync</dt>
        <dd>{status.isConnected ? when(status.lastSyncedAt) : '—'}</dd>
        <dt>App version</dt>
        <dd>{status.appVersions.length > 0 ? status.appVersions.join(', ') : '—'}</dd>
        <dt>Enabled</dt>
        <dd>{ipad.ipad_is_enabled ? 'Yes' : 'No'}</dd>
        <dt>Added</dt>
        <dd>{when(ipad.inserted_at)}</dd>
      </dl>
      {status.isConnected && status.pendingCount > 0 && (
        <p className="hint">Signatures are kept safely on the iPad and sent as soon as its connection allows.</p>
      )}
    </section>
  );
}
