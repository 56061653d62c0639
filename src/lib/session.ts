/**
 * Client-held flags of spec 000 section 3/9, in localStorage: the saved token object (with
 * api_token), the current membership id and the all-accounts flag ("true"/"false").
 */
import { z } from 'zod';

export const STORAGE_KEYS = {
  token: 'token',
  membershipId: 'membershipId',
  viewingAllAccounts: 'viewingAllAccounts',
  theme: 'theme',
  onlyShowPreNeedItems: 'onlyShowPreNeedItems',
} as const;

const SavedTokenSchema = z.object({ api_token: z.string().min(1), role: z.enum(['staff', 'kiosk']).default('staff') });
export type SavedToken = z.infer<typeof SavedTokenSchema>;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function getSavedToken(): SavedToken | null {
  const raw = storage()?.getItem(STORAGE_KEYS.token);
  if (!raw) return null;
  try {
    const parsed = SavedTokenSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function saveToken(token: SavedToken): void {
  storage()?.setItem(STORAGE_KEYS.token, JSON.stringify(token));
}

export function getMembershipId(): string | null {
  return storage()?.getItem(STORAGE_KEYS.membershipId) ?? null;
}

export function setMembershipId(id: string | null): void {
  if (id) storage()?.setItem(STORAGE_KEYS.membershipId, id);
  else storage()?.removeItem(STORAGE_KEYS.membershipId);
}

export function isViewingAllAccounts(): boolean {
  return storage()?.getItem(STORAGE_KEYS.viewingAllAccounts) === 'true';
}

export function setViewingAllAccounts(on: boolean): void {
  storage()?.setItem(STORAGE_KEYS.viewingAllAccounts, on ? 'true' : 'false');
}

/** Logout clears the saved token and membership (spec 000 section 4). */
export function clearSession(): void {
  const s = storage();
  s?.removeItem(STORAGE_KEYS.token);
  s?.removeItem(STORAGE_KEYS.membershipId);
  s?.removeItem(STORAGE_KEYS.viewingAllAccounts);
}
