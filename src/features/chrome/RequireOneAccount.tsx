import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useSession } from '../auth/AuthProvider';

/** Create Service, Add iPad and Create Book redirect to / while viewing all accounts. */
export function RequireOneAccount({ children }: { children: ReactNode }) {
  const { viewingAllAccounts } = useSession();
  return viewingAllAccounts ? <Navigate to="/" replace /> : <>{children}</>;
}

/** The management area is for superusers; others go to /. */
export function RequireSuperuser({ children }: { children: ReactNode }) {
  const { user } = useSession();
  return user.is_superuser ? <>{children}</> : <Navigate to="/" replace />;
}
