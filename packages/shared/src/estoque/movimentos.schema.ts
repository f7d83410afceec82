import { z } from 'zod';
import { optionalRef, optionalText, requiredText } from '../cadastros/campos.ts';
import { listQuerySchema, uuidParam } from '../list-params.ts';
import { custoOpcional, dataOpcional, quantidadeCampo, refObrigatoria } from './campos.ts';
import { TIPOS_MOVIMENTO, type TipoMovimento } from './razao.ts';

// Manual movements (ajuste, transferência) and the stock queries (Kardex, Posição de Estoque).

export const SENTIDOS_AJUSTE = ['entrada', 'saida'] as const;
export type SentidoAjuste = (typeof SENTIDOS_AJUSTE)[number];
export const sentidoAjusteLabels: Record<SentidoAjuste, string> = { entrada: 'Entrada', saida: 'Saída' };

/**
 * POST /api/estoque/ajustes: one ajuste row in the ledger, reason required. An entrada carries
 * its unit cost (null: the product's custo médio; required while the product has none — the
 * ledger answers "Informe o custo unitário"); a saída is valued at the custo médio and ignores it.
 */
export const ajusteSchema = z.object({
  produto_id: refObrigatoria('Produto'),
  local_id: refObrigatoria('Local'),
  lote_id: optionalRef('Lote'),
  sentido: z.enum(SENTIDOS_AJUSTE, { error: 'Informe se o ajuste é de entrada ou de saída' }),
  quantidade: quantidadeCampo('Quantidade'),
  custo_unitario: custoOpcional('Custo unitário'),
  motivo: requiredText(500, 'Motivo'),
});
export type AjusteInput = z.input<typeof ajusteSchema>;
export type Ajuste = z.output<typeof ajusteSchema>;

export const transferenciaMensagens = {
  mesmoLocal: 'Local de destino deve ser diferente do de origem',
} as const;

/** POST /api/estoque/transferencias: both legs in one transaction. */
export const transferenciaSchema = z
  .object({
    produto_id: refObrigatoria('Produto'),
    lote_id: optionalRef('Lote'),
    origem_id: refObrigatoria('Local de origem'),
    destino_id: refObrigatoria('Local de destino'),
    quantidade: quantidadeCampo('Quantidade'),
    observacao: optionalText(500, 'Observação'),
  })
  .refine((v) => v.origem_id !== v.destino_id, {
    path: ['destino_id'],
    message: transferenciaMensagens.mesmoLocal,
  });
export type TransferenciaInput = z.input<typeof transferenciaSchema>;
export type Transferencia = z.output<typeof transferenciaSchema>;

const periodoRefine = {
  path: ['ate'],
  message: 'A data final deve ser igual ou posterior à inicial',
};

/** GET /api/estoque/produtos/:id/kardex — oldest first, so the running balance reads down. */
export const kardexQuerySchema = listQuerySchema(['ocorrido_em'], 'ocorrido_em', {
  de: dataOpcional('Data inicial').optional(),
  ate: dataOpcional('Data final').optional(),
  local_id: uuidParam.optional(),
  lote_id: uuidParam.optional(),
  tipo: z.enum(TIPOS_MOVIMENTO, { error: 'Tipo de movimento inválido' }).optional(),
}).refine((v) => !v.de || !v.ate || v.de <= v.ate, periodoRefine);
export type KardexQuery = z.input<typeof kardexQuerySchema>;

export type KardexRow = {
  id: number;
  ocorrido_em: string;
  tipo: TipoMovimento;
  local_id: string;
  local_nome: string;
  lote_id: string | null;
  lote_numero: string | null;
  /** Signed, base unit. */
  quantidade: string;
  custo_unitario: string;
  /** Balance after this row (within the filter's location/lot, or the product's total). */
  saldo: string;
  custo_medio: string;
  origem: string | null;
  origem_id: string | null;
  usuario_nome: string | null;
  observacao: string | null;
};

export const SITUACOES_POSICAO = ['abaixo_minimo', 'acima_maximo', 'zerado'] as const;
export type SituacaoPosicao = (typeof SITUACOES_POSICAO)[number];
export const situacaoPosicaoLabels: Record<SituacaoPosicao, string> = {
  abaixo_minimo: 'Abaixo do mínimo',
  acima_maximo: 'Acima do máximo',
  zerado: 'Zerado',
};

export const POSICAO_SORTS = ['codigo', 'nome', 'saldo', 'disponivel', 'custo_medio', 'valor'] as const;
/** GET /api/estoque/posicao (Posição de Estoque). */
export const posicaoListQuerySchema = listQuerySchema(POSICAO_SORTS, 'nome', {
  grupo_id: uuidParam.optional(),
  local_id: uuidParam.optional(),
  situacao: z.enum(SITUACOES_POSICAO, { error: 'Situação inválida' }).optional(),
});
export type PosicaoListQuery = z.input<typeof posicaoListQuerySchema>;

export type PosicaoRow = {
  produto_id: string;
  codigo: string;
  nome: string;
  unidade: string;
  saldo: string;
  reservado: string;
  disponivel: string;
  custo_medio: string;
  /** saldo × custo médio, 2 decimals. */
  valor: string;
  estoque_minimo: string;
  estoque_maximo: string;
  /**
   * «Em pedido» (issue 34), on the list's page only: the open purchase-order quantity in the base
   * unit, how many orders hold it and the earliest expected delivery.
   */
  em_pedido?: string;
  em_pedido_pedidos?: number;
  em_pedido_previsao?: string | null;
};

/** Messages of the ledger's services (the model's own are in razaoMensagens). */
export const movimentoMensagens = {
  produtoNaoEncontrado: 'Produto não encontrado',
  localNaoEncontrado: 'Local não encontrado',
  localInativo: 'Local inativo: ative-o ou escolha outro',
  loteObrigatorio: 'Informe o lote: o produto controla lote e validade',
  loteNaoControlado: 'Este produto não controla lote',
  loteDeOutroProduto: 'Lote não pertence ao produto',
  semLocalPadraoSaida: 'Informe o local: não há local padrão de saída',
  semLocalPadraoEntrada: 'Informe o local: não há local padrão de entrada',
  todosOsLocais: 'todos os locais',
  reservaEmAvaria: 'Estoque em local de avaria / quarentena não pode ser reservado',
  movimentoNaoEncontrado: 'Movimento não encontrado.',
  jaEstornado: 'Este movimento já foi estornado.',
} as const;

/** POST /api/estoque/movimentos/:id/estorno: a reversal row (a transfer's two legs together). */
export const estornoSchema = z.object({
  motivo: requiredText(500, 'Motivo'),
});
export type EstornoInput = z.input<typeof estornoSchema>;

/** A movement as the ledger wrote it (answer of ajuste, transferência and estorno). */
export type MovimentoRow = {
  id: number;
  tipo: TipoMovimento;
  produto_id: string;
  local_id: string;
  lote_id: string | null;
  quantidade: string;
  custo_unitario: string;
  saldo_produto: string;
  custo_medio: string;
  ocorrido_em: string;
  estorno_de: number | null;
};

/** GET /api/estoque/posicao/:produtoId/saldos — the expansion of a row into locations and lots. */
export type PosicaoSaldoRow = {
  local_id: string;
  local_codigo: string;
  local_nome: string;
  local_tipo: 'deposito' | 'separacao' | 'avaria';
  lote_id: string | null;
  lote_numero: string | null;
  validade: string | null;
  saldo: string;
  reservado: string;
  disponivel: string;
  /** saldo × custo médio of the product, 2 decimals. */
  valor: string;
};

/** Totals of the whole filtered Posição de Estoque (not only the page): value adds the rounded lines. */
export type PosicaoTotais = { produtos: number; valor: string };

/** GET /api/estoque/ncm?q= (the NCM picker). */
export const ncmBuscaQuerySchema = z.object({
  q: z.string().trim().max(100, 'Busca deve ter no máximo 100 caracteres').default(''),
});

/** GET/PUT /api/estoque/configuracoes: the company's stock settings (written by the admin). */
export const estoqueConfiguracoesSchema = z.object({
  permitir_estoque_negativo: z.boolean({ error: 'Informe sim ou não' }),
});
export type EstoqueConfiguracoes = z.infer<typeof estoqueConfiguracoesSchema>;
