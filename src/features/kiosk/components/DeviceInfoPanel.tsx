/**
 * For staff (a long press on the status bar): which iPad this is, its queue and storage, and
 * the outbox controls. Deliberately no sign-out: that is done from the staff console.
 */
import { useEffect, useState } from 'react';
import type { OutboxRow } from '../../../lib/db/dexie';
import { getOutbox, type OutboxStatusSnapshot } from '../../outbox/api';
import type { StorageHealth } from '../model';

interface Props {
  ipadName: string | null;
  ipadId: string | null;
  localDeviceId: string | null;
  appVersion: string;
  outbox: OutboxStatusSnapshot;
  storage: StorageHealth;
  onClose: () => void;
}

const mb = (bytes: number | null) => (bytes === null ? '?' : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

export function DeviceInfoPanel({ ipadName, ipadId, localDeviceId, appVersion, outbox, storage, onClose }: Props) {
  const [parked, setParked] = useState<OutboxRow[]>([]);
  useEffect(() => {
    void getOutbox()
      .list()
      .then((rows) => setParked(rows.filter((r) => r.status === 'needs_attention' || r.status === 'dead')));
  }, [outbox.needsAttention]);

  return (
    <div className="kiosk-overlay" role="dialog" aria-modal="true" aria-labelledby="kiosk-device-title">
      <div className="kiosk-dialog kiosk-device">
        <h2 id="kiosk-device-title">This iPad</h2>
        <dl>
          <dt>Name</dt>
          <dd>{ipadName ?? '?'}</dd>
          <dt>iPad id</dt>
          <dd>{ipadId ?? '?'}</dd>
          <dt>Device id</dt>
          <dd>{localDeviceId ?? '?'}</dd>
          <dt>App version</dt>
          <dd>{appVersion}</dd>
          <dt>Waiting to send</dt>
          <dd>{outbox.pending}</dd>
          <dt>Need attention</dt>
          <dd>{outbox.needsAttention}</dd>
          <dt>Last error</dt>
          <dd>{outbox.lastError ?? 'None'}</dd>
          <dt>Storage</dt>
          <dd>
            {mb(storage.usage)} of {mb(storage.quota)}, {storage.persisted ? 'persistent' : 'not persistent'}
          </dd>
        </dl>
        {parked.length > 0 && (
          <ul className="kiosk-parked">
            {parked.map((row) => (
              <li key={row.client_id}>
                {new Date(row.created_at).toLocaleString()}: {row.last_error ?? 'refused'} (HTTP {row.last_http_status ?? '?'})
              </li>
            ))}
          </ul>
        )}
        <div className="kiosk-dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={() => getOutbox().requestDrain({ ignoreBackoff: true })}>
            Send now
          </button>
          {outbox.needsAttention > 0 && (
            <button type="button" className="btn btn-secondary" onClick={() => void getOutbox().retryParked()}>
              Try those again
            </button>
          )}
          <button type="button" className="btn btn-primary" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </div>
  );
}
