import { z } from 'zod';
import { dataObrigatoria } from '../estoque/campos.ts';
import { dinheiroPositivo } from '../financeiro/campos.ts';
import { listQuerySchema, uuidParam } from '../list-params.ts';
import { percentualZero } from '../tributacao/percentuais.ts';

// The API contract of cobrança registrada (issue 31): the carteira of a bank account, the boletos
// of the receivables, their instructions and the remessa files. The rules themselves (nosso
// número, barcode, remessa layouts) are the pure functions of this folder.

export const LAYOUTS_CNAB = ['cnab240', 'cnab400'] as const;
export type LayoutCnab = (typeof LAYOUTS_CNAB)[number];
export const layoutCnabLabels: Record<LayoutCnab, string> = {
  cnab240: 'CNAB 240',
  cnab400: 'CNAB 400',
};

/** A boleto's life at the bank: a registrar (no remessa yet) → enviado (in a remessa) → registrado
 * (the retorno's entrada confirmada) or rejeitado (with the bank's motivo) → liquidado or baixado. */
export const SITUACOES_BOLETO = [
  'a_registrar',
  'enviado',
  'registrado',
  'rejeitado',
  'liquidado',
  'baixado',
] as const;
export type SituacaoBoleto = (typeof SITUACOES_BOLETO)[number];
export const situacaoBoletoLabels: Record<SituacaoBoleto, string> = {
  a_registrar: 'A registrar',
  enviado: 'Enviado',
  registrado: 'Registrado',
  rejeitado: 'Rejeitado',
  liquidado: 'Liquidado',
  baixado: 'Baixado',
};
/** Situações in which the bank may still be asked something (an instruction). */
export const SITUACOES_BOLETO_VIVO: readonly SituacaoBoleto[] = ['a_registrar', 'enviado', 'registrado'];

export const INSTRUCOES_BOLETO = [
  'entrada',
  'alteracaoVencimento',
  'abatimento',
  'baixa',
  'protesto',
] as const;
export type InstrucaoBoleto = (typeof INSTRUCOES_BOLETO)[number];
export const instrucaoBoletoLabels: Record<InstrucaoBoleto, string> = {
  entrada: 'Entrada (registro)',
  alteracaoVencimento: 'Alterar vencimento',
  abatimento: 'Conceder abatimento',
  baixa: 'Pedir baixa',
  protesto: 'Protestar',
};

export const cobrancaMensagens = {
  semCarteira: (conta: string) =>
    `A conta ${conta} não tem cobrança registrada: configure a carteira em Financeiro > Contas bancárias.`,
  semContaComCarteira:
    'Nenhuma conta bancária com cobrança registrada: configure a carteira em Financeiro > Contas bancárias.',
  semCarteiraPadrao:
    'Há mais de uma conta com cobrança registrada: informe a conta do título ou marque uma carteira como padrão em Financeiro > Contas bancárias.',
  carteiraInativa: (conta: string) => `A cobrança registrada da conta ${conta} está inativa.`,
  contaSemBanco: 'Informe o banco da conta antes da cobrança registrada.',
  nossoNumeroVoltou: (atual: string) =>
    `O próximo nosso número não pode voltar: já foram gerados boletos até ${atual}.`,
  nsaVoltou: (atual: number) => `O próximo NSA não pode voltar: a última remessa foi a ${atual}.`,
  tituloNaoReceber: 'Boleto só para título a receber.',
  tituloFechado: (status: string) => `Título ${status}: não é possível gerar boleto.`,
  tituloJaTemBoleto: (nn: string) => `O título já tem o boleto de nosso número ${nn}.`,
  clienteSemDocumento: (cliente: string) => `O cliente ${cliente} não tem CPF/CNPJ: informe-o no cadastro.`,
  clienteSemEndereco: (cliente: string, falta: string) =>
    `O cliente ${cliente} não tem ${falta} no cadastro: o banco exige o endereço completo do pagador.`,
  semEmitente:
    'Informe a razão social, o CNPJ e o endereço do emitente em Configurações Fiscais: são o beneficiário do boleto.',
  boletoFechado: (situacao: string) => `Boleto ${situacao}: a instrução não pode ser enviada ao banco.`,
  vencimentoIgual: 'O novo vencimento é igual ao atual.',
  abatimentoMaior: 'O abatimento deve ser menor que o valor do boleto.',
  nadaARemeter: (conta: string) => `Nada a enviar na conta ${conta}: nenhum boleto ou instrução pendente.`,
} as const;

const diasOpcionais = (label: string, max: number) =>
  z.preprocess(
    // a form sends "30": read as the number (a non-number stays text and is refused)
    (v) =>
      v === '' || v === undefined ? null : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v,
    z
      .number({ error: `${label} deve ser um número de dias` })
      .int(`${label} deve ser um número inteiro de dias`)
      .min(1, `${label} deve ser de pelo menos 1 dia`)
      .max(max, `${label} deve ser no máximo ${max} dias`)
      .nullable(),
  );

const digitos = (label: string, max: number, obrigatorio = false) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : (v ?? '')),
    obrigatorio
      ? z.string().min(1, `${label} é obrigatório`).max(max, `${label} deve ter no máximo ${max} caracteres`)
      : z.string().max(max, `${label} deve ter no máximo ${max} caracteres`),
  ) as z.ZodType<string, unknown>;

/** PUT /api/financeiro/contas-bancarias/:id/cobranca — the bank is the account's. */
export const carteiraCobrancaSchema = z.object({
  agencia: digitos('Agência', 5, true),
  agencia_dv: digitos('Dígito da agência', 1),
  conta: digitos('Conta', 12),
  conta_dv: digitos('Dígito da conta', 2),
  carteira: digitos('Carteira', 3, true),
  variacao: digitos('Variação', 3),
  convenio: digitos('Convênio / código do beneficiário', 20),
  posto: digitos('Posto', 2),
  codigo_transmissao: digitos('Código de transmissão', 20),
  layout: z.enum(LAYOUTS_CNAB, { error: 'Layout inválido' }),
  proximo_nosso_numero: z.coerce
    .number({ error: 'Próximo nosso número deve ser um número' })
    .int('Próximo nosso número deve ser inteiro')
    .min(1, 'Próximo nosso número deve ser pelo menos 1')
    .max(Number.MAX_SAFE_INTEGER, 'Próximo nosso número muito grande'),
  proximo_nsa: z.coerce
    .number({ error: 'Próximo NSA deve ser um número' })
    .int('Próximo NSA deve ser inteiro')
    .min(1, 'Próximo NSA deve ser pelo menos 1')
    .max(9_999_999, 'Próximo NSA deve ser no máximo 9999999'),
  multa_percentual: percentualZero('Multa', { max: '20' }),
  juros_mes_percentual: percentualZero('Juros ao mês', { max: '20' }),
  desconto_percentual: percentualZero('Desconto até o vencimento', { max: '99' }),
  dias_protesto: diasOpcionais('Dias para protesto', 99),
  dias_baixa: diasOpcionais('Dias para baixa automática', 999),
  mensagens: z
    .array(z.string().trim().max(40, 'Cada mensagem deve ter no máximo 40 caracteres'))
    .max(4, 'No máximo 4 mensagens')
    .default([])
    .transform((l) => l.filter((s) => s !== '')),
  ativa: z.boolean().default(true),
  /** The carteira of the receivables that name no account (an NF-e's), when several are active. */
  padrao: z.boolean().default(false),
  /** Where the retorno's tarifas are posted (a despesa classe); empty: only listed. */
  classe_tarifa_id: z.preprocess((v) => (v === '' || v === undefined ? null : v), uuidParam.nullable()),
});
export type CarteiraCobrancaInput = z.input<typeof carteiraCobrancaSchema>;
export type CarteiraCobrancaDados = z.output<typeof carteiraCobrancaSchema>;

export type CarteiraCobrancaRow = CarteiraCobrancaDados & {
  id: string;
  conta_bancaria_id: string;
  banco: string;
  /** The highest sequential already used (0 when none): the next one may not go below it + 1. */
  ultimo_nosso_numero: number;
  /** The last NSA sent (0 when none). */
  ultimo_nsa: number;
  /** "Agência / Código do beneficiário" as the boleto prints it. */
  agencia_codigo_beneficiario: string;
  versao: number;
};

/** POST /api/financeiro/cobranca/boletos — one or many receivables (bulk "Gerar boleto"). */
export const gerarBoletosSchema = z.object({
  titulo_ids: z
    .array(uuidParam)
    .min(1, 'Escolha ao menos um título')
    .max(1000, 'No máximo 1000 títulos por vez'),
  /** The carteira to use; default: the título's account's, else the only active one. */
  conta_bancaria_id: uuidParam.optional(),
});

/** POST /api/financeiro/cobranca/boletos/:id/instrucoes */
export const instrucaoBoletoSchema = z.discriminatedUnion(
  'instrucao',
  [
    z.object({ instrucao: z.literal('alteracaoVencimento'), vencimento: dataObrigatoria('Novo vencimento') }),
    z.object({ instrucao: z.literal('abatimento'), valor: dinheiroPositivo('Valor do abatimento') }),
    z.object({ instrucao: z.literal('baixa') }),
    z.object({ instrucao: z.literal('protesto') }),
  ],
  { error: 'Instrução inválida' },
);
export type InstrucaoBoletoInput = z.input<typeof instrucaoBoletoSchema>;

/** POST /api/financeiro/cobranca/remessas */
export const gerarRemessaSchema = z.object({ conta_bancaria_id: uuidParam });

export const BOLETO_SORTS = ['vencimento', 'nosso_numero', 'valor', 'pessoa_nome', 'created_at'] as const;
export const boletosListQuerySchema = listQuerySchema(BOLETO_SORTS, 'vencimento', {
  situacao: z.enum(SITUACOES_BOLETO, { error: 'Situação inválida' }).optional(),
  conta_bancaria_id: uuidParam.optional(),
  titulo_id: uuidParam.optional(),
});
export type BoletosListQuery = z.input<typeof boletosListQuerySchema>;

export type BoletoRow = {
  id: string;
  titulo_id: string;
  conta_bancaria_id: string;
  conta_nome: string;
  banco: string;
  nosso_numero: string;
  nosso_numero_dv: string;
  nosso_numero_impresso: string;
  codigo_barras: string;
  linha_digitavel: string;
  valor: string;
  vencimento: string;
  emissao: string;
  situacao: SituacaoBoleto;
  motivo: string | null;
  pessoa_nome: string;
  documento: string | null;
  titulo_status: string;
  /** Instructions not yet in a remessa. */
  instrucoes_pendentes: InstrucaoBoleto[];
  created_at: string;
};

export const remessasListQuerySchema = listQuerySchema(['created_at'] as const, 'created_at', {
  conta_bancaria_id: uuidParam.optional(),
});

export type RemessaRow = {
  id: string;
  conta_bancaria_id: string;
  conta_nome: string;
  nsa: number;
  layout: LayoutCnab;
  nome_arquivo: string;
  quantidade: number;
  valor_total: string;
  usuario: string | null;
  created_at: string;
};

/** The remessa file's name: bank, NSA (6 digits) and layout. */
export const nomeArquivoRemessa = (banco: string, nsa: number, layout: LayoutCnab) =>
  `remessa-${banco}-${String(nsa).padStart(6, '0')}-${layout}.rem`;
