import { z } from 'zod';
import { optionalRef, optionalText, requiredText, versao } from '../cadastros/campos.ts';
import { businessToday } from '../dates.ts';
import { Decimal } from '../decimal.ts';
import { dataObrigatoria, dataOpcional, refObrigatoria } from '../estoque/campos.ts';
import { listQuerySchema, uuidParam } from '../list-params.ts';
import { percentualOpcional, percentualZero } from '../tributacao/percentuais.ts';
import { dinheiroCampo, dinheiroOpcional, dinheiroPositivo, motivoCampo } from './campos.ts';
import { MAX_CENTROS_RATEIO, verificaRateio } from './rateio-centros.ts';
import { principalDaBaixa, STATUS_TITULO, type StatusTitulo, tituloMensagens } from './titulo-status.ts';

// Títulos (receivables and payables) and what is done to them: create (one, or the instalments
// of a condição), edit, baixa, baixa em lote, estorno of a baixa, cancel; the list queries.

export const TIPOS_TITULO = ['receber', 'pagar'] as const;
export type TipoTitulo = (typeof TIPOS_TITULO)[number];

/** Where a título came from. Services set all but manual and renegociacao (the person's). */
export const ORIGENS_TITULO = [
  'pedido',
  'nota_fiscal',
  'entrada',
  'manual',
  'renegociacao',
  'comissao',
] as const;
export type OrigemTitulo = (typeof ORIGENS_TITULO)[number];
export const origemTituloLabels: Record<OrigemTitulo, string> = {
  pedido: 'Pedido',
  nota_fiscal: 'Nota fiscal',
  entrada: 'Entrada de mercadorias',
  manual: 'Manual',
  renegociacao: 'Renegociação',
  comissao: 'Comissão',
};
export const ORIGENS_MANUAIS = ['manual', 'renegociacao'] as const satisfies readonly OrigemTitulo[];

/** The settings' defaults of juros (% a.m.) and multa (%) for títulos that leave them empty. */
export const FINANCEIRO_PADROES = { juros_mes_percentual: '1.0000', multa_percentual: '2.0000' } as const;

/** GET/PUT /api/financeiro/configuracoes: the defaults of juros de mora and multa. */
export const financeiroConfiguracoesSchema = z.object({
  juros_mes_percentual: percentualZero('Taxa de juros'),
  multa_percentual: percentualZero('Multa'),
});
export type FinanceiroConfiguracoes = z.output<typeof financeiroConfiguracoesSchema>;

export const tituloFormMensagens = {
  clienteObrigatorio: 'Cliente é obrigatório',
  fornecedorObrigatorio: 'Fornecedor é obrigatório',
  vencimentoOuCondicao: 'Informe o vencimento ou a condição de pagamento',
  vencimentoECondicao: 'Informe o vencimento ou a condição de pagamento, não os dois',
  vencimentoAntesEmissao: 'A data de vencimento deve ser igual ou posterior à de emissão',
  descontoSemData: 'Informe até quando vale o desconto',
  descontoSemValor: 'Informe o valor do desconto',
  descontoMaiorQueValor: 'Desconto deve ser menor que o valor do título',
  descontoDepoisVencimento: 'A data limite do desconto deve ser até o vencimento',
  descontoAntesEmissao: 'A data limite do desconto deve ser igual ou posterior à de emissão',
  descontoComCondicao: 'Desconto só em título de vencimento único',
  centroERateio: 'Informe um centro de custo ou um rateio, não os dois',
  pagamentoFuturo: 'A data do pagamento não pode ser futura',
} as const;

export const itemRateioSchema = z.object({
  centro_custo_id: refObrigatoria('Centro de custo'),
  percentual: percentualZero('Percentual', { genero: 'o' }),
});
export type ItemRateioInput = z.input<typeof itemRateioSchema>;

const tituloCampos = {
  documento: optionalText(60, 'Documento'),
  descricao: requiredText(200, 'Descrição', 'Descrição é obrigatória'),
  emissao: dataObrigatoria('Data de emissão'),
  valor: dinheiroPositivo('Valor'),
  /** % a.m.; empty: the settings' default. */
  juros_mes_percentual: percentualOpcional('Taxa de juros'),
  /** %; empty: the settings' default. */
  multa_percentual: percentualOpcional('Multa'),
  desconto_valor: dinheiroOpcional('Desconto'),
  desconto_ate: dataOpcional('Data limite do desconto'),
  classe_financeira_id: refObrigatoria('Classe financeira', 'a'),
  centro_custo_id: optionalRef('Centro de custo'),
  rateio: z.array(itemRateioSchema).max(MAX_CENTROS_RATEIO).default([]),
  forma_id: optionalRef('Forma de pagamento'),
  conta_bancaria_id: optionalRef('Conta bancária prevista'),
  observacoes: optionalText(2000, 'Observações'),
};

type TituloRegras = {
  emissao: string;
  vencimento: string | null;
  valor: string;
  desconto_valor: string | null;
  desconto_ate: string | null;
  centro_custo_id: string | null;
  rateio: { centro_custo_id: string; percentual: string }[];
};

function tituloRules(v: TituloRegras, ctx: z.RefinementCtx) {
  const issue = (path: (string | number)[], message: string) =>
    ctx.addIssue({ code: 'custom', path, message });
  const m = tituloFormMensagens;
  if (v.vencimento && v.vencimento < v.emissao) issue(['vencimento'], m.vencimentoAntesEmissao);
  const desconto = v.desconto_valor !== null && !Decimal.of(v.desconto_valor).isZero();
  if (desconto && !v.desconto_ate) issue(['desconto_ate'], m.descontoSemData);
  if (!desconto && v.desconto_ate) issue(['desconto_valor'], m.descontoSemValor);
  if (desconto && Decimal.of(v.desconto_valor!).gte(v.valor))
    issue(['desconto_valor'], m.descontoMaiorQueValor);
  if (v.desconto_ate && v.vencimento && v.desconto_ate > v.vencimento)
    issue(['desconto_ate'], m.descontoDepoisVencimento);
  if (v.desconto_ate && v.desconto_ate < v.emissao) issue(['desconto_ate'], m.descontoAntesEmissao);
  if (v.centro_custo_id && v.rateio.length > 0) issue(['centro_custo_id'], m.centroERateio);
  if (v.rateio.length > 0) {
    const erro = verificaRateio(v.rateio);
    if (erro)
      issue(
        (erro.campo ?? 'rateio').split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
        erro.mensagem,
      );
  }
}

/** No desconto → null for both fields (a zero desconto is none). */
function limpaDesconto<T extends { desconto_valor: string | null; desconto_ate: string | null }>(v: T): T {
  return v.desconto_valor === null || Decimal.of(v.desconto_valor).isZero()
    ? { ...v, desconto_valor: null, desconto_ate: null }
    : v;
}

/**
 * POST /api/financeiro/{receber|pagar}: one título with its vencimento, or the instalments of a
 * condição de pagamento from the emission date (gerarParcelas). receber links a cliente (and the
 * seller who earns the commission); pagar a fornecedor.
 */
export const tituloCreateSchema = z
  .object({
    tipo: z.enum(TIPOS_TITULO, { error: 'Tipo de título inválido' }),
    cliente_id: optionalRef('Cliente'),
    fornecedor_id: optionalRef('Fornecedor'),
    vendedor_id: optionalRef('Vendedor'),
    ...tituloCampos,
    vencimento: dataOpcional('Data de vencimento'),
    condicao_pagamento_id: optionalRef('Condição de pagamento'),
    origem: z.enum(ORIGENS_MANUAIS, { error: 'Origem inválida' }).default('manual'),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    const m = tituloFormMensagens;
    if (v.tipo === 'receber' && !v.cliente_id) issue('cliente_id', m.clienteObrigatorio);
    if (v.tipo === 'pagar' && !v.fornecedor_id) issue('fornecedor_id', m.fornecedorObrigatorio);
    if (!v.vencimento && !v.condicao_pagamento_id) issue('vencimento', m.vencimentoOuCondicao);
    if (v.vencimento && v.condicao_pagamento_id) issue('condicao_pagamento_id', m.vencimentoECondicao);
    if (v.condicao_pagamento_id && v.desconto_valor !== null && !Decimal.of(v.desconto_valor).isZero())
      issue('desconto_valor', m.descontoComCondicao);
    tituloRules(v, ctx);
  })
  .transform((v) =>
    limpaDesconto({
      ...v,
      cliente_id: v.tipo === 'receber' ? v.cliente_id : null,
      vendedor_id: v.tipo === 'receber' ? v.vendedor_id : null,
      fornecedor_id: v.tipo === 'pagar' ? v.fornecedor_id : null,
    }),
  );
export type TituloCreateInput = z.input<typeof tituloCreateSchema>;
export type TituloCreate = z.output<typeof tituloCreateSchema>;

/** PUT /api/financeiro/{receber|pagar}/:id — one título; the valor only while it has no baixa. */
export const tituloUpdateSchema = z
  .object({ ...tituloCampos, vencimento: dataObrigatoria('Data de vencimento'), versao })
  .superRefine(tituloRules)
  .transform(limpaDesconto);
export type TituloUpdateInput = z.input<typeof tituloUpdateSchema>;
export type TituloUpdate = z.output<typeof tituloUpdateSchema>;

const dataPagamento = dataObrigatoria('Data do pagamento').refine(
  (d) => d <= businessToday(),
  tituloFormMensagens.pagamentoFuturo,
);

/**
 * POST …/:id/baixas: total or partial. juros, multa and desconto as proposed by valorParaBaixa
 * (editable); the principal (valor pago − juros − multa + desconto) leaves the saldo.
 */
export const baixaSchema = z
  .object({
    data_pagamento: dataPagamento,
    conta_bancaria_id: refObrigatoria('Conta bancária', 'a'),
    forma_id: optionalRef('Forma de pagamento'),
    valor_pago: dinheiroPositivo('Valor pago'),
    juros: dinheiroCampo('Valor dos juros'),
    multa: dinheiroCampo('Valor da multa'),
    desconto: dinheiroCampo('Desconto'),
    observacao: optionalText(500, 'Observação'),
  })
  .refine((b) => !Decimal.of(b.valor_pago).isPositive() || principalDaBaixa(b).isPositive(), {
    path: ['valor_pago'],
    message: tituloMensagens.principalPositivo,
  });
export type BaixaInput = z.input<typeof baixaSchema>;
export type Baixa = z.output<typeof baixaSchema>;

export const MAX_TITULOS_LOTE = 200;

/** POST /api/financeiro/{receber|pagar}/baixas-em-lote: one payment over several títulos (baixa-lote.ts). */
export const baixaEmLoteSchema = z.object({
  titulo_ids: z
    .array(uuidParam, { error: 'Selecione ao menos um título' })
    .min(1, 'Selecione ao menos um título')
    .max(MAX_TITULOS_LOTE, `No máximo ${MAX_TITULOS_LOTE} títulos por lote`)
    .refine((ids) => new Set(ids).size === ids.length, 'Título repetido no lote'),
  data_pagamento: dataPagamento,
  conta_bancaria_id: refObrigatoria('Conta bancária', 'a'),
  forma_id: optionalRef('Forma de pagamento'),
  /** Empty: the total due of the títulos on the date. */
  valor_pago: dinheiroOpcional('Valor pago'),
  observacao: optionalText(500, 'Observação'),
  /**
   * Optional: the versão of each título as the screen showed it (id → versao); a título changed
   * since then answers 409 and nothing is written.
   */
  versoes: z.record(uuidParam, z.number({ error: 'Versão inválida' }).int().nonnegative()).optional(),
});
export type BaixaEmLoteInput = z.input<typeof baixaEmLoteSchema>;
export type BaixaEmLote = z.output<typeof baixaEmLoteSchema>;

/** The answer of POST …/baixas-em-lote (201). */
export type BaixaEmLoteResposta = {
  lote_id: string;
  /** What the payment settled, in allocation order (due date). */
  baixas: {
    baixa_id: string;
    titulo_id: string;
    tipo: 'total' | 'parcial';
    valor_pago: string;
    juros: string;
    multa: string;
    desconto: string;
    principal: string;
  }[];
  /** Títulos the payment did not reach (no baixa). */
  nao_alcancados: string[];
  total_devido: string;
  valor_pago: string;
  /** Every título of the lote after it. */
  titulos: TituloRow[];
};

/** POST …/baixas/:id/estorno — a reversal movement, never a delete. */
export const estornoBaixaSchema = z.object({ motivo: motivoCampo() });
export type EstornoBaixaInput = z.input<typeof estornoBaixaSchema>;

/** POST …/:id/cancelamento — only without active baixas. */
export const cancelamentoTituloSchema = z.object({ motivo: motivoCampo() });
export type CancelamentoTituloInput = z.input<typeof cancelamentoTituloSchema>;

/** GET …/:id/encargos?data= — what valorParaBaixa proposes for a payment date. */
export const encargosQuerySchema = z.object({ data: dataPagamento });

// ——— Lists ———

/** Status filter: each status, or the open ones (em_aberto + parcial), or the overdue ones. */
export const FILTROS_STATUS_TITULO = [...STATUS_TITULO, 'abertos', 'vencidos'] as const;
export type FiltroStatusTitulo = (typeof FILTROS_STATUS_TITULO)[number];
export const filtroStatusTituloLabels: Record<FiltroStatusTitulo, string> = {
  em_aberto: 'Em aberto',
  parcial: 'Parcial',
  pago: 'Pago',
  cancelado: 'Cancelado',
  abertos: 'Em aberto e parciais',
  vencidos: 'Vencidos',
};

export const TITULO_SORTS = [
  'vencimento',
  'emissao',
  'valor',
  'saldo',
  'pessoa_nome',
  'documento',
  'created_at',
] as const;

const periodoRefine = {
  path: ['vencimento_ate'],
  message: 'A data final deve ser igual ou posterior à inicial',
};

/** GET /api/financeiro/{receber|pagar}. */
export const titulosListQuerySchema = listQuerySchema(TITULO_SORTS, 'vencimento', {
  status: z.enum(FILTROS_STATUS_TITULO, { error: 'Status inválido' }).optional(),
  vencimento_de: dataOpcional('Data inicial').optional(),
  vencimento_ate: dataOpcional('Data final').optional(),
  pessoa_id: uuidParam.optional(),
  classe_financeira_id: uuidParam.optional(),
  centro_custo_id: uuidParam.optional(),
  conta_bancaria_id: uuidParam.optional(),
  forma_id: uuidParam.optional(),
  origem: z.enum(ORIGENS_TITULO, { error: 'Origem inválida' }).optional(),
}).refine((v) => !v.vencimento_de || !v.vencimento_ate || v.vencimento_de <= v.vencimento_ate, periodoRefine);
export type TitulosListQuery = z.input<typeof titulosListQuerySchema>;

/** A título as the API answers it. */
export type TituloRow = {
  id: string;
  tipo: TipoTitulo;
  status: StatusTitulo;
  cliente_id: string | null;
  fornecedor_id: string | null;
  vendedor_id: string | null;
  /** The person's name when the título was created (kept if the register changes). */
  pessoa_nome: string;
  documento: string | null;
  descricao: string;
  parcela: number;
  total_parcelas: number;
  emissao: string;
  vencimento: string;
  valor: string;
  saldo: string;
  juros_mes_percentual: string;
  multa_percentual: string;
  desconto_valor: string | null;
  desconto_ate: string | null;
  classe_financeira_id: string;
  centro_custo_id: string | null;
  rateio: { centro_custo_id: string; percentual: string; valor: string }[];
  forma_id: string | null;
  conta_bancaria_id: string | null;
  origem: OrigemTitulo;
  origem_id: string | null;
  observacoes: string | null;
  motivo_cancelamento: string | null;
  versao: number;
  created_at: string;
  updated_at: string;
};

/** Footer of the lists: over the whole filter, not the page. */
export type TitulosTotais = { em_aberto: string; vencido: string; pago_no_periodo: string };

export type BaixaRow = {
  id: string;
  titulo_id: string;
  data_pagamento: string;
  conta_bancaria_id: string;
  forma_id: string | null;
  valor_pago: string;
  juros: string;
  multa: string;
  desconto: string;
  principal: string;
  /** Seller commission generated (receivables with a seller), else null. */
  comissao: string | null;
  lote_id: string | null;
  observacao: string | null;
  estornada: boolean;
  estorno_motivo: string | null;
  usuario_nome: string | null;
  created_at: string;
};
