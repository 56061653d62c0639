/** Pure rules of the public guest pages: the planning-ahead texts, the sign payload, ids. */
import { z } from 'zod';
import { DEFAULT_MOBILE_ADVANCED_PLANNING_LABEL_HEADER, DEFAULT_MOBILE_ADVANCED_PLANNING_QUESTION, type ServicePublicData } from '../../contract/services';
import { GUEST_ADDRESS_MAX_LENGTH, GUEST_EMAIL_MAX_LENGTH, GUEST_NAME_MAX_LENGTH, GUEST_PHONE_MAX_LENGTH, type SimpleSignatureFields } from '../../contract/guests';

export const SERVICE_REQUIRED_TEXT = 'Service is required.';
export const SERVICE_LOAD_FAILED_TEXT = 'Unable to load service';

/** The planning-ahead checkbox of the phone form, or null when the service hides it. */
export function planningAheadTexts(data: Pick<ServicePublicData, 'advanced_planning_check_is_hidden' | 'mobile_advanced_planning_label_header' | 'mobile_advanced_planning_question'>): { header: string; question: string } | null {
  if (data.advanced_planning_check_is_hidden) return null;
  return {
    header: data.mobile_advanced_planning_label_header?.trim() || DEFAULT_MOBILE_ADVANCED_PLANNING_LABEL_HEADER,
    question: data.mobile_advanced_planning_question?.trim() || DEFAULT_MOBILE_ADVANCED_PLANNING_QUESTION,
  };
}

export const SignFormSchema = z.object({
  full_name: z.string().trim().min(1, 'Full name is required.').max(GUEST_NAME_MAX_LENGTH),
  phone_number: z.string().trim().max(GUEST_PHONE_MAX_LENGTH),
  email_address: z.union([z.literal(''), z.string().trim().max(GUEST_EMAIL_MAX_LENGTH).pipe(z.email('Please enter a valid e-mail address.'))]),
  mailing_address_line1: z.string().trim().max(GUEST_ADDRESS_MAX_LENGTH),
  mailing_address_line2: z.string().trim().max(GUEST_ADDRESS_MAX_LENGTH),
  interested_in_planning_ahead: z.boolean(),
});
export type SignFormValues = z.infer<typeof SignFormSchema>;

export const EMPTY_SIGN_FORM: SignFormValues = {
  full_name: '',
  phone_number: '',
  email_address: '',
  mailing_address_line1: '',
  mailing_address_line2: '',
  interested_in_planning_ahead: false,
};

/** The body of the sign call; empty optional fields travel as null. */
export function signBody(values: SignFormValues, clientId: string, planningShown: boolean): SimpleSignatureFields {
  const opt = (v: string) => v.trim() || null;
  return {
    full_name: values.full_name.trim(),
    phone_number: opt(values.phone_number),
    email_address: opt(values.email_address),
    mailing_address_line1: opt(values.mailing_address_line1),
    mailing_address_line2: opt(values.mailing_address_line2),
    interested_in_planning_ahead: planningShown && values.interested_in_planning_ahead,
    client_id: clientId,
  };
}

/**
 * A random UUID v4. crypto.randomUUID exists only in secure contexts; a phone may open the sign
 * link over plain HTTP on a venue's LAN, so fall back to getRandomValues.
 */
export function newClientId(rng: Pick<Crypto, 'getRandomValues'> & { randomUUID?: () => string } = crypto): string {
  if (typeof rng.randomUUID === 'function') {
    try {
      return rng.randomUUID();
    } catch {
      // Not a secure context: fall through.
    }
  }
  const b = rng.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
