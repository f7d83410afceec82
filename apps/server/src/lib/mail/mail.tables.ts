import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';

export type MailStatus = 'pendente' | 'enviado' | 'falhou' | 'nao_enviado';

/** A file sent with the message (the NF-e's XML and DANFE), base64. */
export type MailAnexo = { nome: string; tipo: string; base64: string };

/**
 * Outgoing e-mail queue (outbox). A request only inserts here, in its own transaction; a worker
 * delivers with retries, so a failing SMTP server never loses a message nor fails the request.
 * Bodies carry one-time links, so they are cleared once the message is delivered.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    para: text('para').notNull(),
    assunto: text('assunto').notNull(),
    texto: text('texto').notNull(),
    html: text('html').notNull(),
    /** confirmacao | recuperacao | convite | ... */
    tipo: text('tipo').notNull(),
    /** pendente → enviado | falhou (attempts exhausted) | nao_enviado (no SMTP_URL: logged only) */
    status: text('status').$type<MailStatus>().notNull().default('pendente'),
    tentativas: integer('tentativas').notNull().default(0),
    /** when the next attempt may run; also the lease of a worker that claimed the row */
    proximaTentativaEm: timestamp('proxima_tentativa_em', { withTimezone: true }).notNull().defaultNow(),
    enviadoEm: timestamp('enviado_em', { withTimezone: true }),
    ultimoErro: text('ultimo_erro'),
    /** Attachments (cleared with the body once delivered). */
    anexos: jsonb('anexos').$type<MailAnexo[]>(),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_pendentes_idx').on(t.status, t.proximaTentativaEm)],
);
