import type {
  DestinoDevolucao,
  DevolucaoVendaInput,
  MotivoDevolucao,
  SituacaoDevolucaoDocumento,
  StatusDevolucao,
  StatusNota,
  ValoresDevolucao,
} from '@erp/shared';
import { api, unwrap } from '@/lib/api-client.ts';

// Typed wrappers over the Hono client for the returns from customers (/api/comercial/devolucoes,
// admin and comercial) and the customer's crédito (/api/financeiro/creditos, admin and financeiro).
// The server's reading of a return hands its items and abatimentos as plain rows: their shapes are
// written down here. Every action invalidates ['devolucoes'] and the notes and orders it touches.

const d = api.comercial.devolucoes;
type Q = Record<string, string>;

/** The sale note a return starts from, each item with what is left to return (base unit). */
export type ItemOrigem = {
  item_id: string;
  sequencia: number;
  produto_id: string;
  codigo: string;
  nome: string;
  /** The base unit's sigla. */
  unidade: string;
  casas_decimais: number;
  embalagens: { sigla: string; fator: string; casas_decimais: number }[];
  quantidade: string;
  devolvida: string;
  saldo: string;
  cfop: string;
  valor_unitario: string;
  valor_total: string;
};

export type NotaOrigem = {
  nota_id: string;
  numero: number;
  serie: number;
  chave: string;
  emissao: string;
  pedido_id: string | null;
  pedido_numero: number | null;
  cliente_id: string;
  cliente_nome: string;
  cliente_documento: string;
  cliente_contribuinte: boolean;
  situacao: SituacaoDevolucaoDocumento;
  itens: ItemOrigem[];
};

export type ItemDevolucao = {
  id: string;
  sequencia: number;
  codigo: string;
  nome: string;
  unidade_base: string;
  /** Base unit. */
  quantidade: string;
  /** The unit and quantity the clerk typed. */
  unidade: string;
  quantidade_informada: string;
  motivo: MotivoDevolucao;
  destino: DestinoDevolucao;
  local_nome: string | null;
  lote_numero: string | null;
  custo_unitario: string;
  cfop: string;
  valores: ValoresDevolucao;
  valor_total: string;
};

export type Abatimento = {
  id: string;
  titulo_id: string;
  parcela: number | null;
  total_parcelas: number | null;
  documento: string | null;
  valor: string;
  comissao: string;
  data: string;
  estornado: boolean;
  saldo_titulo: string;
  status_titulo: string;
};

type Resumo = Awaited<ReturnType<typeof listDevolucoes>>['items'][number];

export type DevolucaoRow = Omit<Resumo, 'status' | 'nota_devolucao_status' | 'motivo'> & {
  status: StatusDevolucao;
  nota_devolucao_status: StatusNota | null;
  motivo: MotivoDevolucao | null;
};

export type DevolucaoDetalhe = DevolucaoRow & {
  observacao: string | null;
  motivo_cancelamento: string | null;
  efetivada_em: string | null;
  itens: ItemDevolucao[];
  abatimentos: Abatimento[];
};

/** SEFAZ's answer to the return note's transmission, or why it could not be sent. */
export type SefazDevolucao =
  | {
      status: StatusNota;
      cStat: string | null;
      xMotivo: string | null;
      protocolo: string | null;
      contingencia: string | null;
    }
  | { erro: string };

export type DevolucaoEmitida = DevolucaoDetalhe & { sefaz: SefazDevolucao };

/** The customer's own NF-e de devolução read into a rascunho 'terceiro'. */
export type DevolucaoImportada = DevolucaoDetalhe & {
  /** Where the customer's values differ from our note's (the return is valued by ours). */
  divergencias: string[];
  /** The reading's alerts (no protocol, homologação…). */
  alertas: string[];
};

export type ImportarXml = {
  nome: string;
  conteudo_base64: string;
  motivo?: MotivoDevolucao;
  observacao?: string | null;
};

export type CreditoCliente = {
  cliente_id: string;
  saldo: string;
  movimentos: {
    id: string;
    tipo: string;
    valor: string;
    historico: string | null;
    created_at: string;
    usuario: string | null;
    devolucao_id: string | null;
    devolucao_numero: number | null;
    titulo_id: string | null;
  }[];
};

const listDevolucoes = (query: Q) => unwrap(d.$get({ query: query as never }));

export const devolucoesApi = {
  list: async (query: Q) => {
    const page = await listDevolucoes(query);
    return { ...page, items: page.items as DevolucaoRow[] };
  },
  get: async (id: string) => (await unwrap(d[':id'].$get({ param: { id } }))) as unknown as DevolucaoDetalhe,
  /** The sale note by chave, note number or order number (404 with the reason when none). */
  origem: async (q: string) => (await unwrap(d.origem.$get({ query: { q } }))) as unknown as NotaOrigem,
  nota: async (id: string) => (await unwrap(d.nota[':id'].$get({ param: { id } }))) as unknown as NotaOrigem,
  criar: async (json: DevolucaoVendaInput) =>
    (await unwrap(d.$post({ json: json as never }))) as unknown as DevolucaoDetalhe,
  /** The customer's NF-e de devolução (XML as base64): a rascunho matched to our sale note. */
  importar: async (json: ImportarXml) =>
    (await unwrap(
      d.importar.$post({ json: { ...json, observacao: json.observacao ?? null } }),
    )) as unknown as DevolucaoImportada,
  /** Posts an imported return: stock, receivables, crédito and commission. */
  lancar: async (id: string) =>
    (await unwrap(d[':id'].lancar.$post({ param: { id } }))) as unknown as DevolucaoDetalhe,
  emitir: async (id: string) =>
    (await unwrap(d[':id'].emitir.$post({ param: { id } }))) as unknown as DevolucaoEmitida,
  transmitir: async (id: string) =>
    (await unwrap(d[':id'].transmitir.$post({ param: { id } }))) as unknown as DevolucaoEmitida,
  cancelar: async (id: string, motivo: string) =>
    (await unwrap(
      d[':id'].cancelar.$post({ param: { id }, json: { motivo } }),
    )) as unknown as DevolucaoDetalhe,
  credito: async (clienteId: string) =>
    (await unwrap(
      api.financeiro.creditos.clientes[':id'].$get({ param: { id: clienteId } }),
    )) as unknown as CreditoCliente,
};

export const devolucoesKeys = {
  all: ['devolucoes'] as const,
  list: (query: Q) => ['devolucoes', 'list', query] as const,
  get: (id: string) => ['devolucoes', 'get', id] as const,
  nota: (id: string) => ['devolucoes', 'nota', id] as const,
  credito: (clienteId: string) => ['devolucoes', 'credito', clienteId] as const,
};
