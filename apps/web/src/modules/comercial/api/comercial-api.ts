import type {
  ListPage,
  NotaDoPedido,
  PosicaoCredito,
  ResultadoPreco,
  Role,
  StatusPedido,
  TipoBloqueio,
  TipoDesconto,
} from '@erp/shared';
import { api, unwrap } from '@/lib/api-client.ts';

// Wrappers over /api/comercial through the Hono client's authenticated fetch. The routes are
// reached by path (see untyped()) with the response shapes written here, so the screens do not
// depend on the server's route types while its module grows.

type Q = Record<string, string>;

export type BloqueioPedido = {
  tipo: TipoBloqueio;
  motivo: string;
  impressao: string;
  papeis?: Role[];
  /** false: a valid release covers it */
  pendente?: boolean;
  liberacao?: { justificativa: string; usuario: string | null; created_at: string } | null;
};
export type LiberacaoPedido = {
  id?: string;
  tipo: TipoBloqueio;
  motivo: string;
  justificativa: string;
  usuario: string | null;
  created_at: string;
  valida?: boolean;
};
export type HistoricoPedido = {
  de: StatusPedido | null;
  para: StatusPedido;
  motivo: string | null;
  usuario: string | null;
  created_at: string;
};

export type PedidoRow = {
  id: string;
  numero: number;
  data_emissao: string;
  cliente_id: string;
  cliente_nome: string;
  vendedor_id: string | null;
  vendedor_nome: string | null;
  regiao_id?: string | null;
  status: StatusPedido;
  valor_total: string;
  data_entrega: string | null;
  /** the pending blockers' types */
  bloqueios: TipoBloqueio[];
  versao: number;
};

export type ItemPedidoDetalhe = {
  id?: string;
  sequencia?: number;
  produto_id: string;
  produto_codigo?: string;
  produto_nome?: string;
  embalagem: string;
  quantidade: string;
  quantidade_base?: string;
  unidade?: string;
  preco: string;
  preco_tabela?: string | null;
  preco_minimo?: string | null;
  desconto_tipo: TipoDesconto;
  desconto: string;
  valor_produtos?: string;
  valor_desconto?: string;
  valor_st?: string;
  valor_fcp_st?: string;
  valor_ipi?: string;
  valor_total?: string;
  peso_bruto?: string;
  disponivel?: string | null;
};

/** calculaPedido's totals. */
export type TotaisPedidoTela = {
  produtos: string;
  descontoItens?: string;
  descontoPedido?: string;
  descontos: string;
  st: string;
  fcpSt?: string;
  ipi: string;
  frete: string;
  total: string;
  pesoBruto: string;
  pesoLiquido: string;
  volume: string;
};

export type ComissaoPedido = { percentual: string; valor: string };

export type PedidoDetalhe = Omit<PedidoRow, 'bloqueios'> & {
  condicao_pagamento_id: string | null;
  forma_pagamento_id: string | null;
  tabela_preco_id: string | null;
  modalidade_frete: string;
  frete: string;
  desconto_tipo: TipoDesconto;
  desconto: string;
  observacoes_internas: string | null;
  observacoes_nota: string | null;
  itens: ItemPedidoDetalhe[];
  totais: TotaisPedidoTela;
  comissao?: ComissaoPedido;
  bloqueios: BloqueioPedido[];
  liberacoes?: LiberacaoPedido[];
  historico?: HistoricoPedido[];
  transicoes?: StatusPedido[];
  motivo_cancelamento?: string | null;
  /** Released, not invoiced, and the required blind check not finished (issue 21). */
  conferencia_pendente?: boolean;
  /** The live NF-e that holds the order as it is: cancelling or changing it waits for the note (issue 29). */
  nota_viva?: NotaDoPedido | null;
  /** The returns of the order's notes (issue 32). */
  devolucoes?: { id: string; numero: number; status: string; valor_total: string }[];
};

export type PainelCliente = {
  cliente: { id: string; nome: string; fantasia: string | null; documento: string; codigo?: string | null };
  situacao: { nome: string; bloqueia_vendas: boolean } | null;
  vendedor: { id: string; nome: string; comissao?: string; desconto_maximo?: string } | null;
  regiao: { id: string; nome: string } | null;
  credito: PosicaoCredito;
  dias_inadimplencia?: number;
  ultimos_pedidos: PedidoRow[];
};

export type CartaoKanban = Pick<
  PedidoRow,
  'id' | 'numero' | 'cliente_nome' | 'valor_total' | 'vendedor_nome' | 'data_entrega' | 'versao' | 'bloqueios'
>;
export type ColunaKanban = {
  status: StatusPedido;
  label?: string;
  quantidade: number;
  total: string;
  cartoes: CartaoKanban[];
};
export type Kanban = { colunas: ColunaKanban[] };

export type OpcaoSimples = { id: string; nome: string; ativo?: boolean };
export type OpcoesComercial = {
  condicoes: OpcaoSimples[];
  formas: OpcaoSimples[];
  tabelas: OpcaoSimples[];
};

/** The preview of an order as the server computes it (prices, taxes, totals), nothing saved. */
export type CalculoPedido = {
  itens: (ItemPedidoDetalhe & { preco_origem?: unknown; trace?: ResultadoPreco['trace'] })[];
  totais: TotaisPedidoTela;
  comissao?: ComissaoPedido;
  bloqueios?: BloqueioPedido[];
};

type Node = {
  [segment: string]: Node;
} & {
  $get(a?: { query?: Q; param?: Q }): Promise<Response>;
  $post(a?: { json?: unknown; param?: Q }): Promise<Response>;
  $put(a?: { json?: unknown; param?: Q }): Promise<Response>;
};

const root = api as unknown as Node;

/** A route by path under /api ("comercial/pedidos/123/confirmar"). */
function at(path: string): Node {
  let node = root;
  for (const s of path.split('/')) node = node[s] as Node;
  return node;
}

const get = <T>(path: string, query: Q = {}) => unwrap(at(path).$get({ query }) as never) as Promise<T>;
const post = <T>(path: string, json: unknown = {}) => unwrap(at(path).$post({ json }) as never) as Promise<T>;
const put = <T>(path: string, json: unknown) => unwrap(at(path).$put({ json }) as never) as Promise<T>;

const P = 'comercial/pedidos';

export const pedidosApi = {
  list: (query: Q) => get<ListPage<PedidoRow>>(P, query),
  get: (id: string) => get<PedidoDetalhe>(`${P}/${id}`),
  create: (json: unknown) => post<PedidoDetalhe>(P, json),
  update: (id: string, json: unknown) => put<PedidoDetalhe>(`${P}/${id}`, json),
  calculo: (json: unknown) => post<CalculoPedido>(`${P}/calculo`, json),
  confirmar: (id: string, versao: number) => post<PedidoDetalhe>(`${P}/${id}/confirmar`, { versao }),
  cancelar: (id: string, motivo: string, versao: number) =>
    post<PedidoDetalhe>(`${P}/${id}/cancelar`, { motivo, versao }),
  duplicar: (id: string, manter_precos = false) =>
    post<PedidoDetalhe>(`${P}/${id}/duplicar`, { manter_precos }),
  transicao: (id: string, json: { para: StatusPedido; versao: number; motivo?: string }) =>
    post<PedidoDetalhe>(`${P}/${id}/transicao`, json),
  /** POST …/bloqueios/:tipo/liberar (the body repeats the tipo: liberarBloqueioSchema's shape). */
  liberar: (id: string, json: { tipo: TipoBloqueio; impressao: string; justificativa: string }) =>
    post<PedidoDetalhe>(`${P}/${id}/bloqueios/${json.tipo}/liberar`, json),
  /** The "Espelho do pedido" PDF's address (opened in a new tab with the session's token). */
  espelho: (id: string) => at(`${P}/${id}/espelho.pdf`).$get() as Promise<Response>,
};

export const clientesComercialApi = {
  painel: (id: string) => get<PainelCliente>(`comercial/clientes/${id}/painel`),
};

export const kanbanApi = {
  get: (query: Q) => get<Kanban>('comercial/kanban', query),
};

export const opcoesComercialApi = {
  get: () => get<OpcoesComercial>('comercial/opcoes'),
};
