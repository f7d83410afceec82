import { z } from 'zod';
import { ativo, optionalInt, optionalText, requiredText, versao } from '../cadastros/campos.ts';
import { Decimal } from '../decimal.ts';
import { dataObrigatoria } from '../estoque/campos.ts';
import { booleanParam, listQuerySchema } from '../list-params.ts';
import { percentualOpcional, percentualZero } from '../tributacao/percentuais.ts';
import { bancoPorCodigo } from './bancos.ts';
import { dinheiroComSinal } from './campos.ts';
import { chavePixMensagens, normalizaChavePix, TIPOS_CHAVE_PIX, type TipoChavePix } from './chave-pix.ts';
import {
  condicaoMensagens,
  diasDeParcelas,
  INTERVALO_MAXIMO_DIAS,
  lerDiasCondicao,
  MAX_PARCELAS,
  PRAZO_MAXIMO_DIAS,
  verificaDias,
} from './condicao-pagamento.ts';
import {
  AGENCIA_DIGITO_FORMATO,
  AGENCIA_FORMATO,
  CONTA_DIGITO_FORMATO,
  CONTA_FORMATO,
  TIPOS_CONTA_BANCARIA,
  type TipoContaBancaria,
} from './conta-bancaria.ts';
import { isCartao, PRAZO_COMPENSACAO_MAXIMO, TIPOS_FORMA, type TipoForma } from './formas-pagamento.ts';
import { erroCodigoPlano, TIPOS_CLASSE, type TipoClasse } from './plano-gerencial.ts';

// The finance registers: centros de custo, classes financeiras (the plano gerencial), formas de
// recebimento/pagamento, condições de pagamento and contas bancárias. The server adds what
// depends on other rows (a code's parent exists and has no values, a classe's tipo equals its
// parent's: plano-gerencial.ts verificaPai).

type Issue = (path: string, message: string) => void;
const issuer =
  (ctx: z.RefinementCtx): Issue =>
  (path, message) =>
    ctx.addIssue({ code: 'custom', path: [path], message });

/** A plano gerencial code: 1.01.003 (see plano-gerencial.ts). */
export const codigoPlanoCampo = z
  .string({ error: 'Código é obrigatório' })
  .trim()
  .superRefine((v, ctx) => {
    const erro = erroCodigoPlano(v);
    if (erro) ctx.addIssue({ code: 'custom', message: erro });
  });

// ——— Centros de custo ———

const centroCustoFields = {
  codigo: codigoPlanoCampo,
  nome: requiredText(100, 'Nome'),
  descricao: optionalText(500, 'Descrição'),
  ativo,
};
export const centroCustoCreateSchema = z.object(centroCustoFields);
export const centroCustoUpdateSchema = z.object({ ...centroCustoFields, versao });
export type CentroCustoInput = z.input<typeof centroCustoCreateSchema>;
export type CentroCusto = z.output<typeof centroCustoCreateSchema>;

export const PLANO_SORTS = ['codigo', 'nome', 'created_at'] as const;
export const centrosCustoListQuerySchema = listQuerySchema(PLANO_SORTS, 'codigo', {
  ativo: booleanParam.optional(),
  analitica: booleanParam.optional(),
});
export type CentrosCustoListQuery = z.input<typeof centrosCustoListQuerySchema>;

// ——— Classes financeiras ———

const classeFields = {
  codigo: codigoPlanoCampo,
  nome: requiredText(100, 'Nome'),
  tipo: z.enum(TIPOS_CLASSE, { error: 'Informe se a classe é de receita ou de despesa' }),
  descricao: optionalText(500, 'Descrição'),
  ativo,
};
export const classeFinanceiraCreateSchema = z.object(classeFields);
export const classeFinanceiraUpdateSchema = z.object({ ...classeFields, versao });
export type ClasseFinanceiraInput = z.input<typeof classeFinanceiraCreateSchema>;
export type ClasseFinanceira = z.output<typeof classeFinanceiraCreateSchema>;

export const classesFinanceirasListQuerySchema = listQuerySchema(PLANO_SORTS, 'codigo', {
  ativo: booleanParam.optional(),
  analitica: booleanParam.optional(),
  tipo: z.enum(TIPOS_CLASSE, { error: 'Tipo inválido' }).optional(),
});
export type ClassesFinanceirasListQuery = z.input<typeof classesFinanceirasListQuerySchema>;

/** A centro de custo or classe as the API answers it; `pai_codigo` derived, `analitica` = no children. */
export type PlanoRow = {
  id: string;
  codigo: string;
  nome: string;
  descricao: string | null;
  pai_codigo: string | null;
  nivel: number;
  analitica: boolean;
  ativo: boolean;
  versao: number;
  created_at: string;
  updated_at: string;
};
export type CentroCustoRow = PlanoRow;
export type ClasseFinanceiraRow = PlanoRow & { tipo: TipoClasse };

// ——— Formas de recebimento/pagamento ———

const formaFields = {
  nome: requiredText(60, 'Nome'),
  tipo: z.enum(TIPOS_FORMA, { error: 'Tipo de forma de pagamento inválido' }),
  /** Cards only (cleared for other tipos): the acquirer's taxa, %. */
  taxa_percentual: percentualZero('Taxa'),
  /** Cards only: D+N calendar days. */
  prazo_compensacao_dias: optionalInt('Prazo de compensação', 0, PRAZO_COMPENSACAO_MAXIMO),
  ativo,
};

function formaRules<
  T extends { tipo: TipoForma; taxa_percentual: string; prazo_compensacao_dias: number | null },
>(v: T): T & { taxa_percentual: string | null } {
  return isCartao(v.tipo)
    ? { ...v, prazo_compensacao_dias: v.prazo_compensacao_dias ?? 0 }
    : { ...v, taxa_percentual: null, prazo_compensacao_dias: null };
}

export const formaPagamentoCreateSchema = z.object(formaFields).transform(formaRules);
export const formaPagamentoUpdateSchema = z.object({ ...formaFields, versao }).transform(formaRules);
export type FormaPagamentoInput = z.input<typeof formaPagamentoCreateSchema>;
export type FormaPagamento = z.output<typeof formaPagamentoCreateSchema>;

export const FORMA_SORTS = ['nome', 'tipo', 'created_at'] as const;
export const formasPagamentoListQuerySchema = listQuerySchema(FORMA_SORTS, 'nome', {
  ativo: booleanParam.optional(),
  tipo: z.enum(TIPOS_FORMA, { error: 'Tipo inválido' }).optional(),
});
export type FormasPagamentoListQuery = z.input<typeof formasPagamentoListQuerySchema>;

export type FormaPagamentoRow = {
  id: string;
  nome: string;
  tipo: TipoForma;
  /** NF-e tPag of the tipo (tPagPorTipo). */
  tpag: string;
  taxa_percentual: string | null;
  prazo_compensacao_dias: number | null;
  ativo: boolean;
  versao: number;
  created_at: string;
  updated_at: string;
};

// ——— Condições de pagamento ———

export const TIPOS_CONDICAO = ['dias', 'parcelas'] as const;
export type TipoCondicao = (typeof TIPOS_CONDICAO)[number];
export const tipoCondicaoLabels: Record<TipoCondicao, string> = {
  dias: 'Prazos em dias (ex.: 30/60/90)',
  parcelas: 'N parcelas a cada X dias',
};

const condicaoFields = {
  nome: requiredText(60, 'Nome'),
  tipo: z.enum(TIPOS_CONDICAO, { error: 'Tipo de condição inválido' }).default('dias'),
  /** tipo dias: "0/30/60" (or the list of days). */
  dias: z
    .union([z.string(), z.array(z.number({ error: condicaoMensagens.diasFormato }))], {
      error: condicaoMensagens.diasFormato,
    })
    .optional()
    .nullable(),
  /** tipo parcelas: N, every X days, the first after Y days (default X). */
  parcelas: optionalInt('Número de parcelas', 1, MAX_PARCELAS),
  intervalo_dias: optionalInt('Intervalo', 1, INTERVALO_MAXIMO_DIAS),
  primeiro_vencimento_dias: optionalInt('Primeiro vencimento', 0, PRAZO_MAXIMO_DIAS),
  /** Optional entrada, %: instalment 1 due on the base date. Empty or zero: none. */
  entrada_percentual: percentualOpcional('Entrada'),
  ativo,
};

type CondicaoCampos = {
  tipo: TipoCondicao;
  dias?: string | number[] | null;
  parcelas: number | null;
  intervalo_dias: number | null;
  primeiro_vencimento_dias: number | null;
  entrada_percentual: string | null;
};

/** The condição normalised: `dias` always holds the prazos; the parcelas fields only for that tipo. */
function condicaoRules<T extends CondicaoCampos>(v: T, ctx: z.RefinementCtx) {
  const issue = issuer(ctx);
  let dias: number[] = [];
  let { parcelas, intervalo_dias, primeiro_vencimento_dias } = v;
  if (v.tipo === 'dias') {
    parcelas = intervalo_dias = primeiro_vencimento_dias = null;
    if (Array.isArray(v.dias)) {
      const erro = verificaDias(v.dias);
      if (erro) issue('dias', erro.mensagem);
      else dias = v.dias;
    } else {
      const lido = lerDiasCondicao(v.dias ?? '');
      if (lido.ok) dias = lido.dias;
      else issue('dias', lido.mensagem);
    }
  } else {
    if (parcelas === null) issue('parcelas', 'Número de parcelas é obrigatório');
    if (intervalo_dias === null && (parcelas ?? 0) > 1) issue('intervalo_dias', 'Intervalo é obrigatório');
    if (parcelas !== null) {
      primeiro_vencimento_dias ??= intervalo_dias ?? 0;
      intervalo_dias ??= 0;
      dias = diasDeParcelas(parcelas, intervalo_dias, primeiro_vencimento_dias);
      if (dias.at(-1)! > PRAZO_MAXIMO_DIAS) issue('parcelas', condicaoMensagens.prazoMaximo);
    }
  }
  let entrada = v.entrada_percentual;
  if (entrada !== null && Decimal.of(entrada).isZero()) entrada = null;
  if (entrada !== null && Decimal.of(entrada).gte(100))
    issue('entrada_percentual', condicaoMensagens.entradaMaximo);
  else if (entrada !== null && dias[0] === 0) issue('dias', condicaoMensagens.entradaComPrazoZero);
  return {
    ...v,
    dias,
    parcelas,
    intervalo_dias,
    primeiro_vencimento_dias,
    entrada_percentual: entrada,
  };
}

export const condicaoPagamentoCreateSchema = z.object(condicaoFields).transform(condicaoRules);
export const condicaoPagamentoUpdateSchema = z.object({ ...condicaoFields, versao }).transform(condicaoRules);
export type CondicaoPagamentoInput = z.input<typeof condicaoPagamentoCreateSchema>;
export type CondicaoPagamento = z.output<typeof condicaoPagamentoCreateSchema>;

export const CONDICAO_SORTS = ['nome', 'created_at'] as const;
export const condicoesPagamentoListQuerySchema = listQuerySchema(CONDICAO_SORTS, 'nome', {
  ativo: booleanParam.optional(),
});
export type CondicoesPagamentoListQuery = z.input<typeof condicoesPagamentoListQuerySchema>;

export type CondicaoPagamentoRow = {
  id: string;
  nome: string;
  tipo: TipoCondicao;
  dias: number[];
  parcelas: number | null;
  intervalo_dias: number | null;
  primeiro_vencimento_dias: number | null;
  entrada_percentual: string | null;
  /** descreveCondicao(). */
  descricao: string;
  ativo: boolean;
  versao: number;
  created_at: string;
  updated_at: string;
};

// ——— Contas bancárias ———

export const contaBancariaFormMensagens = {
  bancoObrigatorio: 'Banco é obrigatório',
  bancoNaoEncontrado: 'Banco não encontrado na lista do Banco Central',
  agenciaObrigatoria: 'Agência é obrigatória',
  agenciaFormato: 'Agência inválida: até 5 dígitos, sem o dígito verificador',
  agenciaDigito: 'Dígito da agência inválido',
  contaObrigatoria: 'Conta é obrigatória',
  contaFormato: 'Conta inválida: até 13 dígitos, sem o dígito verificador',
  contaDigitoObrigatorio: 'Dígito da conta é obrigatório',
  contaDigito: 'Dígito da conta inválido',
  chaveSemTipo: 'Informe o tipo da chave PIX',
  chaveObrigatoria: 'Informe a chave PIX',
} as const;

/** Text of a bank field: spaces and dots dropped ("12.345" → "12345"), upper case; '' → null. */
const textoBanco = (invalido: string) =>
  z
    .string({ error: invalido })
    .max(30, invalido)
    .transform((v) => v.replace(/[\s.]/g, '').toUpperCase() || null)
    .nullable()
    .optional()
    .transform((v) => v ?? null);

const contaBancariaFields = {
  nome: requiredText(60, 'Nome'),
  tipo: z.enum(TIPOS_CONTA_BANCARIA, { error: 'Tipo de conta inválido' }),
  /** COMPE code, from the official list (bancos.ts). Not for caixa. */
  banco_codigo: textoBanco('Banco inválido'),
  agencia: textoBanco('Agência inválida'),
  agencia_digito: textoBanco('Dígito da agência inválido'),
  conta: textoBanco('Conta inválida'),
  conta_digito: textoBanco('Dígito da conta inválido'),
  titular: optionalText(150, 'Titular'),
  saldo_inicial: dinheiroComSinal('Saldo inicial'),
  data_saldo_inicial: dataObrigatoria('Data do saldo inicial'),
  tipo_chave_pix: z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z.enum(TIPOS_CHAVE_PIX, { error: 'Tipo de chave PIX inválido' }).nullable(),
  ),
  chave_pix: optionalText(77, 'Chave PIX'),
  /** For boletos (a later issue). */
  carteira: optionalText(10, 'Carteira'),
  convenio: optionalText(20, 'Convênio'),
  ativa: z.boolean({ error: 'Valor inválido' }).default(true),
};

type ContaCampos = {
  tipo: TipoContaBancaria;
  banco_codigo: string | null;
  agencia: string | null;
  agencia_digito: string | null;
  conta: string | null;
  conta_digito: string | null;
  tipo_chave_pix: TipoChavePix | null;
  chave_pix: string | null;
  carteira: string | null;
  convenio: string | null;
};

/** Bank fields checked and normalised (banco_nome from the list); a caixa keeps none of them. */
function contaBancariaRules<T extends ContaCampos>(
  v: T,
  ctx: z.RefinementCtx,
): T & { banco_nome: string | null } {
  const issue = issuer(ctx);
  const m = contaBancariaFormMensagens;
  if (v.tipo === 'caixa') {
    return {
      ...v,
      banco_codigo: null,
      banco_nome: null,
      agencia: null,
      agencia_digito: null,
      conta: null,
      conta_digito: null,
      tipo_chave_pix: null,
      chave_pix: null,
      carteira: null,
      convenio: null,
    };
  }
  const banco = bancoPorCodigo(v.banco_codigo);
  if (!v.banco_codigo) issue('banco_codigo', m.bancoObrigatorio);
  else if (!banco) issue('banco_codigo', m.bancoNaoEncontrado);
  if (!v.agencia) issue('agencia', m.agenciaObrigatoria);
  else if (!AGENCIA_FORMATO.test(v.agencia)) issue('agencia', m.agenciaFormato);
  if (v.agencia_digito && !AGENCIA_DIGITO_FORMATO.test(v.agencia_digito))
    issue('agencia_digito', m.agenciaDigito);
  if (!v.conta) issue('conta', m.contaObrigatoria);
  else if (!CONTA_FORMATO.test(v.conta)) issue('conta', m.contaFormato);
  if (!v.conta_digito) issue('conta_digito', m.contaDigitoObrigatorio);
  else if (!CONTA_DIGITO_FORMATO.test(v.conta_digito)) issue('conta_digito', m.contaDigito);

  let chave = v.chave_pix;
  if (chave && !v.tipo_chave_pix) issue('tipo_chave_pix', m.chaveSemTipo);
  else if (v.tipo_chave_pix && !chave) issue('chave_pix', m.chaveObrigatoria);
  else if (v.tipo_chave_pix && chave) {
    chave = normalizaChavePix(v.tipo_chave_pix, chave);
    if (chave === null) issue('chave_pix', chavePixMensagens[v.tipo_chave_pix]);
  }
  return {
    ...v,
    banco_codigo: banco?.codigo ?? v.banco_codigo,
    banco_nome: banco?.nome ?? null,
    chave_pix: chave,
  };
}

export const contaBancariaCreateSchema = z.object(contaBancariaFields).transform(contaBancariaRules);
export const contaBancariaUpdateSchema = z
  .object({ ...contaBancariaFields, versao })
  .transform(contaBancariaRules);
export type ContaBancariaInput = z.input<typeof contaBancariaCreateSchema>;
export type ContaBancaria = z.output<typeof contaBancariaCreateSchema>;

export const CONTA_BANCARIA_SORTS = ['nome', 'banco_codigo', 'created_at'] as const;
export const contasBancariasListQuerySchema = listQuerySchema(CONTA_BANCARIA_SORTS, 'nome', {
  ativa: booleanParam.optional(),
  tipo: z.enum(TIPOS_CONTA_BANCARIA, { error: 'Tipo inválido' }).optional(),
});
export type ContasBancariasListQuery = z.input<typeof contasBancariasListQuerySchema>;

export type ContaBancariaRow = ContaBancaria & {
  id: string;
  /** saldo inicial + movements (conta-bancaria.ts saldoConta). */
  saldo_atual: string;
  versao: number;
  created_at: string;
  updated_at: string;
};
