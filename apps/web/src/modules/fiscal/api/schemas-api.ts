import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';

// GET /api/fiscal/schemas (admin): the NF-e XSD package the server validates with. It is chosen at
// start-up (NFE_SCHEMAS_DIR > data folder > npm default), so it never changes while the page is open.

export function usePacoteSchemas() {
  return useQuery({
    queryKey: ['fiscal', 'schemas'],
    queryFn: () => unwrap(api.fiscal.schemas.$get()),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
