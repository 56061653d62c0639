import { Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { Placeholder } from '../chrome/Placeholder';
import { RequireSuperuser } from '../chrome/RequireOneAccount';

export const managementRoutes: RouteObject[] = [
  {
    path: 'management',
    element: <RequireSuperuser><Outlet /></RequireSuperuser>,
    children: [
      { index: true, element: <Navigate to="/management/accounts" replace /> },
      { path: 'accounts', element: <Placeholder title="View Accounts" /> },
      { path: 'accounts/:accountUniqueId/*', element: <Placeholder title="Manage Account" /> },
      { path: 'add-account', element: <Placeholder title="Add Account" /> },
      { path: 'users', element: <Placeholder title="Users" /> },
      { path: 'users/:userUniqueId/*', element: <Placeholder title="Manage User" /> },
      { path: 'add-user', element: <Placeholder title="Add User" /> },
      { path: 'crops', element: <Placeholder title="Crops" /> },
      { path: 'crops/:cropUniqueId/*', element: <Placeholder title="Manage Crop" /> },
      { path: 'integrations/*', element: <Placeholder title="Integrations" /> },
    ],
  },
];
