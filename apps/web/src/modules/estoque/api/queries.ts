import type { LoteRow, Opcao } from '@erp/shared';
import { useQuery } from '@tanstack/react-query';
import {
  categoriasApi,
  fornecedoresOpcoes,
  gruposEstoqueApi,
  locaisApi,
  lotesApi,
  unidadesApi,
} from './estoque-api.ts';
import { estoqueKeys } from './keys.ts';

// Read hooks shared by the stock screens: the options of the small registers (selects and
// filters) and a product's lots.

const loaders = {
  unidades: unidadesApi.opcoes,
  grupos: gruposEstoqueApi.opcoes,
  categorias: categoriasApi.opcoes,
  locais: locaisApi.opcoes,
} as const;

/** id + nome of a stock register (inactive ones kept so old links show); unidades: id is the sigla. */
export function useOpcoesEstoque(registro: keyof typeof loaders): Opcao[] {
  const q = useQuery({
    queryKey: estoqueKeys.opcoes(registro),
    queryFn: () => loaders[registro]() as Promise<Opcao[]>,
    staleTime: 60_000,
  });
  return q.data ?? [];
}

export function useFornecedoresOpcoes(): Opcao[] {
  const q = useQuery({
    queryKey: ['cadastros', 'fornecedores', 'opcoes'],
    queryFn: () => fornecedoresOpcoes() as Promise<Opcao[]>,
    staleTime: 60_000,
  });
  return q.data ?? [];
}

/** The lots of a product (by validade), for the lot selects of movements and the Kardex filter. */
export function useLotesDoProduto(produtoId: string | null, enabled = true): LoteRow[] {
  const q = useQuery({
    queryKey: [...estoqueKeys.registro('lotes'), 'do-produto', produtoId],
    queryFn: async () =>
      (await lotesApi.list({ produto_id: produtoId!, pageSize: '100', sort: 'validade', dir: 'asc' }))
        .items as LoteRow[],
    enabled: enabled && produtoId !== null,
  });
  return q.data ?? [];
}
