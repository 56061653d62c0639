/** The simple-signature form: full name required, the rest optional (spec 000 section 5). */
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Service } from '../../../contract/services';
import { ApiError, errorMessage } from '../../../lib/api/errors';
import { queueGuestSignature } from '../../outbox/api';
import { TextField } from '../../../ui/TextField';
import { useSignService } from '../api';
import { EMPTY_SIGN_FORM, newClientId, planningAheadTexts, signBody, SignFormSchema, type SignFormValues } from '../model';

/** Answers that mean "try again later": no network, a server hiccup, or busy. */
const isTransient = (err: unknown) => err instanceof ApiError && (err.status === 0 || err.status >= 500 || err.status === 408 || err.status === 429);

export function SignForm({ service, onSigned }: { service: Service; onSigned: (outcome: 'sent' | 'queued') => void }) {
  const sign = useSignService(service.unique_identifier);
  const { register, handleSubmit, formState } = useForm<SignFormValues>({ resolver: zodResolver(SignFormSchema), defaultValues: EMPTY_SIGN_FORM });
  const [error, setError] = useState<string | null>(null);
  // One id per signature: a retry after a lost answer is recognised by the server, not doubled.
  const clientId = useRef<string | null>(null);
  const planning = planningAheadTexts(service.public_data);
  const errors = formState.errors;

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    clientId.current ??= newClientId();
    const body = signBody(values, clientId.current, planning !== null);
    try {
      await sign.mutateAsync(body);
      onSigned('sent');
    } catch (err) {
      if (!isTransient(err)) {
        setError(errorMessage(err));
        return;
      }
      // Offline (or the server is struggling): keep it on this phone and send it later, with
      // the same client_id, so a first attempt that did arrive is not stored twice.
      try {
        await queueGuestSignature(service.unique_identifier, body);
        onSigned('queued');
      } catch {
        setError(errorMessage(err));
      }
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="sign-form" aria-busy={formState.isSubmitting}>
      <h2>Sign the guest registry</h2>
      <TextField label="Full name" required autoComplete="name" error={errors.full_name?.message} {...register('full_name')} />
      <TextField label="Phone" type="tel" autoComplete="tel" inputMode="tel" error={errors.phone_number?.message} {...register('phone_number')} />
      <TextField label="E-mail" type="email" autoComplete="email" inputMode="email" error={errors.email_address?.message} {...register('email_address')} />
      <TextField label="Mailing address line 1" autoComplete="address-line1" error={errors.mailing_address_line1?.message} {...register('mailing_address_line1')} />
      <TextField label="Mailing address line 2" autoComplete="address-line2" error={errors.mailing_address_line2?.message} {...register('mailing_address_line2')} />
      {planning && (
        <fieldset className="planning-box">
          <legend>{planning.header}</legend>
          <label className="checkbox">
            <input type="checkbox" {...register('interested_in_planning_ahead')} />
            {planning.question}
          </label>
        </fieldset>
      )}
      <div aria-live="polite">
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Signing...' : 'Sign Guestbook'}
      </button>
    </form>
  );
}
