/**
 * The kiosk app: what a device signed in with an iPad setup code runs. Its own tiny route
 * tree with no staff navigation; every path stays in the kiosk (there is no way out without
 * staff, who sign it out from the console).
 */
import { createBrowserRouter, Navigate, RouterProvider, useSearchParams } from 'react-router-dom';
import { LoginPage } from '../auth/LoginPage';
import { KioskScreen } from './components/KioskScreen';
import { KIOSK_PATH } from './paths';

/**
 * Only a setup link (`/auth/login?setup={code}`, from a new setup QR code) is honoured in kiosk
 * mode: it re-pairs the iPad (the outbox is kept). Anything else goes back to the kiosk.
 */
function SetupLinkOnly() {
  const [params] = useSearchParams();
  return params.get('setup') ? <LoginPage /> : <Navigate to={KIOSK_PATH} replace />;
}

const router = createBrowserRouter([
  { path: KIOSK_PATH, element: <KioskScreen /> },
  { path: '/auth/login', element: <SetupLinkOnly /> },
  { path: '*', element: <Navigate to={KIOSK_PATH} replace /> },
]);

export default function KioskApp() {
  return <RouterProvider router={router} />;
}
