import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns.ts';
import { users } from '../auth/auth.tables.ts';

// What the exchanges with SEFAZ (#20) keep besides the notes themselves (transmissao README):
// the number ranges voided at SEFAZ (inutilização — numbers that never became a note) and the
// periods of contingência SVC per UF.

/** Append-only: one row per number range inutilized at SEFAZ (cStat 102), with the procInutNFe. */
export const nfeInutilizacoes = pgTable(
  'nfe_inutilizacoes',
  {
    id: id(),
    modelo: text('modelo').notNull().default('55'),
    serie: integer('serie').notNull(),
    numeroInicial: integer('numero_inicial').notNull(),
    numeroFinal: integer('numero_final').notNull(),
    justificativa: text('justificativa').notNull(),
    /** tpAmb: '1' produção, '2' homologação. */
    ambiente: text('ambiente').notNull(),
    protocolo: text('protocolo').notNull(),
    cStat: text('c_stat').notNull(),
    xMotivo: text('x_motivo').notNull(),
    /** The signed inutNFe and SEFAZ's retInutNFe as exchanged. */
    xml: text('xml').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    usuario: text('usuario'),
    createdAt: createdAt(),
  },
  (t) => [
    check('nfe_inutilizacoes_faixa_check', sql`${t.numeroInicial} between 1 and ${t.numeroFinal}`),
    check('nfe_inutilizacoes_ambiente_check', sql`${t.ambiente} in ('1', '2')`),
    index('nfe_inutilizacoes_serie_idx').on(t.modelo, t.serie, t.numeroInicial),
  ],
);

/** Contingência SVC periods: open while `fim` is null (at most one open per UF). */
export const sefazContingencias = pgTable(
  'sefaz_contingencias',
  {
    id: id(),
    uf: text('uf').notNull(),
    /** SVCAN (tpEmis 6) or SVCRS (tpEmis 7). */
    autorizador: text('autorizador').notNull(),
    /** dhCont. */
    inicio: timestamp('inicio', { withTimezone: true }).notNull().defaultNow(),
    /** xJust (15–256 characters). */
    justificativa: text('justificativa').notNull(),
    fim: timestamp('fim', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('sefaz_contingencias_autorizador_check', sql`${t.autorizador} in ('SVCAN', 'SVCRS')`),
    uniqueIndex('sefaz_contingencias_aberta_key').on(t.uf).where(sql`${t.fim} is null`),
  ],
);
