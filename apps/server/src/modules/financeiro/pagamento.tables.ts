import type { TipoCondicao, TipoForma } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { boolean, customType, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt, versao } from '../../db/columns.ts';

// Formas and condições de pagamento: registers that orders (comercial) and títulos (financeiro) both
// reference. They depend on no other module's tables, so comercial.tables.ts imports them from here
// without importing financeiro.tables.ts (which references the orders).

/** A rate in percent: numeric(7,4) text ("1.0000"), the project's percent fields. */
export const percentual = customType<{ data: string; driverData: string }>({
  dataType: () => 'numeric(7,4)',
});

/** Integer list (the prazos of a condição). */
const intArray = customType<{ data: number[]; driverData: number[] }>({ dataType: () => 'integer[]' });

export const formasPagamento = pgTable(
  'formas_pagamento',
  {
    id: id(),
    nome: text('nome').notNull(),
    tipo: text('tipo').$type<TipoForma>().notNull(),
    taxaPercentual: percentual('taxa_percentual'),
    prazoCompensacaoDias: integer('prazo_compensacao_dias'),
    ativo: boolean('ativo').notNull().default(true),
    versao: versao(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('formas_pagamento_nome_key').on(sql`lower(${t.nome})`)],
);

export const condicoesPagamento = pgTable(
  'condicoes_pagamento',
  {
    id: id(),
    nome: text('nome').notNull(),
    tipo: text('tipo').$type<TipoCondicao>().notNull().default('dias'),
    dias: intArray('dias').notNull(),
    parcelas: integer('parcelas'),
    intervaloDias: integer('intervalo_dias'),
    primeiroVencimentoDias: integer('primeiro_vencimento_dias'),
    entradaPercentual: percentual('entrada_percentual'),
    ativo: boolean('ativo').notNull().default(true),
    versao: versao(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('condicoes_pagamento_nome_key').on(sql`lower(${t.nome})`)],
);
