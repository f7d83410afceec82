// The stock benchmark's data set, generated inside the database with INSERT ... SELECT
// generate_series (no rows travel through Node). Deterministic: the same size gives the same rows.
// Product ids are md5-derived version-4 UUIDs, as scattered as gen_random_uuid() ones.
//
// Shape (full size): 100,000 products in 10 groups, 3 locations (DEP depósito — the default —,
// SEP separação, AVA avaria), 5,000,000 ledger rows over two years in time order (so a product's
// rows are scattered over the table, as in a real ledger). The first `kardexProducts` products have
// `kardexMovements` rows each (the Kardex scenario); the others share the rest. Rows come in pairs:
// an entrada of 2u then a saída of u at the same location, so no balance is ever negative along
// the way. Every entrada of a product has the same cost, so its custo médio is that cost throughout
// (exact under the ledger model). One product in 20 ends at zero: its rows are all at DEP and a
// closing `ajuste` takes the balance out. Then the balances, a few reservations, and the products'
// ledger-kept columns and minimum/maximum (chosen from the final balance: ~10% below the minimum,
// ~5% above the maximum, ~5% zero; 2% inactive).

export type DatasetSize = {
  products: number;
  /** ledger rows in all (including the closing ajustes) */
  movements: number;
  kardexProducts: number;
  kardexMovements: number;
};

export const FULL_SIZE: DatasetSize = {
  products: 100_000,
  movements: 5_000_000,
  kardexProducts: 10,
  kardexMovements: 10_000,
};

export function scaled(scale: number): DatasetSize {
  return {
    products: Math.max(100, Math.round(FULL_SIZE.products * scale)),
    movements: Math.max(100_000, Math.round(FULL_SIZE.movements * scale)),
    kardexProducts: Math.max(1, Math.round(FULL_SIZE.kardexProducts * scale)),
    kardexMovements: FULL_SIZE.kardexMovements,
  };
}

const TIPOS = [
  'Arroz Tipo 1',
  'Feijão Carioca',
  'Açúcar Cristal',
  'Café Torrado e Moído',
  'Óleo de Soja',
  'Macarrão Espaguete',
  'Farinha de Trigo',
  'Leite UHT Integral',
  'Sabão em Pó',
  'Detergente Líquido',
  'Biscoito Recheado',
  'Refrigerante Cola',
  'Água Mineral sem Gás',
  'Molho de Tomate',
  'Sal Refinado',
  'Achocolatado em Pó',
  'Papel Higiênico',
  'Creme Dental',
  'Xampu',
  'Margarina',
];
const MARCAS = [
  'Camil',
  'Tio João',
  'União',
  'Pilão',
  'Liza',
  'Renata',
  'Dona Benta',
  'Italac',
  'Omo',
  'Ypê',
  'Marilan',
  'Crystal',
  'Pomarola',
  'Cisne',
  'Nescau',
  'Neve',
  'Colgate',
  'Seda',
  'Qualy',
  'São João',
];
const TAMANHOS = ['1 kg', '5 kg', '500 g', '900 ml', '2 L', '1 L', '200 g', '400 g', '12 un', '90 g'];
const GRUPOS = [
  ['MER', 'Mercearia'],
  ['BEB', 'Bebidas'],
  ['LIM', 'Limpeza'],
  ['HIG', 'Higiene'],
  ['LAT', 'Laticínios'],
  ['MAT', 'Matinais'],
  ['CON', 'Condimentos'],
  ['BIS', 'Biscoitos'],
  ['GRA', 'Grãos'],
  ['DES', 'Descartáveis'],
];

const lit = (a: readonly string[]) => `ARRAY[${a.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]`;

/** Product p (1-based) is in group 1 + p % 10; its entradas cost this (2 decimals). */
export const custoSql = (p: string) => `((((${p}) * 7919) % 20000 + 100) / 100.0)`;
/** md5('p' || n) with the version (4) and variant (8) digits set: a valid UUID the API accepts. */
export const produtoId = (p: string) =>
  `overlay(overlay(md5('p' || (${p})) placing '4' from 13) placing '8' from 17)::uuid`;
export const grupoCodigo = (g: number) => GRUPOS[g - 1]![0]!;

/**
 * The SQL statements that load the data set, in order. `fim`: the moment of the last generated row
 * (the ledger spans the two years before it).
 */
export function datasetStatements(size: DatasetSize, fim: string): { label: string; sql: string }[] {
  const { products: P, kardexProducts: KP, kardexMovements: KM } = size;
  const zeros = Math.floor(P / 20); // products p % 20 = 0 end at zero with one closing ajuste
  const restantes = size.movements - zeros - KP * KM;
  const outros = P - KP;
  const base = Math.floor(restantes / outros);
  const extra = restantes - base * outros; // products KP+1 .. KP+extra get one row more
  if (base < 2) throw new Error('poucos movimentos para tantos produtos');
  const span = 730 * 86400; // two years, in seconds
  const locais = `(select array_agg(id order by codigo) as a from locais_estoque where codigo in ('AVA', 'DEP', 'SEP'))`;
  return [
    {
      label: 'grupos e locais',
      sql: `insert into grupos_estoque (codigo, nome) values ${GRUPOS.map(([c, n]) => `('${c}', '${n}')`).join(', ')};
        insert into locais_estoque (codigo, nome, tipo) values ('SEP', 'Separação', 'separacao'), ('AVA', 'Avaria', 'avaria')`,
    },
    {
      label: 'products',
      sql: `insert into products (id, codigo, nome, marca, grupo_id, unidade, preco_venda, ativo)
        select ${produtoId('p')}, 'P' || lpad(p::text, 6, '0'),
               w.t[1 + p % ${TIPOS.length}] || ' ' || w.m[1 + (p / ${TIPOS.length}) % ${MARCAS.length}] || ' '
                 || w.s[1 + (p / 7) % ${TAMANHOS.length}],
               w.m[1 + (p / ${TIPOS.length}) % ${MARCAS.length}],
               g.a[1 + p % ${GRUPOS.length}], 'UN', round(${custoSql('p')} * 1.4, 2), p % 50 <> 25
        from generate_series(1, ${P}) p,
             (select ${lit(TIPOS)} as t, ${lit(MARCAS)} as m, ${lit(TAMANHOS)} as s) w,
             (select array_agg(id order by array_position(${lit(GRUPOS.map((g) => g[0]!))}, codigo)) as a
              from grupos_estoque where codigo = any(${lit(GRUPOS.map((g) => g[0]!))})) g`,
    },
    {
      // rows in pairs (entrada 2u, saída u) at one location; time = the product's phase through
      // two years; saldo_produto is the running sum; inserted in time order (ids follow time)
      label: 'estoque_movimentos',
      sql: `insert into estoque_movimentos (product_id, local_id, tipo, quantidade, custo_unitario, saldo_produto,
          custo_medio, origem, origem_id, ocorrido_em)
        select ${produtoId('p')}, local_id, tipo, q, c, sum(q) over (partition by p order by s), c, origem,
               origem_id, t
        from (
          select pk.p, s.s, l.a[case when pk.p % 20 = 0 then 2
                               when (pk.p + (s.s + 1) / 2) % 20 = 0 then 1
                               when (pk.p + (s.s + 1) / 2) % 20 < 8 then 3 else 2 end] as local_id,
                 case when s.s % 2 = 1 then 'entrada' else 'saida' end as tipo,
                 (case when s.s % 2 = 1 then 2 else -1 end) * (1 + (pk.p * 31 + ((s.s + 1) / 2) * 17) % 12) as q,
                 ${custoSql('pk.p')} as c,
                 case when s.s % 2 = 1 then 'nota_entrada' else 'pedido' end as origem,
                 (pk.p::bigint * 100000 + s.s)::text as origem_id,
                 '${fim}'::timestamptz - make_interval(secs => ${span})
                   + make_interval(secs => ${span} * ((s.s - 1) + (pk.p * 0.6180339887 - floor(pk.p * 0.6180339887))) / pk.k) as t
          from (select p, case when p <= ${KP} then ${KM} when p <= ${KP + extra} then ${base + 1} else ${base} end as k
                from generate_series(1, ${P}) p) pk,
               lateral generate_series(1, pk.k) s(s),
               ${locais} l
        ) g
        order by t, p, s`,
    },
    {
      label: 'ajustes de fechamento',
      sql: `insert into estoque_movimentos (product_id, local_id, tipo, quantidade, custo_unitario, saldo_produto,
          custo_medio, origem, observacao, ocorrido_em)
        select m.product_id, m.local_id, 'ajuste', -sum(m.quantidade), min(m.custo_unitario), 0, min(m.custo_unitario),
               'ajuste', 'Zerado para o benchmark', '${fim}'::timestamptz + interval '1 second'
        from estoque_movimentos m
        where m.product_id in (select ${produtoId('p')} from generate_series(20, ${P}, 20) p)
        group by m.product_id, m.local_id
        order by m.product_id`,
    },
    {
      label: 'estoque_saldos',
      sql: `insert into estoque_saldos (produto_id, local_id, lote_id, saldo)
        select product_id, local_id, null, sum(quantidade) from estoque_movimentos group by 1, 2 order by 1, 2`,
    },
    {
      label: 'estoque_reservas',
      sql: `insert into estoque_reservas (origem, origem_id, produto_id, local_id, lote_id, quantidade)
        select 'pedido', 'BENCH-' || p, s.produto_id, s.local_id, null, 1
        from generate_series(7, ${P}, 100) p
        join estoque_saldos s on s.produto_id = ${produtoId('p')}
          and s.local_id = (select id from locais_estoque where codigo = 'DEP') and s.saldo >= 2;
        update estoque_saldos s set reservado = r.q
        from (select produto_id, local_id, sum(quantidade) as q from estoque_reservas group by 1, 2) r
        where s.produto_id = r.produto_id and s.local_id = r.local_id and s.lote_id is null`,
    },
    {
      label: 'products (ledger-kept columns, mínimo/máximo)',
      sql: `update products p set estoque_atual = x.saldo, estoque_reservado = x.reservado,
          custo_medio = x.c, preco_custo = round(x.c, 2),
          estoque_minimo = case when x.i % 20 = 0 then 10
                                when x.i % 20 in (1, 2) then x.saldo + 10 + x.i % 50
                                else floor(x.saldo / 3) end,
          estoque_maximo = case when x.i % 20 = 0 then 100
                                when x.i % 20 in (1, 2) then (x.saldo + 10 + x.i % 50) * 4
                                when x.i % 20 = 3 then greatest(x.saldo - 1 - x.i % 5, 1)
                                when x.i % 7 = 0 then 0
                                else x.saldo * 2 + 10 end
        from (select substr(pr.codigo, 2)::int as i, pr.id, ${custoSql('substr(pr.codigo, 2)::int')} as c,
                     coalesce(sum(s.saldo), 0) as saldo, coalesce(sum(s.reservado), 0) as reservado
              from products pr left join estoque_saldos s on s.produto_id = pr.id
              where pr.codigo ~ '^P[0-9]{6}$'
              group by pr.id) x
        where p.id = x.id`,
    },
    {
      // the bulk load bypassed the triggers that keep the dashboard's stock summary
      label: 'dashboard_estoque_resumo',
      sql: 'select dashboard_estoque_recalcular()',
    },
    {
      // and the per-location totals the ledger keeps (the Posição filtered by a location)
      label: 'estoque_totais_local',
      sql: 'select estoque_totais_local_recalcular()',
    },
  ];
}
