// Helpers for the auth module's tests (not a test file itself).
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';

/** The last message queued for `to` (with SMTP_URL unset it stays in mail_outbox, link included). */
export async function lastQueuedMail(db: Db, to: string, tipo?: string) {
  const rows = rowsOf<{ assunto: string; texto: string; html: string; tipo: string; status: string }>(
    await db.execute(sql`
      select assunto, texto, html, tipo, status from mail_outbox
       where lower(para) = ${to.toLowerCase()} ${tipo ? sql`and tipo = ${tipo}` : sql``}
       order by id desc limit 1`),
  );
  if (!rows[0]) throw new Error(`nenhum e-mail na fila para ${to}`);
  return rows[0];
}

/** The /auth/v1/verify link inside a message text. */
export function linkIn(text: string): string {
  const m = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(text);
  if (!m) throw new Error(`sem link de verificação em: ${text.slice(0, 200)}`);
  return m[0];
}

/** path + query of an absolute URL (for app.request). */
export const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

/** The fragment parameters of a redirect Location. */
export function fragmentOf(location: string | null): Record<string, string> {
  if (!location) throw new Error('sem Location');
  return Object.fromEntries(new URLSearchParams(new URL(location).hash.slice(1)));
}

export async function authEvents(db: Db, userId: string) {
  return rowsOf<{ acao: string; depois: Record<string, unknown> | null }>(
    await db.execute(sql`
      select acao, depois from audit_log
       where tabela = 'users' and registro_id = ${userId} order by id`),
  );
}
