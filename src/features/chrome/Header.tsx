import { useId } from 'react';
import { Link } from 'react-router-dom';
import { Menu } from 'lucide-react';
import { setMembershipId, setViewingAllAccounts } from '../../lib/session';
import { useSession } from '../auth/AuthProvider';
import { UserMenu } from './UserMenu';
import { LiveConnection } from './LiveConnection';

export function Header({ onToggleNav, navOpen, navToggleDisabled }: { onToggleNav: () => void; navOpen: boolean; navToggleDisabled: boolean }) {
  const { user, memberships, membership, viewingAllAccounts } = useSession();
  const switcherId = useId();

  const toggleAllAccounts = (on: boolean) => {
    setViewingAllAccounts(on);
    window.location.assign('/');
  };
  const switchAccount = (id: string) => {
    setMembershipId(id);
    window.location.reload();
  };

  return (
    <header className="header">
      <button type="button" className="btn btn-ghost nav-toggle" aria-expanded={navOpen} aria-controls="sidebar" onClick={onToggleNav} disabled={navToggleDisabled}>
        <Menu size={20} aria-hidden="true" />
        <span className="sr-only">View Navigation</span>
      </button>
      <Link to="/" className="logo" aria-label="Signature Guestbook home">
        <img src="/icons/logo.svg" alt="" />
        <span className="hide-narrow">Signature Guestbook</span>
      </Link>
      <div className="spacer" />
      <LiveConnection />
      {user.is_superuser && (
        <label className="checkbox">
          <input type="checkbox" checked={viewingAllAccounts} onChange={(e) => toggleAllAccounts(e.target.checked)} />
          View All Accounts
        </label>
      )}
      {!viewingAllAccounts && memberships.length > 0 && (
        <>
          <label htmlFor={switcherId} className="sr-only">
            Account
          </label>
          <select id={switcherId} className="select account-switcher" value={membership?.unique_identifier ?? ''} onChange={(e) => switchAccount(e.target.value)}>
            {memberships.map((m) => (
              <option key={m.unique_identifier} value={m.unique_identifier}>
                {m.account.name}
              </option>
            ))}
          </select>
        </>
      )}
      <UserMenu />
    </header>
  );
}
