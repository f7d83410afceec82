import { api, unwrap } from '@/lib/api-client.ts';
import { openPdf, saveFile } from '@/lib/file-download.ts';

// Typed wrappers over the Hono client for the outgoing NF-e (/api/notasfiscais/saida, admin and
// comercial). Invoicing an order invalidates ['notasfiscais'] and the orders (['comercial']).

const s = api.notasfiscais.saida;
type Q = Record<string, string>;

export const notasSaidaApi = {
  list: (query: Q) => unwrap(s.$get({ query: query as never })),
  get: (id: string) => unwrap(s[':id'].$get({ param: { id } })),
  emitir: (pedido_id: string, serie?: number) =>
    unwrap(s.$post({ json: serie === undefined ? { pedido_id } : { pedido_id, serie } })),
};

export type NotaSaidaRow = Awaited<ReturnType<typeof notasSaidaApi.list>>['items'][number];
export type NotaSaidaDetalhe = Awaited<ReturnType<typeof notasSaidaApi.get>>;

export const notasSaidaKeys = {
  all: ['notasfiscais'] as const,
  list: (query: Q) => ['notasfiscais', 'saida', 'list', query] as const,
  get: (id: string) => ['notasfiscais', 'saida', 'get', id] as const,
};

async function arquivo(id: string, tipo: 'xml' | 'danfe'): Promise<Blob> {
  const r = (await s[':id'][tipo].$get({ param: { id } })) as unknown as Response;
  if (!r.ok) await unwrap(r as never);
  return r.blob();
}

/** The note's XML as a file download. */
export async function baixaXmlSaida(id: string, nome: string) {
  saveFile(await arquivo(id, 'xml'), nome);
}

/** The DANFE (PDF), opened in a new tab (or downloaded when pop-ups are blocked). */
export function abreDanfeSaida(id: string, nome: string) {
  return openPdf(() => arquivo(id, 'danfe'), nome);
}
