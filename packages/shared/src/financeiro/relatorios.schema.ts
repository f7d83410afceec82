import { z } from 'zod';
import { addDays, isIsoDay } from '../dates.ts';
import { dataObrigatoria, dataOpcional } from '../estoque/campos.ts';
import { listQuerySchema, uuidParam } from '../list-params.ts';
import type { LinhaAging } from './aging.ts';
import type { TipoMovimentoConta } from './conta-bancaria.ts';
import { AGRUPAMENTOS_FLUXO, type LinhaFluxo } from './fluxo-caixa.ts';
import { TIPOS_TITULO } from './titulos.schema.ts';

// The finance area's queries: fluxo de caixa, aging, the month by classe, a bank account's
// statement.

/** Longest fluxo de caixa period: two years (by day, 731 rows). */
export const FLUXO_DIAS_MAXIMO = 731;

export const relatorioMensagens = {
  periodo: 'A data final deve ser igual ou posterior à inicial',
  periodoLongo: 'O período deve ter no máximo 2 anos',
  mes: 'Mês inválido (use AAAA-MM)',
} as const;

/** Fixes "today" in tests: the server honours it only when NODE_ENV=test (as the dashboard's). */
const hojeDeTeste = z.string().refine(isIsoDay, 'Data inválida (use AAAA-MM-DD)').optional();

/** GET /api/financeiro/fluxo-caixa. */
export const fluxoCaixaQuerySchema = z
  .object({
    de: dataObrigatoria('Data inicial'),
    ate: dataObrigatoria('Data final'),
    agrupamento: z.enum(AGRUPAMENTOS_FLUXO, { error: 'Agrupamento inválido' }).default('dia'),
    conta_bancaria_id: uuidParam.optional(),
    hoje: hojeDeTeste,
  })
  .superRefine((v, ctx) => {
    if (!isIsoDay(v.de) || !isIsoDay(v.ate)) return; // their own fields already report it
    if (v.de > v.ate) ctx.addIssue({ code: 'custom', path: ['ate'], message: relatorioMensagens.periodo });
    else if (addDays(v.de, FLUXO_DIAS_MAXIMO - 1) < v.ate)
      ctx.addIssue({ code: 'custom', path: ['ate'], message: relatorioMensagens.periodoLongo });
  });
export type FluxoCaixaQuery = z.input<typeof fluxoCaixaQuerySchema>;
export type FluxoCaixaResposta = { saldo_inicial: string; linhas: LinhaFluxo[] };

/** GET /api/financeiro/aging?tipo=receber. */
export const agingQuerySchema = z.object({
  tipo: z.enum(TIPOS_TITULO, { error: 'Tipo de título inválido' }),
  hoje: hojeDeTeste,
});
export type AgingQuery = z.input<typeof agingQuerySchema>;
export type AgingResposta = {
  hoje: string;
  faixas: LinhaAging[];
  total: { quantidade: number; saldo: string };
};

/** GET /api/financeiro/resumo-classes?mes=2027-02: the month's receipts and payments by classe. */
export const resumoClassesQuerySchema = z.object({
  mes: z.string({ error: relatorioMensagens.mes }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, relatorioMensagens.mes),
});
export type ResumoClassesQuery = z.input<typeof resumoClassesQuerySchema>;
export type ResumoClasseRow = {
  /** null: títulos without a classe (rows older than the finance module), named "Sem classe". */
  classe_financeira_id: string | null;
  codigo: string;
  nome: string;
  tipo: 'receita' | 'despesa';
  /** Principal received or paid in the month (net of estornos). */
  valor: string;
};
/** Receitas (baixas of receivables) and despesas (of payables), each by código. */
export type ResumoClassesResposta = {
  mes: string;
  de: string;
  ate: string;
  receitas: ResumoClasseRow[];
  despesas: ResumoClasseRow[];
  total_receitas: string;
  total_despesas: string;
  /** total_receitas − total_despesas. */
  resultado: string;
};

/** GET /api/financeiro/contas-bancarias/:id/extrato — oldest first, with the running balance. */
export const extratoQuerySchema = listQuerySchema(['data'], 'data', {
  de: dataOpcional('Data inicial').optional(),
  ate: dataOpcional('Data final').optional(),
}).refine((v) => !v.de || !v.ate || v.de <= v.ate, { path: ['ate'], message: relatorioMensagens.periodo });
export type ExtratoQuery = z.input<typeof extratoQuerySchema>;

export type MovimentoContaRow = {
  id: number;
  conta_bancaria_id: string;
  data: string;
  tipo: TipoMovimentoConta;
  /** Signed: + in, − out. */
  valor: string;
  /** Balance after this movement. */
  saldo: string;
  titulo_id: string | null;
  baixa_id: string | null;
  estorno_de: number | null;
  historico: string;
  usuario_nome: string | null;
  created_at: string;
};
