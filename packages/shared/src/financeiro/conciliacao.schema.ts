import { z } from 'zod';
import { optionalRef, requiredText } from '../cadastros/campos.ts';
import { dataOpcional } from '../estoque/campos.ts';
import { uuidParam } from '../list-params.ts';
import type { SituacaoConciliacao, SugestaoConciliacao } from './conciliacao.ts';
import { tituloFormMensagens } from './titulos.schema.ts';

// /api/financeiro/conciliacao-bancaria: the period of one account, confirm / undo a match, create
// a título (settled on the line's date) from an unmatched line.

export const conciliacaoMensagens = {
  periodo: 'A data final deve ser igual ou posterior à inicial',
  umTipo: 'Escolha os movimentos ou os títulos da linha',
  jaConciliada: 'Esta linha do extrato já está conciliada. Atualize a tela.',
  naoConciliada: 'Esta linha do extrato não está conciliada.',
  somaMovimentos: (soma: string, valor: string) =>
    `A soma dos movimentos (${soma}) difere do valor da linha (${valor})`,
  movimentoUsado: 'Um dos movimentos já está conciliado com outra linha. Atualize a tela.',
  movimentoOutraConta: 'Movimento não encontrado nesta conta.',
} as const;

export const conciliacaoQuerySchema = z
  .object({
    /** Absent: the first active account by name (the screen always sends it). */
    conta_bancaria_id: optionalRef('Conta bancária'),
    de: dataOpcional('Data inicial').optional(),
    ate: dataOpcional('Data final').optional(),
  })
  .refine((v) => !v.de || !v.ate || v.de <= v.ate, { path: ['ate'], message: conciliacaoMensagens.periodo });
export type ConciliacaoQuery = z.output<typeof conciliacaoQuerySchema>;

export const conciliarLinhaSchema = z
  .object({
    movimento_ids: z.array(z.coerce.number().int().positive()).max(200).optional(),
    titulo_ids: z.array(uuidParam).max(200).optional(),
  })
  .refine((v) => (v.movimento_ids?.length ?? 0) > 0 !== (v.titulo_ids?.length ?? 0) > 0, {
    path: ['titulo_ids'],
    message: conciliacaoMensagens.umTipo,
  });
export type ConciliarLinha = z.output<typeof conciliarLinhaSchema>;

/**
 * What a statement line becomes: a título a receber (a credit, from a customer), a pagar (a debit, to
 * a supplier) or a bank fee (a debit whose payee is the account's own bank).
 */
export const TIPOS_TITULO_DA_LINHA = ['receber', 'pagar', 'tarifa'] as const;
export type TipoTituloDaLinha = (typeof TIPOS_TITULO_DA_LINHA)[number];

export const tituloDaLinhaMensagens = {
  tipo: 'Tipo de título inválido',
  credito: 'Uma linha de crédito gera um título a receber',
  debito: 'Uma linha de débito gera um título a pagar ou uma tarifa',
} as const;

/**
 * POST …/linhas/:id/criar (issue 29): the dialog's confirmed título. The person and the classe are
 * required: a receivable names its customer, a payable its supplier; a fee is paid to the bank.
 */
export const criarDaLinhaSchema = z
  .object({
    tipo: z.enum(TIPOS_TITULO_DA_LINHA, { error: tituloDaLinhaMensagens.tipo }),
    cliente_id: optionalRef('Cliente'),
    fornecedor_id: optionalRef('Fornecedor'),
    descricao: requiredText(200, 'Descrição', 'Descrição é obrigatória'),
    // required below, so that every missing field is reported at once
    classe_financeira_id: optionalRef('Classe financeira'),
  })
  .superRefine((v, ctx) => {
    if (!v.classe_financeira_id)
      ctx.addIssue({
        code: 'custom',
        path: ['classe_financeira_id'],
        message: 'Classe financeira é obrigatória',
      });
    if (v.tipo === 'receber' && !v.cliente_id)
      ctx.addIssue({ code: 'custom', path: ['cliente_id'], message: tituloFormMensagens.clienteObrigatorio });
    if (v.tipo === 'pagar' && !v.fornecedor_id)
      ctx.addIssue({
        code: 'custom',
        path: ['fornecedor_id'],
        message: tituloFormMensagens.fornecedorObrigatorio,
      });
  })
  .transform((v) => ({
    ...v,
    classe_financeira_id: v.classe_financeira_id as string,
    cliente_id: v.tipo === 'receber' ? v.cliente_id : null,
    fornecedor_id: v.tipo === 'pagar' ? v.fornecedor_id : null,
  }));
export type CriarDaLinhaInput = z.input<typeof criarDaLinhaSchema>;
export type CriarDaLinha = z.output<typeof criarDaLinhaSchema>;

/** GET …/linhas/:id/novo-titulo: the dialog pre-filled from the line. */
export type NovoTituloDaLinha = {
  tipo: TipoTituloDaLinha;
  data: string;
  /** Absolute value of the line. */
  valor: string;
  descricao: string;
  /** The customer (receber) or supplier (pagar) the memo names; null when none (or for a fee). */
  pessoa: { id: string; nome: string; documento: string; motivo: 'documento' | 'nome' } | null;
  /** A fee: the account's bank, who is paid. */
  favorecido: string | null;
  /** The classe of the person's last título of this kind; for a fee, «Despesas bancárias». */
  classe_financeira_id: string | null;
};

export type LinhaConciliacaoRow = {
  id: string;
  data: string;
  valor: string;
  memo: string;
  documento: string | null;
  conciliada: boolean;
  /** What it is matched with (empty when pendente). */
  vinculos: {
    movimento_id: number | null;
    titulo_id: string | null;
    baixa_id: string | null;
    historico: string;
  }[];
  sugestoes: SugestaoConciliacao[];
  tarifa: boolean;
};

export type MovimentoConciliacaoRow = {
  id: number;
  data: string;
  valor: string;
  historico: string;
  conciliado: boolean;
};

export type TituloAbertoRow = {
  id: string;
  tipo: 'receber' | 'pagar';
  documento: string | null;
  pessoa_nome: string;
  vencimento: string;
  saldo: string;
};

export type PeriodoConciliacaoResposta = {
  conta_bancaria_id: string;
  de: string;
  ate: string;
  linhas: LinhaConciliacaoRow[];
  movimentos: MovimentoConciliacaoRow[];
  titulos: TituloAbertoRow[];
  situacao: SituacaoConciliacao;
};
