import type { RouteObject } from 'react-router-dom';
import { RequireOneAccount } from '../chrome/RequireOneAccount';
import { ServiceSignaturesList } from '../signatures';
import { CreateServicePage } from './components/CreateServicePage';
import { FamilyPlaceholder } from './components/FamilyPlaceholder';
import { ManageServiceLayout, RedirectToDetails } from './components/ManageServiceLayout';
import { QrCodeTab } from './components/QrCodeTab';
import { SendToIpadTab } from './components/SendToIpadTab';
import { ServiceDetailsTab } from './components/ServiceDetailsTab';
import { ServicesListPage } from './components/ServicesListPage';
import { EndServicePage, StartServicePage } from './components/StartEndPages';

export const servicesRoutes: RouteObject[] = [
  { path: 'services', element: <ServicesListPage /> },
  {
    path: 'create-service',
    element: (
      <RequireOneAccount>
        <CreateServicePage />
      </RequireOneAccount>
    ),
  },
  {
    path: 'services/:serviceUniqueId',
    element: <ManageServiceLayout />,
    children: [
      { index: true, element: <RedirectToDetails /> },
      { path: 'details', element: <ServiceDetailsTab /> },
      { path: 'signatures', element: <ServiceSignaturesList /> },
      { path: 'service-qr-code', element: <QrCodeTab /> },
      { path: 'send-service-to-ipad', element: <SendToIpadTab /> },
      { path: 'send-service-to-family', element: <FamilyPlaceholder title="Send Service to Family" /> },
      { path: 'add-family-member', element: <FamilyPlaceholder title="Add Family Member" /> },
      { path: 'start', element: <StartServicePage /> },
      { path: 'end', element: <EndServicePage /> },
      { path: '*', element: <RedirectToDetails /> },
    ],
  },
];
