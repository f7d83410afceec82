import { Decimal, type DecimalInput } from '../decimal.ts';
import { formatDecimalBR } from '../money.ts';
import { CASAS_PERCENTUAL } from '../tributacao/percentuais.ts';
import { ratear } from '../tributacao/rateio.ts';
import { type Falha, falha, type Resultado } from './resultado.ts';

// Rateio of a título over several centros de custo. Percentages have up to 4 decimals (the
// project's percent fields, numeric(7,4)) and must add up to exactly 100 — 33,3333 + 33,3333 +
// 33,3334, never "about 100". Values: the amount split to the cent by largest remainder (the one
// apportionment of the project, tributacao/rateio.ts), so they add up exactly to the amount.
// 100,00 over 33,3333/33,3333/33,3334 → 33,33 + 33,33 + 33,34.

export const MAX_CENTROS_RATEIO = 50;

export type ItemRateio = { centro_custo_id: string; percentual: string };
export type ParteRateio = ItemRateio & { valor: string };

export const rateioMensagens = {
  semCentros: 'Informe ao menos um centro de custo',
  maximo: `No máximo ${MAX_CENTROS_RATEIO} centros de custo no rateio`,
  centroRepetido: 'Centro de custo repetido no rateio',
  percentualPositivo: 'Percentual deve ser maior que zero',
  casas: `Percentual aceita no máximo ${CASAS_PERCENTUAL} casas decimais`,
  soma: (soma: string) => `A soma dos percentuais deve ser 100 % (está em ${formatDecimalBR(soma, 0)} %)`,
} as const;

/** Checks a rateio: at least one centre, each once, each % > 0, the sum exactly 100. */
export function verificaRateio(itens: readonly ItemRateio[]): Falha | null {
  if (itens.length === 0) return falha(rateioMensagens.semCentros, 'rateio');
  if (itens.length > MAX_CENTROS_RATEIO) return falha(rateioMensagens.maximo, 'rateio');
  const vistos = new Set<string>();
  for (const [i, item] of itens.entries()) {
    if (vistos.has(item.centro_custo_id))
      return falha(rateioMensagens.centroRepetido, `rateio.${i}.centro_custo_id`);
    vistos.add(item.centro_custo_id);
    const p = Decimal.of(item.percentual);
    if (!p.isPositive()) return falha(rateioMensagens.percentualPositivo, `rateio.${i}.percentual`);
    if (p.decimalPlaces() > CASAS_PERCENTUAL) return falha(rateioMensagens.casas, `rateio.${i}.percentual`);
  }
  const soma = Decimal.sum(itens.map((i) => i.percentual));
  if (!soma.eq(100)) return falha(rateioMensagens.soma(soma.toString()), 'rateio');
  return null;
}

/** `total` (money, ≥ 0) over the rateio: one value per centre, adding up exactly to the total. */
export function ratearCentros(
  total: DecimalInput,
  itens: readonly ItemRateio[],
): Resultado<{ partes: ParteRateio[] }> {
  const erro = verificaRateio(itens);
  if (erro) return erro;
  const valores = ratear(
    total,
    itens.map((i) => i.percentual),
  );
  return { ok: true, partes: itens.map((item, i) => ({ ...item, valor: valores[i]! })) };
}
