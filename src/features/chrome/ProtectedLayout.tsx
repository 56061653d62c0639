import { useEffect, useRef, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { FullScreenSpinner } from '../../ui/Spinner';
import { useAuth } from '../auth/AuthProvider';
import { AuthFailed } from '../auth/AuthFailed';
import { SelectAccount } from '../auth/SelectAccount';
import { Header } from './Header';
import { Sidebar } from './Sidebar';
import { Footer } from './Footer';
import { UpdateBanner } from './UpdateBanner';

/** The menu button is disabled this long after a toggle, so a double tap does not undo it. */
const NAV_TOGGLE_LOCK_MS = 500;

export function ProtectedLayout() {
  const { state } = useAuth();
  const location = useLocation();
  const [navOpen, setNavOpen] = useState(false);
  const [navLocked, setNavLocked] = useState(false);
  const lockTimer = useRef<number | undefined>(undefined);

  useEffect(() => setNavOpen(false), [location.pathname]);
  useEffect(() => () => window.clearTimeout(lockTimer.current), []);

  if (state.status === 'unauthenticated') return <Navigate to="/auth/login" replace />;
  if (state.status === 'loading') return <FullScreenSpinner label="Signing you in..." />;
  if (state.status === 'error') return <AuthFailed message={state.message} />;
  if (state.status === 'select-account') return <SelectAccount memberships={state.memberships} />;

  const toggleNav = () => {
    setNavOpen((o) => !o);
    setNavLocked(true);
    lockTimer.current = window.setTimeout(() => setNavLocked(false), NAV_TOGGLE_LOCK_MS);
  };

  return (
    <div className="layout">
      <a href="#main" className="sr-only">
        Skip to content
      </a>
      <Sidebar open={navOpen} onNavigate={() => setNavOpen(false)} />
      <div className={`drawer-backdrop${navOpen ? ' open' : ''}`} onClick={() => setNavOpen(false)} aria-hidden="true" />
      <Header onToggleNav={toggleNav} navOpen={navOpen} navToggleDisabled={navLocked} />
      <main id="main" className="main" tabIndex={-1}>
        <UpdateBanner />
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
