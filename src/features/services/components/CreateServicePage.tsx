/** Create Service /create-service: on success the new service opens on "Send Service to iPad". */
import { useNavigate } from 'react-router-dom';
import { usePageTitle } from '../../../ui/usePageTitle';
import { useCreateService } from '../api';
import { ServiceForm } from './ServiceForm';

export function CreateServicePage() {
  usePageTitle('Create Service');
  const navigate = useNavigate();
  const create = useCreateService();
  return (
    <section aria-labelledby="create-service-heading">
      <div className="page-header">
        <h1 id="create-service-heading">Create Service</h1>
      </div>
      <ServiceForm
        mode="create"
        submit={async (values, photo) => {
          if (!photo) return;
          const service = await create.mutateAsync({ values, photo });
          navigate(`/services/${service.unique_identifier}/send-service-to-ipad`);
        }}
      />
    </section>
  );
}
