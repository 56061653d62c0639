/**
 * The signatures CSV (spec 000 section 3): fixed columns, transcription values over the
 * guest's typed (QR) values, and every cell that a spreadsheet would run as a formula
 * neutralised (PRODUCT.md). Pure: no database, no clock.
 */
import Papa from 'papaparse';
import { isQrSignature, type Signature } from '../../src/contract/signatures';

export const SIGNATURES_CSV_COLUMNS = [
  'Name',
  'Phone Number',
  'Email Address',
  'Mailing Address',
  'Type',
  'Pre-Need?',
  'Synced?',
  'Deceased Name',
  'iPad',
  'Account',
  'Created',
  'Link to Signature',
] as const;

/** Excel, LibreOffice and Sheets treat these first characters as the start of a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** Excel opens a UTF-8 CSV as Windows-1252 unless it starts with a byte-order mark. */
const UTF8_BOM = '\uFEFF';

/** Prefixes a single quote so the cell is shown as text, never evaluated (OWASP CSV injection). */
export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** yyyy-MM-dd HH:mm:ss in `timeZone` (an IANA name); UTC when it is unknown. */
export function formatCreated(isoTimestamp: string, timeZone = 'UTC'): string {
  const date = new Date(isoTimestamp);
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }).formatToParts(date);
  } catch {
    return formatCreated(isoTimestamp, 'UTC');
  }
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return `${get('year')}-${pad(get('month'))}-${pad(get('day'))} ${pad(get('hour'))}:${pad(get('minute'))}:${pad(get('second'))}`;
}

const firstText = (...values: (string | null | undefined)[]): string => values.find((v) => v && v.trim())?.trim() ?? '';

export interface CsvOptions {
  timeZone?: string;
  /** Where a signature without an image is shown: the service's signatures page in the console. */
  consoleUrl: string;
}

/** One row of cells, in SIGNATURES_CSV_COLUMNS order, before neutralising. */
export function signatureCsvCells(signature: Signature, options: CsvOptions): string[] {
  const t = signature.public_data.latest_signature_transcription?.generated_json;
  const q = signature.public_data.based_on_simple_signature;
  const address = [firstText(t?.mailing_address_line_1, q?.mailing_address_line1), firstText(t?.mailing_address_line_2, q?.mailing_address_line2)]
    .filter(Boolean)
    .join(', ');
  const link =
    signature.public_data.screen_capture_url ??
    signature.public_data.raw_signature_url ??
    `${options.consoleUrl}/services/${signature.service.unique_identifier}/signatures`;
  return [
    firstText(t?.name, q?.full_name),
    firstText(t?.phone_number, q?.phone_number),
    firstText(t?.email, q?.email_address),
    address,
    isQrSignature(signature) ? 'QR Code' : 'iPad',
    signature.is_pre_need ? 'Yes' : 'No',
    signature.public_data.bridge_sync?.synced ? 'Yes' : 'No',
    signature.service.public_data.deceased_person.full_name,
    signature.created_by_ipad?.public_data.ipad_name ?? '',
    signature.service.account.name,
    formatCreated(signature.inserted_at, options.timeZone),
    link,
  ];
}

/** The whole file: BOM, header row, one neutralised row per signature, each line ended by CRLF. */
export function signaturesCsv(signatures: readonly Signature[], options: CsvOptions): string {
  const data = signatures.map((s) => signatureCsvCells(s, options).map(neutraliseCell));
  return `${UTF8_BOM}${Papa.unparse([[...SIGNATURES_CSV_COLUMNS], ...data], { newline: '\r\n', quotes: false })}\r\n`;
}
