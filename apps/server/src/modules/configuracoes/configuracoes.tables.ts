import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from '../../db/columns.ts';

/** Application-wide settings as key/value (e.g. the generated JWT secret, "permitir novos cadastros"). */
export const appSettings = pgTable('app_settings', {
  chave: text('chave').primaryKey(),
  valor: jsonb('valor').notNull(),
  updatedAt: updatedAt(),
});
