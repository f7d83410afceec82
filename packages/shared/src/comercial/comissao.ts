import { CASAS_DINHEIRO, Decimal, type DecimalInput } from '../decimal.ts';
import { valorPercentual } from '../tributacao/percentuais.ts';
import type { TotaisPedido } from './calculo-pedido.ts';

// The seller's commission recorded on each order (the finance issue pays it on receipt): the
// seller's % (vendedores.comissao, copied at the time of the order) on the goods total — produtos
// less every discount — without ICMS-ST, IPI and freight, rounded to the cent once.
//   base = produtos − descontos;  valor = base × % / 100

export type ComissaoPedido = {
  /** 2 decimals ("5.00"). */
  percentual: string;
  base: string;
  valor: string;
};

/** No seller (null): no commission. */
export function comissaoDoPedido(
  totais: Pick<TotaisPedido, 'produtos' | 'descontos'>,
  percentual: DecimalInput | null,
): ComissaoPedido {
  const base = Decimal.of(totais.produtos).minus(totais.descontos);
  const p = Decimal.of(percentual ?? '0');
  return {
    percentual: p.toFixed(2),
    base: base.toFixed(CASAS_DINHEIRO),
    valor: valorPercentual(base, p).toFixed(CASAS_DINHEIRO),
  };
}
