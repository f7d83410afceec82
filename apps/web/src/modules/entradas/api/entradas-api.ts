import { api, unwrap } from '@/lib/api-client.ts';
import { openPdf, saveFile } from '@/lib/file-download.ts';

// Typed wrappers over the Hono client for the goods receipt API (/api/estoque/entradas, admin and
// estoque) and the incoming NF-e (/api/notasfiscais/entrada, admin and comercial). Every change
// invalidates ['entradas'] and ['estoque'] (a posted receipt moves the stock).

const e = api.estoque.entradas;
const n = api.notasfiscais.entrada;
type Q = Record<string, string>;

export const entradasApi = {
  list: (query: Q) => unwrap(e.$get({ query: query as never })),
  get: (id: string) => unwrap(e[':id'].$get({ param: { id } })),
  /** Active condições de pagamento (the finance register is closed to estoque). */
  condicoes: () => unwrap(e['condicoes-pagamento'].$get()),
  importar: (arquivos: { nome: string; conteudo_base64: string }[]) =>
    unwrap(e.importar.$post({ json: { arquivos } })),
  /** A receipt without XML (typed items): created as a rascunho. */
  manual: (json: never) => unwrap(e.manual.$post({ json })),
  atualizar: (id: string, json: never) => unwrap(e[':id'].$put({ param: { id }, json })),
  criarFornecedor: (id: string) => unwrap(e[':id'].fornecedor.$post({ param: { id } })),
  confirmarAssinatura: (id: string) => unwrap(e[':id']['confirmar-assinatura'].$post({ param: { id } })),
  mapearItem: (id: string, itemId: string, json: never) =>
    unwrap(e[':id'].itens[':itemId'].$put({ param: { id, itemId }, json })),
  conferencia: (id: string, contagens: { item_id: string; quantidade: string }[]) =>
    unwrap(e[':id'].conferencia.$post({ param: { id }, json: { contagens } })),
  lancar: (id: string) => unwrap(e[':id'].lancar.$post({ param: { id } })),
  /** Choose the purchase order the receipt is checked against (null: none). */
  pedidoCompra: (id: string, pedido_compra_id: string | null) =>
    unwrap(e[':id']['pedido-compra'].$put({ param: { id }, json: { pedido_compra_id } })),
  /** An item's order line chosen by hand (null: back to the automatic matching). */
  linhaPedidoCompra: (id: string, itemId: string, pedido_compra_item_id: string | null) =>
    unwrap(
      e[':id'].itens[':itemId']['pedido-compra'].$put({
        param: { id, itemId },
        json: { pedido_compra_item_id },
      }),
    ),
  justificativaDivergencia: (id: string, justificativa: string | null) =>
    unwrap(e[':id']['justificativa-divergencia'].$put({ param: { id }, json: { justificativa } })),
  estornar: (id: string, motivo: string) =>
    unwrap(e[':id'].estornar.$post({ param: { id }, json: { motivo } })),
  excluir: async (id: string) => {
    const r = await e[':id'].$delete({ param: { id } });
    if (!r.ok) await unwrap(r as never);
  },
};

export const notasEntradaApi = {
  list: (query: Q) => unwrap(n.$get({ query: query as never })),
  get: (id: string) => unwrap(n[':id'].$get({ param: { id } })),
};

export type EntradaResumo = Awaited<ReturnType<typeof entradasApi.list>>['items'][number];
export type Entrada = Awaited<ReturnType<typeof entradasApi.get>>;
export type ItemEntrada = Entrada['itens'][number];
export type RecebimentoPedido = NonNullable<Entrada['pedido_compra']>;
export type PropostaPedidoCompra = Entrada['pedidos_compra_propostos'][number];
export type NotaEntrada = Awaited<ReturnType<typeof notasEntradaApi.get>>;
export type ResultadoImportacao = Awaited<ReturnType<typeof entradasApi.importar>>['resultados'][number];

export const entradasKeys = {
  all: ['entradas'] as const,
  list: (query: Q) => ['entradas', 'list', query] as const,
  get: (id: string) => ['entradas', 'get', id] as const,
  notas: (query: Q) => ['entradas', 'notas', query] as const,
  nota: (id: string) => ['entradas', 'nota', id] as const,
};

async function arquivo(de: 'estoque' | 'notas', id: string, tipo: 'xml' | 'danfe'): Promise<Blob> {
  const r = (await (de === 'notas' ? n : e)[':id'][tipo].$get({ param: { id } })) as unknown as Response;
  if (!r.ok) await unwrap(r as never);
  return r.blob();
}

/** The stored XML as a file download, exactly as received. */
export async function baixaXml(de: 'estoque' | 'notas', id: string, nome: string) {
  saveFile(await arquivo(de, id, 'xml'), nome);
}

/** The DANFE (PDF) of the stored XML, opened in a new tab (or downloaded when pop-ups are blocked). */
export function abreDanfe(de: 'estoque' | 'notas', id: string, nome: string) {
  return openPdf(() => arquivo(de, id, 'danfe'), nome);
}
