import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  businessToday,
  conferenciaExigidaMensagens,
  Decimal,
  notasSaidaMensagens,
  validaChave,
} from '@erp/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { systemActor } from '../../lib/audit-context.ts';
import { pacoteNpm } from '../../lib/pacote-schemas.ts';
import { createTestApp, TEST_NFE_SCHEMAS_DIR, type TestContext } from '../../test/test-app.ts';
import { chama, type Json, tokens } from '../comercial/comercial-test-support.ts';
import { setSetting } from '../configuracoes/settings.service.ts';
import { condicoesPagamento, formasPagamento } from '../financeiro/financeiro.tables.ts';
import { verificaAssinaturaNfe } from '../nfe/assinatura.ts';
import { PACOTE_NFE, pacoteNfeMensagens } from '../nfe/pacote-nfe.ts';
import { leNfe } from '../nfe/parser.ts';
import { validaNfeXsd } from '../nfe/xsd.ts';
import {
  CNPJ_ALFANUMERICO,
  CNPJ_EMITENTE,
  conferePedido,
  criaClienteNfe,
  enviaCertificado,
  pedidoConferido,
  pedidoLiberado,
  preparaEmissao,
  produtoComRegra,
} from './notas-saida-test-support.ts';

// Invoicing orders through the HTTP API on the real database: the NF-e of an order built from the
// order's taxes, signed with the uploaded A1 certificate (our verifier and xmlsec1 accept it),
// XSD-valid, stored «assinada»; one live note per order; numbering without duplicates under
// concurrency; gaps listed; the list, XML and DANFE; the kanban no longer invoices by itself;
// issue 21: only a conferido order (its blind check finished, through the real conferência API) is
// invoiced unless the company switched the check off, and the kanban cannot move to conferido.

const xmlsec = (() => {
  try {
    execFileSync('xmlsec1', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
if (!xmlsec) console.warn('notas-saida.test: xmlsec1 ausente — verificação independente pulada');

let t: TestContext;
let tk: Awaited<ReturnType<typeof tokens>>;
let acPem: string;
let keyPem: string;
let cliente: string;
let clienteMg: string;
let produtoA: string;
let produtoB: string;
let condicao: string;
let forma: string;

const api = (token: string, method: string, p: string, body?: unknown) =>
  chama(t, token, method, `/api/notasfiscais/saida${p}`, body);

function xmlsecAceita(xml: string): boolean {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'notas-saida-'));
  try {
    fs.writeFileSync(path.join(dir, 'nfe.xml'), xml);
    fs.writeFileSync(path.join(dir, 'ac.pem'), acPem);
    execFileSync(
      'xmlsec1',
      [
        '--verify',
        '--id-attr:Id',
        'http://www.portalfiscal.inf.br/nfe:infNFe',
        '--trusted-pem',
        path.join(dir, 'ac.pem'),
        path.join(dir, 'nfe.xml'),
      ],
      { stdio: 'pipe' },
    );
    return true;
  } catch {
    return false;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

beforeAll(async () => {
  t = await createTestApp();
  tk = await tokens(t);
  await preparaEmissao(t, tk.admin);
  cliente = await criaClienteNfe(t, { razaoSocial: 'Supermercado Bom Preço Ltda' });
  clienteMg = await criaClienteNfe(t, {
    razaoSocial: 'Atacado Mineiro Ltda',
    uf: 'MG',
    codigoMunicipio: '3106200',
    municipio: 'Belo Horizonte',
  });
  produtoA = await produtoComRegra(t, tk.admin, {
    nome: 'Refrigerante 2L',
    regra: { cst_icms: '00', cst_ipi: '50', c_enq: '999', p_ipi: '5' },
  });
  produtoB = await produtoComRegra(t, tk.admin, {
    nome: 'Biscoito 200g',
    regra: { cst_icms: '00' },
  });
  const [c] = await t.db
    .insert(condicoesPagamento)
    .values({ nome: '30/60/90', tipo: 'dias', dias: [30, 60, 90] })
    .returning({ id: condicoesPagamento.id });
  condicao = c!.id;
  const [f] = await t.db
    .insert(formasPagamento)
    .values({ nome: 'Boleto', tipo: 'boleto' })
    .returning({ id: formasPagamento.id });
  forma = f!.id;
}, 120_000);
afterAll(() => t?.close());

describe('POST /api/notasfiscais/saida', () => {
  let notaId: string;
  let pedidoId: string;
  let xml: string;

  it('without a certificate: 422 naming where to upload it', async () => {
    const p = await pedidoLiberado(t, tk.comercial, cliente, [[produtoA, '10', '12.50']]);
    pedidoId = p.id;
    const r = await api(tk.comercial, 'POST', '', { pedido_id: p.id });
    expect(r.status).toBe(422);
    expect(r.body.message).toBe('Cadastre o certificado digital A1 em Configurações > Fiscais.');
  });

  it('uploads the certificate (admin)', async () => {
    const cert = await enviaCertificado(t, tk.admin);
    acPem = cert.certPem;
    keyPem = cert.pfx.keyPem;
  });

  it('issue 21: a released order not yet conferido is refused (409 pointing to Expedição › Conferência)', async () => {
    const r = await api(tk.comercial, 'POST', '', { pedido_id: pedidoId });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(conferenciaExigidaMensagens.naoConferido);
    expect(r.body.message).toBe(
      'O pedido ainda não foi conferido: faça a conferência em Expedição › Conferência antes de emitir a nota fiscal.',
    );
    // nothing was written: no note, no number taken
    const [n] = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from notas_fiscais`));
    expect(n!.n).toBe(0);
    // the order page says why «Faturar (NF-e)» waits
    const pedido = await chama(t, tk.comercial, 'GET', `/api/comercial/pedidos/${pedidoId}`);
    expect(pedido.body.conferencia_pendente).toBe(true);
    await conferePedido(t, tk.comercial, pedidoId);
    const depois = await chama(t, tk.comercial, 'GET', `/api/comercial/pedidos/${pedidoId}`);
    expect(depois.body).toMatchObject({ status: 'conferido', conferencia_pendente: false });
  });

  it('invoices a conferido order: signed, XSD-valid, stored «assinada» with number 1 of série 1', async () => {
    const r = await api(tk.comercial, 'POST', '', { pedido_id: pedidoId });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    notaId = r.body.id;
    expect(r.body).toMatchObject({ numero: 1, serie: 1, status: 'assinada', ambiente: '2' });
    expect(validaChave(r.body.chave)).toBeNull();
    expect(r.body.chave.slice(6, 20)).toBe(CNPJ_EMITENTE);
    const [row] = rowsOf<{ xml: string; valor_total: string }>(
      await t.db.execute(
        sql`select xml, valor_total::text as valor_total from notas_fiscais where id = ${notaId}`,
      ),
    );
    xml = row!.xml;
    if (TEST_NFE_SCHEMAS_DIR)
      expect(validaNfeXsd(TEST_NFE_SCHEMAS_DIR, new TextEncoder().encode(xml)).erros).toEqual([]);
    expect(verificaAssinaturaNfe(xml).status).toBe('valida');
    if (xmlsec) expect(xmlsecAceita(xml)).toBe(true);
    const nfe = leNfe(xml);
    expect(nfe.dest?.xNome).toBe('NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL');
    expect(nfe.ide.tpAmb).toBe('2');
    expect(nfe.ide.idDest).toBe('1');
    expect(nfe.ide.dhEmi).toMatch(/-03:00$/);
    expect(nfe.itens).toHaveLength(1);
    // 10 × 12,50 + IPI 5 % = 131,25 (the order's total: the same engine figures)
    expect(nfe.total.vNF).toBe('131.25');
    expect(nfe.total.vIPI).toBe('6.25');
    expect(row!.valor_total).toBe('131.25');
    expect(xml).toContain('<infCpl>Mercadoria conferida na entrega. Pedido nº');
    expect(xml).toContain('<idCSRT>01</idCSRT>');
    // the order stays as it was: the stock saída and receivables are #20's, on authorisation
    const pedido = await chama(t, tk.comercial, 'GET', `/api/comercial/pedidos/${pedidoId}`);
    expect(pedido.body.status).toBe('conferido');
    expect(r.body.eventos.map((e: Json) => e.tipo)).toEqual(['assinatura']);
  });

  it('one live note per order: a second invoicing is refused (409)', async () => {
    const r = await api(tk.comercial, 'POST', '', { pedido_id: pedidoId });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(notasSaidaMensagens.pedidoJaTemNota(1, 'Assinada'));
  });

  it('an order that is not released is refused (422); an unknown one 404; a bad body 400', async () => {
    const criado = await chama(t, tk.comercial, 'POST', '/api/comercial/pedidos', {
      cliente_id: cliente,
      itens: [
        {
          produto_id: produtoA,
          embalagem: 'UN',
          quantidade: '1',
          preco: '12.50',
          desconto_tipo: 'percentual',
          desconto: '0',
        },
      ],
    });
    const r = await api(tk.comercial, 'POST', '', { pedido_id: criado.body.id });
    expect(r.status).toBe(422);
    expect(r.body.message).toBe(notasSaidaMensagens.pedidoNaoFaturavel('Orçamento'));
    const nao = await api(tk.comercial, 'POST', '', { pedido_id: '00000000-0000-4000-8000-000000000000' });
    expect(nao.status).toBe(404);
    const ruim = await api(tk.comercial, 'POST', '', { pedido_id: 'x', serie: 1000 });
    expect(ruim.status).toBe(400);
    const serie = await api(tk.comercial, 'POST', '', { pedido_id: criado.body.id, serie: 7 });
    expect([422]).toContain(serie.status);
  });

  it('interstate, several items, instalments from the condição and tPag from the forma', async () => {
    const p = await pedidoConferido(
      t,
      tk.comercial,
      clienteMg,
      [
        [produtoB, '7', '13.33'],
        [produtoB, '11', '14.17'],
        [produtoA, '3', '12.50'],
      ],
      { condicao_pagamento_id: condicao, forma_pagamento_id: forma, modalidade_frete: '1' },
    );
    const r = await api(tk.comercial, 'POST', '', { pedido_id: p.id });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const [row] = rowsOf<{ xml: string }>(
      await t.db.execute(sql`select xml from notas_fiscais where id = ${r.body.id}`),
    );
    const nfe = leNfe(row!.xml);
    if (TEST_NFE_SCHEMAS_DIR)
      expect(validaNfeXsd(TEST_NFE_SCHEMAS_DIR, new TextEncoder().encode(row!.xml)).erros).toEqual([]);
    if (xmlsec) expect(xmlsecAceita(row!.xml)).toBe(true);
    expect(nfe.ide.idDest).toBe('2');
    expect(nfe.itens.map((i) => i.CFOP)).toEqual(['6102', '6102', '6102']);
    expect(nfe.total.vNF).toBe(p.valor_total);
    const soma = (vs: string[]) => vs.reduce((a, v) => a.plus(v), Decimal.ZERO).toFixed(2);
    expect(nfe.total.vProd).toBe(soma(nfe.itens.map((i) => i.vProd)));
    expect(nfe.total.vICMS).toBe(soma(nfe.itens.map((i) => i.imposto.vICMS ?? '0')));
    expect(nfe.cobr.dup).toHaveLength(3);
    expect(soma(nfe.cobr.dup.map((d) => d.vDup))).toBe(p.valor_total);
    expect(row!.xml).toContain('<tPag>15</tPag>');
    expect(row!.xml).toContain('<indPag>1</indPag>');
    expect(row!.xml).toContain('<modFrete>1</modFrete>');
    expect(r.body.numero).toBe(2);
    expect(r.body.duplicatas).toHaveLength(3);
  });
});

describe('list, detail, XML, DANFE', () => {
  it('lists with filters: status, série, número, chave, cliente, period', async () => {
    const todas = await api(tk.comercial, 'GET', '?sort=numero&dir=asc');
    expect(todas.status).toBe(200);
    expect(todas.body.items.map((n: Json) => n.numero)).toEqual([1, 2]);
    const primeira = todas.body.items[0];
    expect(primeira).toMatchObject({
      serie: 1,
      status: 'assinada',
      cliente_nome: 'Supermercado Bom Preço Ltda',
    });
    const porNumero = await api(tk.comercial, 'GET', '?q=2');
    expect(porNumero.body.items.map((n: Json) => n.numero)).toEqual([2]);
    const porChave = await api(tk.comercial, 'GET', `?q=${primeira.chave.slice(20, 40)}`);
    expect(porChave.body.items.map((n: Json) => n.numero)).toEqual([1]);
    const porCliente = await api(tk.comercial, 'GET', `?cliente_id=${clienteMg}`);
    expect(porCliente.body.items.map((n: Json) => n.numero)).toEqual([2]);
    expect((await api(tk.comercial, 'GET', '?status=autorizada')).body.items).toEqual([]);
    expect((await api(tk.comercial, 'GET', '?serie=2')).body.items).toEqual([]);
    const hoje = businessToday(new Date(primeira.emissao));
    expect((await api(tk.comercial, 'GET', `?de=2000-01-01&ate=2000-01-31`)).body.items).toEqual([]);
    expect((await api(tk.comercial, 'GET', `?de=${hoje}`)).body.total).toBeGreaterThanOrEqual(1);
    expect((await api(tk.comercial, 'GET', '?status=xyz')).status).toBe(400);
  });

  it('the XML download is the stored signed NFe; the DANFE is a PDF', async () => {
    const [n] = rowsOf<{ id: string; xml: string; chave: string }>(
      await t.db.execute(sql`select id, xml, chave from notas_fiscais where numero = 1`),
    );
    const x = await t.request('GET', `/api/notasfiscais/saida/${n!.id}/xml`, { token: tk.comercial });
    expect(x.status).toBe(200);
    expect(x.headers.get('content-type')).toMatch(/application\/xml/);
    expect(x.headers.get('content-disposition')).toContain(`${n!.chave}-nfe.xml`);
    expect(await x.text()).toBe(n!.xml);
    const d = await t.request('GET', `/api/notasfiscais/saida/${n!.id}/danfe`, { token: tk.comercial });
    expect(d.status).toBe(200);
    expect(d.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await d.arrayBuffer())
        .subarray(0, 4)
        .toString(),
    ).toBe('%PDF');
    const nao = await api(tk.comercial, 'GET', '/00000000-0000-4000-8000-000000000000');
    expect(nao.status).toBe(404);
  });

  it('admin and comercial only (spec section 6)', async () => {
    for (const token of [tk.estoque, tk.financeiro]) {
      expect((await api(token, 'GET', '')).status).toBe(403);
      expect(
        (await api(token, 'POST', '', { pedido_id: '00000000-0000-4000-8000-000000000000' })).status,
      ).toBe(403);
    }
    expect((await api(tk.admin, 'GET', '')).status).toBe(200);
  });

  it('the private key never appears in an answer or in the audit log', async () => {
    const corpo = keyPem.split('\n').slice(1, 3).join('');
    const lista = JSON.stringify((await api(tk.admin, 'GET', '')).body);
    const [n] = rowsOf<{ id: string }>(
      await t.db.execute(sql`select id from notas_fiscais where numero = 1`),
    );
    const detalhe = JSON.stringify((await api(tk.admin, 'GET', `/${n!.id}`)).body);
    for (const texto of [lista, detalhe]) {
      expect(texto).not.toContain('PRIVATE KEY');
      expect(texto).not.toContain(corpo);
    }
    const [a] = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from audit_log
        where position(${corpo} in coalesce(antes::text, '') || coalesce(depois::text, '')) > 0
          or position('PRIVATE KEY' in coalesce(antes::text, '') || coalesce(depois::text, '')) > 0`),
    );
    expect(a!.n).toBe(0);
  });
});

describe('numbering', () => {
  it('20 orders invoiced in parallel get 20 distinct consecutive numbers', async () => {
    const pedidos = [];
    for (let i = 0; i < 20; i++)
      pedidos.push(await pedidoConferido(t, tk.comercial, cliente, [[produtoB, String(i + 1), '12.50']]));
    const antes = Number(
      rowsOf<{ m: number }>(await t.db.execute(sql`select max(numero)::int as m from notas_fiscais`))[0]!.m,
    );
    const respostas = await Promise.all(
      pedidos.map((p) => api(tk.comercial, 'POST', '', { pedido_id: p.id })),
    );
    expect(respostas.map((r) => r.status)).toEqual(Array(20).fill(201));
    const numeros = respostas.map((r) => r.body.numero as number).sort((a, b) => a - b);
    expect(numeros).toEqual(Array.from({ length: 20 }, (_, i) => antes + 1 + i));
    expect(new Set(respostas.map((r) => r.body.chave)).size).toBe(20);
  }, 300_000);

  it('numbers skipped by moving the série forward are listed as gaps; a used number is never given again', async () => {
    const [s] = rowsOf<{ id: string; versao: number; proximo_numero: number }>(
      await t.db.execute(sql`select id, versao, proximo_numero from nfe_series where serie = 1`),
    );
    const pula = await chama(t, tk.admin, 'PUT', `/api/fiscal/series/${s!.id}`, {
      serie: 1,
      proximo_numero: s!.proximo_numero + 3,
      ativa: true,
      padrao: true,
      versao: s!.versao,
    });
    expect(pula.status, JSON.stringify(pula.body)).toBe(200);
    const p = await pedidoConferido(t, tk.comercial, cliente, [[produtoA, '1', '12.50']]);
    const r = await api(tk.comercial, 'POST', '', { pedido_id: p.id });
    expect(r.body.numero).toBe(s!.proximo_numero + 3);
    const lac = await api(tk.comercial, 'GET', '/lacunas?serie=1');
    expect(lac.status).toBe(200);
    expect(lac.body).toEqual({
      serie: 1,
      proximo_numero: s!.proximo_numero + 4,
      lacunas: [s!.proximo_numero, s!.proximo_numero + 1, s!.proximo_numero + 2],
    });
    expect((await api(tk.comercial, 'GET', '/lacunas')).status).toBe(400);
    expect((await api(tk.comercial, 'GET', '/lacunas?serie=99')).status).toBe(404);
  });
});

describe('the kanban no longer invoices by itself', () => {
  it('→ faturado is refused with the way to invoice (Notas Fiscais); → conferido with the way to confer', async () => {
    const p = await pedidoLiberado(t, tk.comercial, cliente, [[produtoA, '2', '12.50']]);
    const move = async (para: string) => {
      const atual = await chama(t, tk.comercial, 'GET', `/api/comercial/pedidos/${p.id}`);
      return chama(t, tk.comercial, 'POST', `/api/comercial/pedidos/${p.id}/transicao`, {
        para,
        versao: atual.body.versao,
      });
    };
    expect((await move('em_separacao')).status).toBe(200);
    // issue 21: while the company requires the check, only the conferência makes an order conferido
    const conferido = await move('conferido');
    expect(conferido.status).toBe(409);
    expect(conferido.body.message).toBe(conferenciaExigidaMensagens.conferirPelaConferencia);
    const r = await move('faturado');
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(notasSaidaMensagens.faturarPelaNota);
    // a conferido order is invoiced through its NF-e
    await conferePedido(t, tk.comercial, p.id);
    const nota = await api(tk.comercial, 'POST', '', { pedido_id: p.id });
    expect(nota.status, JSON.stringify(nota.body)).toBe(201);
  });

  it('with the setting «Exigir conferência antes do faturamento» off: moved by hand and invoiced without a check', async () => {
    await setSetting(t.db, systemActor, 'expedicao_exige_conferencia', false);
    try {
      const liberado = await pedidoLiberado(t, tk.comercial, cliente, [[produtoA, '1', '12.50']]);
      const p = await chama(t, tk.comercial, 'GET', `/api/comercial/pedidos/${liberado.id}`);
      expect(p.body.conferencia_pendente).toBe(false);
      const nota = await api(tk.comercial, 'POST', '', { pedido_id: liberado.id });
      expect(nota.status, JSON.stringify(nota.body)).toBe(201);
      const outro = await pedidoLiberado(t, tk.comercial, cliente, [[produtoA, '1', '12.50']]);
      for (const para of ['em_separacao', 'conferido']) {
        const atual = await chama(t, tk.comercial, 'GET', `/api/comercial/pedidos/${outro.id}`);
        const r = await chama(t, tk.comercial, 'POST', `/api/comercial/pedidos/${outro.id}/transicao`, {
          para,
          versao: atual.body.versao,
        });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
      }
      expect((await api(tk.comercial, 'POST', '', { pedido_id: outro.id })).status).toBe(201);
    } finally {
      await setSetting(t.db, systemActor, 'expedicao_exige_conferencia', true);
    }
  });
});

describe('POST …/:id/regerar: a rejected note built again from its corrected order, same number', () => {
  it('rebuilds from the customer as corrected, keeps série and número, signs again; other statuses refused', async () => {
    const p = await pedidoConferido(t, tk.comercial, cliente, [[produtoA, '2', '12.50']]);
    const emitida = await api(tk.comercial, 'POST', '', { pedido_id: p.id });
    expect(emitida.status, JSON.stringify(emitida.body)).toBe(201);
    const { id, numero, serie } = emitida.body;
    // SEFAZ rejected it (the rejection itself is #20's transmission, tested with the double)
    await t.db.execute(
      sql`update notas_fiscais set status = 'rejeitada', c_stat = '233', x_motivo = 'Rejeicao: IE do destinatario nao cadastrada' where id = ${id}`,
    );
    // the cadastro is corrected
    await t.db.execute(sql`update clientes set numero = '999-B' where id = ${cliente}`);
    const r = await api(tk.comercial, 'POST', `/${id}/regerar`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ id, numero, serie, status: 'assinada' });
    const [row] = rowsOf<{ xml: string; chave: string }>(
      await t.db.execute(sql`select xml, chave from notas_fiscais where id = ${id}`),
    );
    expect(row!.xml).toContain('<nro>999-B</nro>');
    expect(leNfe(row!.xml).ide.nNF).toBe(String(numero));
    expect(validaChave(row!.chave)).toBeNull();
    expect(verificaAssinaturaNfe(row!.xml).status).toBe('valida');
    if (xmlsec) expect(xmlsecAceita(row!.xml)).toBe(true);
    if (TEST_NFE_SCHEMAS_DIR)
      expect(validaNfeXsd(TEST_NFE_SCHEMAS_DIR, new TextEncoder().encode(row!.xml)).erros).toEqual([]);
    expect(r.body.eventos.map((e: Json) => e.tipo)).toEqual(['assinatura', 'assinatura']);

    // authorised → refused; unknown → 404
    await t.db.execute(sql`update notas_fiscais set status = 'autorizada' where id = ${id}`);
    const aut = await api(tk.comercial, 'POST', `/${id}/regerar`);
    expect(aut.status).toBe(409);
    expect(aut.body.message).toBe(notasSaidaMensagens.regerarSoRejeitada('Autorizada'));
    const nenhuma = await api(tk.comercial, 'POST', '/00000000-0000-4000-8000-000000000000/regerar');
    expect(nenhuma.status).toBe(404);
  });
});

describe('transp from the load: the vehicle and who carries', () => {
  async function naCarga(pedidoId: string, veiculo: { placa: string; proprio: boolean }) {
    const [v] = rowsOf<{ id: string }>(
      await t.db.execute(sql`insert into veiculos (placa, placa_mercosul, uf, tipo, tara, capacidade, volume,
        valor_maximo_carga, proprio, proprietario_nome, rntrc)
        values (${veiculo.placa}, ${veiculo.placa}, 'SP', 'toco', 6000, 8000, 40, 500000, ${veiculo.proprio},
        ${veiculo.proprio ? null : 'Transportes Rápido Oeste Ltda'}, ${veiculo.proprio ? null : '12345678'})
        returning id`),
    );
    const [c] = rowsOf<{ id: string }>(
      await t.db.execute(
        sql`insert into cargas (data_saida_prevista, status, veiculo_id) values (current_date, 'conferida', ${v!.id}) returning id`,
      ),
    );
    await t.db.execute(
      sql`insert into cargas_pedidos (carga_id, pedido_id, sequencia) values (${c!.id}, ${pedidoId}, 1)`,
    );
  }
  const xmlDe = async (id: string) =>
    rowsOf<{ xml: string }>(await t.db.execute(sql`select xml from notas_fiscais where id = ${id}`))[0]!.xml;

  it('own fleet, inside the state: the company as transportador and the vehicle (placa, UF)', async () => {
    const p = await pedidoConferido(t, tk.comercial, cliente, [[produtoA, '2', '12.50']]);
    await naCarga(p.id, { placa: 'FRT4A21', proprio: true });
    const r = await api(tk.comercial, 'POST', '', { pedido_id: p.id });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const xml = await xmlDe(r.body.id);
    expect(xml).toContain(`<transporta><CNPJ>${CNPJ_EMITENTE}</CNPJ>`);
    expect(xml).toContain('<veicTransp><placa>FRT4A21</placa><UF>SP</UF></veicTransp>');
    if (TEST_NFE_SCHEMAS_DIR)
      expect(validaNfeXsd(TEST_NFE_SCHEMAS_DIR, new TextEncoder().encode(xml)).erros).toEqual([]);
  });

  it("a third party's vehicle, interstate: its owner carries; no vehicle group (rejeição 868)", async () => {
    const p = await pedidoConferido(t, tk.comercial, clienteMg, [[produtoA, '2', '12.50']]);
    await naCarga(p.id, { placa: 'TRC7B45', proprio: false });
    const r = await api(tk.comercial, 'POST', '', { pedido_id: p.id });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const xml = await xmlDe(r.body.id);
    expect(xml).toContain('<transporta><xNome>Transportes Rápido Oeste Ltda</xNome></transporta>');
    expect(xml).not.toContain('<veicTransp>');
    if (TEST_NFE_SCHEMAS_DIR)
      expect(validaNfeXsd(TEST_NFE_SCHEMAS_DIR, new TextEncoder().encode(xml)).erros).toEqual([]);
  });
});

describe('the npm default XSD package (digits-only TCnpj) and an alphanumeric emitente (decision record 0006)', () => {
  let t2: TestContext;
  afterAll(() => t2?.close());

  it('422 naming the package and npm run nfe:schemas; nothing written', async () => {
    t2 = await createTestApp({ NFE_SCHEMAS_DIR: pacoteNpm(PACOTE_NFE)!.dir });
    const tk2 = await tokens(t2);
    await preparaEmissao(t2, tk2.admin, { cnpj: CNPJ_ALFANUMERICO });
    await enviaCertificado(t2, tk2.admin, { cnpj: CNPJ_ALFANUMERICO });
    const cli = await criaClienteNfe(t2);
    const prod = await produtoComRegra(t2, tk2.admin, {
      nome: 'Água Mineral 500ml',
      regra: { cst_icms: '00' },
    });
    const p = await pedidoConferido(t2, tk2.comercial, cli, [[prod, '2', '12.50']]);
    const r = await chama(t2, tk2.comercial, 'POST', '/api/notasfiscais/saida', { pedido_id: p.id });
    expect(r.status).toBe(422);
    expect(r.body.message).toBe(
      'O pacote de schemas XSD da NF-e em uso (PL_010b_V1.30) não aceita CNPJ alfanumérico. Instale o pacote oficial do Portal Nacional da NF-e com "npm run nfe:schemas -- <arquivo .zip>" (ou aponte NFE_SCHEMAS_DIR para ele) e reinicie o servidor; nada foi gravado.',
    );
    expect(r.body.message).toBe(pacoteNfeMensagens.cnpjAlfanumerico('PL_010b_V1.30'));
    expect(r.body.details.erros.some((e: string) => e.startsWith('/NFe/infNFe/emit/CNPJ'))).toBe(true);
    const [n] = rowsOf<{ n: number }>(await t2.db.execute(sql`select count(*)::int as n from notas_fiscais`));
    expect(n!.n).toBe(0);
  }, 120_000);
});
