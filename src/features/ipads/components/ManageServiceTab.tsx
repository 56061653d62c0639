import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { IpadDetails } from '../../../contract/devices';
import { errorMessage } from '../../../lib/api/errors';
import { ErrorAlert } from '../../../ui/Alert';
import { Spinner } from '../../../ui/Spinner';
import { servicesForIpadsQuery, useRemoveService, useSendService } from '../api';
import { servicesForPicker } from '../model';
import { ServiceSelectForm } from './ServiceSelectForm';

/** manage-service tab: "Remove Service" while a service is on the iPad, else "Send Service". */
export function ManageServiceTab({ ipad }: { ipad: IpadDetails }) {
  return ipad.active_service ? <ActiveService ipad={ipad} /> : <SendService ipad={ipad} />;
}

function ActiveService({ ipad }: { ipad: IpadDetails }) {
  const remove = useRemoveService(ipad.unique_identifier);
  const service = ipad.active_service;
  if (!service) return null;
  return (
    <section className="card" aria-labelledby="active-service-heading">
      <h2 id="active-service-heading">Remove Service</h2>
      <p>
        “{ipad.public_data.ipad_name}” is showing the service for{' '}
        <Link to={`/services/${service.unique_identifier}`}>{service.public_data.deceased_person.full_name}</Link>. Visitors can sign it on the iPad.
      </p>
      <p className="hint">Removing it returns the iPad to its idle screen. Signatures already made are kept and still sent.</p>
      <div className="row">
        <button type="button" className="btn btn-danger" onClick={() => remove.mutate()} disabled={remove.isPending}>
          {remove.isPending ? 'Removing...' : 'Remove Service'}
        </button>
        {remove.isError && (
          <span className="form-error" role="alert">
            {errorMessage(remove.error)}
          </span>
        )}
      </div>
    </section>
  );
}

function SendService({ ipad }: { ipad: IpadDetails }) {
  const services = useQuery(servicesForIpadsQuery());
  const send = useSendService(ipad.unique_identifier);
  return (
    <section className="card" aria-labelledby="send-service-heading">
      <h2 id="send-service-heading">Send Service</h2>
      <p>Choose the service visitors should sign on “{ipad.public_data.ipad_name}”.</p>
      {services.isPending ? (
        <Spinner label="Loading services..." />
      ) : services.isError ? (
        <ErrorAlert message={errorMessage(services.error)} onRetry={() => void services.refetch()} />
      ) : (
        <ServiceSelectForm
          services={servicesForPicker(services.data, ipad.account.unique_identifier)}
          isBusy={send.isPending}
          error={send.isError ? errorMessage(send.error) : null}
          onSubmit={(serviceId) => send.mutate(serviceId)}
        />
      )}
    </section>
  );
}
