import type { RouteObject } from 'react-router-dom';
import { Placeholder } from '../chrome/Placeholder';
import { RequireOneAccount } from '../chrome/RequireOneAccount';

export const ipadsRoutes: RouteObject[] = [
  { path: 'ipads', element: <Placeholder title="View iPads" /> },
  { path: 'add-ipad', element: <RequireOneAccount><Placeholder title="Add iPad" /></RequireOneAccount> },
  { path: 'ipads/:ipadUniqueId/*', element: <Placeholder title="Manage iPad" /> },
];
