import { describe, expect, it } from 'vitest';
import type { Service } from '../../contract/services';
import {
  buildServiceFields,
  formatCalendarDate,
  formatLifeDates,
  hasAdvancedValues,
  manageHeading,
  nextPageParam,
  otherActiveService,
  parseCalendarDate,
  qrCellEdges,
  qrModulesPath,
  qrPngFileName,
  serviceFormDefaults,
  ServiceFormValuesSchema,
  servicesHeading,
  serviceTabs,
  slugify,
  type ServiceFormValues,
} from './model';

const at = '2026-01-01T00:00:00.000Z';
const service = (over: Partial<Service> & { name?: string; accountId?: string; id?: string } = {}): Service => ({
  inserted_at: at,
  updated_at: at,
  unique_identifier: over.id ?? '00000000-0000-4000-8000-000000000001',
  account: { unique_identifier: over.accountId ?? '00000000-0000-4000-8000-0000000000aa', name: 'Aspen Chapel' },
  is_active: over.is_active ?? false,
  last_start_log_item: null,
  last_stop_log_item: null,
  qr_code_sign_url: 'https://example.com/sign/1',
  public_data: over.public_data ?? {
    deceased_person: { full_name: over.name ?? 'Jane Doe', preferred_name: null, birth_date: '1940-01-05', death_date: '2024-03-02', avatar_url: null },
    ipad_templates: [],
    latest_digital_download_pdf_url: null,
    advanced_planning_check_text: null,
    advanced_planning_check_is_hidden: false,
    mobile_advanced_planning_label_header: null,
    mobile_advanced_planning_question: null,
  },
});

const base: ServiceFormValues = {
  deceased_person_full_name: ' Jane Doe ',
  deceased_person_preferred_name: '',
  deceased_person_birth_date: '1940-01-05',
  deceased_person_death_date: '',
};

describe('the service form payload', () => {
  it('always sends the person fields, trimmed, and leaves unset advanced options out', () => {
    expect(buildServiceFields(base)).toEqual({
      deceased_person_full_name: 'Jane Doe',
      deceased_person_preferred_name: '',
      deceased_person_birth_date: '1940-01-05',
      deceased_person_death_date: '',
    });
  });
  it('sends advanced texts only when they are strings and the hide flag only when it is a boolean', () => {
    const fields = buildServiceFields({ ...base, advanced_planning_check_text: 'Tell me more', mobile_advanced_planning_question: '', advanced_planning_check_is_hidden: false });
    expect(fields.advanced_planning_check_text).toBe('Tell me more');
    expect(fields.mobile_advanced_planning_question).toBe('');
    expect(fields.advanced_planning_check_is_hidden).toBe('false');
    expect('mobile_advanced_planning_label_header' in fields).toBe(false);
    expect(buildServiceFields({ ...base, advanced_planning_check_is_hidden: true }).advanced_planning_check_is_hidden).toBe('true');
  });
  it('ignores values of the wrong type', () => {
    const odd = { ...base, advanced_planning_check_text: null, advanced_planning_check_is_hidden: 'yes' } as unknown as ServiceFormValues;
    const fields = buildServiceFields(odd);
    expect('advanced_planning_check_text' in fields).toBe(false);
    expect('advanced_planning_check_is_hidden' in fields).toBe(false);
  });
  it('requires a full name and a death date not before the birth date', () => {
    expect(ServiceFormValuesSchema.safeParse({ ...base, deceased_person_full_name: '  ' }).success).toBe(false);
    const r = ServiceFormValuesSchema.safeParse({ ...base, deceased_person_death_date: '1939-12-31' });
    expect(r.success).toBe(false);
    expect(ServiceFormValuesSchema.safeParse(base).success).toBe(true);
  });
  it('opens the advanced section only when a value exists', () => {
    expect(hasAdvancedValues(serviceFormDefaults(service()))).toBe(false);
    expect(hasAdvancedValues(serviceFormDefaults())).toBe(false);
    const s = service();
    expect(hasAdvancedValues(serviceFormDefaults({ ...s, public_data: { ...s.public_data, mobile_advanced_planning_question: 'Q?' } }))).toBe(true);
    expect(hasAdvancedValues(serviceFormDefaults({ ...s, public_data: { ...s.public_data, advanced_planning_check_is_hidden: true } }))).toBe(true);
  });
  it('prefills an update with the stored values, unset advanced options staying unset', () => {
    const d = serviceFormDefaults(service());
    expect(d.deceased_person_full_name).toBe('Jane Doe');
    expect(d.deceased_person_birth_date).toBe('1940-01-05');
    expect(d.advanced_planning_check_text).toBeUndefined();
    expect(d.advanced_planning_check_is_hidden).toBeUndefined();
  });
});

describe('dates', () => {
  it('reads yyyy-MM-dd as a local calendar date, never shifted by the time zone', () => {
    const d = parseCalendarDate('2024-01-05');
    expect([d?.getFullYear(), d?.getMonth(), d?.getDate()]).toEqual([2024, 0, 5]);
    expect(parseCalendarDate('not a date')).toBeNull();
    expect(parseCalendarDate(null)).toBeNull();
  });
  it('formats like "Jan 5, 2024" and joins a range with " - "', () => {
    expect(formatCalendarDate('2024-01-05')).toBe('Jan 5, 2024');
    expect(formatLifeDates('1940-01-05', '2024-03-02')).toBe('Jan 5, 1940 - Mar 2, 2024');
    expect(formatLifeDates(null, '2024-03-02')).toBe('Mar 2, 2024');
    expect(formatLifeDates(null, null)).toBe('');
  });
});

describe('file names', () => {
  it('slugs the deceased name for the QR download', () => {
    expect(slugify("Mary-Ann O'Brien")).toBe('mary-ann-o-brien');
    expect(slugify('  José  Núñez Jr. ')).toBe('jose-nunez-jr');
    expect(slugify('***')).toBe('service');
    expect(qrPngFileName('Jane Doe')).toBe('jane-doe.png');
  });
});

describe('lists and headings', () => {
  it('offers another page only after a full page', () => {
    expect(nextPageParam(50, 1, 50)).toBe(2);
    expect(nextPageParam(49, 1, 50)).toBeUndefined();
    expect(nextPageParam(0, 3, 50)).toBeUndefined();
  });
  it('counts services in the heading', () => {
    expect(servicesHeading(1)).toBe('View Services (1 total service)');
    expect(servicesHeading(3)).toBe('View Services (3 total services)');
  });
  it('names the account when viewing all accounts or when there is no name', () => {
    expect(manageHeading(service(), false)).toBe("Manage Jane Doe's Service");
    expect(manageHeading(service(), true)).toBe("Manage Jane Doe's Service (Aspen Chapel)");
    expect(manageHeading(service({ name: '' }), false)).toBe('Manage Service (Aspen Chapel)');
  });
  it('ends the tabs with End Service while active, else Start Service', () => {
    expect(serviceTabs(true).at(-1)).toEqual({ path: 'end', label: 'End Service' });
    expect(serviceTabs(false).at(-1)).toEqual({ path: 'start', label: 'Start Service' });
    expect(serviceTabs(false).map((t) => t.path)).toContain('service-qr-code');
  });
  it('finds another active service of the same account only', () => {
    const me = service({ id: '00000000-0000-4000-8000-000000000001' });
    const other = service({ id: '00000000-0000-4000-8000-000000000002', is_active: true, name: 'John Roe' });
    const elsewhere = service({ id: '00000000-0000-4000-8000-000000000003', is_active: true, accountId: '00000000-0000-4000-8000-0000000000bb' });
    expect(otherActiveService([me, elsewhere], me)).toBeNull();
    expect(otherActiveService([me, elsewhere, other], me)?.unique_identifier).toBe(other.unique_identifier);
    expect(otherActiveService([{ ...me, is_active: true }], me)).toBeNull();
  });
});

describe('QR drawing', () => {
  it('fills exactly size minus the two margins, starting at the margin', () => {
    const edges = qrCellEdges(29, 2048, 100);
    expect(edges).toHaveLength(30);
    expect(edges[0]).toBe(100);
    expect(edges.at(-1)).toBe(1948);
    for (let i = 1; i < edges.length; i++) expect((edges[i] ?? 0) - (edges[i - 1] ?? 0)).toBeGreaterThanOrEqual(63);
  });
  it('merges runs of dark modules into one rectangle each', () => {
    const dark = new Set(['0,0', '0,1', '0,3', '1,2']);
    expect(qrModulesPath(4, (r, c) => dark.has(`${r},${c}`))).toBe('M0 0h2v1h-2zM3 0h1v1h-1zM2 1h1v1h-1z');
  });
});
