/**
 * Pure rules of the signature screens: realtime list updates, the pre-need flag in storage,
 * what each column shows and the correction form's payload.
 */
import type { InfiniteData } from '@tanstack/react-query';
import { RemovedSignatureEventSchema, UpdatedSignatureEventSchema, type SignatureUpdateReason } from '../../contract/channels';
import type { z } from 'zod';
import { isQrSignature, SignatureSchema, WAITING_FOR_TRANSCRIPTION_TEXT, type Signature, type UpdateTranscriptionBodySchema } from '../../contract/signatures';

// ---- Realtime --------------------------------------------------------------------------------

export type SignatureEvent =
  | { event: 'updated_signature'; reason: SignatureUpdateReason; signature: Signature }
  | { event: 'removed_signature'; signature_unique_identifier: string; service_unique_identifier: string };

export interface ListScope {
  /** The Only Pre-Need Items switch is on. */
  onlyPreNeed: boolean;
  /** Set for a list inside one service: other services' new signatures do not belong in it. */
  serviceId?: string | null;
}

const CREATED_REASONS: ReadonlySet<SignatureUpdateReason> = new Set(['created_by_ipad', 'created_by_qr_code']);

/**
 * The list after one realtime event (spec 000 section 4): a new signature is prepended unless
 * the pre-need filter hides it or it is already there; another update replaces the matching
 * item; a removal deletes it. Returns the same array when nothing changes.
 */
export function applySignatureEvent(list: readonly Signature[], event: SignatureEvent, scope: ListScope): readonly Signature[] {
  if (event.event === 'removed_signature') {
    const next = list.filter((s) => s.unique_identifier !== event.signature_unique_identifier);
    return next.length === list.length ? list : next;
  }
  const { signature } = event;
  const index = list.findIndex((s) => s.unique_identifier === signature.unique_identifier);
  if (CREATED_REASONS.has(event.reason)) {
    if (index !== -1) return list;
    if (scope.onlyPreNeed && !signature.is_pre_need) return list;
    if (scope.serviceId && signature.service.unique_identifier !== scope.serviceId) return list;
    return [signature, ...list];
  }
  if (index === -1) return list;
  const next = list.slice();
  next[index] = signature;
  return next;
}

/** A page of either list endpoint: the all-signatures one counts `total_signatures`, the per-service one `signatures_count`. */
export interface SignaturePage {
  signatures: Signature[];
  total_signatures?: number;
  signatures_count?: number;
}

export const pageTotal = (page: SignaturePage | undefined): number => page?.total_signatures ?? page?.signatures_count ?? 0;

function withTotal<P extends SignaturePage>(page: P, delta: number): P {
  if (delta === 0) return page;
  if (page.total_signatures !== undefined) return { ...page, total_signatures: Math.max(0, page.total_signatures + delta) };
  if (page.signatures_count !== undefined) return { ...page, signatures_count: Math.max(0, page.signatures_count + delta) };
  return page;
}

/**
 * The same rules on react-query's paged cache: a new signature goes to the top of page 1,
 * replacements and removals happen on whichever page holds the item; the total follows.
 */
export function applySignatureEventToPages<P extends SignaturePage>(data: InfiniteData<P> | undefined, event: SignatureEvent, scope: ListScope): InfiniteData<P> | undefined {
  if (!data || data.pages.length === 0) return data;
  const flat = data.pages.flatMap((p) => p.signatures);
  const next = applySignatureEvent(flat, event, scope);
  if (next === flat) return data;
  const delta = next.length - flat.length;
  const isPrepend = delta > 0;
  const pages = data.pages.map((page, i) => {
    let signatures: Signature[];
    if (isPrepend) signatures = i === 0 ? [next[0] as Signature, ...page.signatures] : page.signatures;
    else signatures = applySignatureEvent(page.signatures, event, scope) as Signature[];
    const changed = signatures !== page.signatures;
    const updated = changed ? { ...page, signatures } : page;
    return i === 0 ? withTotal(updated, delta) : updated;
  });
  return { ...data, pages };
}

// ---- The pre-need switch ---------------------------------------------------------------------

/** localStorage holds "true" while the switch is on (spec 000 section 9). */
export function readOnlyPreNeed(storage: Pick<Storage, 'getItem'> | null, key: string): boolean {
  try {
    return storage?.getItem(key) === 'true';
  } catch {
    return false;
  }
}

export function writeOnlyPreNeed(storage: Pick<Storage, 'setItem' | 'removeItem'> | null, key: string, on: boolean): void {
  try {
    if (on) storage?.setItem(key, 'true');
    else storage?.removeItem(key);
  } catch {
    // Private mode or a full quota: the switch still works for this page view.
  }
}

/** The query value: yes or no. */
export const onlyPreneedParam = (on: boolean): 'yes' | 'no' => (on ? 'yes' : 'no');

// ---- What the list shows ---------------------------------------------------------------------

/** The guest's name: the transcription wins over the QR form (as in the CSV export). */
export function signatureName(s: Signature): string | null {
  const transcribed = s.public_data.latest_signature_transcription?.generated_json.name?.trim();
  if (transcribed) return transcribed;
  return s.public_data.based_on_simple_signature?.full_name.trim() || null;
}

/** An iPad signature with no transcription yet. */
export const isWaitingForTranscription = (s: Signature): boolean => !isQrSignature(s) && s.public_data.latest_signature_transcription === null;

/** The name, the waiting text, or a dash. */
export function signatureLabel(s: Signature): string {
  if (isWaitingForTranscription(s)) return WAITING_FOR_TRANSCRIPTION_TEXT;
  return signatureName(s) ?? '—';
}

export const signaturesHeading = (total: number) => `Signatures (${total} total ${total === 1 ? 'signature' : 'signatures'})`;

// ---- Correcting a transcription --------------------------------------------------------------

export interface TranscriptionFormValues {
  name: string;
  phone_number: string;
  email: string;
  mailing_address_line_1: string;
  mailing_address_line_2: string;
}

export function transcriptionDefaults(s: Signature): TranscriptionFormValues {
  const json = s.public_data.latest_signature_transcription?.generated_json;
  return {
    name: json?.name ?? '',
    phone_number: json?.phone_number ?? '',
    email: json?.email ?? '',
    mailing_address_line_1: json?.mailing_address_line_1 ?? '',
    mailing_address_line_2: json?.mailing_address_line_2 ?? '',
  };
}

/** Every field optional; an emptied field is sent as null so it is cleared. */
export function transcriptionBody(values: TranscriptionFormValues): z.input<typeof UpdateTranscriptionBodySchema> {
  const clean = (v: string) => v.trim() || null;
  return {
    name: clean(values.name),
    phone_number: clean(values.phone_number),
    email: clean(values.email),
    mailing_address_line_1: clean(values.mailing_address_line_1),
    mailing_address_line_2: clean(values.mailing_address_line_2),
  };
}

// ---- Parsing socket payloads -----------------------------------------------------------------

/**
 * A socket message as a list event, or null when it is not one or does not parse (an older or
 * newer server): the list then simply stays as it is until the next fetch.
 */
export function toSignatureEvent(name: string, payload: unknown): SignatureEvent | null {
  if (name === 'updated_signature') {
    const parsed = UpdatedSignatureEventSchema.safeParse(payload);
    const signature = parsed.success ? SignatureSchema.safeParse(parsed.data.signature) : null;
    if (!parsed.success || !signature?.success) return null;
    return { event: 'updated_signature', reason: parsed.data.reason, signature: signature.data };
  }
  if (name === 'removed_signature') {
    const parsed = RemovedSignatureEventSchema.safeParse(payload);
    return parsed.success ? { event: 'removed_signature', ...parsed.data } : null;
  }
  return null;
}
