import type {
  CondicaoPagamentoRow,
  ContaBancariaRow,
  FinanceiroConfiguracoes,
  FormaPagamentoRow,
  ListPage,
  PlanoRow,
} from '@erp/shared';
import { useQuery } from '@tanstack/react-query';
import { opcoesTituloApi, relatoriosApi } from './financeiro-api.ts';

// Read hooks of the títulos screens: the options of their selects (classes of the título's tipo,
// centros, formas, contas, condições), cached for a minute under ['financeiro', …, 'opcoes'].

export type OpcaoTitulo = { value: string; label: string };

function useOpcoes<T>(key: string[], load: () => Promise<unknown>, label: (r: T) => string): OpcaoTitulo[] {
  const q = useQuery({
    queryKey: ['financeiro', ...key, 'opcoes-titulo'],
    queryFn: async () => ((await load()) as ListPage<T & { id: string }>).items,
    staleTime: 60_000,
  });
  return (q.data ?? []).map((r) => ({ value: r.id, label: label(r) }));
}

export const useClassesOpcoes = (tipo: 'receber' | 'pagar') =>
  useOpcoes<PlanoRow>(
    ['classes-financeiras', tipo],
    () => opcoesTituloApi.classes(tipo === 'receber' ? 'receita' : 'despesa'),
    (r) => `${r.codigo} ${r.nome}`,
  );
export const useCentrosOpcoes = () =>
  useOpcoes<PlanoRow>(['centros-custo'], opcoesTituloApi.centros, (r) => `${r.codigo} ${r.nome}`);
export const useFormasOpcoes = () =>
  useOpcoes<FormaPagamentoRow>(['formas-pagamento'], opcoesTituloApi.formas, (r) => r.nome);
export const useContasOpcoes = () =>
  useOpcoes<ContaBancariaRow>(['contas-bancarias'], opcoesTituloApi.contas, (r) => r.nome);
export const useCondicoesOpcoes = () => {
  const q = useQuery({
    queryKey: ['financeiro', 'condicoes-pagamento', 'opcoes-titulo'],
    queryFn: async () => ((await opcoesTituloApi.condicoes()) as ListPage<CondicaoPagamentoRow>).items,
    staleTime: 60_000,
  });
  return q.data ?? [];
};

/** The settings' defaults of juros (% a.m.) and multa (%): what an empty field of a título means. */
export function useConfiguracoesFinanceiro(): FinanceiroConfiguracoes | undefined {
  const q = useQuery({
    queryKey: ['financeiro', 'configuracoes'],
    queryFn: () => relatoriosApi.configuracoes() as Promise<FinanceiroConfiguracoes>,
    staleTime: 60_000,
  });
  return q.data;
}
