import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { Signature } from '../../src/contract/signatures';
import { generatedJson, wireSignature } from '../../tests/fixtures/signature';
import { formatCreated, neutraliseCell, SIGNATURES_CSV_COLUMNS, signatureCsvCells, signaturesCsv } from './signatures-csv';

const SERVICE_ID = '11111111-1111-4111-8111-111111111111';

const signature = (publicData: Partial<Signature['public_data']> = {}, rest: Partial<Signature> = {}): Signature =>
  wireSignature('22222222-2222-4222-8222-222222222222', { serviceId: SERVICE_ID, publicData, ...rest });

const simple = {
  full_name: 'Linda Martinez',
  phone_number: '555 0101',
  email_address: 'linda@example.com',
  mailing_address_line1: '412 Oak Street',
  mailing_address_line2: 'Springfield',
  interested_in_planning_ahead: true,
};

const generated = generatedJson();

const options = { consoleUrl: 'https://app.example.com' };

describe('signatures CSV', () => {
  it('has exactly the spec columns in order', () => {
    const csv = signaturesCsv([], options);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1)).toBe(
      'Name,Phone Number,Email Address,Mailing Address,Type,Pre-Need?,Synced?,Deceased Name,iPad,Account,Created,Link to Signature\r\n',
    );
    expect(SIGNATURES_CSV_COLUMNS).toHaveLength(12);
  });

  it('writes a QR signature from the guest form, with the console link when there is no image', () => {
    const cells = signatureCsvCells(signature({ based_on_simple_signature: simple, bridge_sync: { synced: true } }, { is_pre_need: true }), options);
    expect(cells).toEqual([
      'Linda Martinez',
      '555 0101',
      'linda@example.com',
      '412 Oak Street, Springfield',
      'QR Code',
      'Yes',
      'Yes',
      'Margaret Thompson',
      '',
      'Evergreen Funeral Home',
      '2024-03-05 14:07:09',
      `https://app.example.com/services/${SERVICE_ID}/signatures`,
    ]);
  });

  it('prefers transcription values over the QR values, field by field', () => {
    const cells = signatureCsvCells(
      signature({ based_on_simple_signature: simple, latest_signature_transcription: { latest_generated_json_source: 'staff', generated_json: generated } }),
      options,
    );
    expect(cells.slice(0, 4)).toEqual(['Patricia Nguyen', '555 0202', 'pat@example.com', '19 Lakeview Drive, Springfield']);
  });

  it('writes an iPad signature with its iPad name and capture link, empty while waiting for transcription', () => {
    const cells = signatureCsvCells(
      signature(
        { screen_capture_url: 'https://app.example.com/api/v1/files/abc' },
        { created_by_ipad: { unique_identifier: '44444444-4444-4444-8444-444444444444', public_data: { ipad_name: 'Chapel iPad' } } },
      ),
      options,
    );
    expect(cells[0]).toBe('');
    expect(cells[4]).toBe('iPad');
    expect(cells[8]).toBe('Chapel iPad');
    expect(cells[11]).toBe('https://app.example.com/api/v1/files/abc');
  });

  it('neutralises every cell a spreadsheet would run as a formula', () => {
    for (const bad of ['=HYPERLINK("http://evil")', '+1 555', '-2+3', '@SUM(A1)', '\tx', '\rx']) expect(neutraliseCell(bad)).toBe(`'${bad}`);
    for (const fine of ['Linda', '', "'quoted", '5=5']) expect(neutraliseCell(fine)).toBe(fine);

    const evil = { ...simple, full_name: '=cmd|"/c calc"!A1', phone_number: '+1 (555) 010', email_address: '@evil', mailing_address_line1: '-1+1', mailing_address_line2: null };
    const csv = signaturesCsv([signature({ based_on_simple_signature: evil })], options);
    const rows = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true }).data;
    expect(rows[1]?.slice(0, 4)).toEqual(["'=cmd|\"/c calc\"!A1", "'+1 (555) 010", "'@evil", "'-1+1"]);
    for (const cell of rows[1] ?? []) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('formats Created as yyyy-MM-dd HH:mm:ss in the asked time zone, UTC when unknown', () => {
    expect(formatCreated('2024-03-05T04:07:09.000Z')).toBe('2024-03-05 04:07:09');
    expect(formatCreated('2024-03-05T04:07:09.000Z', 'America/Chicago')).toBe('2024-03-04 22:07:09');
    expect(formatCreated('2024-03-05T04:07:09.000Z', 'Not/AZone')).toBe('2024-03-05 04:07:09');
  });
});
