import { describe, expect, it } from 'vitest';
import { SimpleSignatureBodySchema } from '../../contract/guests';
import { EMPTY_SIGN_FORM, newClientId, planningAheadTexts, signBody, SignFormSchema } from './model';

const hiddenOff = { advanced_planning_check_is_hidden: false, mobile_advanced_planning_label_header: null, mobile_advanced_planning_question: null };

describe('the planning-ahead checkbox', () => {
  it('uses the defaults when the service has no texts', () => {
    expect(planningAheadTexts(hiddenOff)).toEqual({ header: 'Interested in Planning Ahead', question: "Yes, I'm interested in planning ahead for my own arrangements." });
  });
  it("uses the service's own texts", () => {
    expect(planningAheadTexts({ ...hiddenOff, mobile_advanced_planning_label_header: 'Plan ahead', mobile_advanced_planning_question: 'Call me' })).toEqual({ header: 'Plan ahead', question: 'Call me' });
  });
  it('is absent when the service hides it', () => {
    expect(planningAheadTexts({ ...hiddenOff, advanced_planning_check_is_hidden: true })).toBeNull();
  });
});

describe('the sign payload', () => {
  const id = '6f1c1a0e-4a8b-4c1e-9a53-1d7c2f0b9e11';
  it('sends empty optional fields as null and passes the contract', () => {
    const body = signBody({ ...EMPTY_SIGN_FORM, full_name: ' Ann Lee ', interested_in_planning_ahead: true }, id, true);
    expect(body).toEqual({ full_name: 'Ann Lee', phone_number: null, email_address: null, mailing_address_line1: null, mailing_address_line2: null, interested_in_planning_ahead: true, client_id: id });
    expect(SimpleSignatureBodySchema.safeParse(body).success).toBe(true);
  });
  it('never claims interest when the checkbox was hidden', () => {
    expect(signBody({ ...EMPTY_SIGN_FORM, full_name: 'A', interested_in_planning_ahead: true }, id, false).interested_in_planning_ahead).toBe(false);
  });
  it('requires a full name and a valid e-mail when one is given', () => {
    expect(SignFormSchema.safeParse(EMPTY_SIGN_FORM).success).toBe(false);
    expect(SignFormSchema.safeParse({ ...EMPTY_SIGN_FORM, full_name: 'A', email_address: 'nope' }).success).toBe(false);
    expect(SignFormSchema.safeParse({ ...EMPTY_SIGN_FORM, full_name: 'A', email_address: 'a@example.com' }).success).toBe(true);
  });
});

describe('client ids', () => {
  it('makes a v4 UUID without randomUUID (plain-HTTP pages)', () => {
    const rng = { getRandomValues: crypto.getRandomValues.bind(crypto) };
    const id = newClientId(rng);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
