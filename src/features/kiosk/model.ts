/** Small pure rules of the kiosk screens. */
import type { KioskService } from '../../contract/devices';

/** Spec 000 section 9: the label when the service sets none. */
export const DEFAULT_PLANNING_LABEL = 'I would like information on funeral planning';
/** How long the thank-you screen stays before a fresh card. */
export const THANK_YOU_MS = 4_000;
/** Storage this full is worth a warning: a day of signatures may not fit. */
export const STORAGE_WARNING_RATIO = 0.8;
/** Pressing the status area this long opens the device panel (staff only know it). */
export const LONG_PRESS_MS = 1_200;

export function planningLabel(service: KioskService): string {
  const text = service.public_data.advanced_planning_check_text?.trim();
  return text ? text : DEFAULT_PLANNING_LABEL;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "March 4, 1941" from "1941-03-04" (no time zone: a calendar date). */
export function formatDate(date: string | null | undefined): string | null {
  const m = date ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(date) : null;
  if (!m) return null;
  const month = MONTHS[Number(m[2]) - 1];
  return month ? `${month} ${Number(m[3])}, ${m[1]}` : null;
}

export function formatLifeDates(birth: string | null | undefined, death: string | null | undefined): string | null {
  const b = formatDate(birth);
  const d = formatDate(death);
  if (b && d) return `${b} – ${d}`;
  return b ?? d;
}

/** "3 waiting to send"; nothing when the outbox is empty. */
export function waitingText(pending: number): string | null {
  return pending > 0 ? `${pending} waiting to send` : null;
}

export function signingOutText(remaining: number): string {
  return `Signing out after ${remaining} ${remaining === 1 ? 'signature is' : 'signatures are'} sent`;
}

/** "10:42" for today, else "Mar 4, 10:42"; null when never. */
export function lastSyncText(iso: string | null, now: Date = new Date()): string | null {
  if (!iso) return null;
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  const time = `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
  if (at.toDateString() === now.toDateString()) return time;
  return `${MONTHS[at.getMonth()]!.slice(0, 3)} ${at.getDate()}, ${time}`;
}

export interface StorageHealth {
  persisted: boolean | null;
  usage: number | null;
  quota: number | null;
}

/** The storage warnings the status bar shows, most serious first. */
export function storageWarnings(health: StorageHealth): string[] {
  const warnings: string[] = [];
  if (health.usage !== null && health.quota && health.usage / health.quota > STORAGE_WARNING_RATIO) {
    warnings.push(`Storage is ${Math.round((health.usage / health.quota) * 100)}% full: ask staff to connect this iPad to the network.`);
  }
  if (health.persisted === false) warnings.push('Storage is not persistent: add this app to the Home Screen.');
  return warnings;
}
