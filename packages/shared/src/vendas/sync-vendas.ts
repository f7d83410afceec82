import type { IndicadorIe } from '../cadastros/pessoa.schema.ts';
import type { PosicaoCredito } from '../comercial/posicao-credito.ts';
import type { StatusPedido } from '../comercial/status-pedido.ts';
import type { Origem } from '../estoque/origem.ts';
import type { TabelaPreco } from '../precos/tabela-precos.schema.ts';
import type { Emitente } from '../tributacao/partes.ts';
import type { RegraTributacao } from '../tributacao/regra.schema.ts';

// What GET /api/vendas/sync answers (decision 0010): the seller's carteira and the catalogue, the
// price tables and tax rules the device prices and taxes with (the same shared engines as the
// server), and the removals since the cursor. Money and quantities are decimal strings.

export type ClienteVendas = {
  id: string;
  razao_social: string;
  nome_fantasia: string | null;
  documento: string;
  cidade: string | null;
  uf: string;
  indicador_ie: IndicadorIe;
  grupo_id: string | null;
  segmento_id: string | null;
  regiao_id: string | null;
  situacao: { nome: string; bloqueia_vendas: boolean } | null;
  credito: PosicaoCredito;
};

export type EmbalagemVendas = {
  unidade: string;
  fator: string;
  peso_bruto: string | null;
  altura: string | null;
  largura: string | null;
  comprimento: string | null;
};

export type ProdutoVendas = {
  id: string;
  codigo: string;
  nome: string;
  gtin: string;
  unidade: string;
  preco_venda: string;
  custo_medio: string;
  ncm: string;
  origem: Origem;
  peso_bruto: string;
  peso_liquido: string;
  volume: string;
  /** Base units a reservation could take at the sync. */
  disponivel: string;
  embalagens: EmbalagemVendas[];
};

export type PedidoVendasResumo = {
  id: string;
  numero: number;
  cliente_id: string;
  data_emissao: string;
  status: StatusPedido;
  valor_total: string;
  bloqueios: string[];
};

export type TituloVendas = {
  id: string;
  cliente_id: string;
  numero: string | null;
  data_vencimento: string;
  valor: string;
  saldo: string;
};

export type EntidadeVendas = 'clientes' | 'produtos' | 'tabelas' | 'pedidos' | 'titulos';
export const ENTIDADES_VENDAS: readonly EntidadeVendas[] = [
  'clientes',
  'produtos',
  'tabelas',
  'pedidos',
  'titulos',
];

export type SyncVendas = {
  /** Send back as `desde` on the next sync. */
  cursor: string;
  /** true: replace everything stored (first sync or a cursor too old). */
  completo: boolean;
  /** ISO timestamp of the server's read: the data's age on the device. */
  gerado_em: string;
  /** The business day the prices were read for. */
  data: string;
  vendedor: { id: string; nome: string; comissao: string; desconto_maximo: string };
  emitente: Emitente;
  unidades: { sigla: string; casas_decimais: number }[];
  condicoes: { id: string; nome: string }[];
  formas: { id: string; nome: string }[];
  regras: RegraTributacao[];
  clientes: ClienteVendas[];
  produtos: ProdutoVendas[];
  tabelas: TabelaPreco[];
  pedidos: PedidoVendasResumo[];
  titulos: TituloVendas[];
  removidos: Record<EntidadeVendas, string[]>;
};
