import { sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import type { MailAnexo } from '../../lib/mail/mail.tables.ts';
import { enqueueMail, type MailDeps } from '../../lib/mail/mail-queue.ts';
import { escapeHtml } from '../../lib/mail/mail-templates.ts';
import { boletosPdf } from '../financeiro/cobranca/boletos-impressao.service.ts';
import { geraDanfePdf } from '../nfe/danfe/danfe.ts';

// The customer's copy of the note: to the cadastro's NF-e address (clientes.email_nfe, else the
// main e-mail), with the nfeProc XML and the DANFE PDF, through the mail queue (outbox written in
// the caller's transaction); on authorisation, on cancellation (plus the cancellation event) and
// on demand.

export const emailNotaMensagens = {
  semEmail: 'O cliente não tem e-mail para NF-e (nem e-mail principal) no cadastro.',
} as const;

export type NotaParaEmail = {
  id: string;
  /** null: a return to a supplier (no customer address to send to). */
  clienteId: string | null;
  numero: number;
  serie: number;
  chave: string;
  xmlAutorizado: string;
};

/** The address the notes of a customer go to, or null. */
export async function emailNfeDoCliente(
  tx: Tx,
  clienteId: string,
): Promise<{ para: string; nome: string } | null> {
  const [c] = rowsOf<{ email_nfe: string | null; email: string | null; razao_social: string }>(
    await tx.execute(sql`select email_nfe, email, razao_social from clientes where id = ${clienteId}`),
  );
  const para = c?.email_nfe?.trim() || c?.email?.trim();
  return para && c ? { para, nome: c.razao_social } : null;
}

/** Queues the customer's e-mail; answers the address, or null when the cadastro has none. */
export async function enfileiraEmailNota(
  tx: Tx,
  deps: MailDeps,
  nota: NotaParaEmail,
  motivo: 'autorizacao' | 'cancelamento' | 'reenvio',
  extra: { eventoCancelamentoXml?: string; retEventoCancelamento?: string | null } = {},
): Promise<string | null> {
  const destino = nota.clienteId ? await emailNfeDoCliente(tx, nota.clienteId) : null;
  if (!destino) return null;
  // a cancelled note's DANFE carries the "NF-e CANCELADA" mark: its retEvento beside the protocol
  const pdf = await geraDanfePdf(
    extra.retEventoCancelamento
      ? nota.xmlAutorizado.replace('</nfeProc>', `${extra.retEventoCancelamento}</nfeProc>`)
      : nota.xmlAutorizado,
  );
  const anexos: MailAnexo[] = [
    {
      nome: `${nota.chave}-procNFe.xml`,
      tipo: 'application/xml',
      base64: Buffer.from(nota.xmlAutorizado, 'utf8').toString('base64'),
    },
    { nome: `DANFE-${nota.chave}.pdf`, tipo: 'application/pdf', base64: pdf.toString('base64') },
  ];
  // The boletos of the note's receivables go with it (issue 31: XML + DANFE + boletos).
  const boletos =
    motivo === 'cancelamento'
      ? []
      : rowsOf<{ id: string }>(
          await tx.execute(sql`select b.id from boletos b join financial_accounts f on f.id = b.titulo_id
            where f.origem = 'nota_fiscal' and f.origem_id = ${nota.id}
              and b.situacao in ('a_registrar', 'enviado', 'registrado') order by b.vencimento, b.sequencial`),
        );
  // A boleto that cannot be printed (e.g. the emitente's address missing) never holds the note's
  // authorisation: the e-mail goes without it, and the título's dialog prints it once fixed.
  const pdfBoletos = boletos.length
    ? await boletosPdf(
        tx as unknown as Db,
        boletos.map((b) => b.id),
      ).catch((erro: unknown) => {
        deps.logger.warn({ notaId: nota.id, erro: String(erro) }, 'boletos da NF-e não anexados ao e-mail');
        return null;
      })
    : null;
  if (pdfBoletos)
    anexos.push({
      nome: `boletos-NF-${nota.numero}.pdf`,
      tipo: 'application/pdf',
      base64: pdfBoletos.toString('base64'),
    });
  if (extra.eventoCancelamentoXml)
    anexos.push({
      nome: `${nota.chave}-cancelamento.xml`,
      tipo: 'application/xml',
      base64: Buffer.from(extra.eventoCancelamentoXml, 'utf8').toString('base64'),
    });
  const cancelada = motivo === 'cancelamento';
  const assunto = cancelada
    ? `NF-e ${nota.numero} série ${nota.serie} cancelada`
    : `NF-e ${nota.numero} série ${nota.serie}`;
  const corpo = cancelada
    ? `A nota fiscal eletrônica ${nota.numero}, série ${nota.serie}, foi cancelada junto à SEFAZ. Seguem o XML da nota, o XML do cancelamento e o DANFE.`
    : `Segue a nota fiscal eletrônica ${nota.numero}, série ${nota.serie}: o XML autorizado (nfeProc) e o DANFE em PDF${pdfBoletos ? `, com ${boletos.length === 1 ? 'o boleto' : `os ${boletos.length} boletos`} para pagamento` : ''}.`;
  const texto = `Olá, ${destino.nome}!\n\n${corpo}\n\nChave de acesso: ${nota.chave}\n`;
  const html = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(assunto)}</title></head><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937"><p>Olá, ${escapeHtml(destino.nome)}!</p><p>${escapeHtml(corpo)}</p><p>Chave de acesso: <strong>${escapeHtml(nota.chave)}</strong></p></body></html>`;
  await enqueueMail(tx, deps, { para: destino.para, tipo: 'nfe', assunto, texto, html, anexos });
  return destino.para;
}
