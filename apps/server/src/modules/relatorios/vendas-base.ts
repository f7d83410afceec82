import { addDays, dividirComComplementos, dividirEmBienios, formatDateBR } from '@erp/shared';
import { and, type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import type { EscopoVendedor } from './escopo-vendedor.ts';

// The sales the commercial reports count (issue 35), written once: the items of the orders issued
// in the period (data_emissao, a date: São Paulo business days, no time zone) that are sales — every
// status but orçamento and cancelado, the dashboard's rule (comercial-dashboard.service.ts) — under
// the report's filters and the user's seller scope. `i` is sales_order_items, `o` sales_orders, `p`
// products (joined by every query, for the group filter and the product's label).
// The cost of an item is its quantity × the custo médio frozen on it (custo_unitario, migration
// 0067), rounded to the cent per item, so every total is the exact sum of its rows.

export const CUSTO_ITEM = sql.raw('round(i.quantidade * coalesce(i.custo_unitario, 0), 2)');
export const PEDIDO_CONTADO = sql.raw(`o.status not in ('orcamento', 'cancelado')`);

export type FiltrosVendas = {
  de: string;
  ate: string;
  vendedor_id?: string | undefined;
  cliente_id?: string | undefined;
  produto_id?: string | undefined;
  grupo_id?: string | undefined;
  regiao_id?: string | undefined;
};

const idOuNulo = (coluna: SQL, v: string | undefined) =>
  v === undefined ? undefined : v === 'sem' ? sql`${coluna} is null` : sql`${coluna} = ${v}::uuid`;

/** The WHERE of the counted items under the filters and the scope. */
export function ondeVendas(f: FiltrosVendas, escopo: EscopoVendedor): SQL {
  return and(
    sql`o.data_emissao >= ${f.de}::date and o.data_emissao <= ${f.ate}::date`,
    PEDIDO_CONTADO,
    escopo ? sql`o.vendedor_id = ${escopo.vendedorId}::uuid` : undefined,
    idOuNulo(sql`o.vendedor_id`, f.vendedor_id),
    f.cliente_id ? sql`o.cliente_id = ${f.cliente_id}::uuid` : undefined,
    f.produto_id ? sql`i.product_id = ${f.produto_id}::uuid` : undefined,
    idOuNulo(sql`p.grupo_id`, f.grupo_id),
    idOuNulo(sql`o.regiao_id`, f.regiao_id),
  ) as SQL;
}

/**
 * relatorio_vendas_pedido (migration 0076, alias `r`): one row per counted order with items — its day,
 * customer, seller and region, its figures in thousandths and cents. It answers every filter but
 * the product's and the group's (those are not the order's), so a page grouped by customer, or
 * filtered by one, sums its orders instead of joining a year's items to them.
 */
export const pelosPedidos = (f: FiltrosVendas) => !f.produto_id && !f.grupo_id;

/** The WHERE of relatorio_vendas_pedido's rows under the filters (pelosPedidos) and the scope. */
export function ondePedidos(f: FiltrosVendas, escopo: EscopoVendedor): SQL {
  return and(
    sql`r.data_emissao >= ${f.de}::date and r.data_emissao <= ${f.ate}::date`,
    escopo ? sql`r.vendedor_id = ${escopo.vendedorId}::uuid` : undefined,
    idOuNulo(sql`r.vendedor_id`, f.vendedor_id),
    f.cliente_id ? sql`r.cliente_id = ${f.cliente_id}::uuid` : undefined,
    idOuNulo(sql`r.regiao_id`, f.regiao_id),
  ) as SQL;
}

/**
 * relatorio_vendas_pedido's and the per-product running sums' figures (thousandths, cents) back in
 * the items' units, typed as the items' own sums are (Σ numeric(14,3) has 3 places, Σ numeric(14,2)
 * and the rounded cost 2), so every path prints alike.
 */
export const emQuantidade = (milesimos: SQL) => sql`(${milesimos}::numeric / 1000)::numeric(20, 3)`;
export const emReais = (centavos: SQL) => sql`(${centavos}::numeric / 100)::numeric(20, 2)`;

/** The sums of relatorio_vendas_pedido's rows (alias `r`) in the items' units. */
export const SOMAS_PEDIDOS = {
  quantidade: emQuantidade(sql`sum(r.quantidade)`),
  receita: emReais(sql`sum(r.receita)`),
  custo: emReais(sql`sum(r.custo)`),
};

export const FROM_VENDAS = sql.raw(
  'sales_order_items i join sales_orders o on o.id = i.order_id join products p on p.id = i.product_id',
);

/**
 * FROM_VENDAS without the products when nothing reads them (no group filter nor grouping by group):
 * every item has its product (foreign key), so the rows are the same, and a year's ~1 M items skip
 * a join with the catalogue.
 */
export function fromVendas(f: FiltrosVendas, porGrupo = false): SQL {
  return f.grupo_id || porGrupo
    ? FROM_VENDAS
    : sql.raw('sales_order_items i join sales_orders o on o.id = i.order_id');
}

/** The filters as an export's header prints them (names looked up in one query). */
export async function descreveFiltros(
  db: Db,
  f: Partial<FiltrosVendas>,
  escopo: EscopoVendedor,
): Promise<[string, string][]> {
  const id = (v: string | undefined) => (v && v !== 'sem' ? v : null);
  const [n] = rowsOf<Record<'vendedor' | 'cliente' | 'produto' | 'grupo' | 'regiao', string | null>>(
    await db.execute(sql`select
      (select nome from vendedores where id = ${id(f.vendedor_id)}::uuid) as vendedor,
      (select razao_social from clientes where id = ${id(f.cliente_id)}::uuid) as cliente,
      (select codigo || ' · ' || nome from products where id = ${id(f.produto_id)}::uuid) as produto,
      (select nome from grupos_estoque where id = ${id(f.grupo_id)}::uuid) as grupo,
      (select nome from regioes_entrega where id = ${id(f.regiao_id)}::uuid) as regiao`),
  );
  const out: [string, string][] = [];
  if (f.de && f.ate) out.push(['Período', `${formatDateBR(f.de)} a ${formatDateBR(f.ate)}`]);
  const nome = (rotulo: string, v: string | undefined, achado: string | null | undefined, sem: string) => {
    if (v) out.push([rotulo, v === 'sem' ? sem : (achado ?? '—')]);
  };
  if (escopo) out.push(['Vendedor', `${escopo.nome} (suas vendas)`]);
  else nome('Vendedor', f.vendedor_id, n?.vendedor, 'Sem vendedor');
  nome('Cliente', f.cliente_id, n?.cliente, '—');
  nome('Produto', f.produto_id, n?.produto, '—');
  nome('Grupo', f.grupo_id, n?.grupo, 'Sem grupo');
  nome('Região', f.regiao_id, n?.regiao, 'Sem região');
  return out;
}

/**
 * relatorio_vendas_pedido grouped by customer with no seller, region or scope filter: the period's
 * rows read in customer order off relatorio_vendas_pedido_cliente_idx, which carries the sums
 * (migration 0077), so the aggregate streams. PostgreSQL costs that plan about as the hash of the
 * ~200,000 customers of a year and picks the hash, which took twice as long on the bench (≈ 600 ms
 * against ≈ 300 ms, spilling at the default work_mem). A seller's or a region's filter is not in
 * the index: those fewer rows keep the planner's choice.
 */
export const clientesEmOrdem = (f: FiltrosVendas, escopo: EscopoVendedor) =>
  !escopo && !f.vendedor_id && !f.regiao_id && !f.produto_id && !f.grupo_id;

/**
 * Runs a grouped statement, in its own transaction when it needs planner settings of its own:
 * - `emOrdem` (clientesEmOrdem): the hash aggregate off;
 * - `pelasSomas`: it reads the per-year running sums (migrations 0078, 0079). Their tables hold a row
 *   per key and year for every year with sales, and one year's rows lie together (correlation ≈ 0.75
 *   on `ano`), so the primary key's index reads a fifth of the pages a sequential scan does. At the
 *   default random_page_cost (4, a spinning disk's) PostgreSQL picked the scan of the whole table:
 *   on the bench's 5 years, a year's 200,000 products took 175 ms against 53 ms through the index,
 *   the 197,022 customers of the Vendas report's page 438 ms against 255 ms. 1.1 is the usual figure
 *   for storage that answers random reads as fast as sequential ones (memory, SSD). JIT off too: the
 *   statements' estimated cost compiles them on every call, 10–40 ms of the ~250 ms they then take.
 * - `semParalelo`: no parallel workers. The dashboard sends its page's statements at once, three of
 *   them scanning a year's products or customers: on 2 cores, each one's 2 workers only competed
 *   with the other statements (the year's whole page p50 291–318 ms with them, 215–220 ms without,
 *   docs/benchmarks.md), while a report's single request keeps them.
 * - `pelaBase`: a Curva ABC's first page off its base (curva-abc-base.ts): every set it reads is a
 *   range of an index (a few hundred rows around a cut-off, the first rows) whose bounds come from
 *   the statement's own first CTEs, which the planner cannot see: it estimated a third of the table
 *   and scanned it whole (~100 ms a set on the bench's year). Scans of the whole table and bitmaps
 *   off, JIT off (the estimated cost compiled the statement on every call).
 * The settings go in one statement (set_config(…, true): for this transaction only).
 */
export function executaAgrupado(
  db: Db,
  consulta: SQL,
  ajustes: { emOrdem?: boolean; pelasSomas?: boolean; semParalelo?: boolean; pelaBase?: boolean } = {},
) {
  const ajustesLocais: [string, string][] = [];
  if (ajustes.pelaBase)
    ajustesLocais.push(['enable_seqscan', 'off'], ['enable_bitmapscan', 'off'], ['jit', 'off']);
  if (ajustes.emOrdem) ajustesLocais.push(['enable_hashagg', 'off']);
  if (ajustes.pelasSomas) ajustesLocais.push(['random_page_cost', '1.1'], ['jit', 'off']);
  if (ajustes.semParalelo) ajustesLocais.push(['max_parallel_workers_per_gather', '0']);
  if (ajustesLocais.length === 0) return db.execute(consulta);
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select ${sql.join(
        ajustesLocais.map(([nome, valor]) => sql`set_config(${nome}, ${valor}, true)`),
        sql`, `,
      )}`,
    );
    return tx.execute(consulta);
  });
}

/**
 * A per-year running-sums read model (relatorio_vendas_produto_ano, migration 0078;
 * relatorio_vendas_cliente_ano, 0079): its table, key, measures (columns `<medida>_01`..`_24`) and
 * the measure whose difference says the key sold in the months (a count, never negative).
 */
export type SomasDoAno = { tabela: string; chave: string; medidas: string[]; presenca: string };

/**
 * Positions `de`..`ate` of every key's row for year `ano` of such a read model: the running sum at
 * `ate` minus that at `de`−1, for each measure, keys with nothing in these months left out; `filtro`
 * (` and …` on the key, unqualified) narrows the keys.
 */
export function posicoesDoAno(
  m: SomasDoAno,
  p: { ano: number; de: number; ate: number },
  filtro: SQL = sql``,
): SQL {
  const coluna = (medida: string) => {
    const ate = `y.${medida}_${String(p.ate).padStart(2, '0')}`;
    return sql.raw(p.de === 1 ? ate : `${ate} - y.${medida}_${String(p.de - 1).padStart(2, '0')}`);
  };
  const medidas = sql.join(
    m.medidas.map((medida) => sql`${coluna(medida)} as ${sql.raw(medida)}`),
    sql`, `,
  );
  return sql`select y.${sql.raw(m.chave)}, ${medidas}
    from ${sql.raw(m.tabela)} y where y.ano = ${p.ano}::smallint and ${coluna(m.presenca)} > 0${filtro}`;
}

/** A count (int) or money in cents (bigint): the type of a measure's sum. */
const tipoDaSoma = (medida: string) => (medida === 'pedidos' || medida === 'itens' ? 'int' : 'bigint');

/**
 * The per-key sums of a range from its parts (`partes`: the running sums' positions, then the signed
 * rows of the loose days added or taken out; each with the key and every measure). One part of
 * running sums alone is already one row per key. With one part of running sums and a few days
 * around it, the days are summed per key and joined to it (a hash full join: the days' keys may be
 * absent from the months) — a year's 200,000 products and a day's 8,000
 * rows took 82–116 ms so, against 270–300 ms for a grouping of their union. Otherwise, the union
 * grouped per key.
 */
export function somaDasPartes(m: SomasDoAno, partes: SQL[], comSomas: boolean): SQL {
  const chave = sql.raw(m.chave);
  const soma = (x: string) => `sum(u.${x})::${tipoDaSoma(x)} as ${x}`;
  const unidos = (lista: SQL[]) => sql`select u.${chave}, ${sql.raw(m.medidas.map(soma).join(', '))}
    from (${sql.join(lista, sql` union all `)}) u
    group by u.${chave}`;
  if (comSomas && partes.length === 1) return partes[0]!;
  if (!comSomas) return unidos(partes);
  const [anos, ...dias] = partes;
  const medida = (x: string) => `coalesce(y.${x}, 0) + coalesce(d.${x}, 0) as ${x}`;
  return sql`select coalesce(y.${chave}, d.${chave}) as ${chave}, ${sql.raw(m.medidas.map(medida).join(', '))}
    from (${anos}) y full join (${unidos(dias)}) d on d.${chave} = y.${chave}`;
}

/**
 * From this many whole months on, the running sums (one row per key sold in the two years) cost
 * less than the per-month or per-order rows: at the bench's 200,000 products, ~80,000 month rows a
 * month against ~200,000 rows a window.
 */
const MESES_PELAS_SOMAS = 3;

/**
 * A range for the per-key read models (dividirComComplementos): its months — a partial month at an
 * end taken whole when fewer of its days lie outside the range than inside —, the loose days to add
 * (`somar`) and the days outside the range to take out (`tirar`), and the months as positions of the
 * per-year running sums when there are enough of them (`bienios`, else null).
 */
export function bieniosPelasSomas(r: { inicio: string; fim: string }) {
  const { meses, somar, tirar } = dividirComComplementos(r);
  const bienios = meses ? dividirEmBienios(meses) : [];
  const inteiros = bienios.reduce((n, b) => n + b.ate - b.de + 1, 0);
  return { meses, somar, tirar, bienios: inteiros >= MESES_PELAS_SOMAS ? bienios : null };
}

const CLIENTES_ANO: SomasDoAno = {
  tabela: 'relatorio_vendas_cliente_ano',
  chave: 'cliente_id',
  medidas: ['pedidos', 'receita', 'custo'],
  presenca: 'pedidos',
};

/**
 * One row per customer with counted orders in the period — cliente_id, pedidos, receita and custo
 * in cents (bigint) — off the per-customer running sums (migration 0079) for the months and
 * relatorio_vendas_pedido for the loose days at the ends (added, or taken out of a month taken whole:
 * bieniosPelasSomas); or null when the period spans fewer than MESES_PELAS_SOMAS months
 * (relatorio_vendas_pedido alone then, grouped by customer). No
 * filter but the period: the read model has no seller, region nor scope, and no quantity (the page's
 * rows read theirs from relatorio_vendas_pedido: quantidadesDosClientes).
 */
export function somasDeClientes(f: FiltrosVendas): SQL | null {
  const { somar, tirar, bienios } = bieniosPelasSomas({ inicio: f.de, fim: addDays(f.ate, 1) });
  if (!bienios) return null;
  const partes = bienios.map((b) => posicoesDoAno(CLIENTES_ANO, b));
  const pedidos = (d: { inicio: string; fim: string }, sinal: '' | '-') =>
    sql`select r.cliente_id, ${sql.raw(sinal)}1 as pedidos, ${sql.raw(sinal)}r.receita as receita,
        ${sql.raw(sinal)}r.custo as custo
      from relatorio_vendas_pedido r
      where r.data_emissao >= ${d.inicio}::date and r.data_emissao < ${d.fim}::date`;
  for (const d of somar) partes.push(pedidos(d, ''));
  for (const d of tirar) partes.push(pedidos(d, '-'));
  // a customer whose orders of a month taken whole all lie in the days taken out sums to nothing:
  // not a row (it was one, with zeros, in the Vendas por cliente and the Curva ABC)
  return sql`select s.* from (${somaDasPartes(CLIENTES_ANO, partes, bienios.length === 1)}) s where s.pedidos > 0`;
}

/** Σ quantity (thousandths) of these customers' counted orders in the period, off relatorio_vendas_pedido. */
export async function quantidadesDosClientes(db: Db, f: FiltrosVendas, clientes: string[]) {
  const rows = rowsOf<{ chave: string; quantidade: string }>(
    await db.execute(sql`select r.cliente_id::text as chave, ${emQuantidade(sql`sum(r.quantidade)`)}::text as quantidade
      from relatorio_vendas_pedido r
      where r.cliente_id = any(${`{${clientes.join(',')}}`}::uuid[])
        and r.data_emissao >= ${f.de}::date and r.data_emissao <= ${f.ate}::date
      group by r.cliente_id`),
  );
  return new Map(rows.map((r) => [r.chave, r.quantidade]));
}
