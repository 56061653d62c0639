import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Plus } from 'lucide-react';
import type { IpadDetails } from '../../contract/devices';
import { errorMessage } from '../../lib/api/errors';
import { ErrorAlert } from '../../ui/Alert';
import { RelativeTime } from '../../ui/RelativeTime';
import { Spinner } from '../../ui/Spinner';
import { usePageTitle } from '../../ui/usePageTitle';
import { useSession } from '../auth/AuthProvider';
import { ipadQueries } from './api';
import { DeviceStatusBadge } from './components/DeviceStatusBadge';
import { useDeviceStatus } from './useDeviceStatus';

/** View iPads (spec 000 section 2): every iPad of the account, with its kiosk's live status. */
export function IpadsPage() {
  usePageTitle('View iPads');
  const { viewingAllAccounts } = useSession();
  const ipads = useQuery(ipadQueries.list());

  return (
    <section aria-labelledby="ipads-heading">
      <div className="page-header">
        <h1 id="ipads-heading">View iPads</h1>
        {!viewingAllAccounts && (
          <Link to="/add-ipad" className="btn btn-primary">
            <Plus size={18} aria-hidden="true" /> Add iPad
          </Link>
        )}
      </div>
      {ipads.isPending ? (
        <Spinner label="Loading iPads..." />
      ) : ipads.isError ? (
        <ErrorAlert message={errorMessage(ipads.error)} onRetry={() => void ipads.refetch()} />
      ) : ipads.data.length === 0 ? (
        <div className="card empty">No iPads have been added.</div>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="sr-only">iPads and whether their kiosks are connected</caption>
            <thead>
              <tr>
                <th scope="col">iPad Name</th>
                {viewingAllAccounts && <th scope="col">Account</th>}
                <th scope="col">Created</th>
                <th scope="col">Active Service</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {ipads.data.map((ipad) => (
                <IpadRow key={ipad.unique_identifier} ipad={ipad} showAccount={viewingAllAccounts} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function IpadRow({ ipad, showAccount }: { ipad: IpadDetails; showAccount: boolean }) {
  const id = ipad.unique_identifier;
  const status = useDeviceStatus(id);
  const service = ipad.active_service;
  return (
    <tr>
      <td>
        <div className="ipad-cell">
          <Link to={`/ipads/${id}`} className="ipad-name">
            {ipad.public_data.ipad_name}
          </Link>
          <DeviceStatusBadge status={status} details={ipad} />
        </div>
      </td>
      {showAccount && <td>{ipad.account.name}</td>}
      <td>
        <RelativeTime iso={ipad.inserted_at} />
      </td>
      <td>{service ? <Link to={`/services/${service.unique_identifier}`}>{service.public_data.deceased_person.full_name}</Link> : <><span aria-hidden="true">—</span><span className="sr-only">None</span></>}</td>
      <td>
        <div className="row">
          <Link to={`/ipads/${id}/manage-service`} className="btn btn-secondary btn-sm" aria-label={`${service ? 'Remove Service' : 'Send Service'}: ${ipad.public_data.ipad_name}`}>
            {service ? 'Remove Service' : 'Send Service'}
          </Link>
          <Link to={`/ipads/${id}/setup-device`} className="btn btn-ghost btn-sm" aria-label={`Login iPad: ${ipad.public_data.ipad_name}`}>
            Login iPad
          </Link>
        </div>
      </td>
    </tr>
  );
}
