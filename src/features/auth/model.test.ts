import { describe, expect, it } from 'vitest';
import type { Membership, User } from '../../contract/accounts';
import { resolveAuth } from './model';

const at = '2026-01-01T00:00:00.000Z';
const user = (superuser = false): User => ({
  unique_identifier: '00000000-0000-4000-8000-000000000001', email: 'a@example.com', inserted_at: at, updated_at: at,
  confirmed_at: at, name_initials: 'A', public_data: {}, is_superuser: superuser,
});
const membership = (id: string, name: string): Membership => ({
  unique_identifier: id, inserted_at: at, updated_at: at, user: user(),
  account: { unique_identifier: id, name, inserted_at: at, public_data: {}, last_service_at: null, last_signature_at: null },
});
const m1 = membership('00000000-0000-4000-8000-00000000000a', 'Alpha');
const m2 = membership('00000000-0000-4000-8000-00000000000b', 'Beta');

describe('authentication states', () => {
  it('fails with the spec text and clears the membership when there are none', () => {
    const r = resolveAuth({ user: user(), memberships: [], storedMembershipId: 'x', viewingAllAccounts: false });
    expect(r.state).toEqual({ status: 'error', message: 'No memberships found for this user.' });
    expect(r.storeMembershipId).toBeNull();
  });
  it('chooses the only membership and stores it', () => {
    const r = resolveAuth({ user: user(), memberships: [m1], storedMembershipId: null, viewingAllAccounts: false });
    expect(r.state).toMatchObject({ status: 'authenticated', membership: m1 });
    expect(r.storeMembershipId).toBe(m1.unique_identifier);
  });
  it('uses the remembered membership when still valid, else asks', () => {
    expect(resolveAuth({ user: user(), memberships: [m1, m2], storedMembershipId: m2.unique_identifier, viewingAllAccounts: false }).state).toMatchObject({ status: 'authenticated', membership: m2 });
    const stale = resolveAuth({ user: user(), memberships: [m1, m2], storedMembershipId: 'gone', viewingAllAccounts: false });
    expect(stale.state.status).toBe('select-account');
    expect(stale.storeMembershipId).toBeNull();
  });
  it('honours the all-accounts flag for superusers only', () => {
    expect(resolveAuth({ user: user(true), memberships: [m1, m2], storedMembershipId: null, viewingAllAccounts: true }).state).toMatchObject({ status: 'authenticated', viewingAllAccounts: true });
    expect(resolveAuth({ user: user(false), memberships: [m1, m2], storedMembershipId: null, viewingAllAccounts: true }).state.status).toBe('select-account');
  });
});
