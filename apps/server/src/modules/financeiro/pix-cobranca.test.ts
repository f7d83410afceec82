import { writeFileSync } from 'node:fs';
import {
  cnpjWithCheckDigits,
  crc16,
  lerBrCode,
  pixCobrancaMensagens as m,
  textoPix,
  txidDoTitulo,
} from '@erp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paginasPdf, temPoppler } from '../../test/pdf-texto.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { fornecedores } from '../cadastros/cadastros.tables.ts';
import { appSettings } from '../configuracoes/configuracoes.tables.ts';
import { criaCliente } from '../tributacao/tributacao-test-support.ts';
import { chama, cria, type Json } from './financeiro-test-support.ts';

// PIX charge of a receivable through the HTTP API: the BR Code read back by the shared strict
// reader (amount = saldo, key, txid, CRC), the QR PNG, the printable "Cobrança PIX" (pdftotext),
// and every refusal in pt-BR.

let t: TestContext;
let fin: string;
let cliente: string;
let classe: string;
let contaPix: Json;
let contaSemChave: Json;
const EVP = '7d9f2c1e-3b4a-4c5d-8e6f-0a1b2c3d4e5f';
const receber = (path = '') => `/api/financeiro/receber${path}`;

async function titulo(over: Json = {}): Promise<Json> {
  const r = await chama(t, fin, 'POST', receber(), {
    tipo: 'receber',
    cliente_id: cliente,
    descricao: 'Venda balcão',
    classe_financeira_id: classe,
    emissao: '2026-11-01',
    vencimento: '2026-12-10',
    valor: '1.234,56',
    documento: 'NF 4321',
    ...over,
  });
  if (r.status !== 201) throw new Error(JSON.stringify(r.body));
  return r.body[0];
}

beforeAll(async () => {
  t = await createTestApp();
  fin = (await t.signIn(['financeiro'])).token;
  cliente = await criaCliente(t.db, { razaoSocial: 'Mercado Alfa Ltda', uf: 'SP', indicadorIe: '1' });
  await cria(t, fin, 'classes-financeiras', { codigo: '1', nome: 'Receitas', tipo: 'receita' });
  classe = (await cria(t, fin, 'classes-financeiras', { codigo: '1.01', nome: 'Vendas', tipo: 'receita' }))
    .id;
  const conta = {
    tipo: 'corrente',
    banco_codigo: '341',
    agencia: '1234',
    conta: '12345',
    conta_digito: '6',
    saldo_inicial: '0',
    data_saldo_inicial: '2026-01-01',
  };
  contaPix = await cria(t, fin, 'contas-bancarias', {
    ...conta,
    nome: 'Itaú',
    tipo_chave_pix: 'aleatoria',
    chave_pix: EVP.toUpperCase(),
  });
  contaSemChave = await cria(t, fin, 'contas-bancarias', { ...conta, nome: 'Bradesco' });
});
afterAll(() => t?.close());

const configuraEmitente = () =>
  t.db.insert(appSettings).values({
    chave: 'fiscal_emitente',
    valor: {
      cnpj: '12ABC34501DE35',
      razao_social: 'DISTRIBUIDORA PAULISTA DE ALIMENTOS LTDA',
      fantasia: 'Distribuidora Paulista',
      endereco: {
        logradouro: 'Rua da Mooca',
        numero: '1200',
        bairro: 'Mooca',
        codigo_municipio: '3550308',
        municipio: 'São Paulo',
        cep: '03103000',
      },
    },
  });

describe('PIX charge of a receivable', () => {
  it('refuses while the emitente is not configured', async () => {
    const tt = await titulo();
    const r = await chama(t, fin, 'GET', receber(`/${tt.id}/pix`));
    expect(r.status).toBe(422);
    expect(r.body.message).toBe(m.semEmitente);
    await configuraEmitente();
  });

  it('BR Code of the saldo after a partial baixa: the strict reader gives amount, key, txid, names and a valid CRC', async () => {
    const tt = await titulo();
    const b = await chama(t, fin, 'POST', receber(`/${tt.id}/baixas`), {
      data_pagamento: '2026-11-20',
      conta_bancaria_id: contaPix.id,
      valor_pago: '234,56',
      juros: '0',
      multa: '0',
      desconto: '0',
    });
    expect(b.status).toBe(201);
    const r = await chama(t, fin, 'GET', receber(`/${tt.id}/pix`));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      valor: '1000.00',
      chave: EVP,
      tipo_chave: 'aleatoria',
      txid: txidDoTitulo(tt.id),
      conta: { id: contaPix.id, nome: 'Itaú' },
    });
    expect(r.body.titulo).toBeUndefined();
    const code: string = r.body.br_code;
    const lido = lerBrCode(code);
    expect(lido).toMatchObject({
      ok: true,
      valor: '1000.00',
      chave: EVP,
      txid: txidDoTitulo(tt.id),
      nome: textoPix('DISTRIBUIDORA PAULISTA DE ALIMENTOS LTDA', 25),
      cidade: 'Sao Paulo',
    });
    expect(code.slice(-8, -4)).toBe('6304');
    expect(code.slice(-4)).toBe(crc16(code.slice(0, -4)));
    expect(txidDoTitulo(tt.id)).toMatch(/^[A-Z0-9]{25}$/);
    // the same request gives the same string (the txid is the título's)
    expect((await chama(t, fin, 'GET', receber(`/${tt.id}/pix`))).body.br_code).toBe(code);

    const png = await t.request('GET', receber(`/${tt.id}/pix.png`), { token: fin });
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await png.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');

    const pdf = await t.request('GET', receber(`/${tt.id}/pix.pdf`), { token: fin });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    if (process.env.PIX_PDF) writeFileSync(process.env.PIX_PDF, bytes);
    expect(bytes.toString('latin1')).toMatch(/\/Subtype\s*\/Image/);
    if (temPoppler) {
      const [pagina] = paginasPdf(bytes);
      for (const s of [
        'Cobrança PIX',
        'DISTRIBUIDORA PAULISTA DE ALIMENTOS LTDA',
        'Mercado Alfa Ltda',
        'NF 4321',
        '10/12/2026',
        'R$ 1.000,00',
        'PIX copia e cola',
        txidDoTitulo(tt.id),
        'Página 1 de 1',
      ])
        expect(pagina).toContain(s);
      expect(pagina!.replace(/\s/g, '')).toContain(code.replace(/\s/g, ''));
    }
  });

  it('the título’s own account is used; without a PIX key it is refused by name', async () => {
    const comChave = await titulo({ conta_bancaria_id: contaPix.id });
    expect((await chama(t, fin, 'GET', receber(`/${comChave.id}/pix`))).status).toBe(200);
    const semChave = await titulo({ conta_bancaria_id: contaSemChave.id });
    const r = await chama(t, fin, 'GET', receber(`/${semChave.id}/pix`));
    expect(r.status).toBe(422);
    expect(r.body.message).toBe(m.contaSemChave('Bradesco'));
    expect((await t.request('GET', receber(`/${semChave.id}/pix.png`), { token: fin })).status).toBe(422);
    expect((await t.request('GET', receber(`/${semChave.id}/pix.pdf`), { token: fin })).status).toBe(422);
  });

  it('refuses a paid or cancelled título; a payable is not found; comercial is forbidden', async () => {
    const pago = await titulo({ valor: '10,00' });
    await chama(t, fin, 'POST', receber(`/${pago.id}/baixas`), {
      data_pagamento: '2026-11-20',
      conta_bancaria_id: contaPix.id,
      valor_pago: '10,00',
      juros: '0',
      multa: '0',
      desconto: '0',
    });
    const rp = await chama(t, fin, 'GET', receber(`/${pago.id}/pix`));
    expect([rp.status, rp.body.message]).toEqual([422, m.tituloPago]);
    const cancelado = await titulo();
    const c = await chama(t, fin, 'POST', receber(`/${cancelado.id}/cancelamento`), {
      motivo: 'Lançado em duplicidade',
    });
    expect(c.status).toBe(200);
    const rc = await chama(t, fin, 'GET', receber(`/${cancelado.id}/pix`));
    expect([rc.status, rc.body.message]).toEqual([422, m.tituloCancelado]);
    await cria(t, fin, 'classes-financeiras', { codigo: '2', nome: 'Despesas', tipo: 'despesa' });
    const despesa = await cria(t, fin, 'classes-financeiras', {
      codigo: '2.01',
      nome: 'Energia',
      tipo: 'despesa',
    });
    const [fornecedor] = await t.db
      .insert(fornecedores)
      .values({
        tipoPessoa: 'J',
        documento: cnpjWithCheckDigits('314159260001'),
        razaoSocial: 'Energia SA',
        indicadorIe: '9',
      })
      .returning({ id: fornecedores.id });
    const pagar = await chama(t, fin, 'POST', '/api/financeiro/pagar', {
      tipo: 'pagar',
      classe_financeira_id: despesa.id,
      emissao: '2026-11-01',
      fornecedor_id: fornecedor!.id,
      descricao: 'Conta de luz',
      vencimento: '2026-12-10',
      valor: '100,00',
    });
    expect(pagar.status, JSON.stringify(pagar.body)).toBe(201);
    expect((await chama(t, fin, 'GET', receber(`/${pagar.body[0].id}/pix`))).status).toBe(404);
    const com = (await t.signIn(['comercial'])).token;
    expect((await chama(t, com, 'GET', receber(`/${pago.id}/pix`))).status).toBe(403);
  });
});
