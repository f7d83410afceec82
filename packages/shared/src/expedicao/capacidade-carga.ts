import { Decimal } from '../decimal.ts';
import { formatBRL, formatDecimalBR } from '../money.ts';

// The live gauges of a load: the sum of its orders' peso bruto (kg), volume (m³) and value (vNF)
// against the vehicle's capacidade de carga (kg), volume (m³) and valor máximo de carga (the
// insurance limit). A limit the vehicle does not record (volume or valor máximo empty) is not
// checked. Exact decimals: weights 3 places, volume 6, money 2; the percentage 1 place.

export type MedidaCarga = 'peso' | 'volume' | 'valor';

export const medidaCargaLabels: Record<MedidaCarga, string> = {
  peso: 'Peso',
  volume: 'Volume',
  valor: 'Valor',
};

export type PedidoNaCarga = { peso_bruto: string; volume: string; valor_total: string };
export type CapacidadeVeiculo = {
  /** kg, whole */
  capacidade: number;
  /** m³ or null (not recorded) */
  volume: string | null;
  /** R$ or null (not recorded) */
  valor_maximo_carga: string | null;
};

export type Medidor = {
  medida: MedidaCarga;
  total: string;
  limite: string | null;
  /** total / limite × 100, 1 decimal; null without a limit */
  percentual: string | null;
  excedido: boolean;
};

export type CapacidadeCarga = {
  pedidos: number;
  peso: string;
  volume: string;
  valor: string;
  medidores: Medidor[];
  /** pt-BR, one per exceeded limit (the 422's message and the override dialog's list) */
  excessos: string[];
};

const kg = (v: string) => `${formatDecimalBR(v, 0)} kg`;
const m3 = (v: string) => `${formatDecimalBR(v, 0)} m³`;

export const capacidadeMensagens = {
  peso: (total: string, limite: string) =>
    `Peso da carga (${kg(total)}) acima da capacidade do veículo (${kg(limite)}).`,
  volume: (total: string, limite: string) =>
    `Volume da carga (${m3(total)}) acima do volume do veículo (${m3(limite)}).`,
  valor: (total: string, limite: string) =>
    `Valor da carga (${formatBRL(total)}) acima do valor máximo de carga do veículo (${formatBRL(limite)}).`,
} as const;

function medidor(medida: MedidaCarga, total: Decimal, casas: number, limite: string | null): Medidor {
  const lim = limite === null ? null : Decimal.of(limite);
  const temLimite = lim?.isPositive() === true;
  return {
    medida,
    total: total.toFixed(casas),
    limite: temLimite ? lim!.toFixed(casas) : null,
    percentual: temLimite ? total.times(100).dividedBy(lim!, 1).toFixed(1) : null,
    excedido: temLimite && total.gt(lim),
  };
}

/** The load's totals and gauges; `veiculo` null (not chosen yet): totals only, nothing exceeded. */
export function avaliaCapacidade(
  pedidos: readonly PedidoNaCarga[],
  veiculo: CapacidadeVeiculo | null,
): CapacidadeCarga {
  const peso = Decimal.sum(pedidos.map((p) => p.peso_bruto));
  const volume = Decimal.sum(pedidos.map((p) => p.volume));
  const valor = Decimal.sum(pedidos.map((p) => p.valor_total));
  const medidores = [
    medidor('peso', peso, 3, veiculo ? String(veiculo.capacidade) : null),
    medidor('volume', volume, 6, veiculo?.volume ?? null),
    medidor('valor', valor, 2, veiculo?.valor_maximo_carga ?? null),
  ];
  const excessos = medidores
    .filter((m) => m.excedido)
    .map((m) => capacidadeMensagens[m.medida](m.total, m.limite!));
  return {
    pedidos: pedidos.length,
    peso: peso.toFixed(3),
    volume: volume.toFixed(6),
    valor: valor.toFixed(2),
    medidores,
    excessos,
  };
}
