import type { ListPage, LoteRow } from '@erp/shared';
import { api, unwrap } from '@/lib/api-client.ts';

// Typed wrappers over the Hono client for the stock API (request/response types come from the
// server's routes). Every save or movement invalidates ['estoque'] (see keys.ts).

const e = api.estoque;
type Q = Record<string, string>;

async function noContent(res: Promise<Response> | Response) {
  const r = await res;
  if (!r.ok) await unwrap(r as never);
}

export const unidadesApi = {
  list: (query: Q) => unwrap(e.unidades.$get({ query: query as never })),
  get: (id: string) => unwrap(e.unidades[':id'].$get({ param: { id } })),
  create: (json: never) => unwrap(e.unidades.$post({ json })),
  update: (id: string, json: never) => unwrap(e.unidades[':id'].$put({ param: { id }, json })),
  remove: (id: string) => noContent(e.unidades[':id'].$delete({ param: { id } })),
  exportFile: (query: Q) => e.unidades.export.$get({ query: query as never }) as Promise<Response>,
  /** id is the sigla; nome "UN - Unidade" */
  opcoes: () => unwrap(e.unidades.opcoes.$get()),
};

export const gruposEstoqueApi = {
  list: (query: Q) => unwrap(e.grupos.$get({ query: query as never })),
  get: (id: string) => unwrap(e.grupos[':id'].$get({ param: { id } })),
  create: (json: never) => unwrap(e.grupos.$post({ json })),
  update: (id: string, json: never) => unwrap(e.grupos[':id'].$put({ param: { id }, json })),
  remove: (id: string) => noContent(e.grupos[':id'].$delete({ param: { id } })),
  exportFile: (query: Q) => e.grupos.export.$get({ query: query as never }) as Promise<Response>,
  opcoes: () => unwrap(e.grupos.opcoes.$get()),
};

export const categoriasApi = {
  list: (query: Q) => unwrap(e.categorias.$get({ query: query as never })),
  get: (id: string) => unwrap(e.categorias[':id'].$get({ param: { id } })),
  create: (json: never) => unwrap(e.categorias.$post({ json })),
  update: (id: string, json: never) => unwrap(e.categorias[':id'].$put({ param: { id }, json })),
  remove: (id: string) => noContent(e.categorias[':id'].$delete({ param: { id } })),
  exportFile: (query: Q) => e.categorias.export.$get({ query: query as never }) as Promise<Response>,
  opcoes: () => unwrap(e.categorias.opcoes.$get()),
};

export const locaisApi = {
  list: (query: Q) => unwrap(e.locais.$get({ query: query as never })),
  get: (id: string) => unwrap(e.locais[':id'].$get({ param: { id } })),
  create: (json: never) => unwrap(e.locais.$post({ json })),
  update: (id: string, json: never) => unwrap(e.locais[':id'].$put({ param: { id }, json })),
  remove: (id: string) => noContent(e.locais[':id'].$delete({ param: { id } })),
  exportFile: (query: Q) => e.locais.export.$get({ query: query as never }) as Promise<Response>,
  opcoes: () => unwrap(e.locais.opcoes.$get()),
};

export const produtosApi = {
  list: (query: Q) => unwrap(e.produtos.$get({ query: query as never })),
  get: (id: string) => unwrap(e.produtos[':id'].$get({ param: { id } })),
  create: (json: never) => unwrap(e.produtos.$post({ json })),
  update: (id: string, json: never) => unwrap(e.produtos[':id'].$put({ param: { id }, json })),
  remove: (id: string) => noContent(e.produtos[':id'].$delete({ param: { id } })),
  exportFile: (query: Q) => e.produtos.export.$get({ query: query as never }) as Promise<Response>,
  kardex: (id: string, query: Q) =>
    unwrap(e.produtos[':id'].kardex.$get({ param: { id }, query: query as never })),
  exportKardex: (id: string, query: Q) =>
    e.produtos[':id'].kardex.export.$get({ param: { id }, query: query as never }) as Promise<Response>,
};

/** A lot has no "ativo": the register screen treats every lot as active (no Reativar). */
const comoAtivo = <T extends object>(row: T) => ({ ...row, ativo: true as const });

export const lotesApi = {
  list: async (query: Q) => {
    const page = (await unwrap(e.lotes.$get({ query: query as never }))) as ListPage<LoteRow>;
    return { ...page, items: page.items.map(comoAtivo) };
  },
  get: async (id: string) => comoAtivo((await unwrap(e.lotes[':id'].$get({ param: { id } }))) as LoteRow),
  create: (json: never) => unwrap(e.lotes.$post({ json })),
  update: (id: string, json: never) => unwrap(e.lotes[':id'].$put({ param: { id }, json })),
  remove: (id: string) => noContent(e.lotes[':id'].$delete({ param: { id } })),
  exportFile: (query: Q) => e.lotes.export.$get({ query: query as never }) as Promise<Response>,
};

export const ncmApi = {
  busca: (q: string) => unwrap(e.ncm.$get({ query: { q } })),
};

export const posicaoApi = {
  list: (query: Q) => unwrap(e.posicao.$get({ query: query as never })),
  exportFile: (query: Q) => e.posicao.export.$get({ query: query as never }) as Promise<Response>,
  saldos: (produtoId: string, localId: string) =>
    unwrap(
      e.posicao[':produtoId'].saldos.$get({
        param: { produtoId },
        query: (localId ? { local_id: localId } : {}) as never,
      }),
    ),
};

export const movimentosApi = {
  ajuste: (json: never) => unwrap(e.ajustes.$post({ json })),
  transferencia: (json: never) => unwrap(e.transferencias.$post({ json })),
  estorno: (id: number, json: never) =>
    unwrap(e.movimentos[':id'].estorno.$post({ param: { id: String(id) }, json })),
};

export const inventariosApi = {
  list: (query: Q) => unwrap(e.inventarios.$get({ query: query as never })),
  get: (id: string) => unwrap(e.inventarios[':id'].$get({ param: { id } })),
  itens: (id: string) => unwrap(e.inventarios[':id'].itens.$get({ param: { id } })),
  abrir: (json: never) => unwrap(e.inventarios.$post({ json })),
  contagens: (id: string, json: never) =>
    unwrap(e.inventarios[':id'].contagens.$put({ param: { id }, json })),
  leitura: (id: string, json: never) => unwrap(e.inventarios[':id'].leituras.$post({ param: { id }, json })),
  lancar: (id: string, json: never) => unwrap(e.inventarios[':id'].lancar.$post({ param: { id }, json })),
  cancelar: (id: string) => unwrap(e.inventarios[':id'].cancelar.$post({ param: { id } })),
};

/** Suppliers for the "fornecedor principal" picker (the cadastros register's options). */
export const fornecedoresOpcoes = () => unwrap(api.cadastros.fornecedores.opcoes.$get());
