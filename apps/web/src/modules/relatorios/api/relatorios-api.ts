import type {
  FormatoRelatorio,
  LinhaAbc,
  LinhaVendas,
  Opcao,
  PaginaRelatorio,
  PedidoVendas,
  TotaisAbc,
  TotaisVendas,
} from '@erp/shared';
import { ApiError, api, unwrap } from '@/lib/api-client.ts';

// Typed wrappers over the Hono client for the reports (/api/relatorios). Each report: its page (rows,
// count, SQL totals, the filters as printed) and its export (a Response the frame downloads with
// progress). The query is the URL's (useListState), passed through.

const r = api.relatorios;
type Q = Record<string, string>;

export type PaginaVendas = PaginaRelatorio<LinhaVendas, TotaisVendas> & { de: string; ate: string };
export type PaginaAbc = PaginaRelatorio<LinhaAbc, TotaisAbc> & { de: string; ate: string };

export const relatoriosKeys = {
  todos: ['relatorios'] as const,
  vendas: (q: Q) => ['relatorios', 'vendas', q] as const,
  pedidos: (q: Q) => ['relatorios', 'vendas', 'pedidos', q] as const,
  abc: (q: Q) => ['relatorios', 'curva-abc', q] as const,
  grupos: ['relatorios', 'opcoes', 'grupos'] as const,
};

export const relatoriosApi = {
  vendas: async (query: Q) =>
    (await unwrap(r.vendas.$get({ query: query as never }))) as unknown as PaginaVendas,
  pedidos: async (query: Q) =>
    (await unwrap(r.vendas.pedidos.$get({ query: query as never }))) as unknown as {
      items: PedidoVendas[];
      total: number;
    },
  exportVendas: (query: Q, formato: FormatoRelatorio) =>
    r.vendas.export.$get({ query: { ...query, formato } as never }) as unknown as Promise<Response>,
  abc: async (query: Q) =>
    (await unwrap(r['curva-abc'].$get({ query: query as never }))) as unknown as PaginaAbc,
  exportAbc: (query: Q, formato: FormatoRelatorio) =>
    r['curva-abc'].export.$get({ query: { ...query, formato } as never }) as unknown as Promise<Response>,
  grupos: async () => (await unwrap(r.opcoes.grupos.$get())) as unknown as Opcao[],
};

/**
 * Reads a download's body chunk by chunk, reporting the fraction received (null while the length is
 * unknown), and answers the file and its name (Content-Disposition). A non-2xx answer throws the
 * server's error.
 */
export async function baixaComProgresso(
  res: Response,
  nomePadrao: string,
  progresso: (fracao: number | null) => void,
): Promise<{ blob: Blob; nome: string }> {
  if (!res.ok) {
    const body = await res
      .json()
      .catch(() => ({ code: 'error', message: 'Erro ao exportar. Tente novamente.' }));
    throw new ApiError(res.status, body);
  }
  const nome = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? nomePadrao;
  const total = Number(res.headers.get('content-length')) || 0;
  const tipo = res.headers.get('content-type') ?? 'application/octet-stream';
  if (!res.body) return { blob: await res.blob(), nome };
  const leitor = res.body.getReader();
  const partes: Uint8Array[] = [];
  let recebido = 0;
  progresso(total ? 0 : null);
  for (;;) {
    const { done, value } = await leitor.read();
    if (done) break;
    partes.push(value);
    recebido += value.length;
    progresso(total ? Math.min(1, recebido / total) : null);
  }
  return { blob: new Blob(partes as BlobPart[], { type: tipo }), nome };
}
