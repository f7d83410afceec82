import { businessToday } from '../dates.ts';
import { CASAS_QUANTIDADE, Decimal } from '../decimal.ts';
import type { TipoLocal } from './locais.ts';
import { isVencido } from './validade.ts';

// FEFO (first expired, first out): a saída or reservation that names no lot takes the lots with
// the earliest validade first. Never chosen automatically: expired lots (validade before today in
// São Paulo) and avaria/quarentena locations. Ties: separação before depósito (stock already at the
// picking face), then lot number and location, so the choice is deterministic.

export type LoteDisponivel = {
  loteId: string;
  numero: string;
  localId: string;
  localTipo: TipoLocal;
  validade: string | null;
  /** saldo − reservado of that lot in that location. */
  disponivel: string;
};

export type AlocacaoFefo = { loteId: string; localId: string; quantidade: string };

export type ResultadoFefo =
  | { ok: true; alocacoes: AlocacaoFefo[] }
  /** Not enough in lots FEFO may use: what they hold in total and what is missing. */
  | { ok: false; disponivel: string; faltante: string };

const ordemTipo: Record<TipoLocal, number> = { separacao: 0, deposito: 1, avaria: 2 };

/** True when FEFO may take from this lot now. */
export function isElegivelFefo(lote: LoteDisponivel, hoje: string = businessToday()): boolean {
  return (
    lote.localTipo !== 'avaria' && !isVencido(lote.validade, hoje) && Decimal.of(lote.disponivel).isPositive()
  );
}

function compara(a: LoteDisponivel, b: LoteDisponivel): number {
  if (a.validade !== b.validade) {
    if (a.validade === null) return 1;
    if (b.validade === null) return -1;
    return a.validade < b.validade ? -1 : 1;
  }
  const tipo = ordemTipo[a.localTipo] - ordemTipo[b.localTipo];
  if (tipo !== 0) return tipo;
  if (a.numero !== b.numero) return a.numero < b.numero ? -1 : 1;
  return a.localId < b.localId ? -1 : a.localId > b.localId ? 1 : 0;
}

/** The lots (and quantities) a request for `quantidade` consumes, or the shortage. */
export function selecionaFefo(
  lotes: readonly LoteDisponivel[],
  quantidade: string,
  hoje: string = businessToday(),
): ResultadoFefo {
  const pedido = Decimal.of(quantidade);
  if (!pedido.isPositive()) throw new Error(`quantidade inválida: ${quantidade}`);
  const elegiveis = lotes.filter((l) => isElegivelFefo(l, hoje)).sort(compara);
  const total = Decimal.sum(elegiveis.map((l) => l.disponivel));
  if (total.lt(pedido)) {
    return {
      ok: false,
      disponivel: total.toFixed(CASAS_QUANTIDADE),
      faltante: pedido.minus(total).toFixed(CASAS_QUANTIDADE),
    };
  }
  const alocacoes: AlocacaoFefo[] = [];
  let resta = pedido;
  for (const l of elegiveis) {
    if (!resta.isPositive()) break;
    const toma = resta.min(l.disponivel);
    alocacoes.push({ loteId: l.loteId, localId: l.localId, quantidade: toma.toFixed(CASAS_QUANTIDADE) });
    resta = resta.minus(toma);
  }
  return { ok: true, alocacoes };
}
