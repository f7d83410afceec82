import {
  type ConfiguracaoFiscal,
  formatDateBR,
  notasSaidaMensagens,
  STATUS_LIBERADOS_NAO_FATURADOS,
  type StatusNota,
  type StatusPedido,
  statusNotaLabels,
  statusPedidoLabels,
} from '@erp/shared';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { type Actor, writeTx } from '../../lib/audit-context.ts';
import { AppError, pgConstraint } from '../../lib/errors.ts';
import { exigeConferencia } from '../expedicao/conferencia-exigida.service.ts';
import { type CertificadoA1, carregaCertificadoA1 } from '../fiscal/certificado.service.ts';
import { carregaConfiguracaoFiscal } from '../fiscal/configuracao-fiscal.service.ts';
import { assinaXml } from '../nfe/assinador.ts';
import { dicaCnpjAlfanumerico } from '../nfe/pacote-nfe.ts';
import { NfeSchemasIndisponiveis, validaNfeXsd, verificaPastaSchemas } from '../nfe/xsd.ts';
import { dadosNfeDoPedido } from './dados-nfe.service.ts';
import { notasFiscais, notasFiscaisEventos } from './notasfiscais.tables.ts';
import { alocaNumeroNfe, serieParaEmissao } from './numeracao.service.ts';
import { montaNfe } from './xml/monta-nfe.ts';

// Invoicing an order (POST /api/notasfiscais/saida): in ONE transaction the order is locked, the
// série's next number taken, the NF-e built from the order, signed with the company's A1
// certificate, validated against the official XSD and stored as «assinada» with its signature
// event. Any failure leaves nothing behind (the number included). Transmission to SEFAZ, the
// stock saída and the receivables are #20's, on authorisation.

/** Orders that may be invoiced: released and not yet invoiced (the status table's way to faturado). */
export const STATUS_FATURAVEIS: readonly StatusPedido[] = STATUS_LIBERADOS_NAO_FATURADOS;

/** What an emission needs besides the order: the company's settings and certificate, the XSD folder. */
export type ContextoEmissao = {
  config: ConfiguracaoFiscal;
  certificado: CertificadoA1;
  schemasDir: string | undefined;
};

/** Loads and checks the emission context: certificate present, valid, of the emitente; XSD folder usable. */
export async function contextoEmissao(
  db: Db | Tx,
  schemasDir: string | undefined,
  agora: Date = new Date(),
): Promise<ContextoEmissao> {
  const certificado = await carregaCertificadoA1(db);
  if (!certificado) throw new AppError('unprocessable', notasSaidaMensagens.semCertificado);
  if (new Date(certificado.valido_ate) < agora)
    throw new AppError(
      'unprocessable',
      notasSaidaMensagens.certificadoVencido(formatDateBR(certificado.valido_ate.slice(0, 10))),
    );
  const config = await carregaConfiguracaoFiscal(db);
  // SEFAZ refuses a signature by a certificate of another company (the CNPJ root must match)
  if (certificado.cnpj && certificado.cnpj.slice(0, 8) !== config.emitente.cnpj.slice(0, 8))
    throw new AppError(
      'unprocessable',
      notasSaidaMensagens.certificadoOutroCnpj(certificado.cnpj, config.emitente.cnpj),
    );
  try {
    verificaPastaSchemas(schemasDir);
  } catch (e) {
    if (e instanceof NfeSchemasIndisponiveis) throw new AppError('unavailable', e.message);
    throw e;
  }
  return { config, certificado, schemasDir };
}

/** POST /api/notasfiscais/saida: the order's NF-e in one transaction; the note's id. */
export async function emiteNotaDoPedido(
  db: Db,
  actor: Actor,
  schemasDir: string | undefined,
  input: { pedido_id: string; serie?: number },
  agora: () => Date = () => new Date(),
): Promise<string> {
  const ctx = await contextoEmissao(db, schemasDir, agora());
  try {
    return await writeTx(db, actor, (tx) => emiteNotaEm(tx, actor, ctx, input, agora()));
  } catch (e) {
    // a concurrent invoicing of the same order won the partial unique index
    if (pgConstraint(e) === 'notas_fiscais_pedido_key')
      throw new AppError('conflict', notasSaidaMensagens.pedidoEmEmissao);
    throw e;
  }
}

/** The emission inside the caller's transaction (the route's, or the demo seed's). */
export async function emiteNotaEm(
  tx: Tx,
  actor: Actor,
  ctx: ContextoEmissao,
  input: { pedido_id: string; serie?: number },
  dhEmi: Date,
): Promise<string> {
  const { certificado } = ctx;
  const [pedido] = rowsOf<{ status: StatusPedido; bloqueios_pendentes: number; cliente_id: string }>(
    await tx.execute(
      sql`select o.status, o.bloqueios_pendentes, o.cliente_id from sales_orders o where o.id = ${input.pedido_id} for update`,
    ),
  );
  if (!pedido) throw new AppError('not_found', notasSaidaMensagens.pedidoNaoEncontrado);
  const [viva] = rowsOf<{ numero: number; status: StatusNota }>(
    await tx.execute(sql`select nf.numero, nf.status from notas_fiscais nf
      where nf.pedido_id = ${input.pedido_id} and nf.status not in ('cancelada', 'inutilizada') limit 1`),
  );
  if (viva)
    throw new AppError(
      'conflict',
      notasSaidaMensagens.pedidoJaTemNota(Number(viva.numero), statusNotaLabels[viva.status]),
    );
  if (!STATUS_FATURAVEIS.includes(pedido.status))
    throw new AppError(
      'unprocessable',
      notasSaidaMensagens.pedidoNaoFaturavel(statusPedidoLabels[pedido.status] ?? pedido.status),
    );
  if (Number(pedido.bloqueios_pendentes) > 0)
    throw new AppError('unprocessable', notasSaidaMensagens.pedidoBloqueado);
  // issue 21: with the company setting on, only a conferido order (its blind check finished)
  await exigeConferencia(tx, input.pedido_id);

  const serie = await serieParaEmissao(tx, input.serie);
  const nNF = await alocaNumeroNfe(tx, serie);
  const { dados, assinado, chave } = await nfeAssinadaDoPedido(tx, ctx, input.pedido_id, {
    serie,
    nNF,
    dhEmi,
  });

  const [nota] = await tx
    .insert(notasFiscais)
    .values({
      pedidoId: input.pedido_id,
      clienteId: pedido.cliente_id,
      serie,
      numero: nNF,
      chave,
      status: 'assinada',
      ambiente: dados.ide.tpAmb,
      tpEmis: dados.ide.tpEmis,
      emissao: dhEmi,
      valorTotal: dados.totais.ICMSTot.vNF,
      xml: assinado,
      createdBy: actor.userId,
    })
    .returning({ id: notasFiscais.id });
  await tx.insert(notasFiscaisEventos).values({
    notaId: nota!.id,
    tipo: 'assinatura',
    xMotivo: `NF-e assinada com o certificado de ${certificado.titular}.`,
    userId: actor.userId,
    usuario: actor.email ?? null,
  });
  return nota!.id;
}

/** The order's NF-e built from its tax-engine figures, signed with the A1 and XSD-validated. */
async function nfeAssinadaDoPedido(
  tx: Tx,
  ctx: ContextoEmissao,
  pedidoId: string,
  numeracao: { serie: number; nNF: number; dhEmi: Date },
) {
  const dados = await dadosNfeDoPedido(tx, pedidoId, ctx.config, numeracao);
  const { xml, chave } = montaNfe(dados);
  const assinado = assinaXml(xml, {
    tag: 'infNFe',
    keyPem: ctx.certificado.keyPem,
    certPem: ctx.certificado.certPem,
  });
  const xsd = validaNfeXsd(ctx.schemasDir, new TextEncoder().encode(assinado));
  if (!xsd.valido) {
    // an alphanumeric CNPJ under a package that predates it: say which package to install
    const dica = dicaCnpjAlfanumerico(ctx.schemasDir, xsd.erros);
    throw new AppError('unprocessable', dica ?? notasSaidaMensagens.xsdInvalido, { erros: xsd.erros });
  }
  return { dados, assinado, chave };
}

/**
 * POST …/:id/regerar: a rejected (or not yet sent) note built again from its order as it is now —
 * the order or the customer's cadastro corrected after SEFAZ's rejection — with the SAME série and
 * number, signed and validated again, back to «assinada». Refused while a send is unanswered (the
 * note may be authorised: consult first), and for any other status.
 */
export async function regeraNota(
  db: Db,
  actor: Actor,
  schemasDir: string | undefined,
  id: string,
  agora: () => Date = () => new Date(),
): Promise<void> {
  const ctx = await contextoEmissao(db, schemasDir, agora());
  await writeTx(db, actor, async (tx) => {
    const [nota] = rowsOf<{ status: StatusNota; pedido_id: string | null; serie: number; numero: number }>(
      await tx.execute(sql`select nf.status, nf.pedido_id, nf.serie, nf.numero from notas_fiscais nf
        where nf.id = ${id} for update`),
    );
    if (!nota) throw new AppError('not_found', notasSaidaMensagens.notaNaoEncontrada);
    if (nota.status !== 'rejeitada' && nota.status !== 'assinada')
      throw new AppError('conflict', notasSaidaMensagens.regerarSoRejeitada(statusNotaLabels[nota.status]));
    if (!nota.pedido_id) throw new AppError('unprocessable', notasSaidaMensagens.regerarSemPedido);
    const [ultimo] = rowsOf<{ tipo: string }>(
      await tx.execute(sql`select e.tipo from notas_fiscais_eventos e
        where e.nota_id = ${id} and e.tipo in ('timeout', 'consulta', 'autorizacao', 'rejeicao', 'denegacao')
        order by e.created_at desc, e.id desc limit 1`),
    );
    if (ultimo?.tipo === 'timeout') throw new AppError('conflict', notasSaidaMensagens.regerarAposTimeout);
    const [pedido] = rowsOf<{ status: StatusPedido; bloqueios_pendentes: number }>(
      await tx.execute(
        sql`select o.status, o.bloqueios_pendentes from sales_orders o where o.id = ${nota.pedido_id} for update`,
      ),
    );
    if (!pedido || !STATUS_FATURAVEIS.includes(pedido.status))
      throw new AppError(
        'unprocessable',
        notasSaidaMensagens.pedidoNaoFaturavel(
          pedido ? (statusPedidoLabels[pedido.status] ?? pedido.status) : '—',
        ),
      );
    if (Number(pedido.bloqueios_pendentes) > 0)
      throw new AppError('unprocessable', notasSaidaMensagens.pedidoBloqueado);
    const dhEmi = agora();
    const { dados, assinado, chave } = await nfeAssinadaDoPedido(tx, ctx, nota.pedido_id, {
      serie: Number(nota.serie),
      nNF: Number(nota.numero),
      dhEmi,
    });
    await tx
      .update(notasFiscais)
      .set({
        xml: assinado,
        chave,
        status: 'assinada',
        tpEmis: dados.ide.tpEmis,
        emissao: dhEmi,
        valorTotal: dados.totais.ICMSTot.vNF,
        updatedAt: new Date(),
      })
      .where(sql`${notasFiscais.id} = ${id}`);
    await tx.insert(notasFiscaisEventos).values({
      notaId: id,
      tipo: 'assinatura',
      xMotivo: `NF-e gerada novamente a partir do pedido (mesmo número), assinada com o certificado de ${ctx.certificado.titular}.`,
      userId: actor.userId,
      usuario: actor.email ?? null,
    });
  });
}
