/** Send Service to iPad: the account's iPads, each with Send Service / Remove Service. */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { Ipad } from '../../../contract/devices';
import { errorMessage } from '../../../lib/api/errors';
import { ErrorAlert } from '../../../ui/Alert';
import { Spinner } from '../../../ui/Spinner';
import { useSession } from '../../auth/AuthProvider';
import { serviceIpadsOptions, useSendToIpad } from '../api';
import { useManagedService } from './ManageServiceLayout';

export function SendToIpadTab() {
  const service = useManagedService();
  const { viewingAllAccounts } = useSession();
  const query = useQuery(serviceIpadsOptions(service.unique_identifier));

  if (query.isPending) return <Spinner label="Loading iPads..." />;
  if (query.isError) return <ErrorAlert message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  const ipads = query.data;
  if (ipads.length === 0) {
    return (
      <div className="card empty">
        <p>No iPads have been added.</p>
        {!viewingAllAccounts && (
          <Link to="/add-ipad" className="btn btn-primary">
            Add iPad
          </Link>
        )}
      </div>
    );
  }
  return (
    <div className="table-wrap">
      <table className="table">
        <thead>
          <tr>
            <th scope="col">iPad Name</th>
            <th scope="col">Showing</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {ipads.map((ipad) => (
            <IpadRow key={ipad.unique_identifier} ipad={ipad} serviceId={service.unique_identifier} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function IpadRow({ ipad, serviceId }: { ipad: Ipad; serviceId: string }) {
  const send = useSendToIpad(serviceId);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const showsThis = ipad.active_service?.unique_identifier === serviceId;
  const name = ipad.public_data.ipad_name;

  const run = async (assign: boolean) => {
    setError(null);
    setDone(null);
    try {
      await send.mutateAsync({ ipadId: ipad.unique_identifier, assign });
      setDone(assign ? `Service sent to ${name}.` : `Service removed from ${name}.`);
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <tr>
      <td>
        <Link to={`/ipads/${ipad.unique_identifier}`}>{name}</Link>
      </td>
      <td>
        {ipad.active_service ? (
          <Link to={`/services/${ipad.active_service.unique_identifier}`}>{ipad.active_service.public_data.deceased_person.full_name}</Link>
        ) : (
          <span className="muted">No service</span>
        )}
      </td>
      <td>
        <div className="row row-end">
          {!showsThis && (
            <button type="button" className="btn btn-primary btn-sm" onClick={() => void run(true)} disabled={send.isPending} aria-label={`Send Service to ${name}`}>
              Send Service
            </button>
          )}
          {ipad.active_service && (
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => void run(false)} disabled={send.isPending} aria-label={`Remove Service from ${name}`}>
              Remove Service
            </button>
          )}
        </div>
        <div aria-live="polite">
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          {done && <p className="form-success">{done}</p>}
        </div>
      </td>
    </tr>
  );
}
