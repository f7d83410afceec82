import {
  arredondaParaCima,
  CASAS_CUSTO,
  Decimal,
  formatBRL,
  formatDecimalBR,
  parseDecimalBR,
} from '@erp/shared';
import type { ItemPedidoSugestao, ProdutoSugerido } from '../api/compras-api.ts';

// The buyer's edits of a purchase suggestion, pure: per product the quantity typed in the base
// unit (starting at the suggested one); on leaving the cell it is rounded UP to the purchase
// packaging (a CX-12 product is bought in 12s), with a hint saying so. The totals are worked again
// from the edited quantities (value = quantity × cost to the cent; weight and volume in proportion
// to the suggested line's), and the lines to buy become the order's items in the packaging.

export type Edicao = { texto: string; dica: string | null };
export type Edicoes = Record<string, Edicao>;

const semZeros = (v: string) => formatDecimalBR(Decimal.of(v).toFixed(3), 0);

/** The grid's first state: the suggested quantity of each product. */
export function edicoesIniciais(produtos: readonly ProdutoSugerido[]): Edicoes {
  return Object.fromEntries(
    produtos.map((p) => [p.produtoId, { texto: semZeros(p.quantidadeSugerida), dica: null }]),
  );
}

/** The typed quantity (base unit, ≥ 0), or null when it is not a number. */
export function quantidadeDigitada(texto: string): string | null {
  const t = texto.trim();
  if (t === '') return '0.000';
  return parseDecimalBR(t, 3);
}

/** On blur: the quantity rounded up to the packaging, and the hint when it changed. */
export function arredondaEdicao(p: ProdutoSugerido, digitado: string): Edicao {
  const q = quantidadeDigitada(digitado);
  if (q === null) return { texto: digitado, dica: 'Quantidade inválida' };
  const fator = Decimal.of(p.embalagem.fator);
  const arredondada = fator.gt(0) ? arredondaParaCima(q, fator) : Decimal.of(q);
  if (arredondada.eq(q)) return { texto: semZeros(q), dica: null };
  const caixas = arredondada.dividedBy(fator, 0).toFixed(0);
  const texto = semZeros(arredondada.toFixed(3));
  // without a purchase packaging the rule buys whole base units
  const dica =
    p.embalagem.unidade === p.unidade
      ? `Arredondado para ${texto} ${p.unidade}`
      : `Arredondado para ${caixas} ${p.embalagem.unidade} (${texto} ${p.unidade})`;
  return { texto, dica };
}

export type LinhaCalculada = {
  quantidade: Decimal | null;
  embalagens: string | null;
  valor: string | null;
  peso: Decimal | null;
  volume: Decimal | null;
};

/** One line with its edited quantity: packagings, value, weight and volume. */
export function calculaLinha(p: ProdutoSugerido, e: Edicao | undefined): LinhaCalculada {
  const lido = quantidadeDigitada(e?.texto ?? p.quantidadeSugerida);
  if (lido === null) return { quantidade: null, embalagens: null, valor: null, peso: null, volume: null };
  const q = Decimal.of(lido);
  const sugerida = Decimal.of(p.quantidadeSugerida);
  const proporcional = (total: string | null) =>
    total === null
      ? null
      : q.eq(sugerida)
        ? Decimal.of(total)
        : sugerida.isPositive()
          ? Decimal.of(total).times(q).dividedBy(sugerida, 6)
          : null;
  const fator = Decimal.of(p.embalagem.fator);
  return {
    quantidade: q,
    embalagens: fator.gt(0) ? formatDecimalBR(q.dividedBy(fator, 3).toFixed(3), 0) : null,
    valor: q.times(p.custoUnitario).toFixed(2),
    peso: proporcional(p.pesoBruto),
    volume: proporcional(p.volume),
  };
}

export type TotaisEditados = {
  itens: number;
  valor: string;
  peso: string;
  volume: string;
  semPeso: number;
  faltaParaPedidoMinimo: string | null;
  invalidas: number;
};

export function totaisEditados(
  produtos: readonly ProdutoSugerido[],
  edicoes: Edicoes,
  pedidoMinimo: string | null,
): TotaisEditados {
  let valor = Decimal.ZERO;
  let peso = Decimal.ZERO;
  let volume = Decimal.ZERO;
  let itens = 0;
  let semPeso = 0;
  let invalidas = 0;
  for (const p of produtos) {
    const l = calculaLinha(p, edicoes[p.produtoId]);
    if (l.quantidade === null) {
      invalidas++;
      continue;
    }
    if (!l.quantidade.isPositive()) continue;
    itens++;
    valor = valor.plus(l.valor!);
    if (l.peso === null) semPeso++;
    else peso = peso.plus(l.peso);
    if (l.volume !== null) volume = volume.plus(l.volume);
  }
  const falta = pedidoMinimo === null ? null : Decimal.of(pedidoMinimo).minus(valor);
  return {
    itens,
    valor: valor.toFixed(2),
    peso: peso.toFixed(3),
    volume: volume.toFixed(3),
    semPeso,
    faltaParaPedidoMinimo: falta === null ? null : falta.isPositive() ? falta.toFixed(2) : '0.00',
    invalidas,
  };
}

/**
 * The lines to buy as the order's items: in the purchase packaging when the quantity is a whole
 * number of them (price = cost × factor per packaging), else in the base unit.
 */
export function itensDoPedido(produtos: readonly ProdutoSugerido[], edicoes: Edicoes): ItemPedidoSugestao[] {
  const itens: ItemPedidoSugestao[] = [];
  for (const p of produtos) {
    const l = calculaLinha(p, edicoes[p.produtoId]);
    if (!l.quantidade?.isPositive()) continue;
    const fator = Decimal.of(p.embalagem.fator);
    const emEmbalagens = l.quantidade.dividedBy(fator, 3);
    const inteira = fator.gt(1) && emEmbalagens.times(fator).eq(l.quantidade) && emEmbalagens.isInteger();
    itens.push(
      inteira
        ? {
            produto_id: p.produtoId,
            unidade: p.embalagem.unidade,
            quantidade: emEmbalagens.toFixed(0),
            preco: Decimal.of(p.custoUnitario).times(fator).toFixed(CASAS_CUSTO),
          }
        : {
            produto_id: p.produtoId,
            unidade: p.unidade,
            quantidade: l.quantidade.toFixed(3),
            preco: Decimal.of(p.custoUnitario).toFixed(CASAS_CUSTO),
          },
    );
  }
  return itens;
}

/** "R$ 1.234,56" or "—". */
export const valorTexto = (v: string | null) => (v === null ? '—' : formatBRL(v));
