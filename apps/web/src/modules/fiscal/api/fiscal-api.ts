import type { ConfiguracaoFiscalEntrada, EnviarCertificado, NfeSerieEntrada } from '@erp/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';
import { shellStatusKey } from '@/lib/shell-status.ts';

// Typed wrappers over /api/fiscal (admin only): settings, séries and the A1 certificate.

const f = api.fiscal;

export const fiscalKeys = {
  all: ['fiscal'] as const,
  configuracao: ['fiscal', 'configuracao'] as const,
  series: ['fiscal', 'series'] as const,
  certificado: ['fiscal', 'certificado'] as const,
};

export function useConfiguracaoFiscal() {
  return useQuery({
    queryKey: fiscalKeys.configuracao,
    queryFn: () => unwrap(f.configuracao.$get()),
    staleTime: 0,
  });
}

export function useSalvarConfiguracaoFiscal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ConfiguracaoFiscalEntrada) => unwrap(f.configuracao.$put({ json: body as never })),
    onSuccess: (saved) => {
      qc.setQueryData(fiscalKeys.configuracao, saved);
      void qc.invalidateQueries({ queryKey: fiscalKeys.certificado });
      // the top bar's environment badge follows the ambiente
      void qc.invalidateQueries({ queryKey: shellStatusKey });
    },
  });
}

export function useSeries() {
  return useQuery({ queryKey: fiscalKeys.series, queryFn: () => unwrap(f.series.$get()) });
}

export function useSalvarSerie() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: NfeSerieEntrada & { versao?: number } }) =>
      id
        ? unwrap(f.series[':id'].$put({ param: { id }, json: body as never }))
        : unwrap(f.series.$post({ json: body as never })),
    onSuccess: () => qc.invalidateQueries({ queryKey: fiscalKeys.series }),
  });
}

export function useCertificado() {
  return useQuery({
    queryKey: fiscalKeys.certificado,
    queryFn: () => unwrap(f.certificado.$get()),
    staleTime: 0,
  });
}

export function useEnviarCertificado() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: EnviarCertificado) => unwrap(f.certificado.$post({ json: body })),
    onSuccess: (r) => qc.setQueryData(fiscalKeys.certificado, r),
  });
}

export function useRemoverCertificado() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const r = await f.certificado.$delete();
      if (!r.ok) await unwrap(r as never);
    },
    onSuccess: () => qc.setQueryData(fiscalKeys.certificado, { certificado: null }),
  });
}
