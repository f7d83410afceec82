import { CASAS_DINHEIRO, Decimal, type DecimalInput } from '../decimal.ts';
import type { Origem } from '../estoque/origem.ts';
import type { ContextoItem } from './contexto-item.ts';
import { usaCsosn } from './dominios.ts';
import { calculaIpi, calculaPisCofins, type GrupoCofins, type GrupoIpi, type GrupoPis } from './federais.ts';
import { calculaIbsCbs, type GrupoIbsCbs } from './ibs-cbs.ts';
import { calculaIcms, type GrupoIcms, type GrupoIcmsUfDest } from './icms.ts';
import { fluxoDaOperacao, type PartesOperacao } from './partes.ts';
import type { RegraTributacao } from './regra.schema.ts';

// The tax engine: every base, rate and value of one item under the rule that matched it
// (matchRule), named as the NF-e 4.00 fields. Nothing else in the project computes a tax.
//
// Rounding: vProd = qCom × vUnCom and every base and value rounded to cents once (half away from
// zero), each value from its rounded base; rates carry 4 decimals. Document totals are the sums of
// these rounded item values (totalize).
//
// vItem (the item's share of vNF, as in the NF-e vNF rule):
//   vProd − vDesc + vICMSST + vFCPST + vFrete + vSeg + vOutro + vIPI
// (vICMSDeson, vII, vIPIDevol and vServ are always zero here). The DIFAL (vICMSUFDest, vFCPUFDest)
// is paid by the seller out of the price and is not added; neither are IBS and CBS in 2026.

export type { GrupoCofins, GrupoIpi, GrupoPis } from './federais.ts';
export type { GrupoIbsCbs } from './ibs-cbs.ts';
export type { GrupoIcms, GrupoIcmsUfDest } from './icms.ts';

/** Money input of the engine: at most 2 decimals, not negative (a programming error otherwise). */
function dinheiro(value: DecimalInput | undefined, nome: string): Decimal {
  if (value === undefined) return Decimal.ZERO;
  const d = Decimal.of(value);
  if (d.decimalPlaces() > CASAS_DINHEIRO) throw new Error(`${nome} com mais de 2 casas decimais: ${value}`);
  if (d.isNegative()) throw new Error(`${nome} negativo: ${value}`);
  return d;
}

export type ItemTributavel = {
  quantidade: DecimalInput;
  /** vUnCom: any number of decimals (NF-e: up to 10). */
  valorUnitario: DecimalInput;
  /** Money (2 decimals): the item's discount and its share of the document's freight, insurance, other charges. */
  desconto?: DecimalInput;
  frete?: DecimalInput;
  seguro?: DecimalInput;
  outras?: DecimalInput;
  origem: Origem;
  ncm: string;
};

export type ImpostosItem = {
  CFOP: string;
  vProd: string;
  vDesc: string;
  vFrete: string;
  vSeg: string;
  vOutro: string;
  ICMS: GrupoIcms;
  /** DIFAL of an interstate sale to a non-contributor; null otherwise. */
  ICMSUFDest: GrupoIcmsUfDest | null;
  /** null when the rule has no IPI CST (the company is not an IPI taxpayer). */
  IPI: GrupoIpi | null;
  PIS: GrupoPis;
  COFINS: GrupoCofins;
  /** null when the rule has no IBS/CBS CST. */
  IBSCBS: GrupoIbsCbs | null;
  vItem: string;
};

/**
 * The CFOP of the operation: the rule's code with the first digit of an internal (5 / 1) or
 * interstate (6 / 2) operation, so one rule for any destination serves both.
 */
export function cfopDaOperacao(cfop: string, interna: boolean): string {
  const primeiro = cfop[0];
  const troca: Record<string, string> = interna ? { '6': '5', '2': '1' } : { '5': '6', '1': '2' };
  const novo = primeiro === undefined ? undefined : troca[primeiro];
  return novo === undefined ? cfop : `${novo}${cfop.slice(1)}`;
}

export function computeItemTaxes(
  item: ItemTributavel,
  regra: RegraTributacao,
  partes: PartesOperacao,
): ImpostosItem {
  if (usaCsosn(partes.emitente.crt) !== (regra.csosn !== null))
    throw new Error(`regra ${regra.id} não serve ao CRT ${partes.emitente.crt} da empresa`);
  const vProd = Decimal.of(item.quantidade).times(item.valorUnitario).round(CASAS_DINHEIRO);
  const vDesc = dinheiro(item.desconto, 'desconto');
  const vFrete = dinheiro(item.frete, 'frete');
  const vSeg = dinheiro(item.seguro, 'seguro');
  const vOutro = dinheiro(item.outras, 'outras despesas');
  const vOperacao = vProd.minus(vDesc).plus(vFrete).plus(vSeg).plus(vOutro);
  if (vOperacao.isNegative()) throw new Error(`desconto maior que o valor do item: ${vDesc} > ${vProd}`);
  const fluxo = fluxoDaOperacao(partes);
  const ctx: ContextoItem = {
    regra,
    partes,
    fluxo,
    origem: item.origem,
    vProd,
    vDesc,
    vFrete,
    vSeg,
    vOutro,
    vOperacao,
  };

  const { IPI, vIPI } = calculaIpi(ctx);
  const icms = calculaIcms(ctx, vIPI);
  const { PIS, COFINS, vPIS, vCOFINS } = calculaPisCofins(ctx, icms.vICMS);
  const IBSCBS = calculaIbsCbs(ctx, { ...icms, vPIS, vCOFINS });
  const vItem = vOperacao.plus(icms.vICMSST).plus(icms.vFCPST).plus(vIPI);

  return {
    CFOP: cfopDaOperacao(regra.cfop, fluxo.interna),
    vProd: vProd.toFixed(2),
    vDesc: vDesc.toFixed(2),
    vFrete: vFrete.toFixed(2),
    vSeg: vSeg.toFixed(2),
    vOutro: vOutro.toFixed(2),
    ICMS: icms.ICMS,
    ICMSUFDest: icms.ICMSUFDest,
    IPI,
    PIS,
    COFINS,
    IBSCBS,
    vItem: vItem.toFixed(2),
  };
}
