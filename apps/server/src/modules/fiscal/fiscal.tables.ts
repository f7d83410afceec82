import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt, versao } from '../../db/columns.ts';
import { users } from '../auth/auth.tables.ts';

// Fiscal settings (README.md). The emitente, ambiente, responsável técnico and informações
// complementares are app_settings keys (fiscal_*); the séries and the A1 certificate are tables.

/** NF-e séries (model 55): the emissão allocates nNF from proximo_numero with `select … for update`. */
export const nfeSeries = pgTable(
  'nfe_series',
  {
    id: id(),
    serie: integer('serie').notNull(),
    proximoNumero: integer('proximo_numero').notNull().default(1),
    ativa: boolean('ativa').notNull().default(true),
    /** The série a new note takes when none is chosen (at most one). */
    padrao: boolean('padrao').notNull().default(false),
    versao: versao(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('nfe_series_serie_key').on(t.serie),
    uniqueIndex('nfe_series_padrao_key').on(t.padrao).where(sql`${t.padrao}`),
    check('nfe_series_serie_check', sql`${t.serie} between 0 and 999`),
    check('nfe_series_proximo_numero_check', sql`${t.proximoNumero} between 1 and 999999999`),
  ],
);

/**
 * The company's A1 certificate: what the screen shows (audited). At most one row. Its private key
 * and PFX live encrypted in fiscal_segredos, never here (and never in the audit log).
 */
export const certificadosA1 = pgTable(
  'certificados_a1',
  {
    id: id(),
    /** Always true: the unique index keeps one certificate. */
    atual: boolean('atual').notNull().default(true),
    titular: text('titular').notNull(),
    cnpj: text('cnpj'),
    emissor: text('emissor').notNull(),
    numeroSerie: text('numero_serie').notNull(),
    validoDe: timestamp('valido_de', { withTimezone: true }).notNull(),
    validoAte: timestamp('valido_ate', { withTimezone: true }).notNull(),
    /** The public certificate and its chain (PEM): public data. */
    certPem: text('cert_pem').notNull(),
    cadeiaPem: text('cadeia_pem').notNull().default(''),
    enviadoPor: uuid('enviado_por').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('certificados_a1_atual_key').on(t.atual)],
);

/**
 * Encrypted secrets of the fiscal settings (AES-256-GCM, certificado-cofre.ts): the A1 private key,
 * the PFX as uploaded, the CSRT. Not audited: the audit log must not even hold the ciphertext.
 */
export const fiscalSegredos = pgTable('fiscal_segredos', {
  chave: text('chave').primaryKey(),
  valorCifrado: text('valor_cifrado').notNull(),
  updatedAt: updatedAt(),
});
