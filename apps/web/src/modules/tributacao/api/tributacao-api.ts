import type { ClienteRow, ListPage, RegraTributacaoRow, SimulacaoTributacaoResultado } from '@erp/shared';
import { api, unwrap } from '@/lib/api-client.ts';
import { clientesApi } from '@/modules/cadastros/api/cadastros-api.ts';

// Typed wrappers over the Hono client for the tax rules API. Every save invalidates ['tributacao'].
//
// A rule's status is `ativa` (the column of regras_tributacao); the register screen reads and
// writes `ativo` (Status column, Reativar, Inativar): rows get `ativo`, and an `ativo` sent back
// becomes `ativa`.

const tr = api.tributacao;
type Q = Record<string, string>;

export const tributacaoKeys = {
  all: ['tributacao'] as const,
  regras: ['tributacao', 'regras'] as const,
  busca: (registro: string, text: string) => ['tributacao', 'busca', registro, text] as const,
};

export type RegraLinha = RegraTributacaoRow & { ativo: boolean };

const comAtivo = (row: RegraTributacaoRow): RegraLinha => ({ ...row, ativo: row.ativa });

function comAtiva(json: Record<string, unknown>): never {
  const { ativo, ...rest } = json;
  return (ativo === undefined ? rest : { ...rest, ativa: ativo }) as never;
}

async function noContent(res: Promise<Response> | Response) {
  const r = await res;
  if (!r.ok) await unwrap(r as never);
}

export const regrasApi = {
  list: async (query: Q): Promise<ListPage<RegraLinha>> => {
    const page = (await unwrap(tr.regras.$get({ query: query as never }))) as ListPage<RegraTributacaoRow>;
    return { ...page, items: page.items.map(comAtivo) };
  },
  get: async (id: string) =>
    comAtivo((await unwrap(tr.regras[':id'].$get({ param: { id } }))) as RegraTributacaoRow),
  create: async (json: never) => comAtivo((await unwrap(tr.regras.$post({ json }))) as RegraTributacaoRow),
  update: async (id: string, json: Record<string, unknown>) =>
    comAtivo(
      (await unwrap(tr.regras[':id'].$put({ param: { id }, json: comAtiva(json) }))) as RegraTributacaoRow,
    ),
  remove: (id: string) => noContent(tr.regras[':id'].$delete({ param: { id } })),
  exportFile: (query: Q) => tr.regras.export.$get({ query: query as never }) as Promise<Response>,
};

export const simularTributacao = async (json: never) =>
  (await unwrap(tr.simular.$post({ json }))) as SimulacaoTributacaoResultado;

/** Active customers by name, document or city (20 at a time), for "Simular". */
export const buscaClientes = async (q: string) =>
  (
    (await clientesApi.list({ q, pageSize: '20', ativo: 'true', sort: 'razao_social', dir: 'asc' })) as {
      items: ClienteRow[];
    }
  ).items;
