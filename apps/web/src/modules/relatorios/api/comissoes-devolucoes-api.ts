import type {
  FormatoRelatorio,
  LinhaComissoes,
  LinhaDevolucoes,
  PaginaRelatorio,
  TotaisComissoes,
  TotaisDevolucoes,
} from '@erp/shared';
import { api, unwrap } from '@/lib/api-client.ts';

// Typed wrappers for the Comissões and Devoluções e cancelamentos reports (/api/relatorios), as
// relatorios-api.ts for the others: the page (rows, count, SQL totals, the filters as printed) and
// the export (a Response the frame downloads with progress). The query is the URL's.

const r = api.relatorios;
type Q = Record<string, string>;

export type PaginaComissoes = PaginaRelatorio<LinhaComissoes, TotaisComissoes> & {
  de: string;
  ate: string;
  /** one seller's rows (the filter or the user's own scope): the statement has no seller column */
  umVendedor: boolean;
};
export type PaginaDevolucoes = PaginaRelatorio<LinhaDevolucoes, TotaisDevolucoes> & {
  de: string;
  ate: string;
};

export const comissoesDevolucoesKeys = {
  comissoes: (q: Q) => ['relatorios', 'comissoes', q] as const,
  devolucoes: (q: Q) => ['relatorios', 'devolucoes', q] as const,
};

export const comissoesDevolucoesApi = {
  comissoes: async (query: Q) =>
    (await unwrap(r.comissoes.$get({ query: query as never }))) as unknown as PaginaComissoes,
  exportComissoes: (query: Q, formato: FormatoRelatorio) =>
    r.comissoes.export.$get({ query: { ...query, formato } as never }) as unknown as Promise<Response>,
  devolucoes: async (query: Q) =>
    (await unwrap(r.devolucoes.$get({ query: query as never }))) as unknown as PaginaDevolucoes,
  exportDevolucoes: (query: Q, formato: FormatoRelatorio) =>
    r.devolucoes.export.$get({ query: { ...query, formato } as never }) as unknown as Promise<Response>,
};
