// The 1 M-order data set (issue 30's size: 1 M orders / 3 M items / 500 k títulos, 200 k customers,
// 200 k products), generated inside the database with INSERT ... SELECT generate_series (no rows
// travel through Node). Deterministic: the same scale and "today" give the same rows. Identifiers
// are md5-derived UUIDs with the version/variant digits set, as scattered as gen_random_uuid() ones
// and accepted by the API's validation. Other benchmarks (order search, stock posting, the
// receivables list) run on copies of this database, so the rows are kept consistent with what the
// app itself would have written: stock ledger = balances = products.estoque_atual, saldo per status.

export type DatasetSize = {
  vendedores: number;
  clientes: number;
  fornecedores: number;
  products: number;
  orders: number;
  /** items per order (exactly) */
  itemsPerOrder: number;
  accounts: number;
  /** orders are spread evenly over this many days ending today */
  days: number;
};

export const FULL_SIZE: DatasetSize = {
  vendedores: 200,
  clientes: 200_000,
  fornecedores: 5_000,
  products: 200_000,
  orders: 1_000_000,
  itemsPerOrder: 3,
  accounts: 500_000,
  days: 1095,
};

export function scaled(scale: number): DatasetSize {
  const s = (n: number) => Math.max(1, Math.round(n * scale));
  return {
    vendedores: FULL_SIZE.vendedores,
    clientes: s(FULL_SIZE.clientes),
    fornecedores: s(FULL_SIZE.fornecedores),
    products: s(FULL_SIZE.products),
    orders: s(FULL_SIZE.orders),
    itemsPerOrder: FULL_SIZE.itemsPerOrder,
    accounts: s(FULL_SIZE.accounts),
    days: FULL_SIZE.days,
  };
}

/** md5(prefix || n) with the version (4) and variant (8) digits set: a valid UUID the API accepts. */
export const uid = (prefix: string, n: string) =>
  `overlay(overlay(md5('${prefix}' || (${n})) placing '4' from 13) placing '8' from 17)::uuid`;

const lit = (words: string[]) => `array[${words.map((w) => `'${w}'`).join(', ')}]`;
const RAMOS = [
  'Mercado',
  'Distribuidora',
  'Padaria',
  'Farmácia',
  'Comercial',
  'Atacadão',
  'Empório',
  'Armazém',
  'Supermercado',
  'Mercearia',
  'Restaurante',
  'Lanchonete',
  'Drogaria',
  'Materiais',
  'Papelaria',
  'Hortifruti',
  'Açougue',
  'Conveniência',
  'Auto Peças',
  'Loja',
];
const NOMES = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Lima',
  'Gomes',
  'Costa',
  'Ribeiro',
  'Martins',
  'Carvalho',
  'Almeida',
  'Lopes',
  'Soares',
  'Fernandes',
  'Vieira',
  'Barbosa',
  'Rocha',
  'Dias',
  'Nascimento',
  'Andrade',
  'Moreira',
  'Nunes',
  'Marques',
  'Machado',
  'Mendes',
  'Freitas',
  'Cardoso',
  'Ramos',
  'Gonçalves',
  'Santana',
  'Teixeira',
  'Araújo',
  'Pinto',
  'Moraes',
  'Correia',
  'Batista',
];
const SUFIXOS = ['Ltda', 'ME', 'EIRELI', 'S.A.', 'Comércio Ltda'];
const TIPOS = [
  'Arroz',
  'Feijão',
  'Açúcar',
  'Café',
  'Óleo',
  'Farinha',
  'Macarrão',
  'Leite',
  'Biscoito',
  'Sabão',
  'Detergente',
  'Papel Toalha',
  'Refrigerante',
  'Suco',
  'Molho de Tomate',
  'Sal',
  'Vinagre',
  'Achocolatado',
  'Margarina',
  'Sardinha',
];
const MARCAS = [
  'Tio João',
  'Camil',
  'União',
  'Pilão',
  'Liza',
  'Dona Benta',
  'Renata',
  'Italac',
  'Piraquê',
  'Ypê',
  'Limpol',
  'Snob',
  'Guaraná',
  'Del Valle',
  'Quero',
  'Cisne',
  'Castelo',
  'Nescau',
  'Qualy',
  'Gomes da Costa',
];
const TAMANHOS = ['1 kg', '5 kg', '500 g', '2 L', '900 ml', '250 g', '12 un', '1 L'];

/** Customer c's name (razao_social), also the orders' and títulos' name snapshot. */
const nomeCliente = (c: string) => {
  const h = `((${c})::bigint * 48271 % 2147483647)`; // scatters the name parts over the customers
  return `(${lit(RAMOS)})[1 + ${h} % ${RAMOS.length}] || ' ' || (${lit(NOMES)})[1 + (${h} / ${RAMOS.length}) % ${NOMES.length}]
   || ' ' || (${lit(NOMES)})[1 + (${h} / ${RAMOS.length * NOMES.length}) % ${NOMES.length}]
   || ' ' || (${lit(SUFIXOS)})[1 + (${h} / 7) % ${SUFIXOS.length}]`;
};
const nomeFornecedor = (f: string) =>
  `'Fornecedora ' || (${lit(NOMES)})[1 + (${f}) % ${NOMES.length}] || ' ' || (${lit(MARCAS)})[1 + ((${f}) / ${NOMES.length}) % ${MARCAS.length}] || ' Ltda'`;
const nomeProduto = (p: string) =>
  `(${lit(TIPOS)})[1 + (${p}) % ${TIPOS.length}] || ' ' || (${lit(MARCAS)})[1 + ((${p}) / ${TIPOS.length}) % ${MARCAS.length}]
   || ' ' || (${lit(TAMANHOS)})[1 + ((${p}) / 7) % ${TAMANHOS.length}] || ' ' || lpad(((${p}) % 1000)::text, 3, '0')`;

/** The SQL statements that load the data set, in order (each one a single INSERT ... SELECT or UPDATE). */
export function datasetStatements(size: DatasetSize, today: string): { label: string; sql: string }[] {
  const {
    vendedores: V,
    clientes: C,
    fornecedores: F,
    products: P,
    orders: N,
    itemsPerOrder: K,
    accounts: A,
    days: D,
  } = size;
  const day0 = `('${today}'::date - ${D - 1})`;
  // Sale price of product p, used by items and (summed) by their order.
  const price = (p: string) => `round(((((${p}) * 7919) % 20000 + 100) / 100.0) * 1.4, 2)`;
  const productOf = (j: string) => `(1 + ((${j})::bigint * 2654435761) % ${P})`;
  const qtyOf = (j: string) => `(1 + ((${j}) * 13) % 24)`;
  const clienteOf = (o: string) => `(1 + ((${o})::bigint * 40503) % ${C})`;
  const emissaoOf = (o: string) => `(${day0} + (((${o}) - 1)::bigint * ${D} / ${N})::int)`;
  return [
    {
      label: 'vendedores',
      sql: `insert into vendedores (id, nome)
        select ${uid('v', 'v')}, 'Vendedor ' || lpad(v::text, 3, '0') from generate_series(1, ${V}) v`,
    },
    {
      label: 'clientes',
      sql: `insert into clientes (id, tipo_pessoa, documento, razao_social, municipio, uf, vendedor_id)
        select ${uid('c', 'c')}, 'J', lpad((c * 7)::text, 14, '0'), ${nomeCliente('c')},
               (${lit(['São Paulo', 'Campinas', 'Santos', 'Ribeirão Preto', 'Sorocaba', 'Curitiba', 'Belo Horizonte'])})[1 + c % 7],
               case when c % 7 = 5 then 'PR' when c % 7 = 6 then 'MG' else 'SP' end,
               case when c % 15 = 0 then null else ${uid('v', `1 + c % ${V}`)} end
        from generate_series(1, ${C}) c`,
    },
    {
      label: 'fornecedores',
      sql: `insert into fornecedores (id, tipo_pessoa, documento, razao_social)
        select ${uid('f', 'f')}, 'J', lpad((f * 11 + 3)::text, 14, '0'), ${nomeFornecedor('f')}
        from generate_series(1, ${F}) f`,
    },
    {
      label: 'products',
      sql: `insert into products (id, codigo, nome, marca, preco_custo, custo_medio, preco_venda, estoque_atual,
          estoque_minimo, estoque_maximo, ativo)
        select ${uid('p', 'i')}, 'P' || lpad(i::text, 6, '0'), ${nomeProduto('i')},
               (${lit(MARCAS)})[1 + (i / ${TIPOS.length}) % ${MARCAS.length}],
               (((i * 7919) % 20000 + 100) / 100.0), (((i * 7919) % 20000 + 100) / 100.0), ${price('i')},
               case when i % 20 = 0 then 0
                    when i % 20 in (1, 2) then 1 + i % mn
                    when i % 20 = 3 then (case when mx > 0 then mx else 500 end) + i % 50
                    else mn + 1 + (i * 31) % greatest(coalesce(nullif(mx, 0), mn * 6) - mn - 1, 1) end,
               mn, mx, i % 50 <> 0
        from (select i, (i % 10 + 1) * 10 as mn, case when i % 7 = 0 then 0 else (i % 10 + 1) * 60 end as mx
              from generate_series(1, ${P}) i) g`,
    },
    {
      // the stock each product holds is its opening balance in the ledger (one ajuste at DEP), so
      // ledger = estoque_saldos = products.estoque_atual, as the stock posting bench checks
      label: 'estoque_movimentos',
      sql: `insert into estoque_movimentos (product_id, local_id, tipo, quantidade, custo_unitario, saldo_produto,
          custo_medio, origem, observacao, ocorrido_em)
        select p.id, l.id, 'ajuste', p.estoque_atual, p.custo_medio, p.estoque_atual, p.custo_medio, 'ajuste',
               'Saldo inicial do benchmark', ${day0}::timestamptz
        from products p, (select id from locais_estoque where codigo = 'DEP') l
        where p.estoque_atual > 0
        order by p.codigo`,
    },
    {
      label: 'estoque_saldos',
      sql: `insert into estoque_saldos (produto_id, local_id, lote_id, saldo)
        select product_id, local_id, null, sum(quantidade) from estoque_movimentos group by 1, 2 order by 1, 2`,
    },
    {
      // status: recent orders are still moving through the pipeline; a few quotes and cancellations
      label: 'sales_orders',
      sql: `insert into sales_orders (id, numero, cliente_id, cliente_nome, vendedor_id, data_emissao, status,
          valor_produtos, valor_total, created_at, updated_at)
        select ${uid('o', 'o')}, o, ${uid('c', 'c')}, ${nomeCliente('c')},
               case when o % 10 = 0 then ${uid('v', `1 + o % ${V}`)}
                    when c % 15 = 0 then null
                    else ${uid('v', `1 + c % ${V}`)} end,
               e,
               case when o % 41 = 0 then 'orcamento'
                    when o % 53 = 0 then 'cancelado'
                    when e >= '${today}'::date - 2 then (array['digitado', 'liberado', 'bloqueado'])[1 + o % 3]
                    when e >= '${today}'::date - 7 then (array['liberado', 'em_separacao', 'conferido'])[1 + o % 3]
                    when o % 3 = 0 then 'entregue'
                    else 'faturado' end,
               t, t, e + time '09:00' + make_interval(secs => o % 30000), e + time '09:00' + make_interval(secs => o % 30000)
        from (select o, c, ${emissaoOf('o')} as e,
                     (select sum(${qtyOf('j')} * ${price(productOf('j'))})
                        from generate_series((o - 1) * ${K} + 1, o * ${K}) j) as t
              from (select o, ${clienteOf('o')} as c from generate_series(1, ${N}) o) g0) g`,
    },
    {
      label: 'sales_order_items',
      sql: `insert into sales_order_items (id, order_id, product_id, produto_nome, sequencia, quantidade,
          preco_unitario, preco_tabela, subtotal, valor_produtos, valor_total, unidade)
        select ${uid('i', 'j')}, ${uid('o', `(j - 1) / ${K} + 1`)}, ${uid('p', 'p')}, ${nomeProduto('p')},
               (j - 1) % ${K} + 1, ${qtyOf('j')}, ${price('p')}, ${price('p')}, ${qtyOf('j')} * ${price('p')},
               ${qtyOf('j')} * ${price('p')}, ${qtyOf('j')} * ${price('p')}, 'UN'
        from (select j, ${productOf('j')} as p from generate_series(1, ${N * K}) j) g`,
    },
    {
      // 3 in 5 receivables (of customers), 2 in 5 payables (of suppliers); due dates spread over the
      // orders' span plus 90 days ahead. Due from 30 days ago on: open (some partly paid); older: paid,
      // a few still open (overdue) or cancelled. saldo as the app keeps it: valor while open or
      // cancelled, 0 when paid, part of it when parcial.
      label: 'financial_accounts',
      sql: `insert into financial_accounts (id, tipo, status, descricao, valor, saldo, data_emissao, data_vencimento,
          cliente_id, fornecedor_id, fornecedor_nome, vendedor_id, pessoa_nome, documento, origem, created_at, updated_at)
        select ${uid('a', 'a')}, tipo, status, descricao, valor,
               case status when 'pago' then 0 when 'parcial' then round(valor / 2, 2) else valor end,
               due - 30, due,
               case when tipo = 'receber' then ${uid('c', 'c')} end,
               case when tipo = 'pagar' then ${uid('f', 'f')} end,
               case when tipo = 'pagar' then ${nomeFornecedor('f')} end,
               case when tipo = 'receber' and c % 15 <> 0 then ${uid('v', `1 + c % ${V}`)} end,
               case when tipo = 'receber' then ${nomeCliente('c')} else ${nomeFornecedor('f')} end,
               'NF ' || (100000 + a) || '/' || (1 + a % 3), 'manual',
               (due - 30)::timestamptz, (due - 30)::timestamptz
        from (select a, c, f, due, valor,
                     case when a % 5 < 3 then 'receber' else 'pagar' end as tipo,
                     case when a % 5 < 3 then 'Venda ' || (100000 + a) else 'Compra ' || (100000 + a) end as descricao,
                     case when due >= '${today}'::date then (case when a % 9 = 0 then 'parcial' else 'em_aberto' end)
                          when due >= '${today}'::date - 30 then (case when a % 3 = 0 then 'pago' when a % 11 = 0 then 'parcial' else 'em_aberto' end)
                          when a % 23 = 0 then 'em_aberto'
                          when a % 40 in (1, 3) then 'cancelado'
                          else 'pago' end as status
              from (select a, 1 + (a::bigint * 7867) % ${C} as c, 1 + a % ${F} as f,
                           ${day0} + ((a - 1)::bigint * ${D + 90} / ${A})::int as due,
                           ((a::bigint * 104729) % 500000 + 100) / 100.0 as valor
                    from generate_series(1, ${A}) a) g0) g`,
    },
    {
      label: 'sequence',
      sql: `select setval(pg_get_serial_sequence('sales_orders', 'numero'), ${N})`,
    },
  ];
}

/**
 * The bulk load runs in replica mode (no triggers): afterwards every read model is rebuilt by its
 * rebuild function — each `<name>_recalcular()` of the schema, so a read model added later (with its
 * rebuild function, as the migrations require) is rebuilt here without touching this file.
 */
export const rebuildFunctionsSql = `select p.proname as name from pg_proc p
  join pg_namespace n on n.oid = p.pronamespace
  where n.nspname = 'public' and p.proname like '%\\_recalcular' and p.pronargs = 0 and p.prokind = 'f'
  order by p.proname`;
