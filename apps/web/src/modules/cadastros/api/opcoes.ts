import type { Opcao } from '@erp/shared';
import { useQuery } from '@tanstack/react-query';
import { gruposApi, regioesApi, segmentosApi, situacoesApi, vendedoresApi } from './cadastros-api.ts';

const loaders = {
  vendedores: vendedoresApi.opcoes,
  grupos: gruposApi.opcoes,
  segmentos: segmentosApi.opcoes,
  regioes: regioesApi.opcoes,
  situacoes: situacoesApi.opcoes,
} as const;

/** id + nome of a register, for selects and filters (inactive ones kept so old links show). */
export function useOpcoes(registro: keyof typeof loaders): Opcao[] {
  const q = useQuery({
    queryKey: ['cadastros', registro, 'opcoes'],
    queryFn: () => loaders[registro]() as Promise<Opcao[]>,
  });
  return q.data ?? [];
}

/** Options for a form select: active ones, plus the current value even when inactive. */
export function selectOptions(opcoes: Opcao[], current?: string | null) {
  return opcoes
    .filter((o) => o.ativo || o.id === current)
    .map((o) => ({ value: o.id, label: o.ativo ? o.nome : `${o.nome} (inativo)` }));
}

export function filterOptions(opcoes: Opcao[]) {
  return opcoes.map((o) => ({ value: o.id, label: o.ativo ? o.nome : `${o.nome} (inativo)` }));
}
