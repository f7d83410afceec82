import {
  Decimal,
  devolucoesCompraMensagens,
  devolucoesMensagens,
  isUf,
  razaoMensagens,
  statusDevolucaoLabels,
  type ValoresDevolucao,
} from '@erp/shared';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { type Actor, writeTx } from '../../lib/audit-context.ts';
import { AppError } from '../../lib/errors.ts';
import { getSetting } from '../configuracoes/settings.service.ts';
import { assinaXml } from '../nfe/assinador.ts';
import { dicaCnpjAlfanumerico } from '../nfe/pacote-nfe.ts';
import { validaNfeXsd } from '../nfe/xsd.ts';
import { dadosNfeDevolucao } from '../notasfiscais/dados-nfe-devolucao.ts';
import { type ContextoEmissao, contextoEmissao } from '../notasfiscais/emissao.service.ts';
import { notasFiscais, notasFiscaisEventos } from '../notasfiscais/notasfiscais.tables.ts';
import { alocaNumeroNfe, serieParaEmissao } from '../notasfiscais/numeracao.service.ts';
import { montaNfe } from '../notasfiscais/xml/monta-nfe.ts';
import type { DadosNfe } from '../notasfiscais/xml/tipos.ts';
import { impostosDaEntrada } from './devolucoes-compra.service.ts';
import { travaDevolucao } from './efeitos-devolucao.service.ts';

// Our NF-e of a devolução de compra (issue 32): in ONE transaction the devolução is locked
// (rascunho), the série's next number taken (the outgoing notes' sequence), the NF-e de SAÍDA built
// (dadosNfeDevolucao sentido compra: tpNF 1, finNFe 4, natOp «Devolução de compra», NFref = the
// supplier's chave) with the supplier as destinatário (from the fornecedores register), each item
// the supplier's groups in our regime with the return's values (the IPI in impostoDevol), signed
// with the A1, validated against the XSD and stored «assinada» in notas_fiscais with its
// devolucao_id and fornecedor_id; the devolução goes to «emitida». The send is the notes' own
// (transmiteNota): the authorisation applies the effects in its transaction
// (efeitos-devolucao-compra.service.ts through efeitos-devolucao.service.ts).
//
// The items name our product (código, descrição) with the supplier's code and note item in
// infAdProd; the unit is the supplier's when it is our base unit (fator 1), else our base unit —
// the quantities and values of the return are in the base unit (devolucoes-compra.service.ts).

type ItemNota = {
  codigo: string;
  gtin: string | null;
  nome: string;
  ncm: string | null;
  ncm_produto: string | null;
  cest: string | null;
  unidade: string;
  u_com: string;
  q_com: string;
  c_ean: string | null;
  c_prod: string;
  n_item: number;
  quantidade_base: string;
  valores: ValoresDevolucao;
  cfop: string;
};

type Fornecedor = {
  documento: string;
  razao_social: string;
  inscricao_estadual: string | null;
  indicador_ie: '1' | '2' | '9';
  email: string | null;
  email_nfe: string | null;
  telefone: string | null;
  celular: string | null;
  cep: string | null;
  logradouro: string | null;
  numero: string | null;
  complemento: string | null;
  bairro: string | null;
  municipio: string | null;
  codigo_municipio: string | null;
  uf: string | null;
};

/** The supplier as the NF-e's destinatário; 422 naming what its register lacks. */
export async function destinatarioDoFornecedor(tx: Tx | Db, fornecedorId: string): Promise<DadosNfe['dest']> {
  const [f] = rowsOf<Fornecedor>(
    await tx.execute(sql`select documento, razao_social, inscricao_estadual, indicador_ie, email, email_nfe,
        telefone, celular, cep, logradouro, numero, complemento, bairro, municipio, codigo_municipio, uf
      from fornecedores where id = ${fornecedorId}`),
  );
  if (!f)
    throw new AppError(
      'not_found',
      devolucoesCompraMensagens.fornecedorIncompleto('cadastro não encontrado'),
    );
  const faltam = [
    !isUf(f.uf ?? '') && 'UF',
    !/^\d{7}$/.test(f.codigo_municipio ?? '') && 'código IBGE do município',
    !f.municipio?.trim() && 'município',
    !f.logradouro?.trim() && 'logradouro',
    !f.bairro?.trim() && 'bairro',
    f.indicador_ie === '1' && !f.inscricao_estadual?.trim() && 'inscrição estadual',
  ].filter((x): x is string => !!x);
  if (faltam.length)
    throw new AppError('unprocessable', devolucoesCompraMensagens.fornecedorIncompleto(faltam.join(', ')));
  const fone = (f.telefone ?? f.celular ?? '').replace(/\D/g, '');
  return {
    documento: f.documento,
    xNome: f.razao_social,
    ender: {
      xLgr: f.logradouro!,
      nro: f.numero?.trim() || 'S/N',
      xCpl: f.complemento,
      xBairro: f.bairro!,
      cMun: f.codigo_municipio!,
      xMun: f.municipio!,
      UF: f.uf!,
      CEP: f.cep ? f.cep.replace(/\D/g, '') : null,
      fone: fone.length >= 6 ? fone : null,
    },
    indIEDest: f.indicador_ie,
    IE: f.indicador_ie === '1' ? f.inscricao_estadual!.replace(/[^0-9A-Z]/gi, '') : null,
    email: f.email_nfe ?? f.email,
  };
}

/**
 * Before a number is taken and the note signed: each (product, location, lot) still holds what
 * leaves from it — otherwise SEFAZ would authorise a note whose effects the ledger then refuses.
 * The ledger checks again under its locks at the authorisation (a saída in between).
 */
async function confereEstoque(tx: Tx, id: string): Promise<void> {
  if (await getSetting(tx as unknown as Db, 'permitir_estoque_negativo')) return;
  const [falta] = rowsOf<{ produto: string; local: string; disponivel: string }>(
    await tx.execute(sql`select p.nome as produto, l.nome as local,
        coalesce(s.saldo - s.reservado, 0)::numeric(14,3)::text as disponivel
      from (select product_id, local_id, lote_id, sum(quantidade) as quantidade from devolucao_itens
            where devolucao_id = ${id} group by product_id, local_id, lote_id) di
      join products p on p.id = di.product_id join locais_estoque l on l.id = di.local_id
      left join estoque_saldos s on s.produto_id = di.product_id and s.local_id = di.local_id
        and s.lote_id is not distinct from di.lote_id
      where coalesce(s.saldo - s.reservado, 0) < di.quantidade
      order by p.nome limit 1`),
  );
  if (falta)
    throw new AppError(
      'unprocessable',
      razaoMensagens.estoqueInsuficiente(falta.produto, falta.local, falta.disponivel),
      {
        reason: 'estoque_insuficiente',
      },
    );
}

export async function emiteNotaDevolucaoCompra(
  db: Db,
  actor: Actor,
  schemasDir: string | undefined,
  id: string,
  agora: () => Date = () => new Date(),
): Promise<string> {
  const ctx = await contextoEmissao(db, schemasDir, agora());
  return writeTx(db, actor, (tx) => emiteNotaDevolucaoCompraEm(tx, actor, ctx, id, agora()));
}

export async function emiteNotaDevolucaoCompraEm(
  tx: Tx,
  actor: Actor,
  ctx: ContextoEmissao,
  id: string,
  dhEmi: Date,
): Promise<string> {
  const d = await travaDevolucao(tx, id);
  if (d.tipo !== 'compra') throw new AppError('conflict', devolucoesCompraMensagens.naoDeCompra);
  if (d.status !== 'rascunho')
    throw new AppError('conflict', devolucoesMensagens.soRascunho(statusDevolucaoLabels[d.status]));
  await confereEstoque(tx, id);
  const [cab] = rowsOf<{
    chave_referenciada: string;
    observacao: string | null;
    entrada_id: string;
    fornecedor_id: string;
  }>(
    await tx.execute(sql`select chave_referenciada, observacao, entrada_id, fornecedor_id
      from devolucoes where id = ${id}`),
  );
  const itens = rowsOf<ItemNota>(
    await tx.execute(sql`select p.codigo, p.gtin, p.nome, i.ncm, p.ncm as ncm_produto, p.cest, p.unidade, i.u_com,
        i.q_com::text as q_com, i.c_ean, i.c_prod, i.n_item, i.quantidade_base::text as quantidade_base,
        di.valores, di.cfop
      from devolucao_itens di join entrada_itens i on i.id = di.entrada_item_id
      join products p on p.id = di.product_id
      where di.devolucao_id = ${id} order by di.sequencia`),
  );
  const { itens: impostos, cabecalho } = await impostosDaEntrada(tx, cab!.entrada_id);
  const dest = await destinatarioDoFornecedor(tx, cab!.fornecedor_id);
  const serie = await serieParaEmissao(tx);
  const nNF = await alocaNumeroNfe(tx, serie);
  const dados = dadosNfeDevolucao({
    sentido: 'compra',
    config: ctx.config,
    dest,
    indFinal: cabecalho.indFinal,
    chavesReferenciadas: [cab!.chave_referenciada],
    numeracao: { serie, nNF, dhEmi },
    itens: itens.map((i) => {
      const original = impostos.get(Number(i.n_item));
      if (!original)
        throw new AppError('unprocessable', devolucoesCompraMensagens.itemSemImpostos(Number(i.n_item)));
      // the supplier's unit when it is our base unit (fator 1); else ours (see the header)
      const unidadeDoFornecedor = Decimal.of(i.q_com).eq(i.quantidade_base);
      const gtin = unidadeDoFornecedor ? i.c_ean : i.gtin;
      return {
        cProd: i.codigo,
        cEAN: gtin && /^\d{8,14}$/.test(gtin) ? gtin : null,
        xProd: i.nome,
        NCM: i.ncm ?? i.ncm_produto ?? '',
        CEST: i.cest,
        uCom: unidadeDoFornecedor ? i.u_com : i.unidade,
        qCom: i.valores.qDev,
        impostosOriginais: original,
        qComOriginal: i.quantidade_base,
        valores: i.valores,
        cfop: i.cfop,
        infAdProd: `Item ${i.n_item} da NF-e do fornecedor, código ${i.c_prod}.`,
      };
    }),
    infCpl: [`Devolução de compra nº ${d.numero}.`, cab!.observacao].filter(Boolean).join(' '),
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
      { erros: xsd.erros },
    );
  }
  const [nota] = await tx
    .insert(notasFiscais)
    .values({
      clienteId: null,
      fornecedorId: cab!.fornecedor_id,
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
    xMotivo: `NF-e de devolução de compra assinada com o certificado de ${ctx.certificado.titular}.`,
    userId: actor.userId,
    usuario: actor.email ?? null,
  });
  await tx.execute(sql`update devolucoes set status = 'emitida', nota_devolucao_id = ${nota!.id},
      versao = versao + 1, updated_at = now() where id = ${id}`);
  return nota!.id;
}
