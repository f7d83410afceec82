import { formatBRL, pedidoCompraMensagens, podeEnviarPedidoCompra } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { type Actor, writeTx } from '../../lib/audit-context.ts';
import { AppError } from '../../lib/errors.ts';
import { enqueueMail, type MailDeps } from '../../lib/mail/mail-queue.ts';
import { escapeHtml } from '../../lib/mail/mail-templates.ts';
import { lerConfiguracaoCompras } from './configuracao-compras.service.ts';
import { pedidoCompraPdf } from './pedido-compra-pdf.ts';
import { travaPedido } from './pedidos-compra.service.ts';
import { getPedidoCompra } from './pedidos-compra-leitura.service.ts';

// «Enviar ao fornecedor» (issue 34): the order goes to enviado and its PDF is e-mailed to the
// supplier's address (fornecedores.email, else email_nfe) through the mail queue — the outbox row is
// written in the same transaction, so an order is never marked sent without its message queued,
// nor a message queued for an order left unsent. A draft within the approval limit is approved on
// the way (approved_by = who sent it); above the limit it must be approved first.

/** POST /api/compras/pedidos/:id/enviar — answers the address the order was sent to. */
export async function enviaPedidoCompra(db: Db, deps: MailDeps, actor: Actor, id: string): Promise<string> {
  return writeTx(db, actor, async (tx) => {
    const p = await travaPedido(tx, id);
    const cfg = await lerConfiguracaoCompras(tx);
    const v = podeEnviarPedidoCompra({
      status: p.status,
      total: p.valor_total,
      limite: cfg.limite_aprovacao,
    });
    if (!v.permitido) throw new AppError('conflict', v.motivo);
    const [f] = rowsOf<{ para: string | null }>(
      await tx.execute(sql`select coalesce(nullif(trim(f.email), ''), nullif(trim(f.email_nfe), '')) as para
        from pedidos_compra p join fornecedores f on f.id = p.fornecedor_id where p.id = ${id}`),
    );
    if (!f?.para)
      throw new AppError('unprocessable', pedidoCompraMensagens.semEmailFornecedor, {
        fields: { fornecedor_id: [pedidoCompraMensagens.semEmailFornecedor] },
      });
    await tx.execute(sql`update pedidos_compra set status = 'enviado', enviado_em = now(), enviado_para = ${f.para},
        ${v.aprovaAoEnviar ? sql`aprovado_por = ${actor.userId}, aprovado_em = now(),` : sql``}
        versao = versao + 1, updated_at = now()
      where id = ${id}`);
    const pedido = await getPedidoCompra(tx as unknown as Db, id);
    const pdf = await pedidoCompraPdf(tx as unknown as Db, pedido);
    const assunto = `Pedido de compra nº ${pedido.numero}`;
    const corpo = `Segue o nosso pedido de compra nº ${pedido.numero}, no valor de ${formatBRL(pedido.valor_total)}, com ${pedido.itens.length === 1 ? '1 item' : `${pedido.itens.length} itens`}. O pedido completo está no PDF anexo. Por favor, confirme o recebimento e a previsão de entrega.`;
    await enqueueMail(tx as unknown as Db, deps, {
      para: f.para,
      tipo: 'pedido_compra',
      assunto,
      texto: `Olá, ${pedido.fornecedor_nome}!\n\n${corpo}\n`,
      html: `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(assunto)}</title></head><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937"><p>Olá, ${escapeHtml(pedido.fornecedor_nome)}!</p><p>${escapeHtml(corpo)}</p></body></html>`,
      anexos: [
        {
          nome: `pedido-compra-${pedido.numero}.pdf`,
          tipo: 'application/pdf',
          base64: pdf.toString('base64'),
        },
      ],
    });
    return f.para;
  });
}
