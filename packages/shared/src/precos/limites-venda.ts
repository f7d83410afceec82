import { CASAS_DINHEIRO, Decimal, type DecimalInput } from '../decimal.ts';
import { formatPercentBR } from '../money.ts';
import { formatReais } from './texto-precos.ts';

// The limits an order line is checked against (the orders issue calls these; nothing else decides
// them): the seller's desconto máximo and the table's preço mínimo. Both compare exactly — a
// discount of 10,004 % is above a maximum of 10 %, even though it shows as "10 %".

export type Verificacao = { permitido: true } | { permitido: false; motivo: string };

/** A line's discount: a percentage typed, or the table price and the price charged. */
export type DescontoLinha =
  | { percentual: DecimalInput }
  | { precoTabela: DecimalInput; precoPraticado: DecimalInput };

/** The discount in percent, exact (unrounded); zero when there is no table price. */
function percentualDe(desconto: DescontoLinha): Decimal {
  if ('percentual' in desconto) return Decimal.of(desconto.percentual);
  const tabela = Decimal.of(desconto.precoTabela);
  if (!tabela.isPositive()) return Decimal.ZERO;
  // 100 × (tabela − praticado) / tabela with enough places for the comparison to be exact when it
  // terminates; 10 decimals beyond the cents decide every realistic case.
  return tabela.minus(desconto.precoPraticado).times(100).dividedBy(tabela, 12);
}

/**
 * The seller may give up to `descontoMaximo` % (vendedores.desconto_maximo, 2 decimals). A price
 * above the table (negative discount) is always allowed.
 */
export function verificaDescontoVendedor(descontoMaximo: DecimalInput, desconto: DescontoLinha): Verificacao {
  const maximo = Decimal.of(descontoMaximo);
  let acima: boolean;
  if ('percentual' in desconto) acima = Decimal.of(desconto.percentual).gt(maximo);
  else {
    // (tabela − praticado) / tabela > máximo / 100  <=>  100 × (tabela − praticado) > máximo × tabela
    const tabela = Decimal.of(desconto.precoTabela);
    acima = tabela.minus(desconto.precoPraticado).times(100).gt(maximo.times(tabela));
  }
  if (!acima) return { permitido: true };
  // Shown with two decimals, or as many more as it takes to read above the maximum.
  const exato = percentualDe(desconto);
  let casas = CASAS_DINHEIRO;
  while (casas < 12 && !exato.round(casas).gt(maximo)) casas++;
  const dado = exato.round(casas);
  return {
    permitido: false,
    motivo: `Desconto de ${formatPercentBR(dado.toString())} acima do máximo do vendedor (${formatPercentBR(maximo.toString())}): exige liberação.`,
  };
}

/** A unit price below the item's preço mínimo needs a release; null minimum: no limit. */
export function verificaPrecoMinimo(
  precoPraticado: DecimalInput,
  precoMinimo: DecimalInput | null,
): Verificacao {
  if (precoMinimo === null || Decimal.of(precoPraticado).gte(precoMinimo)) return { permitido: true };
  return {
    permitido: false,
    motivo: `Preço ${formatReais(Decimal.of(precoPraticado).toFixed(CASAS_DINHEIRO))} abaixo do preço mínimo ${formatReais(Decimal.of(precoMinimo).toFixed(CASAS_DINHEIRO))}: exige liberação.`,
  };
}
