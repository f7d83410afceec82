import type { DecimalInput } from '../decimal.ts';
import {
  custoMedioAposEntrada,
  custoMedioAposEstornoDeEntrada,
  type PosicaoCusto,
} from '../estoque/custo-medio.ts';

// Custo médio on returns: the stock rules of estoque/custo-medio.ts, applied — no new formula.
//
// Devolução de venda: the goods come back at the unit cost they left with (the cost the saída
// movement recorded: the average of its moment), and that is an entrada with a cost:
//   novo = (saldo × custo médio + q × custo da saída) / (saldo + q), rounded once to 4 decimals,
//   half away from zero — custoMedioAposEntrada, the same rule as a goods receipt.
//   Saldo zero or negative before the return: the returned cost becomes the average.
// Devolução de compra: the goods leave at the cost they came in (the entrada's unit cost), which
// undoes that entrada — custoMedioAposEstornoDeEntrada:
//   novo = (saldo × custo médio − q × custo da entrada) / (saldo − q), 4 decimals;
//   nothing left, or a remainder valued below zero: the average stays.

/** The average after a customer returns `quantidade` (> 0) that left at `custoDaSaida`. */
export function custoMedioAposDevolucaoDeVenda(
  atual: PosicaoCusto,
  quantidade: DecimalInput,
  custoDaSaida: DecimalInput,
): string {
  return custoMedioAposEntrada(atual, quantidade, custoDaSaida);
}

/** The average after returning `quantidade` to the supplier at the cost it came in. */
export function custoMedioAposDevolucaoDeCompra(
  atual: PosicaoCusto,
  quantidade: DecimalInput,
  custoDaEntrada: DecimalInput,
): string {
  return custoMedioAposEstornoDeEntrada(atual, quantidade, custoDaEntrada);
}
