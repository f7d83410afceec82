import {
  devolucoesMensagens,
  type ImpostosItem,
  statusDevolucaoLabels,
  type ValoresDevolucao,
} from '@erp/shared';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { type Actor, writeTx } from '../../lib/audit-context.ts';
import { AppError } from '../../lib/errors.ts';
import { assinaXml } from '../nfe/assinador.ts';
import { dicaCnpjAlfanumerico } from '../nfe/pacote-nfe.ts';
import { validaNfeXsd } from '../nfe/xsd.ts';
import { destinatarioDaNota } from '../notasfiscais/dados-nfe.service.ts';
import { dadosNfeDevolucao } from '../notasfiscais/dados-nfe-devolucao.ts';
import { type ContextoEmissao, contextoEmissao } from '../notasfiscais/emissao.service.ts';
import { notasFiscais, notasFiscaisEventos } from '../notasfiscais/notasfiscais.tables.ts';
import { alocaNumeroNfe, serieParaEmissao } from '../notasfiscais/numeracao.service.ts';
import { montaNfe } from '../notasfiscais/xml/monta-nfe.ts';
import { destinatarioDoCliente } from '../tributacao/impostos.service.ts';
import { travaDevolucao } from './efeitos-devolucao.service.ts';

// Our own NF-e de devolução of a devolução de venda (issue 32): in ONE transaction the devolução is
// locked (rascunho), the série's next number taken (the sales notes' numbering: one sequence per
// série), the NF-e de entrada built from the returned items (dadosNfeDevolucao: tpNF 0, finNFe 4,
// NFref = the sale's chave, the original taxes in proportion), signed with the A1, validated
// against the XSD and stored «assinada» in notas_fiscais with its devolucao_id; the devolução
// goes to «emitida». The send is the notes' own (transmiteNota): its authorisation applies the
// devolução's effects in the same transaction (notasfiscais/efeitos-nota.service.ts).

type ItemNota = {
  codigo: string;
  gtin: string | null;
  nome: string;
  ncm: string | null;
  cest: string | null;
  unidade: string;
  quantidade: string;
  quantidade_original: string;
  impostos: ImpostosItem;
  valores: ValoresDevolucao;
  cfop: string;
  motivo: string;
};

export async function emiteNotaDevolucao(
  db: Db,
  actor: Actor,
  schemasDir: string | undefined,
  id: string,
  agora: () => Date = () => new Date(),
): Promise<string> {
  const ctx = await contextoEmissao(db, schemasDir, agora());
  return writeTx(db, actor, (tx) => emiteNotaDevolucaoEm(tx, actor, ctx, id, agora()));
}

export async function emiteNotaDevolucaoEm(
  tx: Tx,
  actor: Actor,
  ctx: ContextoEmissao,
  id: string,
  dhEmi: Date,
): Promise<string> {
  const d = await travaDevolucao(tx, id);
  if (d.status !== 'rascunho')
    throw new AppError('conflict', devolucoesMensagens.soRascunho(statusDevolucaoLabels[d.status]));
  const [cab] = rowsOf<{ documento: string; chave_referenciada: string; observacao: string | null }>(
    await tx.execute(sql`select documento, chave_referenciada, observacao from devolucoes where id = ${id}`),
  );
  if (cab!.documento !== 'propria') throw new AppError('conflict', devolucoesMensagens.documentoTerceiro);
  const itens = rowsOf<ItemNota>(
    await tx.execute(sql`select p.codigo, p.gtin, coalesce(i.produto_nome, p.nome) as nome, p.ncm, p.cest,
        coalesce(i.unidade, p.unidade) as unidade, di.quantidade::text as quantidade,
        i.quantidade::text as quantidade_original, i.impostos, di.valores, di.cfop, di.motivo
      from devolucao_itens di join sales_order_items i on i.id = di.pedido_item_id
      join products p on p.id = di.product_id
      where di.devolucao_id = ${id} order by di.sequencia`),
  );
  const { cliente, destinatario } = await destinatarioDoCliente(tx, d.cliente_id!);
  const serie = await serieParaEmissao(tx);
  const nNF = await alocaNumeroNfe(tx, serie);
  const dados = dadosNfeDevolucao({
    sentido: 'venda',
    config: ctx.config,
    dest: destinatarioDaNota(cliente, destinatario),
    indFinal: destinatario.indFinal,
    chavesReferenciadas: [cab!.chave_referenciada],
    numeracao: { serie, nNF, dhEmi },
    itens: itens.map((i) => ({
      cProd: i.codigo,
      cEAN: i.gtin,
      xProd: i.nome,
      NCM: i.ncm ?? '',
      CEST: i.cest,
      uCom: i.unidade,
      qCom: i.valores.qDev,
      impostosOriginais: i.impostos,
      qComOriginal: i.quantidade_original,
      valores: i.valores,
      cfop: i.cfop,
    })),
    infCpl: [`Devolução nº ${d.numero}.`, cab!.observacao].filter(Boolean).join(' '),
  });
  const { xml, chave } = montaNfe(dados);
  const assinado = assinaXml(xml, {
    tag: 'infNFe',
    keyPem: ctx.certificado.keyPem,
    certPem: ctx.certificado.certPem,
  });
  const xsd = validaNfeXsd(ctx.schemasDir, new TextEncoder().encode(assinado));
  if (!xsd.valido) {
    const dica = dicaCnpjAlfanumerico(ctx.schemasDir, xsd.erros);
    throw new AppError(
      'unprocessable',
      dica ?? 'A NF-e de devolução não passou na validação do schema (XSD).',
      {
        erros: xsd.erros,
      },
    );
  }
  const [nota] = await tx
    .insert(notasFiscais)
    .values({
      clienteId: d.cliente_id,
      devolucaoId: id,
      tpNf: dados.ide.tpNF,
      finNfe: '4',
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
    xMotivo: `NF-e de devolução assinada com o certificado de ${ctx.certificado.titular}.`,
    userId: actor.userId,
    usuario: actor.email ?? null,
  });
  await tx.execute(sql`update devolucoes set status = 'emitida', nota_devolucao_id = ${nota!.id},
      versao = versao + 1, updated_at = now() where id = ${id}`);
  return nota!.id;
}
