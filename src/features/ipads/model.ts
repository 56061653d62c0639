/**
 * Pure rules of the iPad screens: what presence says about a kiosk (spec 000 section 4: "shown
 * connected when presence lists at least one device with a local identifier"), how a setup
 * code is shown, and the order of services in the Send Service picker.
 */
import { formatDistance, format, isSameDay } from 'date-fns';
import { IPAD_SETUP_CODE_LENGTH, normalizeIpadSetupCode, type Ipad } from '../../contract/devices';

/**
 * One presence meta as any client may have tracked it. Fields are optional because a meta is
 * data from another device: the rules below never trust it to be complete.
 */
export interface KioskPresenceMeta {
  local_device_id?: string | null;
  pending_count?: number | null;
  last_synced_at?: string | null;
  app_version?: string | null;
  online_at?: string | null;
}

export interface DeviceSummary {
  isConnected: boolean;
  /** Distinct kiosks (local device ids) on this iPad's channel. */
  deviceCount: number;
  /** Signatures saved on the kiosk(s) that have not reached the server yet. */
  pendingCount: number;
  /** The latest successful sync any kiosk reported, ISO. */
  lastSyncedAt: string | null;
  /** App versions the kiosks run, distinct, in order of appearance. */
  appVersions: string[];
}

const deviceIdOf = (meta: KioskPresenceMeta): string | null => {
  const id = typeof meta.local_device_id === 'string' ? meta.local_device_id.trim() : '';
  return id === '' ? null : id;
};

const countOf = (value: number | null | undefined): number => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0);

/** A kiosk is connected when presence lists at least one meta with a local device id. */
export function isKioskConnected(metas: readonly KioskPresenceMeta[]): boolean {
  return metas.some((meta) => deviceIdOf(meta) !== null);
}

/**
 * Pending signatures across the kiosks. Two tabs of one iPad share one outbox (same local
 * device id), so per device the largest count is taken; different devices are added up.
 */
export function pendingSignatureCount(metas: readonly KioskPresenceMeta[]): number {
  const perDevice = new Map<string, number>();
  for (const meta of metas) {
    const id = deviceIdOf(meta);
    if (id === null) continue;
    perDevice.set(id, Math.max(perDevice.get(id) ?? 0, countOf(meta.pending_count)));
  }
  let total = 0;
  for (const count of perDevice.values()) total += count;
  return total;
}

export function summarizePresence(metas: readonly KioskPresenceMeta[]): DeviceSummary {
  const kiosks = metas.filter((meta) => deviceIdOf(meta) !== null);
  let lastSyncedAt: string | null = null;
  const appVersions: string[] = [];
  for (const meta of kiosks) {
    const synced = meta.last_synced_at;
    if (synced && !Number.isNaN(Date.parse(synced)) && (lastSyncedAt === null || Date.parse(synced) > Date.parse(lastSyncedAt))) lastSyncedAt = synced;
    const version = meta.app_version?.trim();
    if (version && !appVersions.includes(version)) appVersions.push(version);
  }
  return {
    isConnected: kiosks.length > 0,
    deviceCount: new Set(kiosks.map(deviceIdOf)).size,
    pendingCount: pendingSignatureCount(kiosks),
    lastSyncedAt,
    appVersions,
  };
}

/** "3 waiting to send"; empty when nothing waits, so callers can skip it. */
export function pendingLabel(count: number): string {
  return count > 0 ? `${count} waiting to send` : '';
}

/** Setup codes are read aloud and typed: show them in groups of four, "ABCD EFGH". */
export const SETUP_CODE_GROUP = 4;

export function formatSetupCode(code: string): string {
  const clean = normalizeIpadSetupCode(code);
  const groups: string[] = [];
  for (let i = 0; i < clean.length; i += SETUP_CODE_GROUP) groups.push(clean.slice(i, i + SETUP_CODE_GROUP));
  return groups.join(' ');
}

/**
 * The code as a screen reader should say it: one character at a time ("A B C D, E F G H"),
 * never as a made-up word.
 */
export function spellSetupCode(code: string): string {
  return formatSetupCode(code)
    .split(' ')
    .map((group) => group.split('').join(' '))
    .join(', ');
}

export const isCompleteSetupCode = (code: string): boolean => normalizeIpadSetupCode(code).length === IPAD_SETUP_CODE_LENGTH;

/** "3 hours ago" for a timestamp; `now` is a parameter so tests are stable. */
/** "3:05 PM" today, else "Nov 21, 3:05 PM": when a kiosk went offline. */
export function sinceTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  return format(at, isSameDay(at, now) ? 'p' : 'MMM d, p');
}

export function relativeTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  return formatDistance(at, now, { addSuffix: true });
}

/** The Manage iPad tab for the service is named after what it does (spec 000 section 2). */
export function manageServiceTabLabel(ipad: Pick<Ipad, 'active_service'>): 'Remove Service' | 'Send Service' {
  return ipad.active_service ? 'Remove Service' : 'Send Service';
}

export interface PickableService {
  unique_identifier: string;
  is_active: boolean;
  inserted_at: string;
  account: { unique_identifier: string };
  public_data: { deceased_person: { full_name: string } };
}

/**
 * Services offered to an iPad: only its own account's (in all-accounts mode the list holds
 * every account), active ones first, then the newest first.
 */
export function servicesForPicker<S extends PickableService>(services: readonly S[], accountId: string | null): S[] {
  return services
    .filter((s) => accountId === null || s.account.unique_identifier === accountId)
    .slice()
    .sort((a, b) => Number(b.is_active) - Number(a.is_active) || Date.parse(b.inserted_at) - Date.parse(a.inserted_at));
}

export function serviceOptionLabel(service: PickableService): string {
  const name = service.public_data.deceased_person.full_name;
  return service.is_active ? `${name} (active)` : name;
}
