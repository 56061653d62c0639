import { describe, expect, it } from 'vitest';
import {
  formatSetupCode,
  isKioskConnected,
  manageServiceTabLabel,
  pendingLabel,
  pendingSignatureCount,
  relativeTime,
  serviceOptionLabel,
  servicesForPicker,
  spellSetupCode,
  summarizePresence,
  type PickableService,
  sinceTime,
} from './model';

describe('isKioskConnected', () => {
  it('is false without metas', () => {
    expect(isKioskConnected([])).toBe(false);
  });
  it('is false when no meta carries a local device id', () => {
    expect(isKioskConnected([{ pending_count: 2 }, { local_device_id: '' }, { local_device_id: '   ' }, { local_device_id: null }])).toBe(false);
  });
  it('is true when at least one meta carries a local device id', () => {
    expect(isKioskConnected([{ local_device_id: '' }, { local_device_id: 'kiosk-1' }])).toBe(true);
  });
});

describe('pendingSignatureCount', () => {
  it('adds up distinct devices', () => {
    expect(pendingSignatureCount([{ local_device_id: 'a', pending_count: 2 }, { local_device_id: 'b', pending_count: 3 }])).toBe(5);
  });
  it('counts one device once even with two tabs open (shared outbox)', () => {
    expect(pendingSignatureCount([{ local_device_id: 'a', pending_count: 2 }, { local_device_id: 'a', pending_count: 4 }])).toBe(4);
  });
  it('ignores metas without a device id and nonsense counts', () => {
    expect(pendingSignatureCount([{ pending_count: 9 }, { local_device_id: 'a', pending_count: -1 }, { local_device_id: 'b', pending_count: Number.NaN }, { local_device_id: 'c' }])).toBe(0);
  });
});

describe('summarizePresence', () => {
  it('summarises an empty channel as offline', () => {
    expect(summarizePresence([])).toEqual({ isConnected: false, deviceCount: 0, pendingCount: 0, lastSyncedAt: null, appVersions: [] });
  });
  it('takes the latest sync and the distinct versions', () => {
    const summary = summarizePresence([
      { local_device_id: 'a', pending_count: 1, last_synced_at: '2026-01-01T10:00:00Z', app_version: '1.2.0' },
      { local_device_id: 'b', pending_count: 0, last_synced_at: '2026-01-01T12:00:00Z', app_version: '1.2.0' },
      { local_device_id: 'b', last_synced_at: 'not a date', app_version: '1.3.0' },
    ]);
    expect(summary).toEqual({ isConnected: true, deviceCount: 2, pendingCount: 1, lastSyncedAt: '2026-01-01T12:00:00Z', appVersions: ['1.2.0', '1.3.0'] });
  });
});

describe('pendingLabel', () => {
  it('says how many wait, or nothing', () => {
    expect(pendingLabel(0)).toBe('');
    expect(pendingLabel(3)).toBe('3 waiting to send');
  });
});

describe('setup code formatting', () => {
  it('groups the code by four', () => {
    expect(formatSetupCode('ABCDEFGH')).toBe('ABCD EFGH');
    expect(formatSetupCode(' abcd-efgh ')).toBe('ABCD EFGH');
  });
  it('spells it one character at a time for screen readers', () => {
    expect(spellSetupCode('ABCDEFGH')).toBe('A B C D, E F G H');
  });
});

describe('relativeTime', () => {
  it('says how long ago', () => {
    expect(relativeTime('2026-01-01T09:00:00Z', new Date('2026-01-01T12:00:00Z'))).toBe('about 3 hours ago');
  });
  it('is empty for a bad timestamp', () => {
    expect(relativeTime('nope')).toBe('');
  });
});

describe('manageServiceTabLabel', () => {
  it('names the tab after what it does', () => {
    expect(manageServiceTabLabel({ active_service: null })).toBe('Send Service');
    expect(manageServiceTabLabel({ active_service: { unique_identifier: 'x', public_data: { deceased_person: { full_name: 'A' } } } })).toBe('Remove Service');
  });
});

describe('servicesForPicker', () => {
  const service = (id: string, account: string, active: boolean, at: string): PickableService => ({
    unique_identifier: id,
    is_active: active,
    inserted_at: at,
    account: { unique_identifier: account },
    public_data: { deceased_person: { full_name: `Person ${id}` } },
  });
  const list = [
    service('old', 'acc', false, '2026-01-01T00:00:00Z'),
    service('new', 'acc', false, '2026-02-01T00:00:00Z'),
    service('active', 'acc', true, '2025-12-01T00:00:00Z'),
    service('other', 'other-acc', true, '2026-03-01T00:00:00Z'),
  ];
  it('puts active services first, then the newest, within the account', () => {
    expect(servicesForPicker(list, 'acc').map((s) => s.unique_identifier)).toEqual(['active', 'new', 'old']);
  });
  it('keeps every account when no account is given', () => {
    expect(servicesForPicker(list, null)).toHaveLength(4);
  });
  it('marks active services in the label', () => {
    expect(serviceOptionLabel(list[2]!)).toBe('Person active (active)');
    expect(serviceOptionLabel(list[0]!)).toBe('Person old');
  });
});

describe('sinceTime', () => {
  it('shows the time today and the date before', () => {
    const now = new Date(2026, 10, 21, 18, 0);
    expect(sinceTime(new Date(2026, 10, 21, 15, 5).toISOString(), now)).toMatch(/3:05/);
    expect(sinceTime(new Date(2026, 10, 20, 15, 5).toISOString(), now)).toMatch(/^Nov 20, 3:05/);
  });
});
