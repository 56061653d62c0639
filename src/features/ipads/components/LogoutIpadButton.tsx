import { useState } from 'react';
import { LogOut } from 'lucide-react';
import type { IpadPresence } from '../useIpadPresence';

type State = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'failed'; message: string };

/**
 * Superusers only (spec 000 section 6): asks a connected kiosk to sign out. The kiosk keeps
 * signatures it has not sent yet, so it signs out only once its outbox is empty.
 */
export function LogoutIpadButton({ ipadName, presence }: { ipadName: string; presence: IpadPresence }) {
  const [state, setState] = useState<State>({ kind: 'idle' });

  const logOut = async () => {
    if (!window.confirm(`Log out “${ipadName}”? It signs out once its pending signatures are sent, and needs a new setup code to sign in again.`)) return;
    setState({ kind: 'sending' });
    try {
      await presence.logoutFromWeb();
      setState({ kind: 'sent' });
    } catch (err) {
      setState({ kind: 'failed', message: err instanceof Error ? err.message : 'The iPad could not be reached.' });
    }
  };

  return (
    <div className="ipad-logout">
      <button type="button" className="btn btn-danger" onClick={() => void logOut()} disabled={state.kind === 'sending'} aria-describedby="logout-ipad-hint">
        <LogOut size={18} aria-hidden="true" /> {state.kind === 'sending' ? 'Logging out...' : 'Log Out'}
      </button>
      <span id="logout-ipad-hint" className="hint">
        The iPad signs out once its pending signatures are sent.
      </span>
      {state.kind === 'sent' && (
        <span className="form-success" role="status">
          Log out sent to the iPad.
        </span>
      )}
      {state.kind === 'failed' && (
        <span className="form-error" role="alert">
          {state.message}
        </span>
      )}
    </div>
  );
}
