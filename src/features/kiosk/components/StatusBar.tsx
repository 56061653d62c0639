/**
 * The kiosk's status line: connection, what waits to be sent, the last sync, storage
 * warnings. Pressing it for a while opens the device panel (for staff; it cannot sign out).
 */
import { useRef } from 'react';
import { CloudOff, RefreshCw, Wifi, WifiOff } from 'lucide-react';
import type { OutboxStatusSnapshot } from '../../outbox/api';
import { lastSyncText, LONG_PRESS_MS, waitingText } from '../model';
import type { ConnectionState } from '../useKioskRealtime';

interface Props {
  connection: ConnectionState;
  outbox: OutboxStatusSnapshot;
  warnings: string[];
  notice?: string | null;
  onLongPress: () => void;
}

const CONNECTION_TEXT: Record<ConnectionState, string> = {
  online: 'Online',
  connecting: 'Connecting…',
  offline: 'Offline',
  error: 'Cannot reach the server',
};

export function StatusBar({ connection, outbox, warnings, notice, onLongPress }: Props) {
  const timer = useRef<number | null>(null);
  const start = () => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      timer.current = null;
      onLongPress();
    }, LONG_PRESS_MS);
  };
  const cancel = () => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
  };
  const waiting = waitingText(outbox.pending);
  const synced = lastSyncText(outbox.lastSyncedAt);
  const Icon = { online: Wifi, connecting: RefreshCw, offline: WifiOff, error: CloudOff }[connection];

  return (
    <div
      className="kiosk-status"
      role="status"
      aria-label="iPad status"
      data-testid="kiosk-status"
      onPointerDown={start}
      onPointerUp={cancel}
      onPointerLeave={cancel}
      onPointerCancel={cancel}
      onContextMenu={(e) => e.preventDefault()}
    >
      <span className={`kiosk-status-item kiosk-connection kiosk-connection-${connection}`}>
        <Icon size={18} aria-hidden="true" /> {CONNECTION_TEXT[connection]}
      </span>
      <span className="kiosk-status-item" data-testid="kiosk-pending">
        {waiting ?? (outbox.isLoaded && outbox.needsAttention === 0 ? 'All signatures sent' : '')}
      </span>
      {outbox.needsAttention > 0 && <span className="kiosk-status-item kiosk-status-warn">{outbox.needsAttention} need attention</span>}
      <span className="kiosk-status-item kiosk-status-muted">{synced ? `Last sync ${synced}` : 'Not synced yet'}</span>
      {notice && <span className="kiosk-status-item kiosk-status-warn">{notice}</span>}
      {warnings.map((w) => (
        <span key={w} className="kiosk-status-item kiosk-status-warn">
          {w}
        </span>
      ))}
    </div>
  );
}
