/**
 * Holds who is signed in. The identity call runs when a token is saved; its answer is turned
 * into one of the states of spec 000 section 4 by `resolveAuth`.
 */
import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { authEndpoints } from '../../contract/auth';
import { call } from '../../lib/api/client';
import { ApiError, errorMessage } from '../../lib/api/errors';
import { resetRealtime } from '../../lib/realtime';
import { clearSession, getMembershipId, getSavedToken, isViewingAllAccounts, setMembershipId } from '../../lib/session';
import { resolveAuth, type AuthState } from './model';

interface AuthContextValue {
  state: AuthState;
  retry: () => void;
  logout: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export const authKeys = { me: (token: string | null) => ['auth', 'me', token] as const };

export function AuthProvider({ children }: { children: ReactNode }) {
  const token = getSavedToken();
  const queryClient = useQueryClient();
  const me = useQuery({
    queryKey: authKeys.me(token?.api_token ?? null),
    queryFn: () => call(authEndpoints.me),
    enabled: Boolean(token && token.role === 'staff'),
    retry: false,
    staleTime: 5 * 60 * 1000,
  });

  const resolved = useMemo((): { state: AuthState; storeMembershipId?: string | null } => {
    if (!token || token.role !== 'staff') return { state: { status: 'unauthenticated' } };
    if (me.isPending) return { state: { status: 'loading' } };
    if (me.isError) {
      // A revoked or unknown token: back to sign-in rather than an error screen.
      if (me.error instanceof ApiError && me.error.status === 401) return { state: { status: 'unauthenticated' } };
      return { state: { status: 'error', message: errorMessage(me.error) } };
    }
    return resolveAuth({ user: me.data.user, memberships: me.data.user_account_memberships, storedMembershipId: getMembershipId(), viewingAllAccounts: isViewingAllAccounts() });
  }, [token, me.isPending, me.isError, me.error, me.data]);

  // A layout effect: it runs before the pages' first queries fire, so they carry the header.
  useLayoutEffect(() => {
    if (resolved.storeMembershipId !== undefined) setMembershipId(resolved.storeMembershipId);
  }, [resolved.storeMembershipId]);

  useEffect(() => {
    if (me.error instanceof ApiError && me.error.status === 401) clearSession();
  }, [me.error]);

  const retry = useCallback(() => void me.refetch(), [me]);
  const logout = useCallback(async () => {
    if (token) await call(authEndpoints.logout).catch(() => undefined);
    clearSession();
    resetRealtime();
    queryClient.clear();
    window.location.assign('/auth/login');
  }, [token, queryClient]);

  const value = useMemo(() => ({ state: resolved.state, retry, logout }), [resolved.state, retry, logout]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth outside AuthProvider');
  return value;
}

/** The signed-in state; only inside the protected layout. */
export function useSession() {
  const { state } = useAuth();
  if (state.status !== 'authenticated') throw new Error('useSession outside an authenticated layout');
  return state;
}
