import { CASAS_DINHEIRO, Decimal } from '../decimal.ts';
import type { CopiaTabela, ItemTabelaPreco, Reajuste, TabelaPreco } from './tabela-precos.schema.ts';

// Bulk tools on one table, pure: the server shows the preview and saves the result in one
// transaction.
//
// Readjusting by p % changes every money value of the table — fixed prices, price breaks and
// preços mínimos — to value × (1 ± p/100), rounded to the cent half away from zero, each value on
// its own. Percent rules (over the custo médio or the sale price) and % breaks are left as they
// are: they already follow the value they apply to. Rounding is monotonic, so a price that was at
// or above its minimum stays so.

export type CampoReajuste = 'preco' | 'faixa' | 'preco_minimo';

export type LinhaPreviaReajuste = {
  produto_id: string;
  campo: CampoReajuste;
  /** The break's quantity (campo 'faixa'), else null. */
  quantidade_minima: string | null;
  antes: string;
  depois: string;
};

export type ResultadoReajuste = {
  /** The items after the readjustment (same order). */
  itens: ItemTabelaPreco[];
  /** Before/after of every money value that changes or would change. */
  previa: LinhaPreviaReajuste[];
  /** Items without a money value (percent rules only): left as they are. */
  semValores: string[];
  /** Prices a reduction would bring to R$ 0,00 (the readjustment must not be applied). */
  erros: { produto_id: string; mensagem: string }[];
};

export const reajusteMensagens = {
  precoZerado: 'O reajuste deixaria o preço em R$ 0,00',
} as const;

/** value × (1 ± p/100), to the cent. */
export function reajustaValor(valor: string, reajuste: Reajuste): string {
  const p = Decimal.of(reajuste.percentual).times('0.01');
  const fator = Decimal.of(1).plus(reajuste.sentido === 'aumento' ? p : p.negated());
  return Decimal.of(valor).times(fator).toFixed(CASAS_DINHEIRO);
}

export function reajustaTabela(itens: readonly ItemTabelaPreco[], reajuste: Reajuste): ResultadoReajuste {
  const previa: LinhaPreviaReajuste[] = [];
  const semValores: string[] = [];
  const erros: ResultadoReajuste['erros'] = [];

  const novo = (
    produto_id: string,
    campo: CampoReajuste,
    antes: string,
    quantidade_minima: string | null,
  ) => {
    const depois = reajustaValor(antes, reajuste);
    previa.push({ produto_id, campo, quantidade_minima, antes, depois });
    if (campo !== 'preco_minimo' && !Decimal.of(depois).isPositive())
      erros.push({ produto_id, mensagem: reajusteMensagens.precoZerado });
    return depois;
  };

  const resultado = itens.map((item) => {
    const valor = item.regra === 'preco_fixo' ? novo(item.produto_id, 'preco', item.valor, null) : item.valor;
    const faixas = item.faixas.map((f) =>
      f.tipo === 'preco'
        ? { ...f, valor: novo(item.produto_id, 'faixa', f.valor, f.quantidade_minima) }
        : { ...f },
    );
    const preco_minimo =
      item.preco_minimo === null ? null : novo(item.produto_id, 'preco_minimo', item.preco_minimo, null);
    if (item.regra !== 'preco_fixo' && preco_minimo === null && faixas.every((f) => f.tipo !== 'preco'))
      semValores.push(item.produto_id);
    return { ...item, valor, preco_minimo, faixas };
  });

  return { itens: resultado, previa, semValores, erros };
}

/**
 * A copy of a table under a new name and vigência: same scope, customers, items and breaks. The
 * copy is created inactive, so it never competes with the original (same scope, possibly the same
 * start) before someone reviews and activates it.
 */
export function copiaTabela(origem: TabelaPreco, copia: CopiaTabela): Omit<TabelaPreco, 'id'> {
  return {
    nome: copia.nome,
    vigencia_inicio: copia.vigencia_inicio,
    vigencia_fim: copia.vigencia_fim,
    ativa: false,
    escopo: origem.escopo,
    grupo_id: origem.grupo_id,
    segmento_id: origem.segmento_id,
    regiao_id: origem.regiao_id,
    cliente_ids: [...origem.cliente_ids],
    itens: origem.itens.map((i) => ({ ...i, faixas: i.faixas.map((f) => ({ ...f })) })),
  };
}
