import { CASAS_DINHEIRO, CASAS_QUANTIDADE, Decimal } from '../decimal.ts';
import { valorEstoque } from './custo-medio.ts';
import { normalizaGtin, SEM_GTIN } from './gtin.ts';

// Inventory count: for each product (and lot) of the location, the system quantity frozen when the
// count was opened, the counted quantity, the difference contado − sistema and its value at the
// custo médio. An item nobody counted is not adjusted. Posting turns each difference into an
// `inventario` ledger row (see razao.ts), all in one transaction.

export const inventarioMensagens = {
  gtinNaoEncontrado: (gtin: string) => `GTIN ${gtin} não encontrado em nenhum produto`,
  movimentosPosteriores:
    'Houve movimentações neste local depois da abertura do inventário. Confira as quantidades antes de lançar.',
} as const;

export type ItemInventario = {
  sistema: string;
  /** null: not counted (left as it is). */
  contado: string | null;
  custoMedio: string;
};

export type DiferencaInventario = { diferenca: string; valor: string };

/** contado − sistema (3 decimals) and its value at the average cost (2 decimals), or null if not counted. */
export function diferencaInventario(item: ItemInventario): DiferencaInventario | null {
  if (item.contado === null) return null;
  const diferenca = Decimal.of(item.contado).minus(item.sistema);
  return { diferenca: diferenca.toFixed(CASAS_QUANTIDADE), valor: valorEstoque(diferenca, item.custoMedio) };
}

export type ResumoInventario = {
  itens: number;
  contados: number;
  comDiferenca: number;
  /** Sum of the positive values (surplus), of the negative ones (shortage) and the net, in money. */
  sobras: string;
  faltas: string;
  liquido: string;
};

/** Totals of the count screen: sums of the per-item values as shown (each rounded to cents). */
export function resumoInventario(itens: readonly ItemInventario[]): ResumoInventario {
  let sobras = Decimal.ZERO;
  let faltas = Decimal.ZERO;
  let contados = 0;
  let comDiferenca = 0;
  for (const item of itens) {
    const d = diferencaInventario(item);
    if (!d) continue;
    contados++;
    if (Decimal.of(d.diferenca).isZero()) continue;
    comDiferenca++;
    const valor = Decimal.of(d.valor);
    if (valor.isNegative()) faltas = faltas.plus(valor);
    else sobras = sobras.plus(valor);
  }
  return {
    itens: itens.length,
    contados,
    comDiferenca,
    sobras: sobras.toFixed(CASAS_DINHEIRO),
    faltas: faltas.toFixed(CASAS_DINHEIRO),
    liquido: sobras.plus(faltas).toFixed(CASAS_DINHEIRO),
  };
}

/** The barcodes of a product: its base-unit GTIN and its packagings'. */
export type CodigosProduto = {
  produtoId: string;
  unidade: string;
  gtin: string | null;
  embalagens: readonly { unidade: string; fator: string; gtin: string | null }[];
};

/** What one scan adds: `quantidade` in the base unit (1 for the unit's GTIN, the factor for a box). */
export type LeituraGtin = { produtoId: string; unidade: string; quantidade: string };

/** GTINs are compared as 14 digits (GS1): a scanner that reads 0 + EAN-13 finds the same product. */
function gtin14(gtin: string): string {
  return gtin.padStart(14, '0');
}

/** Lookup of every GTIN of the given products (the first product wins a duplicated code). */
export function indiceGtin(produtos: readonly CodigosProduto[]): Map<string, LeituraGtin> {
  const indice = new Map<string, LeituraGtin>();
  const add = (gtin: string | null, leitura: LeituraGtin) => {
    if (!gtin || gtin === SEM_GTIN) return;
    const k = gtin14(gtin);
    if (!indice.has(k)) indice.set(k, leitura);
  };
  for (const p of produtos) {
    add(p.gtin, { produtoId: p.produtoId, unidade: p.unidade, quantidade: '1.000' });
    for (const e of p.embalagens) {
      add(e.gtin, {
        produtoId: p.produtoId,
        unidade: e.unidade,
        quantidade: Decimal.of(e.fator).toFixed(CASAS_QUANTIDADE),
      });
    }
  }
  return indice;
}

/** A scanned (or typed) code: what it adds, or null when no product has it. */
export function leGtin(indice: ReadonlyMap<string, LeituraGtin>, codigo: string): LeituraGtin | null {
  const gtin = normalizaGtin(codigo);
  if (!/^\d{1,14}$/.test(gtin)) return null;
  return indice.get(gtin14(gtin)) ?? null;
}

/** Counted quantity after a scan: "" or null (not counted yet) counts from zero. */
export function somaLeitura(contado: string | null, leitura: LeituraGtin): string {
  return Decimal.of(contado || '0')
    .plus(leitura.quantidade)
    .toFixed(CASAS_QUANTIDADE);
}
