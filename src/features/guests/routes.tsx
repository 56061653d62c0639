import type { RouteObject } from 'react-router-dom';
import { RegistryPage } from './components/RegistryPage';
import { SignPage } from './components/SignPage';

/** Public pages: no sign-in. */
export const guestRoutes: RouteObject[] = [
  { path: '/sign/:serviceUniqueId', element: <SignPage /> },
  { path: '/f/:serviceUniqueId', element: <RegistryPage /> },
  { path: '/f', element: <RegistryPage /> },
];
