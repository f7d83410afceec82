import { Decimal, type DecimalInput } from '../decimal.ts';
import { separaEmbalagens } from './unidades.ts';

// What a quantity of a product weighs and takes up as it ships — for the order's weights and
// volume, and through them the load's gauges and the NF-e's pesoB.
//
// A packaging may record the packed box as it ships: its gross weight in kg (the carton included)
// and its outer dimensions in cm (the air between the units included). The base quantity is split
// into whole boxes, largest first, as the picking list does (separaEmbalagens over the packagings
// that record a figure); each whole box counts by its own figures, and what is left in base units by
// the product's figures per base unit. A box that records only its weight (or only its dimensions)
// takes the other figure as fator × the base unit's. With no such packaging the result is the old
// rule: quantidadeBase × the figures per base unit.
//
//   volume of a box (m³) = altura × largura × comprimento (cm) / 1,000,000, to 6 decimals, half up
//   pesoBruto (kg)       = Σ boxes × box weight + rest × peso bruto per base unit, to 3 decimals
//   volume (m³)          = Σ boxes × box volume + rest × volume per base unit, to 6 decimals
// Worked by hand: 39 UN of a product of 1.050 kg and 0.001260 m³ per UN, CX = 12 of 13.200 kg and
// 30 × 20 × 25 cm (0.015000 m³): 3 CX + 3 UN → 39.600 + 3.150 = 42.750 kg; 0.045 + 0.00378 =
// 0.048780 m³ (against 40.950 kg and 0.049140 m³ counted unit by unit).

/** Weights in kg and volumes in m³ keep these decimals everywhere (orders, loads, NF-e). */
export const CASAS_PESO = 3;
export const CASAS_VOLUME = 6;

/** A packaging with its optional physical figures (produto_embalagens). */
export type EmbalagemFisica = {
  unidade: string;
  fator: string;
  peso_bruto: string | null;
  altura: string | null;
  largura: string | null;
  comprimento: string | null;
};

/** The box's volume in m³ from its outer dimensions in cm, or null when they are not all recorded. */
export function volumeEmbalagem(
  e: Pick<EmbalagemFisica, 'altura' | 'largura' | 'comprimento'>,
): string | null {
  if (e.altura === null || e.largura === null || e.comprimento === null) return null;
  return Decimal.of(e.altura)
    .times(e.largura)
    .times(e.comprimento)
    .dividedBy(1_000_000, CASAS_VOLUME)
    .toFixed(CASAS_VOLUME);
}

export type CargaFisica = { pesoBruto: string; volume: string };

export function cargaFisica(
  quantidadeBase: DecimalInput,
  produto: { unidade: string; pesoBruto: DecimalInput; volume: DecimalInput },
  embalagens: readonly EmbalagemFisica[] = [],
): CargaFisica {
  const comFigura = embalagens.filter(
    (e) => e.unidade !== produto.unidade && (e.peso_bruto !== null || volumeEmbalagem(e) !== null),
  );
  const porUnidade = new Map(comFigura.map((e) => [e.unidade, e]));
  let peso = Decimal.ZERO;
  let volume = Decimal.ZERO;
  for (const parcela of separaEmbalagens(quantidadeBase, produto.unidade, comFigura)) {
    const e = porUnidade.get(parcela.unidade);
    const n = Decimal.of(parcela.quantidade);
    if (!e) {
      peso = peso.plus(n.times(produto.pesoBruto));
      volume = volume.plus(n.times(produto.volume));
      continue;
    }
    const volumeCaixa = volumeEmbalagem(e);
    peso = peso.plus(n.times(e.peso_bruto ?? Decimal.of(e.fator).times(produto.pesoBruto)));
    volume = volume.plus(n.times(volumeCaixa ?? Decimal.of(e.fator).times(produto.volume)));
  }
  return {
    pesoBruto: peso.round(CASAS_PESO).toFixed(CASAS_PESO),
    volume: volume.round(CASAS_VOLUME).toFixed(CASAS_VOLUME),
  };
}
