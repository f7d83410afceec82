import { CASAS_QUANTIDADE, Decimal, type DecimalInput } from '../decimal.ts';
import { daUnidadeBase, erroCasasDecimais, type Unidade } from '../estoque/unidades.ts';
import { falha, type Resultado } from '../financeiro/resultado.ts';
import { formatDecimalBR } from '../money.ts';

// What is left to return of one item of a document (an outgoing NF-e for a devolução de venda, a
// goods receipt for a devolução de compra), and the check of a return line typed by a person.
//   saldo = quantidade do documento − Σ quantidades das devoluções não canceladas do item
// Everything is in the product's base unit; a line may be typed in a packaging (CX = 12 UN) and is
// converted exactly (quantidade × fator, never rounded). Drafts and notes not yet authorised count
// against the saldo (they hold it, so two clerks cannot return the same units); cancelled ones
// give it back.

/** A previous return of the item: its base quantity, and whether it was cancelled. */
export type DevolucaoAnterior = { quantidade: DecimalInput; cancelada: boolean };

/** The item as the document holds it, in the product's base unit. */
export type ItemDevolvivel = {
  /** How the messages name it: "Refrigerante cola 2 L" (the code too, when useful). */
  descricao: string;
  /** Sold (or received) quantity, base unit. */
  quantidade: DecimalInput;
  unidadeBase: Unidade;
  /** The product's packagings other than the base unit: CX = 12 UN. */
  embalagens: readonly (Unidade & { fator: DecimalInput })[];
  anteriores: readonly DevolucaoAnterior[];
};

/** Base quantity already returned (cancelled returns left out). */
export function quantidadeDevolvida(anteriores: readonly DevolucaoAnterior[]): string {
  return Decimal.sum(anteriores.filter((a) => !a.cancelada).map((a) => a.quantidade)).toFixed(
    CASAS_QUANTIDADE,
  );
}

/** Base quantity still to return: never below zero. */
export function saldoADevolver(item: Pick<ItemDevolvivel, 'quantidade' | 'anteriores'>): string {
  const saldo = Decimal.of(item.quantidade).minus(quantidadeDevolvida(item.anteriores));
  return (saldo.isNegative() ? Decimal.ZERO : saldo).toFixed(CASAS_QUANTIDADE);
}

const qtd = (v: DecimalInput) => formatDecimalBR(Decimal.of(v).toString(), 0);

export const saldoMensagens = {
  quantidadePositiva: (item: string) => `Item «${item}»: a quantidade a devolver deve ser maior que zero.`,
  unidadeDesconhecida: (item: string, unidade: string) =>
    `Item «${item}»: a unidade ${unidade} não é a unidade nem uma embalagem do produto.`,
  casasDecimais: (item: string, erro: string) => `Item «${item}»: ${erro}.`,
  conversao: (item: string, quantidade: string, unidade: string) =>
    `Item «${item}»: ${qtd(quantidade)} ${unidade} não tem conversão exata para a unidade base.`,
  nadaADevolver: (item: string) => `Item «${item}»: já foi todo devolvido.`,
  excedeSaldo: (item: string, pedido: string, disponivel: string) =>
    `Item «${item}»: a devolver ${pedido}, disponível ${disponivel}.`,
} as const;

export type LinhaConferida = {
  /** The typed quantity in the product's base unit, numeric(14,3). */
  quantidadeBase: string;
  /** The saldo before this line, base unit. */
  saldoAntes: string;
  /** The saldo after it. */
  saldoDepois: string;
  /** Whether this line returns everything that was left (the last return of the item). */
  devolveTudo: boolean;
};

/**
 * A return line typed as `quantidade` in `unidade` (the base unit's sigla or a packaging's),
 * checked against the item's saldo: the base quantity it means, or the pt-BR reason it is
 * refused (zero or negative, decimals the unit does not allow, more than the saldo — in the typed
 * unit, with the base quantity in parentheses when it is a packaging).
 */
export function confereLinhaDevolucao(
  item: ItemDevolvivel,
  quantidade: DecimalInput,
  unidade: string,
): Resultado<LinhaConferida> {
  const nome = item.descricao;
  const q = Decimal.of(quantidade);
  if (!q.isPositive()) return falha(saldoMensagens.quantidadePositiva(nome), 'quantidade');
  const base = unidade === item.unidadeBase.sigla;
  const emb = base ? null : item.embalagens.find((e) => e.sigla === unidade);
  if (!base && !emb) return falha(saldoMensagens.unidadeDesconhecida(nome, unidade), 'unidade');
  const unid = emb ?? item.unidadeBase;
  const erroCasas = erroCasasDecimais(q, unid);
  if (erroCasas) return falha(saldoMensagens.casasDecimais(nome, erroCasas), 'quantidade');
  const qBase = emb ? q.times(emb.fator) : q;
  if (qBase.decimalPlaces() > CASAS_QUANTIDADE)
    return falha(saldoMensagens.conversao(nome, q.toString(), unidade), 'quantidade');
  const erroBase = erroCasasDecimais(qBase, item.unidadeBase);
  if (erroBase) return falha(saldoMensagens.casasDecimais(nome, erroBase), 'quantidade');

  const saldo = Decimal.of(saldoADevolver(item));
  if (saldo.isZero()) return falha(saldoMensagens.nadaADevolver(nome), 'quantidade');
  if (qBase.gt(saldo)) {
    const sb = item.unidadeBase.sigla;
    // the saldo in the typed packaging only when it is a quantity that packaging accepts (2,5 CX
    // of a CX without decimals is shown as 30 UN)
    const exato = emb ? daUnidadeBase(saldo, emb.fator) : null;
    const noDigitado = emb && exato !== null && erroCasasDecimais(exato, emb) === null ? exato : null;
    const pedido = emb
      ? `${qtd(q.toString())} ${unidade} (${qtd(qBase.toString())} ${sb})`
      : `${qtd(q.toString())} ${sb}`;
    const disponivel = !emb
      ? `${qtd(saldo.toString())} ${sb}`
      : noDigitado !== null
        ? `${qtd(noDigitado)} ${unidade} (${qtd(saldo.toString())} ${sb})`
        : `${qtd(saldo.toString())} ${sb}`;
    return falha(saldoMensagens.excedeSaldo(nome, pedido, disponivel), 'quantidade');
  }
  const depois = saldo.minus(qBase);
  return {
    ok: true,
    quantidadeBase: qBase.toFixed(CASAS_QUANTIDADE),
    saldoAntes: saldo.toFixed(CASAS_QUANTIDADE),
    saldoDepois: depois.toFixed(CASAS_QUANTIDADE),
    devolveTudo: depois.isZero(),
  };
}
