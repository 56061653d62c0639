/** The authentication states of spec 000 section 4, derived from the identity call. */
import type { Membership, User } from '../../contract/accounts';
import { ERROR_TEXT } from '../../contract/errors';

export type AuthState =
  | { status: 'unauthenticated' }
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'select-account'; user: User; memberships: Membership[] }
  | { status: 'authenticated'; user: User; memberships: Membership[]; membership: Membership | null; viewingAllAccounts: boolean };

export interface ResolveInput {
  user: User;
  memberships: Membership[];
  storedMembershipId: string | null;
  viewingAllAccounts: boolean;
}

/** What to show for a fetched identity, and which membership id to store (undefined: leave it). */
export function resolveAuth(input: ResolveInput): { state: AuthState; storeMembershipId?: string | null } {
  const { user, memberships, storedMembershipId } = input;
  const viewingAll = user.is_superuser && input.viewingAllAccounts;
  const stored = memberships.find((m) => m.unique_identifier === storedMembershipId) ?? null;
  if (memberships.length === 0) {
    // An operator created without an account still works across all accounts.
    if (user.is_superuser) return { state: { status: 'authenticated', user, memberships, membership: null, viewingAllAccounts: true }, storeMembershipId: null };
    return { state: { status: 'error', message: ERROR_TEXT.noMemberships }, storeMembershipId: null };
  }
  if (viewingAll) return { state: { status: 'authenticated', user, memberships, membership: stored, viewingAllAccounts: true } };
  if (memberships.length === 1) {
    const only = memberships[0] as Membership;
    return {
      state: { status: 'authenticated', user, memberships, membership: only, viewingAllAccounts: false },
      storeMembershipId: only.unique_identifier === storedMembershipId ? undefined : only.unique_identifier,
    };
  }
  if (stored) return { state: { status: 'authenticated', user, memberships, membership: stored, viewingAllAccounts: false } };
  return { state: { status: 'select-account', user, memberships }, storeMembershipId: storedMembershipId ? null : undefined };
}
