import { z } from 'zod';
import type { ClasseAbc } from '../compras/sugestao-compra.ts';
import {
  type ColunaRelatorio,
  formatoRelatorioSchema,
  idOuSem,
  paginaRelatorio,
  periodoRelatorio,
  periodoRelatorioInvertido,
  periodoRelatorioValido,
} from './relatorio.ts';

// Curva ABC (issue 35): products or customers of the period's counted sales ranked by revenue or by
// gross margin (the frozen cost, as the Vendas report), classified by classeAbc with the cut-offs
// given (default 80/15/5).

export const DIMENSOES_ABC = ['produto', 'cliente'] as const;
export type DimensaoAbc = (typeof DIMENSOES_ABC)[number];
export const CRITERIOS_ABC = ['receita', 'margem'] as const;
export type CriterioAbc = (typeof CRITERIOS_ABC)[number];
export const dimensaoAbcLabels: Record<DimensaoAbc, string> = { produto: 'Produtos', cliente: 'Clientes' };
export const criterioAbcLabels: Record<CriterioAbc, string> = { receita: 'Receita', margem: 'Margem bruta' };

export const ORDENACOES_ABC = ['posicao', 'rotulo', 'receita', 'margem'] as const;

const corte = (label: string) =>
  z.coerce
    .number({ error: `${label} inválido` })
    .int(`${label} deve ser um número inteiro`)
    .min(1, `${label} deve ser de 1 a 98`)
    .max(98, `${label} deve ser de 1 a 98`);

const filtrosAbc = {
  ...periodoRelatorio,
  dimensao: z.enum(DIMENSOES_ABC, { error: 'Dimensão inválida' }).default('produto'),
  criterio: z.enum(CRITERIOS_ABC, { error: 'Critério inválido' }).default('receita'),
  corte_a: corte('Corte A').default(80),
  corte_b: corte('Corte B').default(15),
  classe: z.enum(['A', 'B', 'C'], { error: 'Classe inválida' }).optional(),
  vendedor_id: idOuSem.optional(),
};
const cortesValidos = (v: { corte_a: number; corte_b: number }) => v.corte_a + v.corte_b < 100;
const cortesInvalidos = { path: ['corte_b'], message: 'A soma dos cortes A e B deve ser menor que 100%.' };

export const curvaAbcQuerySchema = z
  .object({
    ...filtrosAbc,
    ...paginaRelatorio,
    dir: z.enum(['asc', 'desc'], { error: 'Direção inválida' }).default('asc'),
    sort: z.enum(ORDENACOES_ABC, { error: 'Ordenação inválida' }).default('posicao'),
  })
  .refine(periodoRelatorioValido, periodoRelatorioInvertido)
  .refine(cortesValidos, cortesInvalidos);
export type CurvaAbcQuery = z.output<typeof curvaAbcQuerySchema>;

export const curvaAbcExportSchema = z
  .object({
    ...filtrosAbc,
    dir: z.enum(['asc', 'desc'], { error: 'Direção inválida' }).default('asc'),
    sort: z.enum(ORDENACOES_ABC, { error: 'Ordenação inválida' }).default('posicao'),
    formato: formatoRelatorioSchema,
  })
  .refine(periodoRelatorioValido, periodoRelatorioInvertido)
  .refine(cortesValidos, cortesInvalidos);

export type LinhaAbc = {
  chave: string;
  posicao: number;
  rotulo: string;
  receita: string;
  custo: string;
  margem: string;
  /** the ranked value: receita or margem */
  valor: string;
  /** the item's share of the total of positive values, in percent (2 places) */
  participacao: string;
  /** the running share up to and including the item, in percent (2 places) */
  acumulado: string;
  classe: ClasseAbc;
};

export type ResumoClasseAbc = { classe: ClasseAbc; itens: number; valor: string; participacao: string };

export type TotaisAbc = {
  itens: number;
  receita: string;
  custo: string;
  margem: string;
  /** Σ of the positive values (what the shares are of) */
  valor: string;
  classes: ResumoClasseAbc[];
  /** the Pareto chart: the first 30 ranked items (value and running share) */
  pareto: { rotulo: string; valor: string; acumulado: string; classe: ClasseAbc }[];
};

export const PARETO_ITENS = 30;

export function colunasAbc(dimensao: DimensaoAbc): ColunaRelatorio[] {
  return [
    { chave: 'posicao', titulo: 'Posição', tipo: 'inteiro', ordenacao: 'posicao' },
    {
      chave: 'rotulo',
      titulo: dimensao === 'produto' ? 'Produto' : 'Cliente',
      tipo: 'texto',
      ordenacao: 'rotulo',
    },
    { chave: 'receita', titulo: 'Receita', tipo: 'dinheiro', ordenacao: 'receita', total: true },
    { chave: 'margem', titulo: 'Margem bruta', tipo: 'dinheiro', ordenacao: 'margem', total: true },
    { chave: 'participacao', titulo: 'Participação %', tipo: 'percentual' },
    { chave: 'acumulado', titulo: 'Acumulado %', tipo: 'percentual' },
    { chave: 'classe', titulo: 'Classe', tipo: 'texto' },
  ];
}
