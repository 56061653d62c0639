/**
 * Pure rules of the services screens: the form's values and payload, date and file-name
 * formatting, paging, the QR drawing maths and the manage-service tabs.
 */
import { format, isValid, parse } from 'date-fns';
import { z } from 'zod';
import { DECEASED_NAME_MAX_LENGTH, PLANNING_TEXT_MAX_LENGTH, SERVICE_PHOTO_FIELD, type Service } from '../../contract/services';

// ---- The service form ------------------------------------------------------------------------

const dateField = z.union([z.literal(''), z.iso.date('Please enter a valid date.')]);

/** The form's values use the payload's names, so mapping to the wire is a copy. */
export const ServiceFormValuesSchema = z
  .object({
    deceased_person_full_name: z.string().trim().min(1, 'Full name is required.').max(DECEASED_NAME_MAX_LENGTH),
    deceased_person_preferred_name: z.string().trim().max(DECEASED_NAME_MAX_LENGTH),
    deceased_person_birth_date: dateField,
    deceased_person_death_date: dateField,
    /** Advanced planning options: undefined means "not set", and an unset value is not sent. */
    advanced_planning_check_text: z.string().max(PLANNING_TEXT_MAX_LENGTH).optional(),
    advanced_planning_check_is_hidden: z.boolean().optional(),
    mobile_advanced_planning_label_header: z.string().max(PLANNING_TEXT_MAX_LENGTH).optional(),
    mobile_advanced_planning_question: z.string().max(PLANNING_TEXT_MAX_LENGTH).optional(),
  })
  .refine((v) => !v.deceased_person_birth_date || !v.deceased_person_death_date || v.deceased_person_birth_date <= v.deceased_person_death_date, {
    path: ['deceased_person_death_date'],
    message: 'The date of death cannot be before the date of birth.',
  });
export type ServiceFormValues = z.infer<typeof ServiceFormValuesSchema>;

const ADVANCED_TEXT_KEYS = ['advanced_planning_check_text', 'mobile_advanced_planning_label_header', 'mobile_advanced_planning_question'] as const;

export const MISSING_PHOTO_TEXT = 'Please upload a photo of the person.';
export const SAVING_TEXT = 'Your service is being created/updated. This takes about 10 seconds...';
export const UPDATED_TEXT = 'Service updated successfully';

/** The form's starting values: empty for a new service, the stored ones for an update. */
export function serviceFormDefaults(service?: Service | null): ServiceFormValues {
  const person = service?.public_data.deceased_person;
  const data = service?.public_data;
  return {
    deceased_person_full_name: person?.full_name ?? '',
    deceased_person_preferred_name: person?.preferred_name ?? '',
    deceased_person_birth_date: person?.birth_date ?? '',
    deceased_person_death_date: person?.death_date ?? '',
    advanced_planning_check_text: data?.advanced_planning_check_text ?? undefined,
    // The stored flag is always a boolean; it only counts as "set" when it is on.
    advanced_planning_check_is_hidden: data?.advanced_planning_check_is_hidden ? true : undefined,
    mobile_advanced_planning_label_header: data?.mobile_advanced_planning_label_header ?? undefined,
    mobile_advanced_planning_question: data?.mobile_advanced_planning_question ?? undefined,
  };
}

/** The advanced section opens by itself only when one of its values already exists (spec 000 section 5). */
export function hasAdvancedValues(values: ServiceFormValues): boolean {
  return ADVANCED_TEXT_KEYS.some((key) => typeof values[key] === 'string' && values[key] !== '') || values.advanced_planning_check_is_hidden === true;
}

/**
 * The multipart text fields: the four person fields always; the advanced texts only when they
 * are strings and the hide flag only when it is a boolean (booleans travel as 'true'/'false').
 */
export function buildServiceFields(values: ServiceFormValues): Record<string, string> {
  const fields: Record<string, string> = {
    deceased_person_full_name: values.deceased_person_full_name.trim(),
    deceased_person_preferred_name: values.deceased_person_preferred_name.trim(),
    deceased_person_birth_date: values.deceased_person_birth_date,
    deceased_person_death_date: values.deceased_person_death_date,
  };
  for (const key of ADVANCED_TEXT_KEYS) {
    const value: unknown = values[key];
    if (typeof value === 'string') fields[key] = value.trim();
  }
  const hidden: unknown = values.advanced_planning_check_is_hidden;
  if (typeof hidden === 'boolean') fields.advanced_planning_check_is_hidden = hidden ? 'true' : 'false';
  return fields;
}

export function buildServiceFormData(values: ServiceFormValues, photo: Blob | null): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(buildServiceFields(values))) form.append(key, value);
  if (photo) form.append(SERVICE_PHOTO_FIELD, photo, 'photo.png');
  return form;
}

// ---- Dates and names -------------------------------------------------------------------------

/** yyyy-MM-dd as a local calendar date: `new Date('2024-01-05')` is UTC and shows Jan 4 west of Greenwich. */
export function parseCalendarDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = parse(value, 'yyyy-MM-dd', new Date(0));
  return isValid(date) ? date : null;
}

/** "Jan 5, 2024" (spec 000 section 2, guest registry). */
export function formatCalendarDate(value: string | null | undefined): string | null {
  const date = parseCalendarDate(value);
  return date ? format(date, 'MMM d, yyyy') : null;
}

/** "Jan 5, 1940 - Mar 2, 2024"; one side alone when the other is unknown; '' when neither. */
export function formatLifeDates(birth: string | null | undefined, death: string | null | undefined): string {
  return [formatCalendarDate(birth), formatCalendarDate(death)].filter(Boolean).join(' - ');
}

/** "Mary-Ann O'Brien" → "mary-ann-o-brien"; accents are folded; never empty. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'service';
}

export const qrPngFileName = (deceasedName: string) => `${slugify(deceasedName)}.png`;
export const qrPdfFileName = (deceasedName: string) => `${slugify(deceasedName)}-qr-code.pdf`;

// ---- Lists -----------------------------------------------------------------------------------

/** "Load More" only when the last page came back full (spec 000 section 9). */
export function nextPageParam(lastPageLength: number, pagesLoaded: number, pageSize: number): number | undefined {
  return lastPageLength === pageSize ? pagesLoaded + 1 : undefined;
}

/** "View Services (1 total service)" / "(3 total services)". */
export const servicesHeading = (total: number) => `View Services (${total} total ${total === 1 ? 'service' : 'services'})`;

/** Another active service of the same account, for the Start page's notice. */
export function otherActiveService(services: readonly Service[], service: Service): Service | null {
  return services.find((s) => s.is_active && s.unique_identifier !== service.unique_identifier && s.account.unique_identifier === service.account.unique_identifier) ?? null;
}

// ---- Manage service ---------------------------------------------------------------------------

/** "Manage Jane Doe's Service", with the account when viewing all accounts or when there is no name. */
export function manageHeading(service: Service, viewingAllAccounts: boolean): string {
  const name = service.public_data.deceased_person.full_name.trim();
  const base = name ? `Manage ${name}'s Service` : 'Manage Service';
  return viewingAllAccounts || !name ? `${base} (${service.account.name})` : base;
}

export const SERVICE_TABS = ['details', 'signatures', 'service-qr-code', 'send-service-to-ipad', 'send-service-to-family', 'add-family-member'] as const;
const TAB_LABELS: Record<(typeof SERVICE_TABS)[number], string> = {
  details: 'Details',
  signatures: 'Signatures',
  'service-qr-code': 'Service QR Code',
  'send-service-to-ipad': 'Send Service to iPad',
  'send-service-to-family': 'Send Service to Family',
  'add-family-member': 'Add Family Member',
};

/** The tabs, ending with "End Service" while active, else "Start Service". */
export function serviceTabs(isActive: boolean): { path: string; label: string }[] {
  const tabs = SERVICE_TABS.map((path) => ({ path, label: TAB_LABELS[path] }));
  return [...tabs, isActive ? { path: 'end', label: 'End Service' } : { path: 'start', label: 'Start Service' }];
}

// ---- QR drawing --------------------------------------------------------------------------------

/**
 * Pixel edges of `count` equal cells filling `size - 2 * margin`, starting at `margin`.
 * Rounded edges (not rounded widths) leave no hairline gaps between neighbouring modules.
 */
export function qrCellEdges(count: number, size: number, margin: number): number[] {
  const cell = (size - 2 * margin) / count;
  return Array.from({ length: count + 1 }, (_, i) => margin + Math.round(i * cell));
}

/** One SVG path for the dark modules, one unit per module, runs of a row merged. */
export function qrModulesPath(size: number, isDark: (row: number, col: number) => boolean): string {
  const parts: string[] = [];
  for (let row = 0; row < size; row++) {
    let col = 0;
    while (col < size) {
      if (!isDark(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < size && isDark(row, col)) col++;
      parts.push(`M${start} ${row}h${col - start}v1h${start - col}z`);
    }
  }
  return parts.join('');
}
