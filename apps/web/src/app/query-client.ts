import { QueryClient } from '@tanstack/react-query';

// Spec section 9: fresh 5 minutes, kept 30 minutes, no refetch on focus or reconnect, 1 retry.
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60 * 1000,
        gcTime: 30 * 60 * 1000,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        retry: 1,
      },
    },
  });
}
