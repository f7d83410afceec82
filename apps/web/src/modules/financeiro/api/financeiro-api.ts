import { api, unwrap } from '@/lib/api-client.ts';

// Typed wrappers over the Hono client for the finance API (request/response types come from the
// server's routes). Every save, baixa or estorno invalidates ['financeiro'] (see keys.ts).

const f = api.financeiro;
type Q = Record<string, string>;

async function noContent(res: Promise<Response> | Response) {
  const r = await res;
  if (!r.ok) await unwrap(r as never);
}

export const centrosCustoApi = {
  list: (query: Q) => unwrap(f['centros-custo'].$get({ query: query as never })),
  get: (id: string) => unwrap(f['centros-custo'][':id'].$get({ param: { id } })),
  create: (json: never) => unwrap(f['centros-custo'].$post({ json })),
  update: (id: string, json: never) => unwrap(f['centros-custo'][':id'].$put({ param: { id }, json })),
  remove: (id: string) => noContent(f['centros-custo'][':id'].$delete({ param: { id } })),
  exportFile: (query: Q) => f['centros-custo'].export.$get({ query: query as never }) as Promise<Response>,
};

export const classesFinanceirasApi = {
  list: (query: Q) => unwrap(f['classes-financeiras'].$get({ query: query as never })),
  get: (id: string) => unwrap(f['classes-financeiras'][':id'].$get({ param: { id } })),
  create: (json: never) => unwrap(f['classes-financeiras'].$post({ json })),
  update: (id: string, json: never) => unwrap(f['classes-financeiras'][':id'].$put({ param: { id }, json })),
  remove: (id: string) => noContent(f['classes-financeiras'][':id'].$delete({ param: { id } })),
  exportFile: (query: Q) =>
    f['classes-financeiras'].export.$get({ query: query as never }) as Promise<Response>,
};

export const formasPagamentoApi = {
  list: (query: Q) => unwrap(f['formas-pagamento'].$get({ query: query as never })),
  get: (id: string) => unwrap(f['formas-pagamento'][':id'].$get({ param: { id } })),
  create: (json: never) => unwrap(f['formas-pagamento'].$post({ json })),
  update: (id: string, json: never) => unwrap(f['formas-pagamento'][':id'].$put({ param: { id }, json })),
  remove: (id: string) => noContent(f['formas-pagamento'][':id'].$delete({ param: { id } })),
  exportFile: (query: Q) => f['formas-pagamento'].export.$get({ query: query as never }) as Promise<Response>,
};

export const condicoesPagamentoApi = {
  list: (query: Q) => unwrap(f['condicoes-pagamento'].$get({ query: query as never })),
  get: (id: string) => unwrap(f['condicoes-pagamento'][':id'].$get({ param: { id } })),
  create: (json: never) => unwrap(f['condicoes-pagamento'].$post({ json })),
  update: (id: string, json: never) => unwrap(f['condicoes-pagamento'][':id'].$put({ param: { id }, json })),
  remove: (id: string) => noContent(f['condicoes-pagamento'][':id'].$delete({ param: { id } })),
  exportFile: (query: Q) =>
    f['condicoes-pagamento'].export.$get({ query: query as never }) as Promise<Response>,
};

/** A conta has "ativa": the register screen reads it as "ativo" (RegisterPage's Reativar, the Status column). */
const comoAtivo = <T extends { ativa: boolean }>(row: T) => ({ ...row, ativo: row.ativa });

export const contasBancariasApi = {
  list: async (query: Q) => {
    const { ativo, ...resto } = query;
    const page = await unwrap(
      f['contas-bancarias'].$get({ query: (ativo ? { ...resto, ativa: ativo } : resto) as never }),
    );
    return { ...page, items: page.items.map(comoAtivo) };
  },
  get: async (id: string) => comoAtivo(await unwrap(f['contas-bancarias'][':id'].$get({ param: { id } }))),
  create: (json: never) => unwrap(f['contas-bancarias'].$post({ json })),
  /** Reativar/Inativar send "ativo" (RegisterPage): it is the conta's "ativa". */
  update: (id: string, json: Record<string, unknown>) => {
    const { ativo, ...resto } = json;
    const body = ativo === undefined ? resto : { ...resto, ativa: ativo };
    return unwrap(f['contas-bancarias'][':id'].$put({ param: { id }, json: body as never }));
  },
  remove: (id: string) => noContent(f['contas-bancarias'][':id'].$delete({ param: { id } })),
  exportFile: (query: Q) => f['contas-bancarias'].export.$get({ query: query as never }) as Promise<Response>,
  extrato: (id: string, query: Q) =>
    unwrap(f['contas-bancarias'][':id'].extrato.$get({ param: { id }, query: query as never })),
};

// ——— Títulos (receber / pagar) ———

/** PIX charge of a receivable: the BR Code, its QR (PNG) and the printable Cobrança PIX (PDF). */
export const pixApi = {
  cobranca: (id: string) => unwrap(f.receber[':id'].pix.$get({ param: { id } })),
  qr: (id: string) => f.receber[':id']['pix.png'].$get({ param: { id } }) as unknown as Promise<Response>,
  pdf: (id: string) => f.receber[':id']['pix.pdf'].$get({ param: { id } }) as unknown as Promise<Response>,
};

export type TipoTituloApi = 'receber' | 'pagar';

export const titulosApi = (tipo: TipoTituloApi) => {
  const t = f[tipo];
  return {
    list: (query: Q) => unwrap(t.$get({ query: query as never })),
    get: (id: string) => unwrap(t[':id'].$get({ param: { id } })),
    create: (json: never) => unwrap(t.$post({ json })),
    encargos: (id: string, data: string) =>
      unwrap(t[':id'].encargos.$get({ param: { id }, query: { data } })),
    baixas: (id: string) => unwrap(t[':id'].baixas.$get({ param: { id } })),
    abatimentos: (id: string) => unwrap(t[':id'].abatimentos.$get({ param: { id } })),
    baixar: (id: string, json: never) => unwrap(t[':id'].baixas.$post({ param: { id }, json })),
    estornar: (baixaId: string, motivo: string) =>
      unwrap(t.baixas[':id'].estorno.$post({ param: { id: baixaId }, json: { motivo } })),
    cancelar: (id: string, motivo: string) =>
      unwrap(t[':id'].cancelamento.$post({ param: { id }, json: { motivo } })),
    update: (id: string, json: unknown) => unwrap(t[':id'].$put({ param: { id }, json: json as never })),
    baixaEmLote: (json: unknown) => unwrap(t['baixas-em-lote'].$post({ json: json as never })),
  };
};

// ——— Crédito do cliente (issue 32: what returns left over) ———

export const creditosApi = {
  doCliente: (clienteId: string) => unwrap(f.creditos.clientes[':id'].$get({ param: { id: clienteId } })),
  usar: (clienteId: string, json: { titulo_id: string; valor: string }) =>
    unwrap(f.creditos.clientes[':id'].usar.$post({ param: { id: clienteId }, json })),
  reembolsar: (clienteId: string, json: { valor: string; vencimento: string }) =>
    unwrap(f.creditos.clientes[':id'].reembolsar.$post({ param: { id: clienteId }, json })),
};

// ——— Área financeira (fluxo de caixa, aging, resumo por classe) ———

export const relatoriosApi = {
  fluxoCaixa: (query: Q) => unwrap(f['fluxo-caixa'].$get({ query: query as never })),
  aging: (tipo: TipoTituloApi) => unwrap(f.aging.$get({ query: { tipo } })),
  resumoClasses: (mes: string) => unwrap(f['resumo-classes'].$get({ query: { mes } })),
  configuracoes: () => unwrap(f.configuracoes.$get()),
};

/** The pessoa of a título: a cliente (receber) or fornecedor (pagar), by name or CPF/CNPJ. */
export const pessoasApi = {
  buscar: (tipo: 'cliente' | 'fornecedor', q: string) =>
    unwrap(f.pessoas.$get({ query: { tipo, ...(q ? { q } : {}) } })),
};

/** Options of the títulos' selects: analíticas of one tipo, formas, contas. */
export const opcoesTituloApi = {
  classes: (tipo: 'receita' | 'despesa') =>
    classesFinanceirasApi.list({ tipo, analitica: 'true', ativo: 'true', pageSize: '100', sort: 'codigo' }),
  centros: () => centrosCustoApi.list({ analitica: 'true', ativo: 'true', pageSize: '100', sort: 'codigo' }),
  formas: () => formasPagamentoApi.list({ ativo: 'true', pageSize: '100' }),
  contas: () => contasBancariasApi.list({ ativo: 'true', pageSize: '100' }),
  condicoes: () => condicoesPagamentoApi.list({ ativo: 'true', pageSize: '100' }),
};
