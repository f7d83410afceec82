import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, dateOnly, id, money, quantity, unitCost, updatedAt, versao } from '../../db/columns.ts';
import { users } from '../auth/auth.tables.ts';
import { fornecedores } from '../cadastros/cadastros.tables.ts';

// The stock module: registers (unidades, grupos, categorias, locais, produtos with their
// embalagens, lotes), the append-only movement ledger, the balances it keeps per
// (produto, local, lote), reservations and inventory counts. See README.md for the invariants.

/** Weight in kg per base unit: numeric(12,3). */
const peso = customType<{ data: string; driverData: string }>({ dataType: () => 'numeric(12,3)' });
/** Volume in m³ per base unit: numeric(12,6). */
const volume = customType<{ data: string; driverData: string }>({ dataType: () => 'numeric(12,6)' });
/** An outer dimension of a packaging in cm: numeric(8,2). */
const medida = customType<{ data: string; driverData: string }>({ dataType: () => 'numeric(8,2)' });

// The search text of a register with codes that keep their punctuation: erp_busca() (migration
// 0023) is erp_normaliza() with each word's document punctuation dropped when it has digits, as
// the typed words are (termosBusca), so "E2E-97404" and "E2E97404" find the code "E2E-97404".
const busca = (expr: string) =>
  text('busca')
    .notNull()
    .generatedAlwaysAs(sql.raw(`erp_busca(${expr})`));

const codigoNomeAtivo = () => ({
  id: id(),
  codigo: text('codigo').notNull(),
  nome: text('nome').notNull(),
  ativo: boolean('ativo').notNull().default(true),
  versao: versao(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Unidade: the symbol every quantity of a product is kept in, and how many decimals it allows. */
export const unidades = pgTable(
  'unidades',
  {
    id: id(),
    sigla: text('sigla').notNull(),
    descricao: text('descricao').notNull(),
    casasDecimais: smallint('casas_decimais').notNull().default(0),
    ativo: boolean('ativo').notNull().default(true),
    versao: versao(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('unidades_sigla_key').on(t.sigla),
    check('unidades_casas_decimais_check', sql`${t.casasDecimais} between 0 and 6`),
  ],
);

/** Grupo de estoque: a classification of products (inventories may count one group). */
export const gruposEstoque = pgTable('grupos_estoque', codigoNomeAtivo(), (t) => [
  uniqueIndex('grupos_estoque_codigo_key').on(sql`upper(${t.codigo})`),
]);

/** Categoria: another classification of products. */
export const categorias = pgTable('categorias', codigoNomeAtivo(), (t) => [
  uniqueIndex('categorias_codigo_key').on(sql`upper(${t.codigo})`),
]);

/** Local de estoque. Stock in an `avaria` location is never available for sale. */
export const locaisEstoque = pgTable(
  'locais_estoque',
  {
    ...codigoNomeAtivo(),
    tipo: text('tipo').$type<'deposito' | 'separacao' | 'avaria'>().notNull().default('deposito'),
    padraoEntrada: boolean('padrao_entrada').notNull().default(false),
    padraoSaida: boolean('padrao_saida').notNull().default(false),
  },
  (t) => [
    uniqueIndex('locais_estoque_codigo_key').on(sql`upper(${t.codigo})`),
    // at most one default per direction
    uniqueIndex('locais_estoque_padrao_entrada_key').on(t.padraoEntrada).where(sql`${t.padraoEntrada}`),
    uniqueIndex('locais_estoque_padrao_saida_key').on(t.padraoSaida).where(sql`${t.padraoSaida}`),
    check('locais_estoque_tipo_check', sql`${t.tipo} in ('deposito', 'separacao', 'avaria')`),
    check('locais_estoque_avaria_saida_check', sql`not (${t.tipo} = 'avaria' and ${t.padraoSaida})`),
  ],
);

/**
 * Spec: products. `estoque_atual` (sum of the balances), `estoque_reservado` (sum of the reserved
 * quantities), `custo_medio` and `preco_custo` (the average rounded to cents, for the dashboard) are
 * kept by the ledger in the same transaction as each movement; the product form never writes them.
 */
export const products = pgTable(
  'products',
  {
    id: id(),
    codigo: text('codigo').notNull(),
    nome: text('nome').notNull(),
    descricaoComplementar: text('descricao_complementar'),
    marca: text('marca'),
    grupoId: uuid('grupo_id').references(() => gruposEstoque.id),
    categoriaId: uuid('categoria_id').references(() => categorias.id),
    fornecedorId: uuid('fornecedor_id').references(() => fornecedores.id),
    /** The base unit (sigla). */
    unidade: text('unidade')
      .notNull()
      .default('UN')
      .references(() => unidades.sigla, { onUpdate: 'cascade' }),
    /** GTIN of the base unit, or "SEM GTIN". */
    gtin: text('gtin').notNull().default('SEM GTIN'),
    ncm: text('ncm'),
    cest: text('cest'),
    /** NF-e orig 0–8. */
    origem: text('origem').notNull().default('0'),
    pesoBruto: peso('peso_bruto').notNull().default('0'),
    pesoLiquido: peso('peso_liquido').notNull().default('0'),
    volume: volume('volume').notNull().default('0'),
    custoMedio: unitCost('custo_medio').notNull().default('0'),
    precoCusto: money('preco_custo').notNull().default('0'),
    precoVenda: money('preco_venda').notNull().default('0'),
    estoqueAtual: quantity('estoque_atual').notNull().default('0'),
    estoqueReservado: quantity('estoque_reservado').notNull().default('0'),
    estoqueMinimo: quantity('estoque_minimo').notNull().default('0'),
    estoqueMaximo: quantity('estoque_maximo').notNull().default('0'),
    controlaLote: boolean('controla_lote').notNull().default(false),
    ativo: boolean('ativo').notNull().default(true),
    busca: busca(`nome || ' ' || codigo || ' ' || gtin`),
    versao: versao(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_codigo_key').on(t.codigo),
    uniqueIndex('products_gtin_key').on(t.gtin).where(sql`${t.gtin} <> 'SEM GTIN'`),
    index('products_busca_trgm_idx').using('gin', sql`${t.busca} gin_trgm_ops`),
    index('products_busca_ordem_idx').on(t.busca, t.id),
    // a group's products in name order (Posição and Produtos filtered by group, sorted by name)
    index('products_grupo_busca_idx').on(t.grupoId, t.busca, t.id),
    index('products_categoria_idx').on(t.categoriaId),
    index('products_fornecedor_idx').on(t.fornecedorId),
    index('products_unidade_idx').on(t.unidade),
    check('products_preco_custo_check', sql`${t.precoCusto} >= 0`),
    check('products_preco_venda_check', sql`${t.precoVenda} >= 0`),
    check('products_estoque_minimo_check', sql`${t.estoqueMinimo} >= 0`),
    check('products_estoque_maximo_check', sql`${t.estoqueMaximo} >= 0`),
    check('products_estoque_reservado_check', sql`${t.estoqueReservado} >= 0`),
    check('products_custo_medio_check', sql`${t.custoMedio} >= 0`),
    check('products_origem_check', sql`${t.origem} in ('0', '1', '2', '3', '4', '5', '6', '7', '8')`),
    check('products_pesos_check', sql`${t.pesoBruto} >= 0 and ${t.pesoLiquido} >= 0 and ${t.volume} >= 0`),
    // Dashboard indexes live in the dashboard migrations (covering, in list order).
  ],
);

/** Embalagem: a unit of the product with its factor to the base unit (CX = 12 UN) and own GTIN. */
export const produtoEmbalagens = pgTable(
  'produto_embalagens',
  {
    id: id(),
    produtoId: uuid('produto_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    unidade: text('unidade')
      .notNull()
      .references(() => unidades.sigla, { onUpdate: 'cascade' }),
    fator: quantity('fator').notNull(),
    gtin: text('gtin'),
    padraoCompra: boolean('padrao_compra').notNull().default(false),
    padraoVenda: boolean('padrao_venda').notNull().default(false),
    // The packed box as it ships (optional): its gross weight in kg (carton included) and its outer
    // dimensions in cm. A load counts a full box by these instead of fator × the base unit's figures
    // (shared estoque/carga-fisica.ts); all three dimensions or none.
    pesoBruto: peso('peso_bruto'),
    altura: medida('altura'),
    largura: medida('largura'),
    comprimento: medida('comprimento'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('produto_embalagens_unidade_key').on(t.produtoId, t.unidade),
    uniqueIndex('produto_embalagens_gtin_key').on(t.gtin).where(sql`${t.gtin} is not null`),
    // exactly one purchase default and one sale default per product (the service writes both)
    uniqueIndex('produto_embalagens_padrao_compra_key').on(t.produtoId).where(sql`${t.padraoCompra}`),
    uniqueIndex('produto_embalagens_padrao_venda_key').on(t.produtoId).where(sql`${t.padraoVenda}`),
    index('produto_embalagens_sigla_idx').on(t.unidade),
    check('produto_embalagens_fator_check', sql`${t.fator} > 0`),
    check(
      'produto_embalagens_fisico_check',
      sql`(${t.pesoBruto} is null or ${t.pesoBruto} > 0)
        and ((${t.altura} is null and ${t.largura} is null and ${t.comprimento} is null)
          or (${t.altura} > 0 and ${t.largura} > 0 and ${t.comprimento} > 0))`,
    ),
  ],
);

/** Lote of a product that controls "lote e validade"; its quantity per location is in the balances. */
export const lotes = pgTable(
  'lotes',
  {
    id: id(),
    produtoId: uuid('produto_id')
      .notNull()
      .references(() => products.id),
    numero: text('numero').notNull(),
    fabricacao: dateOnly('fabricacao'),
    validade: dateOnly('validade').notNull(),
    versao: versao(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('lotes_produto_numero_key').on(t.produtoId, t.numero),
    index('lotes_validade_idx').on(t.validade, t.id),
    index('lotes_produto_validade_idx').on(t.produtoId, t.validade),
    check('lotes_validade_check', sql`${t.fabricacao} is null or ${t.validade} >= ${t.fabricacao}`),
  ],
);

export const TIPOS_MOVIMENTO_SQL = sql`('entrada', 'saida', 'transferencia', 'ajuste', 'inventario', 'estorno')`;

/**
 * Append-only stock ledger: the truth behind every balance. The database refuses UPDATE, DELETE
 * and TRUNCATE (migration 0018); a mistake is corrected by an `estorno` row (`estorno_de`, at most
 * one per row). `saldo_produto` and `custo_medio` are the product's total and average cost right
 * after the row, written with it (the Kardex reads its running balance from them).
 */
export const estoqueMovimentos = pgTable(
  'estoque_movimentos',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    localId: uuid('local_id')
      .notNull()
      .references(() => locaisEstoque.id),
    loteId: uuid('lote_id').references(() => lotes.id),
    tipo: text('tipo')
      .$type<'entrada' | 'saida' | 'transferencia' | 'ajuste' | 'inventario' | 'estorno'>()
      .notNull(),
    /** Signed quantity in the base unit: positive adds stock, negative removes it. */
    quantidade: quantity('quantidade').notNull(),
    custoUnitario: unitCost('custo_unitario').notNull().default('0'),
    saldoProduto: quantity('saldo_produto').notNull().default('0'),
    custoMedio: unitCost('custo_medio').notNull().default('0'),
    /** Origin document: its type (pedido, nota_entrada, inventario, transferencia, ajuste…) and id. */
    origem: text('origem'),
    origemId: text('origem_id'),
    userId: uuid('user_id').references(() => users.id),
    ocorridoEm: timestamp('ocorrido_em', { withTimezone: true }).notNull().defaultNow(),
    observacao: text('observacao'),
    estornoDe: bigint('estorno_de', { mode: 'number' }).references((): AnyPgColumn => estoqueMovimentos.id),
  },
  (t) => [
    index('estoque_movimentos_product_idx').on(t.productId, t.ocorridoEm, t.id),
    index('estoque_movimentos_local_idx').on(t.localId, t.ocorridoEm),
    index('estoque_movimentos_lote_idx').on(t.loteId).where(sql`${t.loteId} is not null`),
    index('estoque_movimentos_origem_idx').on(t.origem, t.origemId),
    uniqueIndex('estoque_movimentos_estorno_de_key').on(t.estornoDe),
    check('estoque_movimentos_tipo_check', sql`${t.tipo} in ${TIPOS_MOVIMENTO_SQL}`),
    check('estoque_movimentos_quantidade_check', sql`${t.quantidade} <> 0`),
    check('estoque_movimentos_custo_check', sql`${t.custoUnitario} >= 0`),
    check('estoque_movimentos_estorno_check', sql`(${t.tipo} = 'estorno') = (${t.estornoDe} is not null)`),
  ],
);

/** Balance of one (produto, local, lote): the sum of its ledger rows, and what is reserved of it. */
export const estoqueSaldos = pgTable(
  'estoque_saldos',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    produtoId: uuid('produto_id')
      .notNull()
      .references(() => products.id),
    localId: uuid('local_id')
      .notNull()
      .references(() => locaisEstoque.id),
    loteId: uuid('lote_id').references(() => lotes.id),
    saldo: quantity('saldo').notNull().default('0'),
    reservado: quantity('reservado').notNull().default('0'),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('estoque_saldos_chave_key').on(t.produtoId, t.localId, t.loteId).nullsNotDistinct(),
    // INCLUDE (saldo, reservado) in migration 0031 (drizzle declares no INCLUDE)
    index('estoque_saldos_local_idx').on(t.localId, t.produtoId),
    index('estoque_saldos_lote_idx').on(t.loteId).where(sql`${t.loteId} is not null`),
    check('estoque_saldos_reservado_check', sql`${t.reservado} >= 0`),
  ],
);

/**
 * Read model: each location's totals as the Posição de Estoque shows them for a location alone —
 * products (those with a balance row there, active or with a saldo ≠ 0 there), Σ saldo and
 * Σ round(saldo of the location × custo médio, 2) per product — as up to 16 slices per location whose
 * sums are the figures. Kept by the ledger (`grava` in razao.service.ts) in the statement that writes
 * the balances, revaluing a product in every location when its custo médio moves; each transaction
 * adds to a slice no other holds (SKIP LOCKED), so concurrent postings never queue on one row. A
 * product's ativo flag is followed by a trigger. Derived data: not audited; rebuilt with
 * `select estoque_totais_local_recalcular()` (migration 0036).
 */
export const estoqueTotaisLocal = pgTable(
  'estoque_totais_local',
  {
    localId: uuid('local_id')
      .notNull()
      .references(() => locaisEstoque.id, { onDelete: 'cascade' }),
    fatia: smallint('fatia').notNull(),
    produtos: integer('produtos').notNull().default(0),
    saldo: numeric('saldo', { precision: 20, scale: 3 }).notNull().default('0'),
    valor: numeric('valor', { precision: 20, scale: 2 }).notNull().default('0'),
  },
  (t) => [primaryKey({ name: 'estoque_totais_local_pkey', columns: [t.localId, t.fatia] })],
);

/**
 * Reserved quantities by origin document (an approved order…): the sum per balance key is the
 * balance's `reservado`. A row goes when its quantity is released or consumed to zero.
 */
export const estoqueReservas = pgTable(
  'estoque_reservas',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    origem: text('origem').notNull(),
    origemId: text('origem_id').notNull(),
    produtoId: uuid('produto_id')
      .notNull()
      .references(() => products.id),
    localId: uuid('local_id')
      .notNull()
      .references(() => locaisEstoque.id),
    loteId: uuid('lote_id').references(() => lotes.id),
    quantidade: quantity('quantidade').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('estoque_reservas_chave_key')
      .on(t.origem, t.origemId, t.produtoId, t.localId, t.loteId)
      .nullsNotDistinct(),
    index('estoque_reservas_saldo_idx').on(t.produtoId, t.localId, t.loteId),
    check('estoque_reservas_quantidade_check', sql`${t.quantidade} > 0`),
  ],
);

/** An inventory count of one location (optionally one group). */
export const inventarios = pgTable(
  'inventarios',
  {
    id: id(),
    numero: serial('numero').notNull(),
    localId: uuid('local_id')
      .notNull()
      .references(() => locaisEstoque.id),
    grupoId: uuid('grupo_id').references(() => gruposEstoque.id),
    situacao: text('situacao').$type<'aberto' | 'lancado' | 'cancelado'>().notNull().default('aberto'),
    observacao: text('observacao'),
    abertoEm: timestamp('aberto_em', { withTimezone: true }).notNull().defaultNow(),
    abertoPor: uuid('aberto_por').references(() => users.id),
    lancadoEm: timestamp('lancado_em', { withTimezone: true }),
    lancadoPor: uuid('lancado_por').references(() => users.id),
    versao: versao(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('inventarios_numero_key').on(t.numero),
    index('inventarios_aberto_em_idx').on(t.abertoEm, t.id),
    index('inventarios_local_idx').on(t.localId, t.abertoEm),
    check('inventarios_situacao_check', sql`${t.situacao} in ('aberto', 'lancado', 'cancelado')`),
  ],
);

/** A product (and lot) of a count: the system quantity frozen at the opening and what was counted. */
export const inventarioItens = pgTable(
  'inventario_itens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    inventarioId: uuid('inventario_id')
      .notNull()
      .references(() => inventarios.id, { onDelete: 'cascade' }),
    produtoId: uuid('produto_id')
      .notNull()
      .references(() => products.id),
    loteId: uuid('lote_id').references(() => lotes.id),
    sistema: quantity('sistema').notNull(),
    contado: quantity('contado'),
    /** The average cost the difference is valued at (at the opening; at the posting once posted). */
    custoMedio: unitCost('custo_medio').notNull().default('0'),
    contadoEm: timestamp('contado_em', { withTimezone: true }),
    contadoPor: uuid('contado_por').references(() => users.id),
  },
  (t) => [
    unique('inventario_itens_chave_key').on(t.inventarioId, t.produtoId, t.loteId).nullsNotDistinct(),
    index('inventario_itens_produto_idx').on(t.produtoId),
    check('inventario_itens_contado_check', sql`${t.contado} is null or ${t.contado} >= 0`),
  ],
);
