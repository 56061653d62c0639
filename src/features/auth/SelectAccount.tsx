import { useId, useState } from 'react';
import type { Membership } from '../../contract/accounts';
import { setMembershipId } from '../../lib/session';
import { usePageTitle } from '../../ui/usePageTitle';
import { AuthShell } from './AuthShell';
import { useAuth } from './AuthProvider';

export function SelectAccount({ memberships }: { memberships: Membership[] }) {
  usePageTitle('Select Account');
  const { logout } = useAuth();
  const id = useId();
  const [choice, setChoice] = useState('');
  const [continuing, setContinuing] = useState(false);
  const onContinue = () => {
    if (!choice) return;
    setContinuing(true);
    setMembershipId(choice);
    window.location.reload();
  };
  return (
    <AuthShell title="Select Account">
      <div className="field">
        <label htmlFor={id}>Account</label>
        <select id={id} className="select" value={choice} onChange={(e) => setChoice(e.target.value)} aria-describedby={`${id}-hint`}>
          <option value="" disabled>
            Select an account...
          </option>
          {memberships.map((m) => (
            <option key={m.unique_identifier} value={m.unique_identifier}>
              {m.account.name}
            </option>
          ))}
        </select>
        <span id={`${id}-hint`} className="hint">
          This account can be changed later.
        </span>
      </div>
      <div className="stack">
        <button type="button" className="btn btn-primary btn-block" disabled={!choice || continuing} onClick={onContinue}>
          {continuing ? 'Continuing...' : 'Continue'}
        </button>
        <button type="button" className="btn btn-ghost btn-block" onClick={() => void logout()}>
          Log out
        </button>
      </div>
    </AuthShell>
  );
}
