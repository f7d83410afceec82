import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Decimal, dvChave, formatBRL } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { geraAcTeste, geraPfxTeste } from '../../test/pfx-teste.ts';
import { type SefazDouble, startSefazDouble } from '../../test/sefaz-double.ts';
import { createTestApp, SHARED_DIR, TEST_NFE_SCHEMAS_DIR, type TestContext } from '../../test/test-app.ts';
import { chama, criaVendedor, type Json, tokens } from '../comercial/comercial-test-support.ts';
import { condicoesPagamento } from '../financeiro/financeiro.tables.ts';
import { assinaXml } from '../nfe/assinador.ts';
import { validaNfeXsd } from '../nfe/xsd.ts';
import {
  conferePedido,
  criaClienteNfe,
  preparaEmissao,
  produtoComRegra,
} from '../notasfiscais/notas-saida-test-support.ts';

// The customer's own NF-e de devolução imported and posted (issue 32): a sale NF-e of ours is
// authorised against the SEFAZ double; the customer's devolução is derived from a real NF-e of
// ../shared/fixtures/nfe (MANIFEST 1.1, the only one whose signature verifies) — emit = the
// customer, dest = us, finNFe 4, NFref = our chave, det = our product — re-signed with a test
// certificate of the customer and XSD-validated here before it is imported. Then: matched to the
// original item (by code; by GTIN in a packaging of ours), posted (stock back, the last
// instalment abated), and the refusals — the same XML again, another destinatário, finNFe 1, a
// quantity past the saldo, an altered signature, another emitente, an unknown item.

const dir = TEST_NFE_SCHEMAS_DIR;
const FIXTURE = path.join(
  SHARED_DIR,
  'fixtures/nfe/oca_41170706117473000150550010000463201612756527-procNFe.xml',
);
const presente = !!dir && fs.existsSync(FIXTURE);
if (!presente)
  console.warn(
    `importacao-devolucao.test: ${path.join(SHARED_DIR, 'fixtures/nfe')} ou NFE_SCHEMAS_DIR ausente — testes pulados`,
  );

const ac = geraAcTeste();
const CNPJ = '12345678000195';
const IE_EMPRESA = '110042490114';
const OUTRO_CNPJ = '11222333000181';
const a1 = geraPfxTeste({ cnpj: CNPJ, razaoSocial: 'DISTRIBUIDORA PAULISTA DE ALIMENTOS LTDA', ac });

let t: TestContext;
let tk: Awaited<ReturnType<typeof tokens>>;
let double: SefazDouble;
let produto: string;
let codigo: string;
let cliente: { id: string; documento: string; nome: string };
let assinante: { keyPem: string; certPem: string };
let condicao: string;
let vendedor: string;

const api = (token: string, method: string, p: string, body?: unknown) => chama(t, token, method, p, body);
const q = async <T>(s: ReturnType<typeof sql>) => rowsOf<T>(await t.db.execute(s));

type ItemDev = { cProd: string; cEAN?: string; xProd: string; uCom: string; qCom: string; vUnCom: string };
type Devolucao = {
  nNF: number;
  ref: string[];
  itens: ItemDev[];
  emit?: string;
  dest?: string;
  finNFe?: string;
};

const hoje = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
const tag = (xml: string, nome: string, valor: string) =>
  xml.replace(new RegExp(`<${nome}>[^<]*</${nome}>`), `<${nome}>${valor}</${nome}>`);

/**
 * The customer's NF-e de devolução derived from the fixture: its ide/emit/dest/det/total rewritten,
 * the chave rebuilt with its DV, signed with the customer's test A1, and the authorisation protocol
 * pointed at the new chave (nfeProc, as a customer sends it).
 */
function devolucaoDoCliente(d: Devolucao): string {
  const original = fs.readFileSync(FIXTURE, 'utf8');
  let inf = /<infNFe[\s\S]*<\/infNFe>/.exec(original)![0];
  const modelo = /<det nItem="1">[\s\S]*<\/det>/.exec(inf)![0];
  const itens = d.itens.map((i, n) => {
    const vProd = Decimal.of(i.qCom).times(i.vUnCom).toFixed(2);
    let det = modelo.replace('<det nItem="1">', `<det nItem="${n + 1}">`);
    for (const [nome, valor] of [
      ['cProd', i.cProd],
      ['cEAN', i.cEAN ?? 'SEM GTIN'],
      ['xProd', i.xProd],
      ['CFOP', '6202'],
      ['uCom', i.uCom],
      ['qCom', i.qCom],
      ['vUnCom', i.vUnCom],
      ['vProd', vProd],
      ['cEANTrib', i.cEAN ?? 'SEM GTIN'],
      ['uTrib', i.uCom],
      ['qTrib', i.qCom],
      ['vUnTrib', i.vUnCom],
    ] as const)
      det = tag(det, nome, valor);
    det = det
      .replace(/<xPed>[^<]*<\/xPed><nItemPed>[^<]*<\/nItemPed>/, '')
      .replace(/<vTotTrib>[^<]*<\/vTotTrib>/, '')
      .replace(/<ICMSSN101>[\s\S]*<\/ICMSSN101>/, '<ICMSSN102><orig>0</orig><CSOSN>102</CSOSN></ICMSSN102>');
    return { det, vProd };
  });
  const total = Decimal.sum(itens.map((i) => i.vProd)).toFixed(2);
  const emit = d.emit ?? cliente.documento;
  const dhEmi = `${hoje()}T10:00:00-03:00`;
  const cNF = String(10_000_000 + d.nNF).slice(-8);
  const base = `41${dhEmi.slice(2, 4)}${dhEmi.slice(5, 7)}${emit}55001${String(d.nNF).padStart(9, '0')}1${cNF}`;
  const dv = dvChave(base);
  const chave = `${base}${dv}`;
  inf = inf.replace(modelo, itens.map((i) => i.det).join(''));
  inf = inf.replace(/Id="NFe\d{44}"/, `Id="NFe${chave}"`);
  for (const [nome, valor] of [
    ['cNF', cNF],
    ['natOp', 'DEVOLUCAO DE MERCADORIA'],
    ['nNF', String(d.nNF)],
    ['dhEmi', dhEmi],
    ['dhSaiEnt', dhEmi],
    ['cDV', String(dv)],
    ['finNFe', d.finNFe ?? '4'],
    ['vPag', total],
    ['infCpl', `Devolucao ref. NF-e ${d.ref.join(', ')}`],
  ] as const)
    inf = tag(inf, nome, valor);
  // the totals: ICMSTot's vProd and vNF (the det's vProd come first in the document)
  inf = inf.replace(/<total>[\s\S]*<\/total>/, (tot) => tag(tag(tot, 'vProd', total), 'vNF', total));
  inf = inf
    .replace(/<vTotTrib>[^<]*<\/vTotTrib>/g, '')
    .replace('</ide>', `${d.ref.map((r) => `<NFref><refNFe>${r}</refNFe></NFref>`).join('')}</ide>`)
    .replace('<CNPJ>06117473000150</CNPJ>', `<CNPJ>${emit}</CNPJ>`)
    .replace('<xNome>UNIMAKE SOLUCOES CORPORATIVAS LTDA</xNome>', `<xNome>${cliente.nome}</xNome>`)
    .replace('<CNPJ>27373722000148</CNPJ>', `<CNPJ>${d.dest ?? CNPJ}</CNPJ>`)
    .replace(
      '<xNome>NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL</xNome><enderDest>',
      '<xNome>DISTRIBUIDORA PAULISTA DE ALIMENTOS LTDA</xNome><enderDest>',
    )
    .replace('<IE>260205835115</IE>', `<IE>${IE_EMPRESA}</IE>`);
  const nfe = `<?xml version="1.0" encoding="UTF-8"?><nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><NFe xmlns="http://www.portalfiscal.inf.br/nfe">${inf}</NFe></nfeProc>`;
  const assinado = assinaXml(nfe, { tag: 'infNFe', ...assinante });
  const digest = /<DigestValue>([^<]+)<\/DigestValue>/.exec(assinado)![1]!;
  const prot = /<protNFe[\s\S]*<\/protNFe>/
    .exec(original)![0]
    .replace(/<chNFe>\d{44}<\/chNFe>/, `<chNFe>${chave}</chNFe>`)
    .replace(/<digVal>[^<]*<\/digVal>/, `<digVal>${digest}</digVal>`);
  return assinado.replace('</nfeProc>', `${prot}</nfeProc>`);
}

const importa = (xml: string, extra: Json = {}) =>
  api(tk.comercial, 'POST', '/api/comercial/devolucoes/importar', {
    nome: 'devolucao.xml',
    conteudo_base64: Buffer.from(xml).toString('base64'),
    ...extra,
  });

/** An order of `quantidade` UN at R$ 12,50 in 30/60/90, invoiced and authorised; its note. */
async function notaAutorizada(quantidade: string) {
  const criado = await api(tk.comercial, 'POST', '/api/comercial/pedidos', {
    cliente_id: cliente.id,
    vendedor_id: vendedor,
    condicao_pagamento_id: condicao,
    itens: [
      {
        produto_id: produto,
        embalagem: 'UN',
        quantidade,
        preco: '12.50',
        desconto_tipo: 'percentual',
        desconto: '0',
      },
    ],
  });
  expect(criado.status, JSON.stringify(criado.body)).toBe(201);
  const conf = await api(tk.comercial, 'POST', `/api/comercial/pedidos/${criado.body.id}/confirmar`, {
    versao: criado.body.versao,
  });
  expect(conf.body.status, JSON.stringify(conf.body)).toBe('liberado');
  await conferePedido(t, tk.comercial, criado.body.id);
  const nota = await api(tk.comercial, 'POST', '/api/notasfiscais/saida', { pedido_id: criado.body.id });
  expect(nota.status, JSON.stringify(nota.body)).toBe(201);
  const tr = await api(tk.comercial, 'POST', `/api/notasfiscais/saida/${nota.body.id}/transmitir`);
  expect(tr.body.status, JSON.stringify(tr.body)).toBe('autorizada');
  return { id: nota.body.id as string, chave: nota.body.chave as string, numero: nota.body.numero as number };
}

const titulosDaNota = (notaId: string) =>
  q<{ parcela: number; valor: string; saldo: string; status: string }>(
    sql`select parcela, valor::text, saldo::text, status from financial_accounts
      where origem = 'nota_fiscal' and origem_id = ${notaId} order by parcela`,
  );
const saldoEstoque = async () =>
  (
    await q<{ q: string }>(sql`select coalesce(sum(s.saldo), 0)::numeric(14,3)::text as q
      from estoque_saldos s join locais_estoque l on l.id = s.local_id
      where s.produto_id = ${produto} and l.tipo <> 'avaria'`)
  )[0]!.q;

describe.skipIf(!presente)('NF-e de devolução do cliente importada e lançada', () => {
  let nota: Awaited<ReturnType<typeof notaAutorizada>>;
  let primeira: string;
  let xmlPrimeira: string;

  beforeAll(async () => {
    double = await startSefazDouble({ acClientePem: ac.certPem, schemasDir: dir! });
    const caDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sefaz-ca-'));
    fs.writeFileSync(path.join(caDir, 'double.pem'), double.caPem);
    t = await createTestApp({
      SEFAZ_URL_OVERRIDE: double.url,
      SEFAZ_CA_DIR: caDir,
      SEFAZ_TIMEOUT_MS: '3000',
    });
    tk = await tokens(t);
    await preparaEmissao(t, tk.admin, { proximo: 300, cnpj: CNPJ });
    const cert = await api(tk.admin, 'POST', '/api/fiscal/certificado', {
      conteudo_base64: a1.pfx.toString('base64'),
      senha: a1.senha,
    });
    expect(cert.status, JSON.stringify(cert.body)).toBe(201);
    produto = await produtoComRegra(t, tk.admin, { nome: 'Suco de Uva 1 L', estoque: '1000' });
    await t.db.execute(sql`update products set gtin = '7891000100103' where id = ${produto}`);
    await t.db.execute(
      sql`insert into produto_embalagens (produto_id, unidade, fator) values (${produto}, 'CX', '6')`,
    );
    codigo = (await q<{ codigo: string }>(sql`select codigo from products where id = ${produto}`))[0]!.codigo;
    const id = await criaClienteNfe(t, { razaoSocial: 'Mercado Bom Preço Ltda' });
    const [c] = await q<{ documento: string }>(sql`select documento from clientes where id = ${id}`);
    cliente = { id, documento: c!.documento, nome: 'MERCADO BOM PRECO LTDA' };
    const pfx = geraPfxTeste({ cnpj: cliente.documento, razaoSocial: cliente.nome, ac });
    assinante = { keyPem: pfx.keyPem, certPem: pfx.certPem };
    vendedor = await criaVendedor(t.db, { nome: 'Carla Vendas', comissao: '5', descontoMaximo: '10' });
    const [cp] = await t.db
      .insert(condicoesPagamento)
      .values({ nome: '30/60/90', tipo: 'dias', dias: [30, 60, 90] })
      .returning({ id: condicoesPagamento.id });
    condicao = cp!.id;
    await t.db.execute(
      sql`insert into locais_estoque (codigo, nome, tipo) values ('AVR', 'Avarias', 'avaria')`,
    );
    nota = await notaAutorizada('12');
  }, 120_000);
  afterAll(async () => {
    await double?.close();
    await t?.close();
  });

  it('a NF-e do cliente (5 UN pelo código) é válida pelo XSD, importada como rascunho e casada com o item vendido', async () => {
    xmlPrimeira = devolucaoDoCliente({
      nNF: 881,
      ref: [nota.chave],
      itens: [{ cProd: codigo, xProd: 'SUCO UVA 1L', uCom: 'UN', qCom: '5.0000', vUnCom: '12.5000000000' }],
    });
    const xsd = validaNfeXsd(dir, Buffer.from(xmlPrimeira));
    expect(xsd).toEqual({ valido: true, erros: [] });

    const r = await importa(xmlPrimeira);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    primeira = r.body.id;
    expect(r.body).toMatchObject({
      status: 'rascunho',
      documento: 'terceiro',
      nota_id: nota.id,
      valor_total: '62.50',
      divergencias: [],
      // the fixture's environment (tpAmb 2) is kept: the reading's alert travels with the answer
      alertas: ['NF-e emitida em homologação (sem valor fiscal).'],
    });
    expect(r.body.itens).toHaveLength(1);
    expect(r.body.itens[0]).toMatchObject({
      product_id: produto,
      quantidade: '5.000',
      unidade: 'UN',
      motivo: 'outro',
      destino: 'normal',
      cfop: '1202',
    });
    expect(r.body.observacao).toBe('NF-e de devolução do cliente nº 881, série 1');
    const [d] = await q<{ chave_terceiro: string; numero_terceiro: number; xml_terceiro: string }>(
      sql`select chave_terceiro, numero_terceiro, xml_terceiro from devolucoes where id = ${primeira}`,
    );
    expect(d!.numero_terceiro).toBe(881);
    expect(d!.chave_terceiro).toBe(/Id="NFe(\d{44})"/.exec(xmlPrimeira)![1]);
    expect(d!.xml_terceiro).toBe(xmlPrimeira);
  });

  it('lançar: estoque de volta, último título abatido; a mesma NF-e de novo é 409', async () => {
    // 12 × 12,50 = 150,00 in 30/60/90: 50,00 each
    expect((await titulosDaNota(nota.id)).map((x) => x.valor)).toEqual(['50.00', '50.00', '50.00']);
    const estoqueAntes = await saldoEstoque();
    const l = await api(tk.comercial, 'POST', `/api/comercial/devolucoes/${primeira}/lancar`);
    expect(l.status, JSON.stringify(l.body)).toBe(200);
    expect(l.body).toMatchObject({ status: 'lancada', valor_abatido: '62.50', valor_credito: '0.00' });
    expect(await saldoEstoque()).toBe(Decimal.of(estoqueAntes).plus(5).toFixed(3));
    // 62,50 off the 3rd instalment (50,00 → 0), then 12,50 off the 2nd (50,00 → 37,50)
    expect((await titulosDaNota(nota.id)).map((x) => [x.saldo, x.status])).toEqual([
      ['50.00', 'em_aberto'],
      ['37.50', 'parcial'],
      ['0.00', 'pago'],
    ]);
    expect(l.body.abatimentos.map((a: Json) => [a.parcela, a.valor])).toEqual([
      [3, '50.00'],
      [2, '12.50'],
    ]);
    const denovo = await api(tk.comercial, 'POST', `/api/comercial/devolucoes/${primeira}/lancar`);
    expect(denovo.status).toBe(409);
    expect(denovo.body.message).toBe(
      'A devolução está «Lançada»: só um rascunho com a NF-e do cliente pode ser lançado.',
    );

    const dup = await importa(xmlPrimeira);
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(
      `Esta NF-e de devolução já foi importada (devolução nº ${l.body.numero}): chave ${/Id="NFe(\d{44})"/.exec(xmlPrimeira)![1]}.`,
    );
  });

  it('recusas: outro destinatário, finalidade 1, saldo excedido, assinatura alterada, outro emitente, item desconhecido', async () => {
    const item = { cProd: codigo, xProd: 'SUCO UVA 1L', uCom: 'UN', qCom: '1.0000', vUnCom: '12.5000000000' };
    const antes = (await q<{ n: number }>(sql`select count(*)::int as n from devolucoes`))[0]!.n;
    const semPermissao = await chama(t, tk.estoque, 'POST', '/api/comercial/devolucoes/importar', {
      conteudo_base64: Buffer.from(xmlPrimeira).toString('base64'),
    });
    expect(semPermissao.status).toBe(403);

    const outroDest = devolucaoDoCliente({ nNF: 882, ref: [nota.chave], itens: [item], dest: OUTRO_CNPJ });
    expect(validaNfeXsd(dir, Buffer.from(outroDest)).valido).toBe(true);
    const r1 = await importa(outroDest);
    expect(r1.status).toBe(422);
    expect(r1.body.message).toBe(
      'A NF-e não é destinada à empresa: o destinatário é 11.222.333/0001-81 (DISTRIBUIDORA PAULISTA DE ALIMENTOS LTDA) e o CNPJ da empresa é 12.345.678/0001-95.',
    );

    const r2 = await importa(devolucaoDoCliente({ nNF: 883, ref: [nota.chave], itens: [item], finNFe: '1' }));
    expect(r2.status).toBe(422);
    expect(r2.body.message).toBe(
      'A NF-e não é de devolução: a finalidade (finNFe) é 1, e a de devolução é 4.',
    );

    // 5 of 12 returned: 8 more is past the saldo of 7
    const r3 = await importa(
      devolucaoDoCliente({ nNF: 884, ref: [nota.chave], itens: [{ ...item, qCom: '8.0000' }] }),
    );
    expect(r3.status).toBe(422);
    expect(r3.body.message).toBe(
      `Item 1 da NF-e do cliente: Item «${codigo} - Suco de Uva 1 L»: a devolver 8 UN, disponível 7 UN.`,
    );

    const alterada = devolucaoDoCliente({ nNF: 885, ref: [nota.chave], itens: [item] }).replace(
      '<qCom>1.0000</qCom>',
      '<qCom>2.0000</qCom>',
    );
    const r4 = await importa(alterada);
    expect(r4.status).toBe(422);
    expect(r4.body.message).toBe(
      'A assinatura digital da NF-e do cliente não é válida: O conteúdo da nota não confere com o resumo assinado (DigestValue): o XML foi alterado depois de assinado.',
    );

    const r5 = await importa(
      devolucaoDoCliente({ nNF: 886, ref: [nota.chave], itens: [item], emit: '06117473000150' }),
    );
    expect(r5.status).toBe(422);
    expect(r5.body.message).toBe(
      `A NF-e de devolução foi emitida por 06.117.473/0001-50, mas a NF-e nº ${nota.numero} que ela referencia é do cliente Mercado Bom Preço Ltda (${cliente.documento.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5')}).`,
    );

    const r6 = await importa(
      devolucaoDoCliente({
        nNF: 887,
        ref: [nota.chave],
        itens: [
          item,
          { cProd: 'X-99', xProd: 'PRODUTO DE OUTRO FORNECEDOR', uCom: 'UN', qCom: '1', vUnCom: '3' },
        ],
      }),
    );
    expect(r6.status).toBe(422);
    expect(r6.body.message).toBe(
      `Item 2 da NF-e do cliente («X-99 - PRODUTO DE OUTRO FORNECEDOR») não corresponde a nenhum item da NF-e nº ${nota.numero} (nem pelo código, nem pelo GTIN, nem pela descrição ou posição).`,
    );

    const semRef = await importa(
      devolucaoDoCliente({ nNF: 888, ref: [`${'3'.repeat(43)}1`], itens: [item] }),
    );
    expect(semRef.status).toBe(422);
    expect(semRef.body.message).toBe(
      'A NF-e do cliente não referencia (NFref) nenhuma NF-e de venda autorizada da empresa.',
    );
    // nothing stored by any refusal
    expect((await q<{ n: number }>(sql`select count(*)::int as n from devolucoes`))[0]!.n).toBe(antes);
  });

  it('pelo GTIN numa embalagem nossa (1 CX = 6 UN), com o motivo do corpo; o valor do cliente diferente vira divergência', async () => {
    const xml = devolucaoDoCliente({
      nNF: 889,
      ref: [nota.chave],
      itens: [
        {
          cProd: '000777',
          cEAN: '7891000100103',
          xProd: 'SUCO UVA CX 6',
          uCom: 'CX',
          qCom: '1',
          vUnCom: '70.00',
        },
      ],
    });
    const r = await importa(xml, { motivo: 'avaria', observacao: 'Caixa amassada' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.itens[0]).toMatchObject({
      quantidade: '6.000',
      unidade: 'CX',
      quantidade_informada: '1.000',
      motivo: 'avaria',
    });
    expect(r.body.valor_total).toBe('75.00');
    expect(r.body.observacao).toBe('NF-e de devolução do cliente nº 889, série 1 — Caixa amassada');
    expect(r.body.itens[0].destino).toBe('avaria');
    expect(r.body.divergencias).toEqual([
      `O valor da NF-e do cliente (${formatBRL('70.00')}) difere do valor da devolução calculado pela nota original (${formatBRL('75.00')}); vale o calculado.`,
    ]);
  });

  it('lançar uma devolução de NF-e própria é 409', async () => {
    const origem = await api(tk.comercial, 'GET', `/api/comercial/devolucoes/nota/${nota.id}`);
    expect(origem.body.itens[0]).toMatchObject({ saldo: '1.000' });
    const propria = await api(tk.comercial, 'POST', '/api/comercial/devolucoes', {
      nota_id: nota.id,
      itens: [
        {
          item_id: origem.body.itens[0].item_id,
          quantidade: '1',
          unidade: 'UN',
          motivo: 'erro_pedido',
          destino: 'normal',
        },
      ],
      observacao: null,
    });
    expect(propria.status, JSON.stringify(propria.body)).toBe(201);
    const l = await api(tk.comercial, 'POST', `/api/comercial/devolucoes/${propria.body.id}/lancar`);
    expect(l.status).toBe(409);
    expect(l.body.message).toBe(
      'Esta devolução é feita com NF-e própria: emita a NF-e de devolução — ela lança a devolução ao ser autorizada.',
    );
  });

  it('cancelar a devolução lançada desfaz estoque e títulos; a mesma NF-e pode então ser importada de novo', async () => {
    const estoque = await saldoEstoque();
    const c = await api(tk.comercial, 'POST', `/api/comercial/devolucoes/${primeira}/cancelar`, {
      motivo: 'NF-e do cliente cancelada por ele',
    });
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    expect(c.body.status).toBe('cancelada');
    expect(await saldoEstoque()).toBe(Decimal.of(estoque).minus(5).toFixed(3));
    expect((await titulosDaNota(nota.id)).map((x) => [x.saldo, x.status])).toEqual([
      ['50.00', 'em_aberto'],
      ['50.00', 'em_aberto'],
      ['50.00', 'em_aberto'],
    ]);
    // imported again, twice at once: one wins (the unique chave_terceiro of the not-cancelled ones)
    const rs = await Promise.all([importa(xmlPrimeira), importa(xmlPrimeira)]);
    expect(rs.map((r) => r.status).sort()).toEqual([201, 409]);
  });
});
