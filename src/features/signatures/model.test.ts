import { describe, expect, it } from 'vitest';
import type { InfiniteData } from '@tanstack/react-query';
import type { Signature } from '../../contract/signatures';
import {
  applySignatureEvent,
  applySignatureEventToPages,
  onlyPreneedParam,
  readOnlyPreNeed,
  signatureLabel,
  signaturesHeading,
  toSignatureEvent,
  transcriptionBody,
  writeOnlyPreNeed,
  type SignatureEvent,
  type SignaturePage,
} from './model';

const at = '2026-01-01T00:00:00.000Z';
const SERVICE_A = '00000000-0000-4000-8000-0000000000a1';
const SERVICE_B = '00000000-0000-4000-8000-0000000000b1';
let n = 0;
function sig(over: { preNeed?: boolean; service?: string; qr?: boolean; transcribed?: string | null; id?: string } = {}): Signature {
  n += 1;
  const id = over.id ?? `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return {
    inserted_at: at,
    updated_at: at,
    unique_identifier: id,
    service: { unique_identifier: over.service ?? SERVICE_A, is_active: true, public_data: { deceased_person: { full_name: 'Jane Doe' } }, account: { unique_identifier: '00000000-0000-4000-8000-0000000000cc', name: 'Aspen' } },
    created_by_ipad: over.qr ? null : { unique_identifier: '00000000-0000-4000-8000-0000000000dd', public_data: { ipad_name: 'Chapel' } },
    leave_signature_out_of_printed_pdf_and_books: false,
    is_pre_need: over.preNeed ?? false,
    public_data: {
      screen_capture_url: null,
      raw_signature_url: null,
      receive_information_on_advance_planning: over.preNeed ?? false,
      based_on_simple_signature: over.qr
        ? { full_name: 'Guest Qr', phone_number: null, email_address: null, mailing_address_line1: null, mailing_address_line2: null, interested_in_planning_ahead: over.preNeed ?? false }
        : null,
      latest_signature_transcription:
        over.transcribed === undefined || over.transcribed === null
          ? null
          : {
              latest_generated_json_source: 'demo',
              generated_json: { name: over.transcribed, relationship: null, email: null, phone_number: null, mailing_address_line_1: null, mailing_address_line_2: null, receive_information_on_advance_planning: null, keep_signature_private: null },
            },
      bridge_sync: null,
    },
  };
}

const created = (signature: Signature, reason: 'created_by_ipad' | 'created_by_qr_code' = 'created_by_ipad'): SignatureEvent => ({ event: 'updated_signature', reason, signature });
const off = { onlyPreNeed: false };
const on = { onlyPreNeed: true };

describe('applySignatureEvent', () => {
  it('prepends a new signature from an iPad or a QR code', () => {
    const a = sig();
    const b = sig({ qr: true });
    expect(applySignatureEvent([a], created(b, 'created_by_qr_code'), off)).toEqual([b, a]);
    const c = sig();
    expect(applySignatureEvent([a], created(c), off)[0]).toBe(c);
  });
  it('skips a new non-pre-need signature while the pre-need filter is on', () => {
    const list = [sig({ preNeed: true })];
    expect(applySignatureEvent(list, created(sig({ preNeed: false })), on)).toBe(list);
    const pre = sig({ preNeed: true });
    expect(applySignatureEvent(list, created(pre), on)[0]).toBe(pre);
  });
  it('never duplicates a signature it already holds', () => {
    const a = sig();
    const list = [a];
    expect(applySignatureEvent(list, created({ ...a }), off)).toBe(list);
  });
  it("keeps another service's new signatures out of a service's list", () => {
    const list = [sig({ service: SERVICE_A })];
    expect(applySignatureEvent(list, created(sig({ service: SERVICE_B })), { onlyPreNeed: false, serviceId: SERVICE_A })).toBe(list);
    expect(applySignatureEvent(list, created(sig({ service: SERVICE_A })), { onlyPreNeed: false, serviceId: SERVICE_A })).toHaveLength(2);
  });
  it('replaces the matching item for any other reason, in place', () => {
    const a = sig();
    const b = sig();
    const updated = { ...b, leave_signature_out_of_printed_pdf_and_books: true };
    const next = applySignatureEvent([a, b], { event: 'updated_signature', reason: 'left_out_of_printed_materials', signature: updated }, off);
    expect(next).toEqual([a, updated]);
  });
  it('ignores an update for a signature that is not in the list', () => {
    const list = [sig()];
    expect(applySignatureEvent(list, { event: 'updated_signature', reason: 'transcribed', signature: sig() }, off)).toBe(list);
  });
  it('deletes a removed signature', () => {
    const a = sig();
    const b = sig();
    expect(applySignatureEvent([a, b], { event: 'removed_signature', signature_unique_identifier: a.unique_identifier, service_unique_identifier: SERVICE_A }, off)).toEqual([b]);
  });
});

describe('applySignatureEventToPages', () => {
  const pages = (...lists: Signature[][]): InfiniteData<SignaturePage> => ({
    pages: lists.map((signatures) => ({ signatures, total_signatures: 10 })),
    pageParams: lists.map((_, i) => i + 1),
  });
  it('prepends to the first page and counts it', () => {
    const a = sig();
    const b = sig();
    const c = sig();
    const next = applySignatureEventToPages(pages([a], [b]), created(c), off);
    expect(next?.pages[0]?.signatures).toEqual([c, a]);
    expect(next?.pages[1]?.signatures).toEqual([b]);
    expect(next?.pages[0]?.total_signatures).toBe(11);
  });
  it('removes from whichever page holds it and lowers the per-service count', () => {
    const a = sig();
    const b = sig();
    const data: InfiniteData<SignaturePage> = { pages: [{ signatures: [a], signatures_count: 2 }, { signatures: [b] }], pageParams: [1, 2] };
    const next = applySignatureEventToPages(data, { event: 'removed_signature', signature_unique_identifier: b.unique_identifier, service_unique_identifier: SERVICE_A }, off);
    expect(next?.pages[1]?.signatures).toEqual([]);
    expect(next?.pages[0]?.signatures_count).toBe(1);
  });
  it('returns the same object when nothing changes', () => {
    const data = pages([sig()]);
    expect(applySignatureEventToPages(data, { event: 'removed_signature', signature_unique_identifier: 'x', service_unique_identifier: 'y' }, off)).toBe(data);
    expect(applySignatureEventToPages(undefined, created(sig()), off)).toBeUndefined();
  });
});

describe('the pre-need switch in storage', () => {
  const memory = () => {
    const map = new Map<string, string>();
    return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k), map };
  };
  it('stores "true" when on and reads it back', () => {
    const s = memory();
    expect(readOnlyPreNeed(s, 'onlyShowPreNeedItems')).toBe(false);
    writeOnlyPreNeed(s, 'onlyShowPreNeedItems', true);
    expect(s.map.get('onlyShowPreNeedItems')).toBe('true');
    expect(readOnlyPreNeed(s, 'onlyShowPreNeedItems')).toBe(true);
    writeOnlyPreNeed(s, 'onlyShowPreNeedItems', false);
    expect(readOnlyPreNeed(s, 'onlyShowPreNeedItems')).toBe(false);
  });
  it('survives a storage that throws', () => {
    const broken = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); }, removeItem: () => { throw new Error('denied'); } };
    expect(readOnlyPreNeed(broken, 'k')).toBe(false);
    expect(() => writeOnlyPreNeed(broken, 'k', true)).not.toThrow();
    expect(readOnlyPreNeed(null, 'k')).toBe(false);
  });
  it('is sent as yes or no', () => {
    expect(onlyPreneedParam(true)).toBe('yes');
    expect(onlyPreneedParam(false)).toBe('no');
  });
});

describe('what the list shows', () => {
  it('shows the waiting text until an iPad signature is transcribed', () => {
    expect(signatureLabel(sig())).toBe('(Waiting for signature transcription)');
    expect(signatureLabel(sig({ transcribed: 'Ann Lee' }))).toBe('Ann Lee');
    expect(signatureLabel(sig({ qr: true }))).toBe('Guest Qr');
  });
  it('counts signatures in the heading', () => {
    expect(signaturesHeading(1)).toBe('Signatures (1 total signature)');
    expect(signaturesHeading(0)).toBe('Signatures (0 total signatures)');
  });
  it('sends emptied correction fields as null', () => {
    expect(transcriptionBody({ name: ' Ann ', phone_number: '', email: '', mailing_address_line_1: '1 Main St', mailing_address_line_2: ' ' })).toEqual({
      name: 'Ann',
      phone_number: null,
      email: null,
      mailing_address_line_1: '1 Main St',
      mailing_address_line_2: null,
    });
  });
});

describe('socket payloads', () => {
  it('parses updated and removed events and drops anything else', () => {
    const s = sig();
    expect(toSignatureEvent('updated_signature', { reason: 'created_by_ipad', signature: s })).toEqual({ event: 'updated_signature', reason: 'created_by_ipad', signature: s });
    expect(toSignatureEvent('updated_signature', { reason: 'created_by_ipad', signature: { nope: true } })).toBeNull();
    expect(toSignatureEvent('removed_signature', { signature_unique_identifier: 'a', service_unique_identifier: 'b' })).toEqual({ event: 'removed_signature', signature_unique_identifier: 'a', service_unique_identifier: 'b' });
    expect(toSignatureEvent('presence_diff', {})).toBeNull();
  });
});
