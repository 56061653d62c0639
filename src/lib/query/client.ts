import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/errors';

/** The one QueryClient. A 4xx is an answer, not a hiccup: only network and server errors retry. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failureCount, error) => failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      refetchOnWindowFocus: false,
    },
  },
});
