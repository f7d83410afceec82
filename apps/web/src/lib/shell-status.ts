import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';

// GET /api/shell: the environment badge and the contingência SVC banner of the signed-in shell.
// Refetched every minute and on focus; the NF-e actions invalidate it (a transmission may open or
// close the contingency), so do the fiscal settings (the ambiente).

export const shellStatusKey = ['shell', 'status'] as const;

export function useShellStatus() {
  return useQuery({
    queryKey: shellStatusKey,
    queryFn: () => unwrap(api.shell.$get()),
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });
}
