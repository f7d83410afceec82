// Stock status of a product (spec section 4): zero or less is "Zerado"; at or below the minimum is
// "Baixo"; at or above a maximum that is above 0 is "Excesso". Quantities are decimal strings
// (numeric(14,3)) compared as integer thousandths, never as floats.

export type StockStatus = 'zerado' | 'baixo' | 'excesso' | 'normal';

export const stockStatusLabels: Record<StockStatus, string> = {
  zerado: 'Zerado',
  baixo: 'Baixo',
  excesso: 'Excesso',
  normal: 'Normal',
};

/** "12.5" | "12.500" | "-3" -> integer thousandths. */
export function toMilli(value: string | number): number {
  const text = typeof value === 'number' ? value.toFixed(3) : value.trim();
  const m = /^(-)?(\d+)(?:\.(\d{1,3}))?$/.exec(text);
  if (!m) throw new Error(`quantidade inválida: ${value}`);
  const milli = Number(m[2]) * 1000 + Number((m[3] ?? '').padEnd(3, '0'));
  return m[1] ? -milli : milli;
}

export type StockLevels = {
  estoque_atual: string | number;
  estoque_minimo: string | number;
  estoque_maximo: string | number;
};

/** Low: current stock at or below the minimum (zero or less is the "Zerado" case of low). */
export function isLowStock(p: Pick<StockLevels, 'estoque_atual' | 'estoque_minimo'>): boolean {
  return toMilli(p.estoque_atual) <= toMilli(p.estoque_minimo);
}

/** High: current stock at or above the maximum, and the maximum is above 0. */
export function isHighStock(p: Pick<StockLevels, 'estoque_atual' | 'estoque_maximo'>): boolean {
  const max = toMilli(p.estoque_maximo);
  return max > 0 && toMilli(p.estoque_atual) >= max;
}

export function stockStatus(p: StockLevels): StockStatus {
  if (toMilli(p.estoque_atual) <= 0) return 'zerado';
  if (isLowStock(p)) return 'baixo';
  if (isHighStock(p)) return 'excesso';
  return 'normal';
}
