import type { ApiErrorBody } from '@erp/shared';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, api, unwrap } from '@/lib/api-client.ts';
import { saveFile } from '@/lib/file-download.ts';
import { auditoriaKeys } from './keys.ts';

type ListQueryParam = Parameters<typeof api.auditoria.$get>[0]['query'];

/** A page of the log; `query` is the list state's (only the values set, as strings). */
export function useAuditoria(query: Record<string, string>) {
  return useQuery({
    queryKey: auditoriaKeys.list(query),
    queryFn: () => unwrap(api.auditoria.$get({ query: query as unknown as ListQueryParam })),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useAuditoriaDetalhe(id: number | null) {
  return useQuery({
    queryKey: auditoriaKeys.detail(id ?? 0),
    queryFn: () => unwrap(api.auditoria[':id'].$get({ param: { id: String(id) } })),
    enabled: id !== null,
    // an audit row never changes
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useAuditoriaEntidades() {
  return useQuery({
    queryKey: auditoriaKeys.entidades,
    queryFn: () => unwrap(api.auditoria.entidades.$get()),
    staleTime: 60_000,
  });
}

/** Downloads the filtered log as CSV (the request carries the session, so no plain link). */
export function useExportarAuditoria() {
  return useMutation({
    mutationFn: async (query: Record<string, string>) => {
      const { page: _p, pageSize: _s, ...filters } = query;
      const res = await api.auditoria.export.$get({ query: filters as unknown as ListQueryParam });
      if (!res.ok) {
        const body = (await res.json().catch(() => ({
          code: 'error',
          message: 'Erro ao exportar. Tente novamente.',
        }))) as ApiErrorBody;
        throw new ApiError(res.status, body);
      }
      const blob = await res.blob();
      const name =
        /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'auditoria.csv';
      saveFile(blob, name);
      return name;
    },
  });
}
