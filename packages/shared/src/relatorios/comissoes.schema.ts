import { z } from 'zod';
import {
  type ColunaRelatorio,
  formatoRelatorioSchema,
  paginaRelatorio,
  periodoRelatorio,
  periodoRelatorioInvertido,
  periodoRelatorioValido,
} from './relatorio.ts';

// Relatório de Comissões (issue 35): the commission on receipt — each baixa of a seller's receivable
// earns its share of the título's commission (baixas.comissao) and becomes a payable to the seller
// (a título a pagar, origem comissao); paying that título pays the commission. Per seller (or, for
// one seller, título by título: the seller's statement) over the baixas' period:
// - ganha: Σ the commission of the period's active baixas;
// - paga / a pagar: of those, what the commission payables have paid / still owe (today);
// - estorno a descontar: the commission of returns the seller had already earned
//   (devolucoes.comissao_estorno_pendente), by the return's date;
// - a ganhar: the commission still to be earned on the seller's open receivables (today, whatever
//   the period). See apps/server/src/modules/relatorios/README.md, «Comissões».

export const VISOES_COMISSOES = ['vendedor', 'titulo'] as const;
export type VisaoComissoes = (typeof VISOES_COMISSOES)[number];
export const visaoComissoesLabels: Record<VisaoComissoes, string> = {
  vendedor: 'Por vendedor',
  titulo: 'Por título (extrato)',
};

export const ORDENACOES_COMISSOES = [
  'rotulo',
  'vendedor',
  'data',
  'comissao_titulo',
  'ganha',
  'paga',
  'a_pagar',
  'estorno',
  'a_ganhar',
] as const;

const filtrosComissoes = {
  ...periodoRelatorio,
  vendedor_id: z.uuid({ error: 'Vendedor inválido' }).optional(),
  visao: z.enum(VISOES_COMISSOES, { error: 'Visão inválida' }).default('vendedor'),
  sort: z.enum(ORDENACOES_COMISSOES, { error: 'Ordenação inválida' }).default('ganha'),
  dir: paginaRelatorio.dir,
};

export const comissoesQuerySchema = z
  .object({ ...filtrosComissoes, page: paginaRelatorio.page, pageSize: paginaRelatorio.pageSize })
  .refine(periodoRelatorioValido, periodoRelatorioInvertido);
export type ComissoesQuery = z.output<typeof comissoesQuerySchema>;

export const comissoesExportSchema = z
  .object({ ...filtrosComissoes, formato: formatoRelatorioSchema })
  .refine(periodoRelatorioValido, periodoRelatorioInvertido);

export type TotaisComissoes = {
  ganha: string;
  paga: string;
  a_pagar: string;
  estorno: string;
  a_ganhar: string;
};

export type LinhaComissoes = TotaisComissoes & {
  /** visão vendedor: the seller's id; visão título: the título's (or the return's) id */
  chave: string;
  /** the seller's name, or the título's description and customer («Devolução nº N · cliente») */
  rotulo: string;
  /** visão título: the row's kind */
  tipo?: 'titulo' | 'devolucao';
  vendedor_id?: string;
  vendedor?: string;
  cliente?: string;
  /** visão título: the título's due date, or the return's date */
  data?: string;
  status?: string | null;
  /** visão título: the título's whole commission (after returns) */
  comissao_titulo?: string | null;
  /** visão vendedor: the seller's percentage */
  percentual?: string;
};

const figuras: ColunaRelatorio[] = [
  { chave: 'ganha', titulo: 'Ganha no período', tipo: 'dinheiro', ordenacao: 'ganha', total: true },
  { chave: 'paga', titulo: 'Paga', tipo: 'dinheiro', ordenacao: 'paga', total: true },
  { chave: 'a_pagar', titulo: 'A pagar', tipo: 'dinheiro', ordenacao: 'a_pagar', total: true },
  {
    chave: 'estorno',
    titulo: 'Estorno a descontar',
    tipo: 'dinheiro',
    ordenacao: 'estorno',
    total: true,
  },
  { chave: 'a_ganhar', titulo: 'A ganhar', tipo: 'dinheiro', ordenacao: 'a_ganhar', total: true },
];

/**
 * The columns of each view. Título by título for one seller (the seller's statement, which the PDF
 * prints on a portrait page) leaves out the seller's column: the seller heads the statement.
 */
export function colunasComissoes(visao: VisaoComissoes, umVendedor = false): ColunaRelatorio[] {
  if (visao === 'vendedor')
    return [
      { chave: 'rotulo', titulo: 'Vendedor', tipo: 'texto', ordenacao: 'rotulo' },
      { chave: 'percentual', titulo: 'Comissão %', tipo: 'percentual' },
      ...figuras,
    ];
  return [
    { chave: 'rotulo', titulo: 'Título · cliente', tipo: 'texto', ordenacao: 'rotulo' },
    ...(umVendedor
      ? []
      : [{ chave: 'vendedor', titulo: 'Vendedor', tipo: 'texto', ordenacao: 'vendedor' } as const]),
    { chave: 'data', titulo: 'Vencimento', tipo: 'data', ordenacao: 'data' },
    ...figuras,
  ];
}
