import { api, unwrap } from '@/lib/api-client.ts';

// Typed wrappers over the Hono client for each register (request/response types come from the
// server's routes). Query keys: ['cadastros', <register>, ...]; a save invalidates ['cadastros'].

const c = api.cadastros;
type Q = Record<string, string>;

async function noContent(res: Promise<Response> | Response) {
  const r = await res;
  if (!r.ok) await unwrap(r as never);
}

export const clientesApi = {
  list: (query: Q) => unwrap(c.clientes.$get({ query: query as never })),
  get: (id: string) => unwrap(c.clientes[':id'].$get({ param: { id } })),
  create: (json: never) => unwrap(c.clientes.$post({ json })),
  update: (id: string, json: never) => unwrap(c.clientes[':id'].$put({ param: { id }, json })),
  remove: (id: string) => noContent(c.clientes[':id'].$delete({ param: { id } })),
  exportFile: (query: Q) => c.clientes.export.$get({ query: query as never }) as Promise<Response>,
};

export const fornecedoresApi = {
  list: (query: Q) => unwrap(c.fornecedores.$get({ query: query as never })),
  get: (id: string) => unwrap(c.fornecedores[':id'].$get({ param: { id } })),
  create: (json: never) => unwrap(c.fornecedores.$post({ json })),
  update: (id: string, json: never) => unwrap(c.fornecedores[':id'].$put({ param: { id }, json })),
  remove: (id: string) => noContent(c.fornecedores[':id'].$delete({ param: { id } })),
  exportFile: (query: Q) => c.fornecedores.export.$get({ query: query as never }) as Promise<Response>,
};

export const vendedoresApi = {
  list: (query: Q) => unwrap(c.vendedores.$get({ query: query as never })),
  get: (id: string) => unwrap(c.vendedores[':id'].$get({ param: { id } })),
  create: (json: never) => unwrap(c.vendedores.$post({ json })),
  update: (id: string, json: never) => unwrap(c.vendedores[':id'].$put({ param: { id }, json })),
  remove: (id: string) => noContent(c.vendedores[':id'].$delete({ param: { id } })),
  exportFile: (query: Q) => c.vendedores.export.$get({ query: query as never }) as Promise<Response>,
  opcoes: () => unwrap(c.vendedores.opcoes.$get()),
  usuarios: () => unwrap(c.vendedores.usuarios.$get()),
};

export const gruposApi = {
  list: (query: Q) => unwrap(c.grupos.$get({ query: query as never })),
  get: (id: string) => unwrap(c.grupos[':id'].$get({ param: { id } })),
  create: (json: never) => unwrap(c.grupos.$post({ json })),
  update: (id: string, json: never) => unwrap(c.grupos[':id'].$put({ param: { id }, json })),
  remove: (id: string) => noContent(c.grupos[':id'].$delete({ param: { id } })),
  exportFile: (query: Q) => c.grupos.export.$get({ query: query as never }) as Promise<Response>,
  opcoes: () => unwrap(c.grupos.opcoes.$get()),
};

export const segmentosApi = {
  list: (query: Q) => unwrap(c.segmentos.$get({ query: query as never })),
  get: (id: string) => unwrap(c.segmentos[':id'].$get({ param: { id } })),
  create: (json: never) => unwrap(c.segmentos.$post({ json })),
  update: (id: string, json: never) => unwrap(c.segmentos[':id'].$put({ param: { id }, json })),
  remove: (id: string) => noContent(c.segmentos[':id'].$delete({ param: { id } })),
  exportFile: (query: Q) => c.segmentos.export.$get({ query: query as never }) as Promise<Response>,
  opcoes: () => unwrap(c.segmentos.opcoes.$get()),
};

export const regioesApi = {
  list: (query: Q) => unwrap(c.regioes.$get({ query: query as never })),
  get: (id: string) => unwrap(c.regioes[':id'].$get({ param: { id } })),
  create: (json: never) => unwrap(c.regioes.$post({ json })),
  update: (id: string, json: never) => unwrap(c.regioes[':id'].$put({ param: { id }, json })),
  remove: (id: string) => noContent(c.regioes[':id'].$delete({ param: { id } })),
  exportFile: (query: Q) => c.regioes.export.$get({ query: query as never }) as Promise<Response>,
  opcoes: () => unwrap(c.regioes.opcoes.$get()),
};

export const situacoesApi = {
  list: (query: Q) => unwrap(c.situacoes.$get({ query: query as never })),
  get: (id: string) => unwrap(c.situacoes[':id'].$get({ param: { id } })),
  create: (json: never) => unwrap(c.situacoes.$post({ json })),
  update: (id: string, json: never) => unwrap(c.situacoes[':id'].$put({ param: { id }, json })),
  remove: (id: string) => noContent(c.situacoes[':id'].$delete({ param: { id } })),
  exportFile: (query: Q) => c.situacoes.export.$get({ query: query as never }) as Promise<Response>,
  opcoes: () => unwrap(c.situacoes.opcoes.$get()),
};
