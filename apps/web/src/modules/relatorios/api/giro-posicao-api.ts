import type {
  FormatoRelatorio,
  LinhaGiro,
  LinhaPosicao,
  Opcao,
  PaginaRelatorio,
  TotaisGiro,
  TotaisPosicao,
} from '@erp/shared';
import { api, unwrap } from '@/lib/api-client.ts';

// Typed wrappers of the stock report (Giro e cobertura) and the finance report (Posição financeira),
// as relatorios-api.ts does for the commercial ones: the page and the export Response.

const r = api.relatorios;
type Q = Record<string, string>;

export type PaginaGiro = PaginaRelatorio<LinhaGiro, TotaisGiro> & { de: string; ate: string; dias: number };
export type PaginaPosicao = PaginaRelatorio<LinhaPosicao, TotaisPosicao> & {
  de: string;
  ate: string;
  hoje: string;
};

export const giroPosicaoKeys = {
  giro: (q: Q) => ['relatorios', 'giro-estoque', q] as const,
  opcoesGiro: ['relatorios', 'giro-estoque', 'opcoes'] as const,
  posicao: (q: Q) => ['relatorios', 'posicao-financeira', q] as const,
};

export const giroPosicaoApi = {
  giro: async (query: Q) =>
    (await unwrap(r['giro-estoque'].$get({ query: query as never }))) as unknown as PaginaGiro,
  exportGiro: (query: Q, formato: FormatoRelatorio) =>
    r['giro-estoque'].export.$get({ query: { ...query, formato } as never }) as unknown as Promise<Response>,
  opcoesGiro: async () =>
    (await unwrap(r['giro-estoque'].opcoes.$get())) as unknown as {
      grupos: Opcao[];
      locais: Opcao[];
      fornecedores: Opcao[];
    },
  posicao: async (query: Q) =>
    (await unwrap(r['posicao-financeira'].$get({ query: query as never }))) as unknown as PaginaPosicao,
  exportPosicao: (query: Q, formato: FormatoRelatorio) =>
    r['posicao-financeira'].export.$get({
      query: { ...query, formato } as never,
    }) as unknown as Promise<Response>,
};
