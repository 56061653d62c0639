/** Manage service /services/{id}/...: the heading, the tabs and the current tab. */
import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet, useOutletContext, useParams } from 'react-router-dom';
import type { Service } from '../../../contract/services';
import { errorMessage } from '../../../lib/api/errors';
import { ErrorAlert } from '../../../ui/Alert';
import { Spinner } from '../../../ui/Spinner';
import { Tabs } from '../../../ui/Tabs';
import { usePageTitle } from '../../../ui/usePageTitle';
import { useSession } from '../../auth/AuthProvider';
import { serviceOptions } from '../api';
import { manageHeading, serviceTabs } from '../model';

export function ManageServiceLayout() {
  const { serviceUniqueId = '' } = useParams();
  const { viewingAllAccounts } = useSession();
  const query = useQuery(serviceOptions(serviceUniqueId));
  const heading = query.data ? manageHeading(query.data, viewingAllAccounts) : 'Manage Service';
  usePageTitle(heading);

  if (query.isPending) return <Spinner label="Loading service..." />;
  if (query.isError) return <ErrorAlert message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  const service = query.data;
  const base = `/services/${service.unique_identifier}`;

  return (
    <section aria-labelledby="manage-heading" className="manage-service">
      <div className="page-header">
        <h1 id="manage-heading">{heading}</h1>
      </div>
      <Tabs label="Service sections" items={serviceTabs(service.is_active).map((t) => ({ to: `${base}/${t.path}`, label: t.label }))} />
      <div className="tab-panel">
        <Outlet context={{ service } satisfies ManagedService} />
      </div>
    </section>
  );
}

interface ManagedService {
  service: Service;
}

/** The service of the surrounding Manage layout. */
export function useManagedService(): Service {
  return useOutletContext<ManagedService>().service;
}

/** Unknown subpaths (and the bare /services/{id}) go to the details tab. */
export function RedirectToDetails() {
  const { serviceUniqueId = '' } = useParams();
  return <Navigate to={`/services/${serviceUniqueId}/details`} replace />;
}
