import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { Service } from '../../../contract/services';
import { serviceOptionLabel } from '../model';

export const SERVICE_REQUIRED_MESSAGE = 'A service selection is required.';

interface Props {
  services: Service[];
  isBusy: boolean;
  error: string | null;
  onSubmit: (serviceId: string) => void;
}

/** A required service picker (active services first) with the Send Service button. */
export function ServiceSelectForm({ services, isBusy, error, onSubmit }: Props) {
  const id = useId();
  const [serviceId, setServiceId] = useState('');
  const [missing, setMissing] = useState(false);

  if (services.length === 0) {
    return (
      <p className="empty">
        No services have been created. <Link to="/create-service">Create Service</Link>
      </p>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!serviceId) {
      setMissing(true);
      return;
    }
    onSubmit(serviceId);
  };

  return (
    <form noValidate onSubmit={submit}>
      <div className="field">
        <label htmlFor={id}>Service</label>
        <select
          id={id}
          className="select"
          value={serviceId}
          required
          aria-invalid={missing ? true : undefined}
          aria-describedby={missing ? `${id}-error` : undefined}
          onChange={(event) => {
            setServiceId(event.target.value);
            if (event.target.value) setMissing(false);
          }}
        >
          <option value="">Select a service...</option>
          {services.map((service) => (
            <option key={service.unique_identifier} value={service.unique_identifier}>
              {serviceOptionLabel(service)}
            </option>
          ))}
        </select>
        {missing && (
          <span id={`${id}-error`} className="field-error" role="alert">
            {SERVICE_REQUIRED_MESSAGE}
          </span>
        )}
      </div>
      <div className="row">
        <button type="submit" className="btn btn-primary" disabled={isBusy}>
          {isBusy ? 'Sending...' : 'Send Service'}
        </button>
        {error && (
          <span className="form-error" role="alert">
            {error}
          </span>
        )}
      </div>
    </form>
  );
}
