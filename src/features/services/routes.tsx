import type { RouteObject } from 'react-router-dom';
import { Placeholder } from '../chrome/Placeholder';
import { RequireOneAccount } from '../chrome/RequireOneAccount';

export const servicesRoutes: RouteObject[] = [
  { path: 'services', element: <Placeholder title="View Services" /> },
  { path: 'create-service', element: <RequireOneAccount><Placeholder title="Create Service" /></RequireOneAccount> },
  { path: 'services/:serviceUniqueId/*', element: <Placeholder title="Manage Service" /> },
];
