import type {
  Carga,
  CargaResumo,
  ConferenciaExpedicao as Conferencia,
  ConferenciaPedidoResumo,
  ListPage,
  MotoristaCarga,
  PedidoDisponivel,
  StatusCarga,
  StatusEntrega,
  VeiculoCarga,
} from '@erp/shared';
import { api, unwrap } from '@/lib/api-client.ts';

export type {
  Carga,
  CargaResumo,
  ConferenciaExpedicao as Conferencia,
  MotoristaCarga,
  ParadaCarga,
  PedidoDisponivel,
  VeiculoCarga,
} from '@erp/shared';

// Wrappers over /api/expedicao through the Hono client's authenticated fetch, reached by path with
// the response shapes written here (as the comercial screens do).

type Q = Record<string, string>;

export type OpcoesCarga = {
  veiculos: VeiculoCarga[];
  motoristas: MotoristaCarga[];
  ajudantes: { id: string; nome: string }[];
  regioes: { id: string; nome: string }[];
};
export type Disponiveis = {
  items: PedidoDisponivel[];
  total: number;
  limite: number;
  regioes: { id: string | null; nome: string; quantidade: number }[];
  cidades: { cidade: string; uf: string | null; quantidade: number }[];
};
export type PedidoConferencia = ConferenciaPedidoResumo;

type Node = {
  [segment: string]: Node;
} & {
  $get(a?: { query?: Q; param?: Q }): Promise<Response>;
  $post(a?: { json?: unknown; param?: Q }): Promise<Response>;
  $put(a?: { json?: unknown; param?: Q }): Promise<Response>;
  $delete(a?: { param?: Q }): Promise<Response>;
};

const root = api as unknown as Node;
function at(path: string): Node {
  let node = root;
  for (const s of path.split('/')) node = node[s] as Node;
  return node;
}
const get = <T>(path: string, query: Q = {}) => unwrap(at(path).$get({ query }) as never) as Promise<T>;
const post = <T>(path: string, json: unknown = {}) => unwrap(at(path).$post({ json }) as never) as Promise<T>;
const put = <T>(path: string, json: unknown) => unwrap(at(path).$put({ json }) as never) as Promise<T>;
const del = <T>(path: string) => unwrap(at(path).$delete() as never) as Promise<T>;

const C = 'expedicao/cargas';

export type CargaCampos = {
  data_saida_prevista: string;
  veiculo_id: string | null;
  motorista_id: string | null;
  ajudantes: string[];
  regioes: string[];
  observacoes?: string | null;
  justificativa?: string | null;
};

export const cargasApi = {
  list: (query: Q) => get<ListPage<CargaResumo>>(C, query),
  get: (id: string) => get<Carga>(`${C}/${id}`),
  opcoes: () => get<OpcoesCarga>('expedicao/opcoes'),
  disponiveis: (query: Q) => get<Disponiveis>('expedicao/montagem/pedidos', query),
  create: (json: CargaCampos) => post<Carga>(C, json),
  update: (id: string, json: CargaCampos & { versao: number }) => put<Carga>(`${C}/${id}`, json),
  adiciona: (id: string, json: { pedido_ids: string[]; versao: number; justificativa?: string | null }) =>
    post<Carga>(`${C}/${id}/pedidos`, json),
  remove: (id: string, pedidoId: string) => del<Carga>(`${C}/${id}/pedidos/${pedidoId}`),
  sequencia: (id: string, json: { pedido_ids: string[]; versao: number }) =>
    put<Carga>(`${C}/${id}/sequencia`, json),
  transicao: (id: string, json: { para: StatusCarga; versao: number; motivo?: string | null }) =>
    post<Carga>(`${C}/${id}/transicao`, json),
  entrega: (id: string, pedidoId: string, json: { status: StatusEntrega; motivo?: string | null }) =>
    put<Carga>(`${C}/${id}/pedidos/${pedidoId}/entrega`, json),
  /** A PDF's response (opened in a new tab with the session's token). */
  pdf: (id: string, nome: 'mapa-separacao.pdf' | 'romaneio.pdf' | 'documentos.pdf') =>
    at(`${C}/${id}/${nome}`).$get() as Promise<Response>,
  /** The boletos of the load's notes in one PDF (cobrança: admin and financeiro). */
  boletosPdf: (id: string) =>
    at('financeiro/cobranca/boletos/pdf').$get({ query: { carga_id: id } }) as Promise<Response>,
  /** «Faturar carga»: one job per order on the server's queue. */
  faturar: (id: string) =>
    post<{ enfileirados: number; pedidos: number; progresso: FaturamentoCarga }>(`${C}/${id}/faturar`),
  faturamento: (id: string) => get<FaturamentoCarga>(`${C}/${id}/faturamento`),
  reprocessar: (id: string, pedidoId: string) =>
    post<FaturamentoCarga>(`${C}/${id}/faturamento/${pedidoId}/reprocessar`),
};

export type SituacaoFaturamento = 'pendente' | 'processando' | 'autorizada' | 'rejeitada' | 'erro';
export type FaturamentoCarga = {
  carga: { id: string; numero: number; status: StatusCarga };
  total: number;
  autorizadas: number;
  rejeitadas: number;
  erros: number;
  em_andamento: boolean;
  pedidos: {
    pedido_id: string;
    numero: number;
    sequencia: number;
    situacao: SituacaoFaturamento;
    nota_id: string | null;
    nota_status: string | null;
    c_stat: string | null;
    mensagem: string | null;
    pode_reprocessar: boolean;
    na_fila: boolean;
  }[];
};

export const conferenciaApi = {
  pedidos: (query: Q) => get<PedidoConferencia[]>('expedicao/conferencia/pedidos', query),
  inicia: (pedido_id: string) => post<Conferencia>('expedicao/conferencias', { pedido_id }),
  get: (id: string) => get<Conferencia>(`expedicao/conferencias/${id}`),
  leitura: (id: string, json: { codigo: string; quantidade?: string }) =>
    post<Conferencia>(`expedicao/conferencias/${id}/leituras`, json),
  removeLeitura: (id: string, leituraId: number) =>
    del<Conferencia>(`expedicao/conferencias/${id}/leituras/${leituraId}`),
  finaliza: (id: string) => post<Conferencia>(`expedicao/conferencias/${id}/finalizar`),
  reconta: (id: string, produto_id: string) =>
    post<Conferencia>(`expedicao/conferencias/${id}/recontar`, { produto_id }),
  ajusta: (id: string) => post<Conferencia>(`expedicao/conferencias/${id}/ajustar`),
};

/** Opens a PDF response in a new tab (the window is opened first so pop-up blockers allow it). */
export async function abrePdf(res: () => Promise<Response>): Promise<boolean> {
  const janela = window.open('', '_blank');
  try {
    const r = await res();
    if (!r.ok) throw new Error(String(r.status));
    const url = URL.createObjectURL(await r.blob());
    if (janela) janela.location.href = url;
    else window.open(url, '_blank');
    return true;
  } catch {
    janela?.close();
    return false;
  }
}
