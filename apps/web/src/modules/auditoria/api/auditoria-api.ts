import type { ApiErrorBody, AuditoriaListQuery } from '@erp/shared';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, api, unwrap } from '@/lib/api-client.ts';
import { toQuery } from '@/modules/usuarios/api/usuarios-api.ts';
import { auditoriaKeys } from './keys.ts';

type ListQueryParam = Parameters<typeof api.auditoria.$get>[0]['query'];

export function useAuditoria(params: AuditoriaListQuery) {
  return useQuery({
    queryKey: auditoriaKeys.list(params),
    queryFn: () => unwrap(api.auditoria.$get({ query: toQuery(params) as unknown as ListQueryParam })),
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
    mutationFn: async (params: AuditoriaListQuery) => {
      const { page: _p, pageSize: _s, ...filters } = params;
      const res = await api.auditoria.export.$get({ query: toQuery(filters) as unknown as ListQueryParam });
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
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = name;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      return name;
    },
  });
}
