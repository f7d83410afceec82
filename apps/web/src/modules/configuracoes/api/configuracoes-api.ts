import type { ConfiguracoesGerais } from '@erp/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';

export const configuracoesKeys = {
  gerais: ['configuracoes', 'gerais'] as const,
};

export function useConfiguracoesGerais() {
  return useQuery({
    queryKey: configuracoesKeys.gerais,
    queryFn: () => unwrap(api.configuracoes.gerais.$get()),
    staleTime: 0,
  });
}

export function useSalvarConfiguracoesGerais() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ConfiguracoesGerais) => unwrap(api.configuracoes.gerais.$put({ json: body })),
    onMutate: async (body) => {
      await qc.cancelQueries({ queryKey: configuracoesKeys.gerais });
      const previous = qc.getQueryData<ConfiguracoesGerais>(configuracoesKeys.gerais);
      qc.setQueryData(configuracoesKeys.gerais, body);
      return { previous };
    },
    onError: (_err, _body, ctx) => {
      if (ctx?.previous) qc.setQueryData(configuracoesKeys.gerais, ctx.previous);
    },
    onSuccess: (saved) => qc.setQueryData(configuracoesKeys.gerais, saved),
  });
}
