import { z } from 'zod';
import { optionalRef, optionalText } from '../cadastros/campos.ts';
import { dataOpcional } from '../estoque/campos.ts';
import { uuidParam } from '../list-params.ts';
import type { SituacaoConciliacao, SugestaoConciliacao } from './conciliacao.ts';

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

export const criarDaLinhaSchema = z.object({
  descricao: optionalText(200, 'Descrição'),
  pessoa_nome: optionalText(200, 'Pessoa'),
  classe_financeira_id: optionalRef('Classe financeira'),
});
export type CriarDaLinha = z.output<typeof criarDaLinhaSchema>;

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
