import type { RouteObject } from 'react-router-dom';
import { Placeholder } from '../chrome/Placeholder';

/** Public pages: no sign-in. */
export const guestRoutes: RouteObject[] = [
  { path: '/sign/:serviceUniqueId', element: <Placeholder title="Sign the Guest Registry" /> },
  { path: '/f/:serviceUniqueId', element: <Placeholder title="Guest Registry" /> },
  { path: '/f', element: <Placeholder title="Guest Registry" /> },
];
