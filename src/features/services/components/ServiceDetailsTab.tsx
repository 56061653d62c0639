/** Details: the service form in update mode, with the "currently active" banner. */
import { Link } from 'react-router-dom';
import { useUpdateService } from '../api';
import { ServiceForm } from './ServiceForm';
import { useManagedService } from './ManageServiceLayout';

export function ServiceDetailsTab() {
  const service = useManagedService();
  const update = useUpdateService(service.unique_identifier);
  return (
    <div className="stack">
      {service.is_active && (
        <div className="alert alert-info" role="status">
          <span>
            This service is currently active. You can end it <Link to={`/services/${service.unique_identifier}/end`}>here</Link>.
          </span>
        </div>
      )}
      <ServiceForm key={service.unique_identifier} mode="update" service={service} submit={(values, photo) => update.mutateAsync({ values, photo })} />
    </div>
  );
}
