import { dividirEmBienios, type Intervalo } from '@erp/shared';
import { type SQL, sql } from 'drizzle-orm';
import {
  bieniosPelasSomas,
  posicoesDoAno,
  type SomasDoAno,
  somaDasPartes,
} from '../relatorios/vendas-base.ts';

// The dashboard's per-key read models (products, customers) read for any range: the SQL of one row
// per key with its sums, shared by the page (comercial-dashboard.service.ts), the bases of long
// ranges (dashboard-bases.service.ts) and the reports (relatorios/).

/** True when the range is exactly one calendar month (the per-month read models answer it alone). */
export function umMes(r: Intervalo): boolean {
  return r.inicio.endsWith('-01') && r.fim === nextMonth(r.inicio);
}
function nextMonth(inicio: string): string {
  const y = Number(inicio.slice(0, 4));
  const m = Number(inicio.slice(5, 7));
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

/**
 * A per-key read model of the dashboard in its three grains: per year (running sums, 0078/0080), per
 * month and per day, the same measures in each (`valor` in reais in the month and day tables, cents
 * in the running sums).
 */
export type ModeloDoPainel = { ano: SomasDoAno; mes: string; dia: string };

/** The products sold (migrations 0007, 0065, 0078): a product with no item in the months adds nothing. */
export const PRODUTOS: ModeloDoPainel = {
  ano: {
    tabela: 'relatorio_vendas_produto_ano',
    chave: 'product_id',
    medidas: ['valor', 'itens'],
    presenca: 'itens',
  },
  mes: 'dashboard_vendas_produto_mes',
  dia: 'dashboard_vendas_produto_dia',
};

/** The customers' orders (migrations 0011, 0065, 0080): Σ valor_total and the orders counted. */
export const CLIENTES: ModeloDoPainel = {
  ano: {
    tabela: 'dashboard_vendas_cliente_ano',
    chave: 'cliente_id',
    medidas: ['pedidos', 'valor'],
    presenca: 'pedidos',
  },
  mes: 'dashboard_vendas_cliente_mes',
  dia: 'dashboard_vendas_cliente_dia',
};

/**
 * One row per key of a range: the key, Σ valor in cents (bigint: convert the rows shown with
 * emReais) and the other measure's sum — 0 for a key whose rows in the range were all taken out:
 * callers keep `presenca > 0`. The range's months (bieniosPelasSomas: a partial month at an end taken
 * whole when fewer of its days lie outside the range) come off the per-year running sums from
 * MESES_PELAS_SOMAS months on (one row per key for any months within two calendar years; then, with
 * no loose day, a plain read), fewer off the per-month rows; the loose days at the ends are added,
 * the days of a month taken whole outside the range taken out, off the per-day rows; the parts
 * summed per key. `chaves` (a subquery of keys) keeps only those keys.
 */
export function somasDoPeriodo(m: ModeloDoPainel, r: Intervalo, chaves?: SQL): SQL {
  const { meses, somar, tirar, bienios: bieniosDoPeriodo } = bieniosPelasSomas(r);
  // only these keys (a subquery), when given: each part read through its key — the months off the
  // running sums however few (one row per key; a month's rows were read whole for the keys: the 30
  // days' past sums of today's 2,600 products took 177 ms off November's 78,672 month rows)
  const filtro = chaves ? sql` and ${sql.raw(m.ano.chave)} in (${chaves})` : sql``;
  const bienios = bieniosDoPeriodo ?? (chaves && meses ? dividirEmBienios(meses) : null);
  const colunas = (sinal: '' | '-') =>
    sql.raw(
      [
        m.ano.chave,
        ...m.ano.medidas.map((x) => `${sinal}${x === 'valor' ? '(valor * 100)::bigint' : x} as ${x}`),
      ].join(', '),
    );
  const partes: SQL[] = [];
  if (bienios) {
    partes.push(...bienios.map((b) => posicoesDoAno(m.ano, b, filtro)));
  } else if (meses) {
    partes.push(sql`select ${colunas('')} from ${sql.raw(m.mes)}
      where mes >= ${meses.inicio}::date and mes < ${meses.fim}::date${filtro}`);
  }
  const dias = (d: Intervalo, sinal: '' | '-') =>
    sql`select ${colunas(sinal)} from ${sql.raw(m.dia)}
      where dia >= ${d.inicio}::date and dia < ${d.fim}::date${filtro}`;
  for (const d of somar) partes.push(dias(d, ''));
  for (const d of tirar) partes.push(dias(d, '-'));
  return somaDasPartes(m.ano, partes, bienios?.length === 1);
}

/**
 * One row per product of a range: product_id, Σ valor in cents and Σ itens (somasDoPeriodo). No
 * quantity (the read model keeps none, see migration 0078): quantidadeDoProduto gives it for the rows
 * shown. The reports read it too: Vendas por produto and the Curva ABC de produtos by revenue
 * (relatorios/).
 */
export const somasDeProdutos = (r: Intervalo) => somasDoPeriodo(PRODUTOS, r);

/** One row per customer of a range: cliente_id, Σ orders and Σ valor_total in cents (somasDoPeriodo). */
export const somasDeClientesDoPainel = (r: Intervalo) => somasDoPeriodo(CLIENTES, r);

/**
 * executaAgrupado's settings for a statement of the page: when somasDoPeriodo reads the running sums
 * for the range (never for one calendar month: fewer than three months), `pelasSomas`, and no
 * parallel workers (the page's statements run at once, see executaAgrupado).
 */
export const ajustesDoPainel = (r: Intervalo) => {
  const somas = bieniosPelasSomas(r).bienios !== null;
  return { pelasSomas: somas, semParalelo: somas };
};
