import type {
  DevolucaoCompraInput,
  MotivoDevolucao,
  SituacaoDevolucaoDocumento,
  StatusDevolucao,
  StatusNota,
  ValoresDevolucao,
} from '@erp/shared';
import { api, unwrap } from '@/lib/api-client.ts';
import { openPdf, saveFile } from '@/lib/file-download.ts';

// Typed wrappers over the Hono client for the returns to suppliers (/api/estoque/devolucoes-compra,
// admin and estoque). The server's reading of a return hands its items and abatimentos as plain
// rows: their shapes are written down here. Every action invalidates ['devolucoes-compra'] and the
// receipts, stock, notes and payables it touches.

const d = api.estoque['devolucoes-compra'];
type Q = Record<string, string>;

export type LoteOrigem = {
  lote_id: string;
  numero: string;
  validade: string | null;
  quantidade: string;
  saldo: string;
  local_id: string | null;
  local_nome: string | null;
};

/** An item of the posted goods receipt, with what is left to return (base unit). */
export type ItemEntradaOrigem = {
  item_id: string;
  n_item: number;
  produto_id: string;
  codigo: string;
  nome: string;
  c_prod: string;
  x_prod: string;
  u_com: string;
  q_com: string;
  /** The base unit's sigla. */
  unidade: string;
  casas_decimais: number;
  embalagens: { sigla: string; fator: string; casas_decimais: number }[];
  quantidade: string;
  devolvida: string;
  saldo: string;
  custo_unitario: string;
  cfop: string | null;
  valor_total: string | null;
  valor_unitario: string | null;
  local_id: string | null;
  local_nome: string | null;
  lotes: LoteOrigem[];
};

export type EntradaOrigem = {
  entrada_id: string;
  numero: number | null;
  serie: number | null;
  chave: string;
  emissao: string | null;
  fornecedor_id: string;
  fornecedor_nome: string;
  fornecedor_documento: string | null;
  valor_nota: string;
  situacao: SituacaoDevolucaoDocumento;
  itens: ItemEntradaOrigem[];
};

export type ItemDevolucaoCompra = {
  id: string;
  sequencia: number;
  codigo: string;
  nome: string;
  unidade_base: string;
  quantidade: string;
  unidade: string;
  quantidade_informada: string;
  motivo: MotivoDevolucao;
  local_nome: string | null;
  lote_numero: string | null;
  custo_unitario: string;
  cfop: string;
  valores: ValoresDevolucao;
  valor_total: string;
  n_item: number | null;
  c_prod: string | null;
  x_prod: string | null;
};

export type AbatimentoCompra = {
  id: string;
  titulo_id: string;
  parcela: number | null;
  total_parcelas: number | null;
  documento: string | null;
  valor: string;
  data: string;
  estornado: boolean;
  saldo_titulo: string;
  status_titulo: string;
};

export type DevolucaoCompraRow = {
  id: string;
  numero: number;
  status: StatusDevolucao;
  created_at: string;
  pessoa_nome: string;
  fornecedor_id: string | null;
  chave_referenciada: string;
  nota_devolucao_id: string | null;
  nota_devolucao_numero: number | null;
  nota_devolucao_status: StatusNota | null;
  valor_total: string;
  valor_abatido: string;
  valor_credito: string;
  motivo: MotivoDevolucao | null;
  entrada_id: string | null;
  entrada_numero: number | null;
  entrada_serie: number | null;
};

export type DevolucaoCompraDetalhe = DevolucaoCompraRow & {
  documento: 'propria' | 'terceiro';
  observacao: string | null;
  motivo_cancelamento: string | null;
  efetivada_em: string | null;
  entrada_emissao: string | null;
  fornecedor_documento: string | null;
  itens: ItemDevolucaoCompra[];
  abatimentos: AbatimentoCompra[];
};

/** SEFAZ's answer to the return note's transmission, or why it could not be sent. */
export type SefazDevolucaoCompra =
  | { status: StatusNota; cStat: string | null; xMotivo: string | null; protocolo: string | null }
  | { erro: string };

export type DevolucaoCompraEmitida = DevolucaoCompraDetalhe & { sefaz: SefazDevolucaoCompra };

export const devolucoesCompraApi = {
  list: async (query: Q) => {
    const page = await unwrap(d.$get({ query: query as never }));
    return { ...page, items: page.items as unknown as DevolucaoCompraRow[] };
  },
  get: async (id: string) =>
    (await unwrap(d[':id'].$get({ param: { id } }))) as unknown as DevolucaoCompraDetalhe,
  /** The posted receipt by the supplier's chave or NF-e number (404 with the reason when none). */
  origem: async (q: string) => (await unwrap(d.origem.$get({ query: { q } }))) as unknown as EntradaOrigem,
  entrada: async (id: string) =>
    (await unwrap(d.entrada[':id'].$get({ param: { id } }))) as unknown as EntradaOrigem,
  criar: async (json: DevolucaoCompraInput) =>
    (await unwrap(d.$post({ json: json as never }))) as unknown as DevolucaoCompraDetalhe,
  emitir: async (id: string) =>
    (await unwrap(d[':id'].emitir.$post({ param: { id } }))) as unknown as DevolucaoCompraEmitida,
  transmitir: async (id: string) =>
    (await unwrap(d[':id'].transmitir.$post({ param: { id } }))) as unknown as DevolucaoCompraEmitida,
  cancelar: async (id: string, motivo: string) =>
    (await unwrap(
      d[':id'].cancelar.$post({ param: { id }, json: { motivo } }),
    )) as unknown as DevolucaoCompraDetalhe,
};

async function arquivo(id: string, tipo: 'xml' | 'danfe'): Promise<Blob> {
  const r = (await d[':id'][tipo].$get({ param: { id } })) as unknown as Response;
  if (!r.ok) await unwrap(r as never);
  return r.blob();
}

/** The return note's XML as a file download (through the return: the estoque clerk's own route). */
export async function baixaXmlDevolucaoCompra(id: string, nome: string) {
  saveFile(await arquivo(id, 'xml'), nome);
}

/** The return note's DANFE (PDF), opened in a new tab (or downloaded when pop-ups are blocked). */
export function abreDanfeDevolucaoCompra(id: string, nome: string) {
  return openPdf(() => arquivo(id, 'danfe'), nome);
}

export const devolucoesCompraKeys = {
  all: ['devolucoes-compra'] as const,
  list: (query: Q) => ['devolucoes-compra', 'list', query] as const,
  get: (id: string) => ['devolucoes-compra', 'get', id] as const,
  entrada: (id: string) => ['devolucoes-compra', 'entrada', id] as const,
};
