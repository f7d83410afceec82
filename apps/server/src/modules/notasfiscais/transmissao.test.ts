import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { baixaSchema, pedidoComNotaMensagens } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { systemActor } from '../../lib/audit-context.ts';
import { createSmtpTransport, processMailQueue } from '../../lib/mail/mail-queue.ts';
import { paginasPdf, temPoppler } from '../../test/pdf-texto.ts';
import { geraAcTeste, geraPfxTeste } from '../../test/pfx-teste.ts';
import { type SefazDouble, startSefazDouble } from '../../test/sefaz-double.ts';
import { startSmtpCapture } from '../../test/smtp-capture.ts';
import { createTestApp, TEST_NFE_SCHEMAS_DIR, type TestContext } from '../../test/test-app.ts';
import {
  chama,
  criaCliente,
  criaProduto,
  criaRegra,
  entrada,
  type Json,
  pedido,
  tokens,
} from '../comercial/comercial-test-support.ts';
import { contasBancarias } from '../financeiro/financeiro.tables.ts';
import { registrarBaixa } from '../financeiro/titulos.service.ts';
import { assinaXml } from '../nfe/assinador.ts';
import { validaNfeXsd } from '../nfe/xsd.ts';
import { criaClienteSefaz } from '../sefaz/cliente.ts';
import { cancelaNota } from './eventos-nota.service.ts';
import { notasFiscais } from './notasfiscais.tables.ts';
import { dadosNfeExemplo } from './xml/exemplo-nfe.ts';
import { montaNfe } from './xml/monta-nfe.ts';

// Transmission end to end against the local SEFAZ double (real mutual TLS, XSD and signature
// checks on its side): authorisation with its effects (order faturado, stock saída, receivables,
// e-mail with both attachments over SMTP), timeout → consult → adopt, rejection and re-send with the
// same number, 204, denegação, cancelamento (window, baixa, reversal), CC-e sequence, inutilização
// of a gap, contingência SVC and back.

const dir = TEST_NFE_SCHEMAS_DIR;
if (!dir) console.warn('transmissao.test: NFE_SCHEMAS_DIR / ../shared/nfe/schemas ausente — testes pulados');

const CNPJ = '12345678000195';
const ac = geraAcTeste();
const a1 = geraPfxTeste({ cnpj: CNPJ, razaoSocial: 'DISTRIBUIDORA EXEMPLO LTDA', ac });

let t: TestContext;
let tk: Awaited<ReturnType<typeof tokens>>;
let double: SefazDouble;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let produto: string;
let cliente: string;
let numero = 10;

const api = async (token: string, method: string, p: string, body?: unknown) =>
  chama(t, token, method, p, body);
const saida = (id: string, acao: string) => `/api/notasfiscais/saida/${id}/${acao}`;

async function entregaEmails() {
  const transport = createSmtpTransport(smtp.url);
  await processMailQueue(t.db, { transport, from: t.config.mailFrom });
  transport.close();
}

/** An order liberado (stock reserved) and its note «assinada» (the example NF-e, our A1). */
async function notaAssinada(opts: { parcelas?: number[]; semPedido?: boolean } = {}) {
  let pedidoId: string | null = null;
  if (!opts.semPedido) {
    const criado = await api(
      tk.comercial,
      'POST',
      '/api/comercial/pedidos',
      pedido(cliente, [[produto, 'UN', '3', '10.00']]),
    );
    expect(criado.status, JSON.stringify(criado.body)).toBe(201);
    const conf = await api(tk.comercial, 'POST', `/api/comercial/pedidos/${criado.body.id}/confirmar`, {
      versao: criado.body.versao,
    });
    expect(conf.body.status, JSON.stringify(conf.body)).toBe('liberado');
    pedidoId = criado.body.id;
  }
  const nNF = ++numero;
  const dados = dadosNfeExemplo(
    { nome: 'transmissão', parcelas: opts.parcelas ?? [30, 60] },
    {
      nNF,
      dhEmi: new Date(),
    },
  );
  const { xml, chave } = montaNfe(dados);
  const assinado = assinaXml(xml, { tag: 'infNFe', keyPem: a1.keyPem, certPem: a1.certPem });
  const [n] = await t.db
    .insert(notasFiscais)
    .values({
      pedidoId,
      clienteId: cliente,
      serie: 1,
      numero: nNF,
      chave,
      status: 'assinada',
      ambiente: '2',
      tpEmis: '1',
      emissao: new Date(),
      valorTotal: dados.totais.ICMSTot.vNF,
      xml: assinado,
    })
    .returning();
  return { nota: n!, pedidoId, dados, xml: assinado };
}

const nota = async (id: string) => (await t.db.select().from(notasFiscais).where(sql`id = ${id}`))[0]!;
const q = <T>(s: ReturnType<typeof sql>) => t.db.execute(s).then((r) => rowsOf<T>(r));

describe.skipIf(!dir)('transmissão à SEFAZ (double com TLS mútuo)', () => {
  beforeAll(async () => {
    double = await startSefazDouble({ acClientePem: ac.certPem, schemasDir: dir! });
    smtp = await startSmtpCapture();
    const caDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sefaz-ca-'));
    fs.writeFileSync(path.join(caDir, 'double.pem'), double.caPem);
    t = await createTestApp({
      SEFAZ_URL_OVERRIDE: double.url,
      SEFAZ_CA_DIR: caDir,
      SEFAZ_TIMEOUT_MS: '3000',
      SMTP_URL: smtp.url,
      ...(process.env.DEBUG_LOG ? { LOG_LEVEL: 'error' } : {}),
    });
    tk = await tokens(t);
    const cfg = await api(tk.admin, 'PUT', '/api/fiscal/configuracao', {
      emitente: {
        cnpj: '12.345.678/0001-95',
        ie: '110.042.490.114',
        im: '1234567',
        cnae: '4639-7/01',
        crt: '3',
        razao_social: 'DISTRIBUIDORA EXEMPLO LTDA',
        fantasia: 'Exemplo',
        endereco: {
          logradouro: 'Rua das Flores',
          numero: '100',
          complemento: '',
          bairro: 'Centro',
          codigo_municipio: '3550308',
          municipio: '',
          uf: 'SP',
          cep: '01001-000',
          telefone: '(11) 3333-4444',
        },
      },
      ambiente: 'homologacao',
      responsavel_tecnico: {
        cnpj: '11.222.333/0001-81',
        contato: 'Equipe Plataforma ERP',
        email: 'suporte@plataforma-erp.com.br',
        fone: '(11) 4000-1234',
      },
      informacoes_complementares: 'Documento emitido em homologação.',
      regime: { regime_pis_cofins: 'nao_cumulativo', exclui_icms_base_pis_cofins: true },
    });
    expect(cfg.status, JSON.stringify(cfg.body)).toBe(200);
    const cert = await api(tk.admin, 'POST', '/api/fiscal/certificado', {
      conteudo_base64: a1.pfx.toString('base64'),
      senha: a1.senha,
    });
    expect(cert.status, JSON.stringify(cert.body)).toBe(201);
    const serie = await api(tk.admin, 'POST', '/api/fiscal/series', {
      serie: 1,
      proximo_numero: 500,
      padrao: true,
    });
    expect(serie.status, JSON.stringify(serie.body)).toBe(201);
    produto = await criaProduto(t.db, { nome: 'Refrigerante 2 L', precoVenda: '10.00' });
    await criaRegra(t, tk.admin, {
      descricao: 'Venda interna',
      cfop: '5102',
      destino: 'interna',
      produto_id: produto,
    });
    await entrada(t.db, produto, '100');
    cliente = await criaCliente(t.db, { razaoSocial: 'Mercado Central Ltda', limite: '100000' });
    await t.db.execute(
      sql`update clientes set email_nfe = 'nfe@mercadocentral.com.br' where id = ${cliente}`,
    );
  });
  afterAll(async () => {
    await double?.close();
    await smtp?.close();
    await t?.close();
  });
  beforeEach(() => double.reinicia());

  it('autoriza: nfeProc byte a byte e válido no procNFe_v4.00.xsd; pedido faturado, saída, títulos, e-mail com XML e DANFE', async () => {
    const { nota: n, pedidoId, xml } = await notaAssinada();
    const r = await api(tk.comercial, 'POST', saida(n.id, 'transmitir'));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ status: 'autorizada', cStat: '100', contingencia: null });
    expect(r.body.protocolo).toMatch(/^\d{15}$/);

    const salva = await nota(n.id);
    const protNFe = double.autorizadas.get(n.chave)!.protXml;
    expect(salva.xmlAutorizado).toBe(
      `<?xml version="1.0" encoding="UTF-8"?><nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00">${xml.replace(/^<\?xml[^>]*>/, '')}${protNFe}</nfeProc>`,
    );
    expect(validaNfeXsd(dir, Buffer.from(salva.xmlAutorizado!))).toEqual({ valido: true, erros: [] });

    // effects, once: order faturado, the saída of the 3 reserved units, two receivables = the dups
    const [ped] = await q<{ status: string }>(sql`select status from sales_orders where id = ${pedidoId}`);
    expect(ped!.status).toBe('faturado');
    const mov = await q<{ tipo: string; quantidade: string }>(
      sql`select tipo, quantidade::text from estoque_movimentos where origem = 'pedido' and origem_id = ${pedidoId}`,
    );
    expect(mov).toEqual([{ tipo: 'saida', quantidade: '-3.000' }]);
    const titulos = await q<{ valor: string; data_vencimento: string; documento: string }>(
      sql`select valor::text, data_vencimento::text, documento from financial_accounts
        where origem = 'nota_fiscal' and origem_id = ${n.id} order by parcela`,
    );
    const dups = [
      ...salva.xml.matchAll(/<dup><nDup>\d+<\/nDup><dVenc>([^<]+)<\/dVenc><vDup>([^<]+)<\/vDup><\/dup>/g),
    ];
    expect(titulos).toEqual(
      dups.map((d) => ({ valor: d[2], data_vencimento: d[1], documento: `NF-e ${n.numero}` })),
    );

    // a second transmission changes nothing
    const de = await api(tk.comercial, 'POST', saida(n.id, 'transmitir'));
    expect(de.status).toBe(409);
    expect((await q(sql`select 1 from estoque_movimentos where origem_id = ${pedidoId}`)).length).toBe(1);

    // e-mail to the cadastro's NF-e address with the nfeProc and the DANFE
    await entregaEmails();
    const mail = await smtp.waitFor('nfe@mercadocentral.com.br', new RegExp(`NF-e ${n.numero} `));
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [`${salva.chave}-procNFe.xml`, 'application/xml'],
      [`DANFE-${salva.chave}.pdf`, 'application/pdf'],
    ]);
    expect(mail.attachments[0]!.content.toString('utf8')).toBe(salva.xmlAutorizado);
    expect(mail.attachments[1]!.content.subarray(0, 5).toString()).toBe('%PDF-');

    const ev = await api(tk.comercial, 'GET', saida(n.id, 'eventos'));
    expect(ev.body.items.map((e: Json) => e.tipo)).toEqual(['autorizacao', 'email']);
    // resend on demand
    const re = await api(tk.comercial, 'POST', saida(n.id, 'reenviar-email'));
    expect(re.body).toEqual({ para: 'nfe@mercadocentral.com.br' });
  });

  it('timeout: sem resposta → 503; a próxima transmissão consulta e adota o protocolo (uma só nota autorizada)', async () => {
    const { nota: n, pedidoId } = await notaAssinada();
    double.cenario.atrasoAutorizacaoMs = 4500;
    const r = await api(tk.comercial, 'POST', saida(n.id, 'transmitir'));
    expect(r.status).toBe(503);
    expect(r.body.message).toMatch(/não respondeu a tempo/);
    expect((await nota(n.id)).status).toBe('assinada');
    await new Promise((ok) => setTimeout(ok, 2000));
    double.cenario.atrasoAutorizacaoMs = 0;
    const antes = double.requisicoes.filter((x) => x.servico === 'NFeAutorizacao4').length;
    const de = await api(tk.comercial, 'POST', saida(n.id, 'transmitir'));
    expect(de.status, JSON.stringify(de.body)).toBe(200);
    expect(de.body.status).toBe('autorizada');
    // adopted by the consult: no second authorisation request
    expect(double.requisicoes.filter((x) => x.servico === 'NFeAutorizacao4').length).toBe(antes);
    expect([...double.autorizadas.values()].filter((a) => a.nNF === String(n.numero))).toHaveLength(1);
    expect((await nota(n.id)).protocolo).toBe(double.autorizadas.get(n.chave)!.nProt);
    const titulos = await q(sql`select 1 from financial_accounts where origem_id = ${n.id}`);
    expect(titulos).toHaveLength(2);
    const [ped] = await q<{ status: string }>(sql`select status from sales_orders where id = ${pedidoId}`);
    expect(ped!.status).toBe('faturado');
  });

  it('duas transmissões ao mesmo tempo: uma nota autorizada, saída e títulos lançados uma só vez', async () => {
    const { nota: n, pedidoId } = await notaAssinada();
    const [a, b] = await Promise.all([
      api(tk.comercial, 'POST', saida(n.id, 'transmitir')),
      api(tk.comercial, 'POST', saida(n.id, 'transmitir')),
    ]);
    expect([a.body.status, b.body.status]).toEqual(['autorizada', 'autorizada']);
    expect(await q(sql`select 1 from estoque_movimentos where origem_id = ${pedidoId}`)).toHaveLength(1);
    expect(await q(sql`select 1 from financial_accounts where origem_id = ${n.id}`)).toHaveLength(2);
    const tipos = (await api(tk.comercial, 'GET', saida(n.id, 'eventos'))).body.items.map(
      (e: Json) => e.tipo,
    );
    expect(tipos.filter((t: string) => t === 'autorizacao')).toHaveLength(1);
  });

  it('rejeição: rejeitada com cStat e xMotivo; reenviada com o mesmo número (assinada de novo) → autorizada', async () => {
    const { nota: n } = await notaAssinada();
    double.cenario.proximaAutorizacao = { cStat: '225', xMotivo: 'Rejeicao: Falha no Schema XML da NFe' };
    const r = await api(tk.comercial, 'POST', saida(n.id, 'transmitir'));
    expect(r.body).toMatchObject({
      status: 'rejeitada',
      cStat: '225',
      xMotivo: 'Rejeicao: Falha no Schema XML da NFe',
    });
    const rej = await nota(n.id);
    expect([rej.status, rej.cStat, rej.xMotivo]).toEqual([
      'rejeitada',
      '225',
      'Rejeicao: Falha no Schema XML da NFe',
    ]);
    const de = await api(tk.comercial, 'POST', saida(n.id, 'transmitir'));
    expect(de.body.status).toBe('autorizada');
    const final = await nota(n.id);
    expect([final.numero, final.chave]).toEqual([n.numero, n.chave]);
    const tipos = (await api(tk.comercial, 'GET', saida(n.id, 'eventos'))).body.items.map(
      (e: Json) => e.tipo,
    );
    expect(tipos).toEqual(['rejeicao', 'assinatura', 'autorizacao', 'email']);
  });

  it('duplicidade 204: a nota já autorizada na SEFAZ tem o protocolo adotado; denegação 301 → denegada', async () => {
    const { nota: n, xml } = await notaAssinada({ semPedido: true });
    const direto = criaClienteSefaz({
      uf: 'SP',
      ambiente: 'homologacao',
      tls: { certPem: a1.certPem, keyPem: a1.keyPem, ca: [double.caPem] },
      timeoutMs: 5000,
      override: double.url,
      schemasDir: dir,
    });
    expect((await direto.autoriza(xml, '1')).protocolo?.cStat).toBe('100');
    const r = await api(tk.comercial, 'POST', saida(n.id, 'transmitir'));
    expect(r.body).toMatchObject({ status: 'autorizada', protocolo: double.autorizadas.get(n.chave)!.nProt });
    expect(double.requisicoes.slice(-2).map((x) => [x.servico, x.cStat])).toEqual([
      ['NFeAutorizacao4', '204'],
      ['NFeConsultaProtocolo4', '100'],
    ]);

    const { nota: d, pedidoId } = await notaAssinada();
    double.cenario.proximaAutorizacao = {
      cStat: '301',
      xMotivo: 'Uso Denegado: Irregularidade fiscal do emitente',
    };
    const den = await api(tk.comercial, 'POST', saida(d.id, 'transmitir'));
    expect(den.body).toMatchObject({ status: 'denegada', cStat: '301' });
    expect((await nota(d.id)).xmlAutorizado).toContain('<cStat>301</cStat>');
    const [ped] = await q<{ status: string }>(sql`select status from sales_orders where id = ${pedidoId}`);
    expect(ped!.status).toBe('liberado');
  });

  it('cancelamento: recusado com baixa; dentro do prazo estorna estoque e títulos e reabre o pedido; fora do prazo 422', async () => {
    const { nota: n, pedidoId } = await notaAssinada({ parcelas: [30] });
    await api(tk.comercial, 'POST', saida(n.id, 'transmitir'));
    const curta = await api(tk.comercial, 'POST', saida(n.id, 'cancelar'), { justificativa: 'curta' });
    expect(curta.status).toBe(400);
    expect(curta.body.details.fields.justificativa).toEqual([
      'A justificativa deve ter ao menos 15 caracteres.',
    ]);

    const [titulo] = await q<{ id: string; valor: string }>(
      sql`select id, valor::text from financial_accounts where origem_id = ${n.id}`,
    );
    const [conta] = await t.db
      .insert(contasBancarias)
      .values({ nome: 'Caixa', tipo: 'caixa', saldoInicial: '0', dataSaldoInicial: '2026-01-01' })
      .returning({ id: contasBancarias.id });
    await registrarBaixa(
      t.db,
      systemActor,
      'receber',
      titulo!.id,
      baixaSchema.parse({ data_pagamento: '2026-11-23', conta_bancaria_id: conta!.id, valor_pago: '1.00' }),
    );
    const comBaixa = await api(tk.comercial, 'POST', saida(n.id, 'cancelar'), {
      justificativa: 'Pedido cancelado pelo cliente',
    });
    expect(comBaixa.status).toBe(409);
    expect(comBaixa.body.message).toBe(
      'A nota não pode ser cancelada: o título a receber 1ª parcela já tem baixa. Estorne a baixa no Contas a Receber antes de cancelar.',
    );
    expect(double.requisicoes.at(-1)?.servico).toBe('NFeAutorizacao4'); // SEFAZ never asked

    const { nota: m, pedidoId: pedidoM } = await notaAssinada();
    await api(tk.comercial, 'POST', saida(m.id, 'transmitir'));
    const ok = await api(tk.comercial, 'POST', saida(m.id, 'cancelar'), {
      justificativa: 'Pedido cancelado pelo cliente',
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ status: 'cancelada', c_stat: '135' });
    expect((await nota(m.id)).status).toBe('cancelada');
    const mov = await q<{ tipo: string; quantidade: string }>(
      sql`select tipo, quantidade::text from estoque_movimentos where origem_id = ${pedidoM} order by id`,
    );
    expect(mov).toEqual([
      { tipo: 'saida', quantidade: '-3.000' },
      { tipo: 'estorno', quantidade: '3.000' },
    ]);
    const tit = await q<{ status: string }>(
      sql`select status from financial_accounts where origem_id = ${m.id}`,
    );
    expect(tit.map((x) => x.status)).toEqual(['cancelado', 'cancelado']);
    const [ped] = await q<{ status: string }>(sql`select status from sales_orders where id = ${pedidoM}`);
    expect(ped!.status).toBe('conferido');
    const res = await q<{ quantidade: string }>(
      sql`select quantidade::text from estoque_reservas where origem = 'pedido' and origem_id = ${pedidoM}`,
    );
    expect(res.map((x) => x.quantidade)).toEqual(['3.000']);
    await entregaEmails();
    const mail = await smtp.waitFor(
      'nfe@mercadocentral.com.br',
      new RegExp(`NF-e ${m.numero} série 1 cancelada`),
    );
    expect(mail.attachments.map((a) => a.filename)).toEqual([
      `${m.chave}-procNFe.xml`,
      `DANFE-${m.chave}.pdf`,
      `${m.chave}-cancelamento.xml`,
    ]);
    if (temPoppler) expect(paginasPdf(mail.attachments[1]!.content)[0]).toContain('NF-e CANCELADA');

    // outside the window: refused here (422) before SEFAZ is asked
    const { nota: v } = await notaAssinada({ semPedido: true });
    await api(tk.comercial, 'POST', saida(v.id, 'transmitir'));
    await expect(
      cancelaNota(
        t.db,
        t.deps,
        systemActor,
        v.id,
        'Pedido cancelado pelo cliente',
        new Date(Date.now() + 25 * 3600_000),
      ),
    ).rejects.toThrow(
      'Prazo de cancelamento expirado: a nota só pode ser cancelada até 24 horas após a autorização.',
    );
    // …and SEFAZ's own clock says 501 too
    double.cenario.deslocamentoRelogioMs = 25 * 3600_000;
    const tarde = await api(tk.comercial, 'POST', saida(v.id, 'cancelar'), {
      justificativa: 'Pedido cancelado pelo cliente',
    });
    expect(tarde.status).toBe(422);
    expect(tarde.body.message).toBe(
      'A SEFAZ recusou o cancelamento: 501 – Rejeicao: Prazo de cancelamento superior ao previsto na Legislacao',
    );
    expect(pedidoId).toBeTruthy();
  });

  it('carta de correção: sequência 1, 2 no histórico; nota não autorizada recusa', async () => {
    const { nota: n } = await notaAssinada({ semPedido: true });
    const antes = await api(tk.comercial, 'POST', saida(n.id, 'carta-correcao'), {
      correcao: 'Endereço de entrega: Rua B, 10',
    });
    expect(antes.status).toBe(409);
    await api(tk.comercial, 'POST', saida(n.id, 'transmitir'));
    const c1 = await api(tk.comercial, 'POST', saida(n.id, 'carta-correcao'), {
      correcao: 'Endereço de entrega: Rua B, 10',
    });
    expect(c1.status, JSON.stringify(c1.body)).toBe(201);
    expect(c1.body).toMatchObject({ sequencia: 1, c_stat: '135' });
    const c2 = await api(tk.comercial, 'POST', saida(n.id, 'carta-correcao'), {
      correcao: 'Volumes: 3 caixas de papelão',
    });
    expect(c2.body).toMatchObject({ sequencia: 2, c_stat: '135' });
    const ev = (await api(tk.comercial, 'GET', saida(n.id, 'eventos'))).body.items.filter(
      (e: Json) => e.tipo === 'cce',
    );
    expect(ev.map((e: Json) => [e.sequencia, e.x_motivo])).toEqual([
      [1, 'Evento registrado e vinculado a NF-e — Endereço de entrega: Rua B, 10'],
      [2, 'Evento registrado e vinculado a NF-e — Volumes: 3 caixas de papelão'],
    ]);
  });

  it('inutilização de uma lacuna: 102 com protocolo; repetida 409; faixa com nota autorizada 409; além do próximo número 422', async () => {
    const r = await api(tk.comercial, 'POST', '/api/notasfiscais/saida/inutilizacao', {
      serie: 1,
      numero_inicial: 300,
      numero_final: 302,
      justificativa: 'Numeração pulada por falha do sistema',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ numero_inicial: 300, numero_final: 302, c_stat: '102' });
    expect(r.body.protocolo).toMatch(/^\d{15}$/);
    const [row] = await q<{ xml: string }>(sql`select xml from nfe_inutilizacoes where id = ${r.body.id}`);
    expect(row!.xml).toMatch(
      /^<procInutNFe [^>]+><inutNFe [\s\S]+<\/inutNFe><retInutNFe [\s\S]+<\/retInutNFe><\/procInutNFe>$/,
    );
    const rep = await api(tk.comercial, 'POST', '/api/notasfiscais/saida/inutilizacao', {
      serie: 1,
      numero_inicial: 302,
      numero_final: 305,
      justificativa: 'Numeração pulada por falha do sistema',
    });
    expect(rep.status).toBe(409);
    const { nota: n } = await notaAssinada({ semPedido: true });
    await api(tk.comercial, 'POST', saida(n.id, 'transmitir'));
    const usada = await api(tk.comercial, 'POST', '/api/notasfiscais/saida/inutilizacao', {
      serie: 1,
      numero_inicial: n.numero,
      numero_final: n.numero,
      justificativa: 'Numeração pulada por falha do sistema',
    });
    expect(usada.status).toBe(409);
    expect(usada.body.message).toBe(
      `O número ${n.numero} já pertence a uma nota «Autorizada»: não pode ser inutilizado.`,
    );
    const alem = await api(tk.comercial, 'POST', '/api/notasfiscais/saida/inutilizacao', {
      serie: 1,
      numero_inicial: 499,
      numero_final: 500,
      justificativa: 'Numeração pulada por falha do sistema',
    });
    expect(alem.status).toBe(422);
    // a rejected note inside the range is voided with its number
    const { nota: rj } = await notaAssinada({ semPedido: true });
    double.cenario.proximaAutorizacao = { cStat: '225', xMotivo: 'Rejeicao: Falha no Schema XML da NFe' };
    await api(tk.comercial, 'POST', saida(rj.id, 'transmitir'));
    const inut = await api(tk.comercial, 'POST', '/api/notasfiscais/saida/inutilizacao', {
      serie: 1,
      numero_inicial: rj.numero,
      numero_final: rj.numero,
      justificativa: 'Nota rejeitada não será reenviada',
    });
    expect(inut.status).toBe(201);
    expect((await nota(rj.id)).status).toBe('inutilizada');
    const lista = await api(tk.comercial, 'GET', '/api/notasfiscais/saida/inutilizacoes');
    expect(lista.body.items.map((i: Json) => [i.numero_inicial, i.numero_final])).toEqual([
      [rj.numero, rj.numero],
      [300, 302],
    ]);
  });

  it('contingência: SEFAZ-SP fora do ar → SVC-AN (tpEmis 6, dhCont, xJust, nova chave); de volta ao normal quando SP responde', async () => {
    const { nota: n } = await notaAssinada({ semPedido: true });
    double.cenario.fora = ['SP'];
    const r = await api(tk.comercial, 'POST', saida(n.id, 'transmitir'));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ status: 'autorizada', contingencia: 'SVCAN' });
    const salva = await nota(n.id);
    expect(salva.tpEmis).toBe('6');
    expect(salva.chave).not.toBe(n.chave);
    expect(salva.chave[34]).toBe('6');
    expect(salva.xml).toMatch(
      /<tpEmis>6<\/tpEmis>[\s\S]*<dhCont>[^<]+<\/dhCont><xJust>SEFAZ SP indisponivel: [^<]+<\/xJust>/,
    );
    expect(validaNfeXsd(dir, Buffer.from(salva.xmlAutorizado!)).valido).toBe(true);
    expect(double.requisicoes.at(-1)).toMatchObject({
      autorizador: 'SVCAN',
      servico: 'NFeAutorizacao4',
      cStat: '100',
    });
    const aberta = await q<{ autorizador: string }>(
      sql`select autorizador from sefaz_contingencias where fim is null`,
    );
    expect(aberta).toEqual([{ autorizador: 'SVCAN' }]);

    double.cenario.fora = [];
    const { nota: m } = await notaAssinada({ semPedido: true });
    const normal = await api(tk.comercial, 'POST', saida(m.id, 'transmitir'));
    expect(normal.body).toMatchObject({ status: 'autorizada', contingencia: null });
    expect((await nota(m.id)).tpEmis).toBe('1');
    expect(double.requisicoes.at(-1)).toMatchObject({ autorizador: 'SP', servico: 'NFeAutorizacao4' });
    expect(await q(sql`select 1 from sefaz_contingencias where fim is null`)).toEqual([]);
  });

  it('SEFAZ-SP sem responder: a nota sem resposta espera a consulta (nunca vai à SVC com outra chave); as próximas vão em contingência', async () => {
    const { nota: n } = await notaAssinada({ semPedido: true });
    double.cenario.lentos = { SP: 3500 };
    const r = await api(tk.comercial, 'POST', saida(n.id, 'transmitir'));
    expect(r.status).toBe(503);
    expect(await q(sql`select autorizador from sefaz_contingencias where fim is null`)).toEqual([
      { autorizador: 'SVCAN' },
    ]);
    // the unanswered note: consulted first — still no answer — so it is NOT re-sent (no new chave in SVC)
    const de = await api(tk.comercial, 'POST', saida(n.id, 'transmitir'));
    expect(de.status).toBe(503);
    expect(de.body.message).toMatch(/não será reenviada antes da consulta/);
    expect((await nota(n.id)).tpEmis).toBe('1');
    // another note goes out in SVC-AN meanwhile
    const { nota: m } = await notaAssinada({ semPedido: true });
    const cont = await api(tk.comercial, 'POST', saida(m.id, 'transmitir'));
    expect(cont.body).toMatchObject({ status: 'autorizada', contingencia: 'SVCAN' });
    // SP answers again: the first note's consult finds the authorisation SP gave it (tpEmis 1, one note)
    double.cenario.lentos = {};
    const fim = await api(tk.comercial, 'POST', saida(n.id, 'transmitir'));
    expect(fim.body.status).toBe('autorizada');
    expect([(await nota(n.id)).chave, (await nota(n.id)).tpEmis]).toEqual([n.chave, '1']);
    expect([...double.autorizadas.values()].filter((a) => a.nNF === String(n.numero))).toHaveLength(1);
  });

  it('pedido com NF-e viva: cancelar, alterar ou bloquear recusado (409, o que fazer); nota de pedido cancelado não é transmitida', async () => {
    const { nota: n, pedidoId } = await notaAssinada();
    const url = `/api/comercial/pedidos/${pedidoId}`;
    const antes = await api(tk.comercial, 'GET', url);
    const versao = antes.body.versao;
    const motivo = 'Cliente desistiu da compra';
    const viva = { numero: n.numero, status: 'assinada' as const };
    // the order's detail names the note that holds it (the order page disables editing and Cancelar)
    expect(antes.body.nota_viva).toEqual({ id: n.id, ...viva });

    const cancelar = await api(tk.comercial, 'POST', `${url}/cancelar`, { motivo, versao });
    expect(cancelar.status, JSON.stringify(cancelar.body)).toBe(409);
    expect(cancelar.body.message).toBe(
      `O pedido tem a NF-e nº ${n.numero} («Assinada»): inutilize-a em Notas Fiscais > Saída antes de cancelar o pedido.`,
    );
    // the kanban's move and the explicit transition answer the same
    const kanban = await api(tk.comercial, 'POST', `${url}/transicao`, { para: 'cancelado', motivo, versao });
    expect(kanban.status).toBe(409);
    expect(kanban.body.message).toBe(cancelar.body.message);
    const bloquear = await api(tk.comercial, 'POST', `${url}/transicao`, {
      para: 'bloqueado',
      motivo,
      versao,
    });
    expect(bloquear.status).toBe(409);
    expect(bloquear.body.message).toBe(
      pedidoComNotaMensagens.bloqueado(viva, { tipo: 'transitar', para: 'bloqueado' }),
    );
    const editar = await api(tk.comercial, 'PUT', url, {
      ...pedido(cliente, [[produto, 'UN', '5', '10.00']]),
      versao,
    });
    expect(editar.status).toBe(409);
    expect(editar.body.message).toBe(pedidoComNotaMensagens.bloqueado(viva, { tipo: 'editar' }));
    const depois = await api(tk.comercial, 'GET', url);
    expect([depois.body.status, depois.body.versao, depois.body.itens[0].quantidade]).toEqual([
      'liberado',
      versao,
      '3.000',
    ]);

    // the note's number inutilized: the order is cancelled (its reservation released)
    const inut = await api(tk.comercial, 'POST', '/api/notasfiscais/saida/inutilizacao', {
      serie: 1,
      numero_inicial: n.numero,
      numero_final: n.numero,
      justificativa: 'Pedido cancelado pelo cliente antes do envio',
    });
    expect(inut.status, JSON.stringify(inut.body)).toBe(201);
    const ok = await api(tk.comercial, 'POST', `${url}/cancelar`, { motivo, versao });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.status).toBe('cancelado');

    // an order left cancelled beside its live note (as the old code allowed): never transmitted
    const outra = await notaAssinada();
    await t.db.execute(sql`update sales_orders set status = 'cancelado' where id = ${outra.pedidoId}`);
    const [pp] = await q<{ numero: number }>(
      sql`select numero::int as numero from sales_orders where id = ${outra.pedidoId}`,
    );
    const r = await api(tk.comercial, 'POST', saida(outra.nota.id, 'transmitir'));
    expect(r.status, JSON.stringify(r.body)).toBe(409);
    expect(r.body.message).toBe(
      `O pedido nº ${pp!.numero} está «Cancelado» e não pode mais ser faturado: a NF-e não será transmitida. Inutilize o número da nota em Notas Fiscais > Saída.`,
    );
    expect(double.autorizadas.has(outra.nota.chave)).toBe(false);
    expect((await nota(outra.nota.id)).status).toBe('assinada');
  });

  it('permissões: financeiro e estoque não transmitem (403)', async () => {
    const { nota: n } = await notaAssinada({ semPedido: true });
    for (const token of [tk.financeiro, tk.estoque]) {
      const r = await api(token, 'POST', saida(n.id, 'transmitir'));
      expect(r.status).toBe(403);
    }
    const nada = await api(tk.comercial, 'POST', saida('00000000-0000-4000-8000-000000000000', 'transmitir'));
    expect(nada.status).toBe(404);
  });
});
