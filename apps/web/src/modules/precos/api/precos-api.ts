import type {
  ItemTabelaPrecoRow,
  ListPage,
  ResultadoPreco,
  ResultadoReajusteRow,
  TabelaPrecoRow,
} from '@erp/shared';
import { api, unwrap } from '@/lib/api-client.ts';

// Typed wrappers over the Hono client for /api/precos. Query keys live under ['precos'] (keys.ts):
// every save invalidates them.

const p = api.precos;
const t = p.tabelas;
type Q = Record<string, string>;

async function noContent(res: Promise<Response> | Response) {
  const r = await res;
  if (!r.ok) await unwrap(r as never);
}

/**
 * A table as the register screen handles it: the shared register page reads and writes `ativo`,
 * a price table calls it `ativa` — the same flag under its own (feminine) name.
 */
export type TabelaPrecoTela = TabelaPrecoRow & { ativo: boolean };
const naTela = (r: TabelaPrecoRow): TabelaPrecoTela => ({ ...r, ativo: r.ativa });
/** A PUT body from the form, or from a row read back (Reativar / Inativar send the row). */
const doFormulario = ({ ativo, ...rest }: Record<string, unknown>) => ({
  ...rest,
  ativa: ativo ?? rest.ativa,
  cliente_ids:
    rest.cliente_ids ?? (rest.clientes_lista as { id: string }[] | undefined)?.map((c) => c.id) ?? [],
});

export const tabelasPrecoApi = {
  list: async (query: Q) => {
    const page = (await unwrap(t.$get({ query: query as never }))) as ListPage<TabelaPrecoRow>;
    return { ...page, items: page.items.map(naTela) };
  },
  get: async (id: string) => naTela((await unwrap(t[':id'].$get({ param: { id } }))) as TabelaPrecoRow),
  create: async (json: never) => naTela((await unwrap(t.$post({ json }))) as TabelaPrecoRow),
  update: async (id: string, json: Record<string, unknown>) =>
    naTela(
      (await unwrap(t[':id'].$put({ param: { id }, json: doFormulario(json) as never }))) as TabelaPrecoRow,
    ),
  remove: (id: string) => noContent(t[':id'].$delete({ param: { id } })),
  exportFile: (query: Q) => t.export.$get({ query: query as never }) as Promise<Response>,
  copia: async (id: string, json: never) =>
    naTela((await unwrap(t[':id'].copia.$post({ param: { id }, json }))) as TabelaPrecoRow),
};

export const itensTabelaApi = {
  list: (id: string, query: Q) =>
    unwrap(t[':id'].itens.$get({ param: { id }, query: query as never })) as Promise<
      ListPage<ItemTabelaPrecoRow>
    >,
  get: (id: string, produtoId: string) =>
    unwrap(t[':id'].itens[':produtoId'].$get({ param: { id, produtoId } })) as Promise<ItemTabelaPrecoRow>,
  save: (id: string, produtoId: string, json: never) =>
    unwrap(
      t[':id'].itens[':produtoId'].$put({ param: { id, produtoId }, json }),
    ) as Promise<ItemTabelaPrecoRow>,
  remove: (id: string, produtoId: string) =>
    noContent(t[':id'].itens[':produtoId'].$delete({ param: { id, produtoId } })),
  exportFile: (id: string) => t[':id'].itens.export.$get({ param: { id } }) as Promise<Response>,
  /** The upload; a sheet with wrong lines answers 400 with `details.linhas`. */
  importa: (id: string, arquivo: File) =>
    unwrap(t[':id'].itens.importacao.$post({ param: { id }, form: { arquivo } as never })) as Promise<{
      linhas: number;
      alterados: number;
    }>,
  previaReajuste: (id: string, json: never) =>
    unwrap(t[':id'].reajuste.previa.$post({ param: { id }, json })) as Promise<ResultadoReajusteRow>,
  aplicaReajuste: (id: string, json: never) =>
    unwrap(t[':id'].reajuste.$post({ param: { id }, json })) as Promise<ResultadoReajusteRow>,
};

export type PrecoConsultado = ResultadoPreco & {
  produto_id: string;
  quantidade: string;
  cliente_id: string | null;
  data: string;
};

export const precoApi = {
  consulta: (query: Q) => unwrap(p.preco.$get({ query: query as never })) as Promise<PrecoConsultado>,
};
