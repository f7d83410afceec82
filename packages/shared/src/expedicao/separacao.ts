import { Decimal } from '../decimal.ts';

// The mapa de separação (picking list) of a load: the products of all its orders consolidated,
// each taken from where the orders' stock reservations put it — by location, lot by lot in FEFO
// order (earliest validade first; the reservation already chose the lots that way) — with the
// quantity in boxes + units of the product's box (its largest packaging). What the reservations
// do not cover (a back-order, a product without stock control) is one line "Sem reserva". The
// sum of a product's lines is always the sum of its quantities in the orders.

export type ItemSeparacao = {
  produto_id: string;
  codigo: string;
  nome: string;
  /** base unit sigla */
  unidade: string;
  /** base units */
  quantidade: string;
  /** the product's box: its largest packaging above the base unit, or null */
  caixa: { unidade: string; fator: string } | null;
};

export type AlocacaoSeparacao = {
  produto_id: string;
  local_codigo: string;
  local_nome: string;
  lote: string | null;
  /** 'YYYY-MM-DD' or null */
  validade: string | null;
  quantidade: string;
};

export type LinhaSeparacao = {
  /** null: not covered by a reservation */
  local_codigo: string | null;
  local_nome: string | null;
  produto_id: string;
  codigo: string;
  nome: string;
  unidade: string;
  lote: string | null;
  validade: string | null;
  quantidade: string;
  caixas: string;
  unidades: string;
  caixa_unidade: string | null;
  caixa_fator: string | null;
};

export type ProdutoSeparacao = Omit<ItemSeparacao, 'caixa'> & {
  caixas: string;
  unidades: string;
  caixa_unidade: string | null;
  caixa_fator: string | null;
};

/** 30 UN in CX of 12 → 2 CX + 6 UN; without a box (or a fraction of one) everything in units. */
export function caixasEUnidades(
  quantidade: string,
  fator: string | null,
): { caixas: string; unidades: string } {
  const q = Decimal.of(quantidade);
  if (fator === null || !Decimal.of(fator).gt(1)) return { caixas: '0', unidades: q.toFixed(3) };
  let caixas = q.dividedBy(fator, 0);
  if (caixas.times(fator).gt(q)) caixas = caixas.minus(1);
  if (caixas.isNegative()) caixas = Decimal.ZERO;
  return { caixas: caixas.toFixed(0), unidades: q.minus(caixas.times(fator)).toFixed(3) };
}

const porValidade = (a: AlocacaoSeparacao, b: AlocacaoSeparacao) =>
  (a.validade ?? '9999-99-99').localeCompare(b.validade ?? '9999-99-99') ||
  a.local_codigo.localeCompare(b.local_codigo) ||
  (a.lote ?? '').localeCompare(b.lote ?? '');

export function montaMapaSeparacao(
  itens: readonly ItemSeparacao[],
  alocacoes: readonly AlocacaoSeparacao[],
): { produtos: ProdutoSeparacao[]; linhas: LinhaSeparacao[] } {
  const produtos = new Map<string, ItemSeparacao & { total: Decimal }>();
  for (const it of itens) {
    const p = produtos.get(it.produto_id);
    if (p) p.total = p.total.plus(it.quantidade);
    else produtos.set(it.produto_id, { ...it, total: Decimal.of(it.quantidade) });
  }
  const linhas: LinhaSeparacao[] = [];
  const linha = (p: ItemSeparacao, q: Decimal, a: AlocacaoSeparacao | null): LinhaSeparacao => ({
    local_codigo: a?.local_codigo ?? null,
    local_nome: a?.local_nome ?? null,
    produto_id: p.produto_id,
    codigo: p.codigo,
    nome: p.nome,
    unidade: p.unidade,
    lote: a?.lote ?? null,
    validade: a?.validade ?? null,
    quantidade: q.toFixed(3),
    ...caixasEUnidades(q.toFixed(3), p.caixa?.fator ?? null),
    caixa_unidade: p.caixa?.unidade ?? null,
    caixa_fator: p.caixa?.fator ?? null,
  });
  for (const p of produtos.values()) {
    let falta = p.total;
    for (const a of alocacoes.filter((x) => x.produto_id === p.produto_id).sort(porValidade)) {
      if (!falta.isPositive()) break;
      const q = Decimal.of(a.quantidade).min(falta);
      if (!q.isPositive()) continue;
      linhas.push(linha(p, q, a));
      falta = falta.minus(q);
    }
    if (falta.isPositive()) linhas.push(linha(p, falta, null));
  }
  linhas.sort(
    (a, b) =>
      (a.local_codigo ?? '\uffff').localeCompare(b.local_codigo ?? '\uffff') ||
      a.nome.localeCompare(b.nome, 'pt-BR') ||
      (a.validade ?? '9999').localeCompare(b.validade ?? '9999'),
  );
  return {
    produtos: [...produtos.values()]
      .map(({ total, caixa, ...p }) => ({
        ...p,
        quantidade: total.toFixed(3),
        ...caixasEUnidades(total.toFixed(3), caixa?.fator ?? null),
        caixa_unidade: caixa?.unidade ?? null,
        caixa_fator: caixa?.fator ?? null,
      }))
      .sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR')),
    linhas,
  };
}
