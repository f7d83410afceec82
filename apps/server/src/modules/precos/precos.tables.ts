import type { EscopoTabela, RegraPreco, TipoFaixa } from '@erp/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, dateOnly, id, money, quantity, updatedAt, versao } from '../../db/columns.ts';
import { clientes, gruposEmpresariais, regioesEntrega, segmentos } from '../cadastros/cadastros.tables.ts';
import { products } from '../estoque/estoque.tables.ts';

// Price tables (issue 13): the header and scope, the customers of a list, one item per product
// and its quantity breaks. The engine's `valor` (a price or a percentage, by the rule or the break
// type) is kept in `preco` or `percentual`, so each column has one meaning and one type — the
// audit log shows R$ or % — and the checks tie each to its rule. See README.md.

/** A rule's or a break's percentage: numeric(6,2), up to 1000,00 (PERCENTUAL_MAXIMO). */
const percentual = customType<{ data: string; driverData: string }>({ dataType: () => 'numeric(6,2)' });

export const tabelasPreco = pgTable(
  'tabelas_preco',
  {
    id: id(),
    nome: text('nome').notNull(),
    vigenciaInicio: dateOnly('vigencia_inicio').notNull(),
    /** null: no end. The first and the last day are inside the vigência. */
    vigenciaFim: dateOnly('vigencia_fim'),
    ativa: boolean('ativa').notNull().default(true),
    escopo: text('escopo').$type<EscopoTabela>().notNull(),
    grupoId: uuid('grupo_id').references(() => gruposEmpresariais.id),
    segmentoId: uuid('segmento_id').references(() => segmentos.id),
    regiaoId: uuid('regiao_id').references(() => regioesEntrega.id),
    busca: text('busca').notNull().generatedAlwaysAs(sql.raw('erp_normaliza(nome)')),
    versao: versao(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // the trace names tables: two with the same name would read as one
    uniqueIndex('tabelas_preco_nome_key').on(sql`erp_normaliza(${t.nome})`),
    index('tabelas_preco_busca_trgm_idx').using('gin', sql`${t.busca} gin_trgm_ops`),
    index('tabelas_preco_busca_ordem_idx').on(t.busca, t.id),
    // the resolver's scope lookups (the customer's grupo, segmento, região)
    index('tabelas_preco_grupo_idx').on(t.grupoId).where(sql`${t.grupoId} is not null`),
    index('tabelas_preco_segmento_idx').on(t.segmentoId).where(sql`${t.segmentoId} is not null`),
    index('tabelas_preco_regiao_idx').on(t.regiaoId).where(sql`${t.regiaoId} is not null`),
    // vigência: the list's "vigente em" filter and its sort
    index('tabelas_preco_vigencia_idx').on(t.vigenciaInicio, t.vigenciaFim, t.id),
    check(
      'tabelas_preco_escopo_check',
      sql`${t.escopo} in ('geral', 'grupo', 'segmento', 'regiao', 'clientes')`,
    ),
    // only the reference of the chosen escopo is set
    check(
      'tabelas_preco_escopo_ref_check',
      sql`(${t.grupoId} is not null) = (${t.escopo} = 'grupo')
        and (${t.segmentoId} is not null) = (${t.escopo} = 'segmento')
        and (${t.regiaoId} is not null) = (${t.escopo} = 'regiao')`,
    ),
    check(
      'tabelas_preco_vigencia_check',
      sql`${t.vigenciaFim} is null or ${t.vigenciaFim} >= ${t.vigenciaInicio}`,
    ),
  ],
);

/** The customers of a table of escopo 'clientes'. */
export const tabelaPrecoClientes = pgTable(
  'tabela_preco_clientes',
  {
    tabelaId: uuid('tabela_id')
      .notNull()
      .references(() => tabelasPreco.id, { onDelete: 'cascade' }),
    clienteId: uuid('cliente_id')
      .notNull()
      .references(() => clientes.id),
  },
  (t) => [
    primaryKey({ columns: [t.tabelaId, t.clienteId] }),
    // the resolver: the lists a customer is on
    index('tabela_preco_clientes_cliente_idx').on(t.clienteId),
  ],
);

/** One product's line in a table: a fixed price or a percent rule, and the preço mínimo. */
export const tabelaPrecoItens = pgTable(
  'tabela_preco_itens',
  {
    tabelaId: uuid('tabela_id')
      .notNull()
      .references(() => tabelasPreco.id, { onDelete: 'cascade' }),
    produtoId: uuid('produto_id')
      .notNull()
      .references(() => products.id),
    regra: text('regra').$type<RegraPreco>().notNull(),
    /** preco_fixo: the price. */
    preco: money('preco'),
    /** The other rules: the percentage over the cost, over or under the sale price. */
    percentual: percentual('percentual'),
    /** Selling below it needs a release (orders). null: no minimum. */
    precoMinimo: money('preco_minimo'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tabelaId, t.produtoId] }),
    // the resolver: the tables that price a product
    index('tabela_preco_itens_produto_idx').on(t.produtoId, t.tabelaId),
    check(
      'tabela_preco_itens_regra_check',
      sql`${t.regra} in ('preco_fixo', 'markup_custo', 'acima_base', 'abaixo_base')`,
    ),
    check(
      'tabela_preco_itens_valor_check',
      sql`case when ${t.regra} = 'preco_fixo' then ${t.preco} > 0 and ${t.percentual} is null
        else ${t.preco} is null and ${t.percentual} >= 0
          and (${t.regra} <> 'abaixo_base' or ${t.percentual} < 100) end`,
    ),
    check('tabela_preco_itens_preco_minimo_check', sql`${t.precoMinimo} >= 0`),
  ],
);

/** A quantity break of an item: from quantidade_minima on, a price or a % off the item's price. */
export const tabelaPrecoFaixas = pgTable(
  'tabela_preco_faixas',
  {
    tabelaId: uuid('tabela_id').notNull(),
    produtoId: uuid('produto_id').notNull(),
    /** In the product's base unit. */
    quantidadeMinima: quantity('quantidade_minima').notNull(),
    tipo: text('tipo').$type<TipoFaixa>().notNull(),
    /** tipo 'preco': the price. */
    preco: money('preco'),
    /** tipo 'desconto': the % off. */
    percentual: percentual('percentual'),
  },
  (t) => [
    primaryKey({ columns: [t.tabelaId, t.produtoId, t.quantidadeMinima] }),
    foreignKey({
      name: 'tabela_preco_faixas_item_fk',
      columns: [t.tabelaId, t.produtoId],
      foreignColumns: [tabelaPrecoItens.tabelaId, tabelaPrecoItens.produtoId],
    }).onDelete('cascade'),
    check('tabela_preco_faixas_tipo_check', sql`${t.tipo} in ('preco', 'desconto')`),
    check('tabela_preco_faixas_quantidade_check', sql`${t.quantidadeMinima} > 0`),
    check(
      'tabela_preco_faixas_valor_check',
      sql`case when ${t.tipo} = 'preco' then ${t.preco} > 0 and ${t.percentual} is null
        else ${t.preco} is null and ${t.percentual} >= 0 and ${t.percentual} < 100 end`,
    ),
  ],
);
