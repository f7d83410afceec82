import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, money, quantity, updatedAt, versao } from '../../db/columns.ts';

/** Spec: products. `estoque_atual` is a cache of the movement ledger, updated in the same transaction. */
export const products = pgTable(
  'products',
  {
    id: id(),
    codigo: text('codigo').notNull(),
    nome: text('nome').notNull(),
    ean: text('ean'),
    ncm: text('ncm'),
    unidade: text('unidade').notNull().default('UN'),
    precoCusto: money('preco_custo').notNull().default('0'),
    precoVenda: money('preco_venda').notNull().default('0'),
    estoqueAtual: quantity('estoque_atual').notNull().default('0'),
    estoqueMinimo: quantity('estoque_minimo').notNull().default('0'),
    estoqueMaximo: quantity('estoque_maximo').notNull().default('0'),
    ativo: boolean('ativo').notNull().default(true),
    versao: versao(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_codigo_key').on(t.codigo),
    check('products_preco_custo_check', sql`${t.precoCusto} >= 0`),
    check('products_preco_venda_check', sql`${t.precoVenda} >= 0`),
    check('products_estoque_minimo_check', sql`${t.estoqueMinimo} >= 0`),
    check('products_estoque_maximo_check', sql`${t.estoqueMaximo} >= 0`),
    // Dashboard indexes live in the dashboard migrations (covering, in list order).
  ],
);

/** Append-only stock ledger: the truth behind products.estoque_atual. */
export const estoqueMovimentos = pgTable(
  'estoque_movimentos',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    /** entrada | saida | ajuste */
    tipo: text('tipo').$type<'entrada' | 'saida' | 'ajuste'>().notNull(),
    /** Signed quantity: positive adds stock, negative removes it. */
    quantidade: quantity('quantidade').notNull(),
    origem: text('origem'),
    origemId: text('origem_id'),
    ocorridoEm: timestamp('ocorrido_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('estoque_movimentos_product_idx').on(t.productId, t.ocorridoEm),
    check('estoque_movimentos_tipo_check', sql`${t.tipo} in ('entrada', 'saida', 'ajuste')`),
  ],
);
