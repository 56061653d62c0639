/** iPad routes of spec 000 section 2; each page is its own lazily loaded chunk. */
import type { RouteObject } from 'react-router-dom';
import { RequireOneAccount } from '../chrome/RequireOneAccount';

export const ipadsRoutes: RouteObject[] = [
  { path: 'ipads', lazy: async () => ({ Component: (await import('./IpadsPage')).IpadsPage }) },
  {
    path: 'add-ipad',
    lazy: async () => {
      const { AddIpadPage } = await import('./AddIpadPage');
      return {
        Component: () => (
          <RequireOneAccount>
            <AddIpadPage />
          </RequireOneAccount>
        ),
      };
    },
  },
  { path: 'ipads/:ipadUniqueId/*', lazy: async () => ({ Component: (await import('./ManageIpadPage')).ManageIpadPage }) },
];
