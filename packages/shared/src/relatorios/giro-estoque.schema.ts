import { z } from 'zod';
import {
  type ColunaRelatorio,
  formatoRelatorioSchema,
  paginaRelatorio,
  periodoRelatorio,
  periodoRelatorioInvertido,
  periodoRelatorioValido,
} from './relatorio.ts';

// Giro e cobertura de estoque (issue 35, report 4; admin and estoque): three views of the frame —
// «giro» (per product: CMV, EI, EF, giro, cobertura; the period), «parado» (products with stock and
// no sale in the last N days, with their value) and «validade» (lots with stock expiring in N days,
// the expired ones included). Filters: grupo, local, fornecedor. Rules in giro-estoque.ts.

export const VISOES_GIRO = ['giro', 'parado', 'validade'] as const;
export type VisaoGiro = (typeof VISOES_GIRO)[number];
export const visaoGiroLabels: Record<VisaoGiro, string> = {
  giro: 'Giro e cobertura',
  parado: 'Estoque parado',
  validade: 'Lotes a vencer',
};
/** N of «parado» (days without sales) and of «validade» (days to expire) when the URL gives none. */
export const DIAS_PADRAO_GIRO: Record<Exclude<VisaoGiro, 'giro'>, number> = { parado: 90, validade: 30 };

export const ORDENACOES_GIRO = [
  'produto',
  'cmv',
  'estoque_medio',
  'giro',
  'cobertura',
  'valor',
  'dias',
  'validade',
] as const;

const filtrosGiro = {
  ...periodoRelatorio,
  visao: z.enum(VISOES_GIRO, { error: 'Visão inválida' }).default('giro'),
  dias: z.coerce
    .number({ error: 'Dias inválido' })
    .int('Dias deve ser um número inteiro')
    .min(1, 'Dias deve ser de 1 a 3650')
    .max(3650, 'Dias deve ser de 1 a 3650')
    .optional(),
  grupo_id: z.uuid({ error: 'Grupo inválido' }).optional(),
  local_id: z.uuid({ error: 'Local inválido' }).optional(),
  fornecedor_id: z.uuid({ error: 'Fornecedor inválido' }).optional(),
  // '' (the screen's default order) is each view's own order
  sort: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(ORDENACOES_GIRO, { error: 'Ordenação inválida' }).optional(),
  ),
};

export const giroEstoqueQuerySchema = z
  .object({ ...filtrosGiro, ...paginaRelatorio })
  .refine(periodoRelatorioValido, periodoRelatorioInvertido);
export type GiroEstoqueQuery = z.output<typeof giroEstoqueQuerySchema>;

export const giroEstoqueExportSchema = z
  .object({
    ...filtrosGiro,
    dir: paginaRelatorio.dir,
    formato: formatoRelatorioSchema,
  })
  .refine(periodoRelatorioValido, periodoRelatorioInvertido);
export type GiroEstoqueExport = z.output<typeof giroEstoqueExportSchema>;

/** One row of any view (the view's columns read the keys they show). */
export type LinhaGiro = {
  chave: string;
  produto: string;
  grupo: string | null;
  // giro
  vendido?: string;
  cmv?: string;
  estoque_inicial?: string;
  estoque_final?: string;
  estoque_medio?: string;
  giro?: string | null;
  disponivel?: string;
  cobertura?: number | null;
  // parado
  ultima_venda?: string | null;
  dias?: number | null;
  custo_medio?: string;
  valor?: string;
  // validade
  lote?: string;
  validade?: string;
  local?: string;
  quantidade?: string;
};

export type TotaisGiro = {
  itens: number;
  vendido?: string;
  cmv?: string;
  estoque_inicial?: string;
  estoque_final?: string;
  estoque_medio?: string;
  /** the whole selection's turnover: Σ CMV ÷ ((Σ EI + Σ EF) ÷ 2) */
  giro?: string | null;
  disponivel?: string;
  valor?: string;
  quantidade?: string;
};

export function colunasGiro(visao: VisaoGiro): ColunaRelatorio[] {
  const produto: ColunaRelatorio = {
    chave: 'produto',
    titulo: 'Produto',
    tipo: 'texto',
    ordenacao: 'produto',
  };
  if (visao === 'parado')
    return [
      produto,
      { chave: 'grupo', titulo: 'Grupo', tipo: 'texto' },
      { chave: 'ultima_venda', titulo: 'Última venda', tipo: 'data' },
      { chave: 'dias', titulo: 'Dias sem venda', tipo: 'inteiro', ordenacao: 'dias' },
      { chave: 'quantidade', titulo: 'Em estoque', tipo: 'quantidade', total: true },
      { chave: 'custo_medio', titulo: 'Custo médio', tipo: 'dinheiro' },
      { chave: 'valor', titulo: 'Valor parado', tipo: 'dinheiro', ordenacao: 'valor', total: true },
    ];
  if (visao === 'validade')
    return [
      produto,
      { chave: 'lote', titulo: 'Lote', tipo: 'texto' },
      { chave: 'validade', titulo: 'Validade', tipo: 'data', ordenacao: 'validade' },
      { chave: 'dias', titulo: 'Dias para vencer', tipo: 'inteiro', ordenacao: 'dias' },
      { chave: 'local', titulo: 'Local', tipo: 'texto' },
      { chave: 'quantidade', titulo: 'Quantidade', tipo: 'quantidade', total: true },
      { chave: 'valor', titulo: 'Valor', tipo: 'dinheiro', ordenacao: 'valor', total: true },
    ];
  return [
    produto,
    { chave: 'vendido', titulo: 'Qtd. vendida', tipo: 'quantidade', total: true },
    { chave: 'cmv', titulo: 'Custo das vendas', tipo: 'dinheiro', ordenacao: 'cmv', total: true },
    { chave: 'estoque_inicial', titulo: 'Estoque inicial', tipo: 'dinheiro', total: true },
    { chave: 'estoque_final', titulo: 'Estoque final', tipo: 'dinheiro', total: true },
    {
      chave: 'estoque_medio',
      titulo: 'Estoque médio',
      tipo: 'dinheiro',
      ordenacao: 'estoque_medio',
      total: true,
    },
    { chave: 'giro', titulo: 'Giro', tipo: 'quantidade', ordenacao: 'giro', total: true },
    { chave: 'disponivel', titulo: 'Disponível', tipo: 'quantidade', total: true },
    { chave: 'cobertura', titulo: 'Cobertura (dias)', tipo: 'inteiro', ordenacao: 'cobertura' },
  ];
}
