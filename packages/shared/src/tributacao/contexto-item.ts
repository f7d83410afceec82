import type { Decimal } from '../decimal.ts';
import type { Origem } from '../estoque/origem.ts';
import type { Fluxo, PartesOperacao } from './partes.ts';
import type { RegraTributacao } from './regra.schema.ts';

/** What every tax of an item is computed from (money already rounded to cents). */
export type ContextoItem = {
  regra: RegraTributacao;
  partes: PartesOperacao;
  fluxo: Fluxo;
  origem: Origem;
  vProd: Decimal;
  vDesc: Decimal;
  vFrete: Decimal;
  vSeg: Decimal;
  vOutro: Decimal;
  /** Valor da operação: vProd − vDesc + vFrete + vSeg + vOutro. */
  vOperacao: Decimal;
};
