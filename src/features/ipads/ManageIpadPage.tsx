import { useQuery } from '@tanstack/react-query';
import { Navigate, Route, Routes, useParams } from 'react-router-dom';
import type { IpadDetails } from '../../contract/devices';
import { errorMessage } from '../../lib/api/errors';
import { ErrorAlert } from '../../ui/Alert';
import { Spinner } from '../../ui/Spinner';
import { Tabs } from '../../ui/Tabs';
import { usePageTitle } from '../../ui/usePageTitle';
import { useSession } from '../auth/AuthProvider';
import { ipadQueries } from './api';
import { DeviceStatusBadge } from './components/DeviceStatusBadge';
import { IpadDetailsTab } from './components/IpadDetailsTab';
import { LoginIpadTab } from './components/LoginIpadTab';
import { LogoutIpadButton } from './components/LogoutIpadButton';
import { ManageServiceTab } from './components/ManageServiceTab';
import { manageServiceTabLabel } from './model';
import { useDeviceStatus, type DeviceStatus } from './useDeviceStatus';

export const NO_IPAD_ID_MESSAGE = 'No iPad unique identifier provided.';

/** Manage iPad /ipads/{id}/…: tabs details (default), setup-device, manage-service. */
export function ManageIpadPage() {
  usePageTitle('Manage iPad');
  const { ipadUniqueId } = useParams();
  if (!ipadUniqueId) return <ErrorAlert message={NO_IPAD_ID_MESSAGE} />;
  return <ManageIpad ipadId={ipadUniqueId} />;
}

function ManageIpad({ ipadId }: { ipadId: string }) {
  const ipad = useQuery(ipadQueries.detail(ipadId));
  const status = useDeviceStatus(ipadId);
  if (ipad.isPending) return <Spinner label="Loading iPad..." />;
  if (ipad.isError) return <ErrorAlert message={errorMessage(ipad.error)} onRetry={() => void ipad.refetch()} />;
  return <ManageIpadLoaded ipad={ipad.data} status={status} />;
}

function ManageIpadLoaded({ ipad, status }: { ipad: IpadDetails; status: DeviceStatus }) {
  const { user } = useSession();
  const base = `/ipads/${ipad.unique_identifier}`;
  const tabs = [
    { to: `${base}/details`, label: 'Details' },
    { to: `${base}/setup-device`, label: 'Login iPad' },
    { to: `${base}/manage-service`, label: manageServiceTabLabel(ipad) },
  ];
  return (
    <section aria-labelledby="ipad-heading" className="stack">
      <header className={`ipad-header card${status.isConnected ? ' is-connected' : ''}`}>
        <div className="ipad-header-title">
          <h1 id="ipad-heading">{ipad.public_data.ipad_name}</h1>
          <DeviceStatusBadge status={status} details={ipad} />
        </div>
        {user.is_superuser && status.isConnected && <LogoutIpadButton ipadName={ipad.public_data.ipad_name} presence={status.presence} />}
      </header>
      <Tabs label="iPad sections" items={tabs} />
      <Routes>
        <Route path="details" element={<IpadDetailsTab ipad={ipad} status={status} />} />
        <Route path="setup-device" element={<LoginIpadTab ipad={ipad} />} />
        <Route path="manage-service" element={<ManageServiceTab ipad={ipad} />} />
        <Route path="*" element={<Navigate to={`${base}/details`} replace />} />
      </Routes>
    </section>
  );
}
