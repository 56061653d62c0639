/**
 * For the service's "Send Service to iPad" tab (spec 000 section 2): the account's iPads, each
 * with Send Service or Remove Service for this service. Exported for the services feature:
 *   import { IpadServiceAssignments } from '../ipads/components/IpadServiceAssignments';
 *   <IpadServiceAssignments serviceId={service.unique_identifier} />
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { Ipad } from '../../../contract/devices';
import { errorMessage } from '../../../lib/api/errors';
import { ErrorAlert } from '../../../ui/Alert';
import { Spinner } from '../../../ui/Spinner';
import { useSession } from '../../auth/AuthProvider';
import { ipadQueries, useAssignService } from '../api';
import { useDeviceStatus } from '../useDeviceStatus';
import { DeviceStatusBadge } from './DeviceStatusBadge';

export function IpadServiceAssignments({ serviceId }: { serviceId: string }) {
  const { viewingAllAccounts } = useSession();
  // With the service id the server answers the iPads of the service's account (all-accounts mode too).
  const ipads = useQuery(ipadQueries.list(serviceId));
  const assign = useAssignService();

  if (ipads.isPending) return <Spinner label="Loading iPads..." />;
  if (ipads.isError) return <ErrorAlert message={errorMessage(ipads.error)} onRetry={() => void ipads.refetch()} />;
  if (ipads.data.length === 0) {
    return (
      <div className="empty">
        No iPads have been added. {!viewingAllAccounts && <Link to="/add-ipad">Add iPad</Link>}
      </div>
    );
  }
  const busyIpad = assign.isPending ? assign.variables.ipadId : null;
  return (
    <div className="stack">
      {assign.isError && <ErrorAlert message={errorMessage(assign.error)} />}
      <div className="table-wrap">
        <table className="table">
          <caption className="sr-only">iPads this service can be sent to</caption>
          <thead>
            <tr>
              <th scope="col">iPad Name</th>
              <th scope="col">Showing</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {ipads.data.map((ipad) => (
              <AssignmentRow
                key={ipad.unique_identifier}
                ipad={ipad}
                serviceId={serviceId}
                isBusy={busyIpad === ipad.unique_identifier}
                disabled={assign.isPending}
                onAssign={(nextServiceId) => assign.mutate({ ipadId: ipad.unique_identifier, serviceId: nextServiceId })}
              />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

interface RowProps {
  ipad: Ipad;
  serviceId: string;
  isBusy: boolean;
  disabled: boolean;
  onAssign: (serviceId: string | null) => void;
}

function AssignmentRow({ ipad, serviceId, isBusy, disabled, onAssign }: RowProps) {
  const status = useDeviceStatus(ipad.unique_identifier);
  const current = ipad.active_service;
  const isShowingThis = current?.unique_identifier === serviceId;
  const name = ipad.public_data.ipad_name;
  return (
    <tr>
      <td>
        <div className="ipad-cell">
          <Link to={`/ipads/${ipad.unique_identifier}`} className="ipad-name">
            {name}
          </Link>
          <DeviceStatusBadge status={status} />
        </div>
      </td>
      <td>{isShowingThis ? 'This service' : current ? current.public_data.deceased_person.full_name : 'Nothing (idle)'}</td>
      <td>
        {isShowingThis ? (
          <button type="button" className="btn btn-secondary btn-sm" disabled={disabled} onClick={() => onAssign(null)} aria-label={`Remove Service from ${name}`}>
            {isBusy ? 'Removing...' : 'Remove Service'}
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-primary btn-sm"
            disabled={disabled}
            onClick={() => onAssign(serviceId)}
            aria-label={`Send Service to ${name}`}
            title={current ? `Replaces ${current.public_data.deceased_person.full_name} on this iPad` : undefined}
          >
            {isBusy ? 'Sending...' : 'Send Service'}
          </button>
        )}
      </td>
    </tr>
  );
}
