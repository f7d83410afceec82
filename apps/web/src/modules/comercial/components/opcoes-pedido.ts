import { hasAnyRole, type Opcao } from '@erp/shared';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client.ts';
import { useAuth } from '@/lib/auth/auth-context.ts';
import { condicoesPagamentoApi, formasPagamentoApi } from '@/modules/financeiro/api/financeiro-api.ts';
import { tabelasPrecoApi } from '@/modules/precos/api/precos-api.ts';
import { type OpcoesComercial, opcoesComercialApi } from '../api/comercial-api.ts';
import { comercialKeys } from '../api/keys.ts';

// The header's options — condições and formas de pagamento, price tables — from the sales API
// (GET /api/comercial/opcoes) when the server has it; else from the finance and price registers,
// which only admin (and financeiro, for the first two) may read.

type Lista = { items: { id: string; nome?: string; descricao?: string; ativo?: boolean; ativa?: boolean }[] };
const opcoes = (l: Lista): Opcao[] =>
  l.items.map((i) => ({ id: i.id, nome: i.nome ?? i.descricao ?? i.id, ativo: i.ativo ?? i.ativa ?? true }));

async function dosCadastros(roles: readonly string[]): Promise<OpcoesComercial> {
  const admin = hasAnyRole(roles, []);
  const financeiro = hasAnyRole(roles, ['financeiro']);
  const [condicoes, formas, tabelas] = await Promise.all([
    financeiro ? condicoesPagamentoApi.list({ ativo: 'true', pageSize: '100' }) : { items: [] },
    financeiro ? formasPagamentoApi.list({ ativo: 'true', pageSize: '100' }) : { items: [] },
    admin ? tabelasPrecoApi.list({ ativo: 'true', pageSize: '100' }) : { items: [] },
  ]);
  return {
    condicoes: opcoes(condicoes as Lista),
    formas: opcoes(formas as Lista),
    tabelas: opcoes(tabelas as Lista),
  };
}

export function useOpcoesPedido(): OpcoesComercial {
  const { roles } = useAuth();
  const q = useQuery({
    queryKey: comercialKeys.opcoes,
    queryFn: async () => {
      try {
        return await opcoesComercialApi.get();
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return dosCadastros(roles);
        throw err;
      }
    },
    staleTime: 60_000,
  });
  return q.data ?? { condicoes: [], formas: [], tabelas: [] };
}
