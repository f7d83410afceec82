import {
  type EscopoTabela,
  escopoTabelaLabels,
  type FaixaPreco,
  formatBRL,
  formatDateBR,
  formatDecimalBR,
  formatPercentBR,
  type RegraPreco,
  type TabelaPrecoRow,
} from '@erp/shared';

// How the price screens show a table's vigência and scope, an item's value and its breaks. The
// values are the stored ones, formatted: no price is computed here (the engine does that, on the
// server).

/** "01/01/2026 a 31/03/2026", or "desde 01/01/2026" with no end. */
export function vigenciaTexto(inicio: string, fim: string | null): string {
  return fim ? `${formatDateBR(inicio)} a ${formatDateBR(fim)}` : `desde ${formatDateBR(inicio)}`;
}

/** "Segmento: Atacado", "Lista de clientes (8)", "Todos os clientes". */
export function alcanceTexto(t: Pick<TabelaPrecoRow, 'escopo' | 'alcance_nome' | 'clientes'>): string {
  if (t.escopo === 'geral') return escopoTabelaLabels.geral;
  if (t.escopo === 'clientes') return `${escopoTabelaLabels.clientes} (${t.clientes})`;
  return `${escopoTabelaLabels[t.escopo as EscopoTabela]}: ${t.alcance_nome ?? '—'}`;
}

/** A fixed price as money, a rule's value as a percentage. */
export function valorItemTexto(regra: RegraPreco, valor: string): string {
  return regra === 'preco_fixo' ? formatBRL(valor) : formatPercentBR(valor);
}

/** A break in a grid cell: "≥ 12 UN: R$ 7,95" / "≥ 24 UN: −3 %". */
export function faixaTexto(f: FaixaPreco, unidade?: string): string {
  const desde = `≥ ${formatDecimalBR(f.quantidade_minima, 0)}${unidade ? ` ${unidade}` : ''}`;
  return f.tipo === 'preco'
    ? `${desde}: ${formatBRL(f.valor)}`
    : `${desde}: \u2212${formatPercentBR(f.valor)}`;
}
