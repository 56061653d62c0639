/**
 * "Enter service details": the create and update form. The photo is cropped in the browser and
 * sent as a PNG; on create it is required. Errors show in red beside the submit button.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Obituary, Service } from '../../../contract/services';
import { ApiError, errorMessage } from '../../../lib/api/errors';
import { TextField } from '../../../ui/TextField';
import { fetchObituaryPhoto } from '../api';
import { hasAdvancedValues, MISSING_PHOTO_TEXT, SAVING_TEXT, serviceFormDefaults, ServiceFormValuesSchema, UPDATED_TEXT, type ServiceFormValues } from '../model';
import { usePhotoCrop } from '../usePhotoCrop';
import { AdvancedPlanningFields } from './AdvancedPlanningFields';
import { ObituaryPicker } from './ObituaryPicker';
import { PhotoCropper } from './PhotoCropper';

interface Props {
  mode: 'create' | 'update';
  service?: Service;
  /** Saves; throws to show the error. */
  submit: (values: ServiceFormValues, photo: Blob | null) => Promise<unknown>;
}

const PERSON_FIELDS = ['deceased_person_full_name', 'deceased_person_preferred_name', 'deceased_person_birth_date', 'deceased_person_death_date'] as const;

export function ServiceForm({ mode, service, submit }: Props) {
  const defaults = serviceFormDefaults(service);
  const form = useForm<ServiceFormValues>({ resolver: zodResolver(ServiceFormValuesSchema), defaultValues: defaults });
  const { register, handleSubmit, formState, setValue, setError: setFieldError } = form;
  const photo = usePhotoCrop();
  const [showAdvanced, setShowAdvanced] = useState(() => hasAdvancedValues(defaults));
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [obituaryId, setObituaryId] = useState<string | null>(null);
  const busy = formState.isSubmitting;

  const pickObituary = async (obituary: Obituary) => {
    const r = obituary.public_data.latest_obituary_detail_extraction.result;
    setObituaryId(obituary.unique_identifier);
    setError(null);
    setValue('deceased_person_full_name', r.full_name, { shouldValidate: true });
    setValue('deceased_person_preferred_name', r.preferred_name ?? '');
    setValue('deceased_person_birth_date', r.date_of_birth ?? '');
    setValue('deceased_person_death_date', r.date_of_death ?? '');
    photo.setImage(null);
    if (!r.avatar_url) return;
    try {
      photo.setImage(await fetchObituaryPhoto(obituary.unique_identifier));
    } catch (err) {
      setError(`The obituary's photo could not be loaded: ${errorMessage(err)}`);
    }
  };

  const clear = () => {
    setObituaryId(null);
    setError(null);
    for (const field of PERSON_FIELDS) setValue(field, '');
    photo.setImage(null);
  };

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    setSuccess(null);
    const png = await photo.toPng().catch(() => null);
    if (mode === 'create' && !png) {
      setError(MISSING_PHOTO_TEXT);
      return;
    }
    try {
      await submit(values, png);
      if (mode === 'update') {
        setSuccess(UPDATED_TEXT);
        photo.setImage(null);
      }
    } catch (err) {
      setError(errorMessage(err));
      const fields = err instanceof ApiError ? err.details?.fields : undefined;
      for (const [name, message] of Object.entries(fields ?? {})) {
        if (name in defaults) setFieldError(name as keyof ServiceFormValues, { message });
      }
    }
  });

  const errors = formState.errors;
  return (
    <form className="card service-form" onSubmit={onSubmit} noValidate aria-busy={busy}>
      <h2>Enter service details</h2>
      {mode === 'create' && <ObituaryPicker selectedId={obituaryId} onPick={(o) => void pickObituary(o)} onClear={clear} disabled={busy} />}
      <fieldset disabled={busy} className="plain-fieldset">
        <legend className="sr-only">The deceased person</legend>
        <div className="form-grid">
          <TextField label="Full name" required autoComplete="off" error={errors.deceased_person_full_name?.message} {...register('deceased_person_full_name')} />
          <TextField label="Preferred name" autoComplete="off" error={errors.deceased_person_preferred_name?.message} {...register('deceased_person_preferred_name')} />
          <TextField label="Birth date" type="date" error={errors.deceased_person_birth_date?.message} {...register('deceased_person_birth_date')} />
          <TextField label="Death date" type="date" error={errors.deceased_person_death_date?.message} {...register('deceased_person_death_date')} />
        </div>
      </fieldset>
      <PhotoCropper photo={photo} currentUrl={service?.public_data.deceased_person.avatar_url} disabled={busy} />
      <div className="advanced-toggle">
        <button type="button" className="btn btn-ghost btn-sm" aria-expanded={showAdvanced} aria-controls="advanced-planning-options" onClick={() => setShowAdvanced((s) => !s)}>
          {showAdvanced ? 'Hide advanced options' : 'Show advanced options'}
        </button>
      </div>
      {showAdvanced && (
        <fieldset disabled={busy} className="plain-fieldset">
          <AdvancedPlanningFields form={form} />
        </fieldset>
      )}
      <div className="form-footer">
        <div className="form-footer-messages" aria-live="polite">
          {busy && <p className="hint">{SAVING_TEXT}</p>}
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          {success && <p className="form-success">{success}</p>}
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {mode === 'create' ? (busy ? 'Creating Service...' : 'Create Service') : busy ? 'Updating Service...' : 'Update Service'}
        </button>
      </div>
    </form>
  );
}
