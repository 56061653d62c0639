import { lazy, Suspense } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { queryClient } from './lib/query/client';
import { getSavedToken } from './lib/session';
import { router } from './router';
import { AuthProvider } from './features/auth/AuthProvider';
import { FullScreenSpinner } from './ui/Spinner';

/** A device signed in with an iPad setup code runs the kiosk, never the staff console. */
const KioskApp = lazy(() => import('./features/kiosk/KioskApp'));

/** Providers only. The role of the saved token picks the app. */
export function App() {
  if (getSavedToken()?.role === 'kiosk') {
    return (
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={<FullScreenSpinner label="Starting the guest registry..." />}>
          <KioskApp />
        </Suspense>
      </QueryClientProvider>
    );
  }
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>
  );
}
