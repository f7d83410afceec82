import { Decimal } from '../decimal.ts';

// The blind check (conferência cega) of an order: the checker scans what is on the pallet — a
// unit's GTIN counts 1 base unit, a box's GTIN its packaging factor — or types a code and a
// quantity; the screen never shows what the order expects. Finishing compares the count with the
// order per product: falta (less than ordered), sobra (more), or a product that is not in the
// order at all. An empty list means the order is conferido.

export const TIPOS_DIVERGENCIA = ['falta', 'sobra', 'nao_pertence'] as const;
export type TipoDivergencia = (typeof TIPOS_DIVERGENCIA)[number];
export const tipoDivergenciaLabels: Record<TipoDivergencia, string> = {
  falta: 'Falta',
  sobra: 'Sobra',
  nao_pertence: 'Produto que não pertence ao pedido',
};

export const STATUS_CONFERENCIA = ['em_andamento', 'divergente', 'conferida', 'cancelada'] as const;
export type StatusConferencia = (typeof STATUS_CONFERENCIA)[number];
export const statusConferenciaLabels: Record<StatusConferencia, string> = {
  em_andamento: 'Em andamento',
  divergente: 'Com divergências',
  conferida: 'Conferido',
  cancelada: 'Cancelada',
};

/**
 * What "conferido" means for invoicing (company setting `expedicao_exige_conferencia`, default on):
 * the order has a conferência finished as conferida — the only way its status reaches conferido
 * while the setting is on (the kanban move to conferido is refused and points to the check).
 */
export const conferenciaExigidaMensagens = {
  naoConferido:
    'O pedido ainda não foi conferido: faça a conferência em Expedição › Conferência antes de emitir a nota fiscal.',
  conferirPelaConferencia:
    'Um pedido só fica «Conferido» pela conferência cega: use Expedição › Conferência (leitura dos produtos e finalização).',
} as const;

export type QuantidadeProduto = { produto_id: string; quantidade: string };

export type Divergencia = {
  produto_id: string;
  tipo: TipoDivergencia;
  /** base units */
  esperado: string;
  contado: string;
  /** contado − esperado (negative: falta) */
  diferenca: string;
};

/** A scan in base units: the quantity read × the factor of the packaging whose code was read. */
export function quantidadeBaseDaLeitura(quantidade: string, fator: string): string {
  return Decimal.of(quantidade).times(fator).toFixed(3);
}

function somaPorProduto(linhas: readonly QuantidadeProduto[]): Map<string, Decimal> {
  const m = new Map<string, Decimal>();
  for (const l of linhas) m.set(l.produto_id, (m.get(l.produto_id) ?? Decimal.ZERO).plus(l.quantidade));
  return m;
}

/** The divergences, in the order's line order then the foreign products in scan order. */
export function divergenciasConferencia(
  esperado: readonly QuantidadeProduto[],
  contado: readonly QuantidadeProduto[],
): Divergencia[] {
  const e = somaPorProduto(esperado);
  const c = somaPorProduto(contado);
  const out: Divergencia[] = [];
  for (const [produto_id, q] of e) {
    const n = c.get(produto_id) ?? Decimal.ZERO;
    if (n.eq(q)) continue;
    out.push({
      produto_id,
      tipo: n.lt(q) ? 'falta' : 'sobra',
      esperado: q.toFixed(3),
      contado: n.toFixed(3),
      diferenca: n.minus(q).toFixed(3),
    });
  }
  for (const [produto_id, n] of c) {
    if (e.has(produto_id) || n.isZero()) continue;
    out.push({
      produto_id,
      tipo: 'nao_pertence',
      esperado: '0.000',
      contado: n.toFixed(3),
      diferenca: n.toFixed(3),
    });
  }
  return out;
}

/** Progress without quantities: distinct order products scanned at least once / the order's products. */
export function progressoConferencia(
  produtosDoPedido: readonly string[],
  produtosLidos: readonly string[],
): { lidos: number; linhas: number } {
  const pedido = new Set(produtosDoPedido);
  const lidos = new Set(produtosLidos.filter((p) => pedido.has(p)));
  return { lidos: lidos.size, linhas: pedido.size };
}
