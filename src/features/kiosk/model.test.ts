import { describe, expect, it } from 'vitest';
import type { KioskService } from '../../contract/devices';
import { DEFAULT_PLANNING_LABEL, formatLifeDates, lastSyncText, planningLabel, signingOutText, storageWarnings, waitingText } from './model';

const service = (text?: string | null): KioskService => ({
  unique_identifier: '00000000-0000-4000-8000-000000000000',
  account: { name: 'A', unique_identifier: '00000000-0000-4000-8000-000000000001' },
  public_data: { deceased_person: { full_name: 'Ann Lee' }, advanced_planning_check_text: text, advanced_planning_check_is_hidden: false },
} as KioskService);

describe('kiosk texts', () => {
  it('uses the service planning label or the default', () => {
    expect(planningLabel(service('Send me planning info'))).toBe('Send me planning info');
    expect(planningLabel(service('  '))).toBe(DEFAULT_PLANNING_LABEL);
    expect(planningLabel(service(null))).toBe('I would like information on funeral planning');
  });

  it('formats life dates as calendar dates', () => {
    expect(formatLifeDates('1941-03-04', '2024-11-30')).toBe('March 4, 1941 – November 30, 2024');
    expect(formatLifeDates(null, '2024-11-30')).toBe('November 30, 2024');
    expect(formatLifeDates(undefined, 'nope')).toBeNull();
  });

  it('counts what waits and what blocks a sign-out', () => {
    expect(waitingText(0)).toBeNull();
    expect(waitingText(3)).toBe('3 waiting to send');
    expect(signingOutText(1)).toBe('Signing out after 1 signature is sent');
    expect(signingOutText(4)).toBe('Signing out after 4 signatures are sent');
  });

  it('shows the last sync as a time today, with the date otherwise', () => {
    const now = new Date(2025, 4, 6, 15, 0);
    expect(lastSyncText(new Date(2025, 4, 6, 9, 5).toISOString(), now)).toBe('09:05');
    expect(lastSyncText(new Date(2025, 4, 5, 23, 59).toISOString(), now)).toBe('May 5, 23:59');
    expect(lastSyncText(null, now)).toBeNull();
  });

  it('warns about non-persistent and nearly full storage', () => {
    expect(storageWarnings({ persisted: true, usage: 10, quota: 100 })).toEqual([]);
    expect(storageWarnings({ persisted: false, usage: null, quota: null })).toEqual(['Storage is not persistent: add this app to the Home Screen.']);
    expect(storageWarnings({ persisted: null, usage: 85, quota: 100 })[0]).toMatch(/^Storage is 85% full/);
  });
});
