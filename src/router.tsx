/** The route table of spec 000 section 2; each feature contributes its own routes. */
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { ErrorPage } from './features/chrome/ErrorPage';
import { ProtectedLayout } from './features/chrome/ProtectedLayout';
import { Dashboard } from './features/chrome/Dashboard';
import { Placeholder } from './features/chrome/Placeholder';
import { LoginPage } from './features/auth/LoginPage';
import { LoginConfirmPage } from './features/auth/LoginConfirmPage';
import { servicesRoutes } from './features/services/routes';
import { signaturesRoutes } from './features/signatures/routes';
import { ipadsRoutes } from './features/ipads/routes';
import { booksRoutes } from './features/books/routes';
import { managementRoutes } from './features/management/routes';
import { guestRoutes } from './features/guests/routes';

export const routes: RouteObject[] = [
  { path: '/', element: <Navigate to="/signatures" replace />, errorElement: <ErrorPage /> },
  {
    path: '/auth',
    errorElement: <ErrorPage />,
    children: [
      { path: 'login', element: <LoginPage /> },
      { path: 'login-confirm', element: <LoginConfirmPage /> },
      { path: 'register', element: <Placeholder title="Register" /> },
    ],
  },
  { errorElement: <ErrorPage />, children: guestRoutes },
  {
    element: <ProtectedLayout />,
    errorElement: <ErrorPage />,
    children: [
      { path: 'dashboard', element: <Dashboard /> },
      ...signaturesRoutes,
      ...servicesRoutes,
      ...booksRoutes,
      ...ipadsRoutes,
      ...managementRoutes,
      { path: '*', element: <Navigate to="/signatures" replace /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
