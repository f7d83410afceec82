import { formatarLinhaDigitavel, lerBoleto, cobrancaMensagens as m } from '@erp/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client.ts';
import { paginasPdf, temPoppler } from '../../../test/pdf-texto.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { clientes } from '../../cadastros/cadastros.tables.ts';
import { appSettings } from '../../configuracoes/configuracoes.tables.ts';
import { criaCliente } from '../../tributacao/tributacao-test-support.ts';
import { chama, cria, type Json } from '../financeiro-test-support.ts';
import { boletoEmailMensagens } from './boletos-impressao.service.ts';

// Cobrança registrada through the HTTP API (issue 31): the carteira of an account (the bank's DVs
// checked), "Gerar boleto" (refusals in pt-BR, the numbers stored on the título), instructions, the
// remessa (NSA, bytes kept, boletos "enviado"), the PDF, and the automatic boleto of a título whose
// forma is boleto.

let t: TestContext;
let fin: string;
let cliente: string;
let classe: string;
let conta: Json;
let formaBoleto: Json;
const api = (p: string) => `/api/financeiro${p}`;

async function titulo(over: Json = {}): Promise<Json> {
  const r = await chama(t, fin, 'POST', api('/receber'), {
    tipo: 'receber',
    cliente_id: cliente,
    descricao: 'Venda a prazo',
    classe_financeira_id: classe,
    emissao: '2026-11-20',
    vencimento: '2026-12-21',
    valor: '1.000,00',
    documento: 'NF 7/1',
    ...over,
  });
  if (r.status !== 201) throw new Error(JSON.stringify(r.body));
  return r.body[0];
}

// Itaú: agência 0057, conta 12345; its DAC (módulo 10 of agência + conta) is found by the first test:
// the nine wrong digits are refused naming conta_dv, the right one is accepted.
const carteiraItau = {
  agencia: '0057',
  agencia_dv: '',
  conta: '12345',
  conta_dv: '',
  carteira: '109',
  layout: 'cnab400',
  proximo_nosso_numero: 1,
  proximo_nsa: 1,
  multa_percentual: '2',
  juros_mes_percentual: '1',
  desconto_percentual: '0',
  dias_protesto: 5,
  dias_baixa: null,
  mensagens: ['Não aceitar após 30 dias'],
  ativa: true,
};

beforeAll(async () => {
  t = await createTestApp();
  fin = (await t.signIn(['financeiro'])).token;
  cliente = await criaCliente(t.db, { razaoSocial: 'Mercado Beta Ltda', uf: 'SP', indicadorIe: '1' });
  await cria(t, fin, 'classes-financeiras', { codigo: '1', nome: 'Receitas', tipo: 'receita' });
  classe = (await cria(t, fin, 'classes-financeiras', { codigo: '1.01', nome: 'Vendas', tipo: 'receita' }))
    .id;
  conta = await cria(t, fin, 'contas-bancarias', {
    nome: 'Itaú cobrança',
    tipo: 'corrente',
    banco_codigo: '341',
    agencia: '0057',
    conta: '12345',
    conta_digito: '8',
    saldo_inicial: '0',
    data_saldo_inicial: '2026-01-01',
  });
  formaBoleto = await cria(t, fin, 'formas-pagamento', { nome: 'Boleto Itaú', tipo: 'boleto' });
  await t.db.insert(appSettings).values({
    chave: 'fiscal_emitente',
    valor: {
      cnpj: '11222333000181',
      razao_social: 'DISTRIBUIDORA PAULISTA DE ALIMENTOS LTDA',
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
});
afterAll(() => t?.close());

describe('cobrança registrada', () => {
  it('carteira: the bank fields and layouts of the account; a wrong conta DAC is refused naming the field', async () => {
    const vazia = await chama(t, fin, 'GET', api(`/contas-bancarias/${conta.id}/cobranca`));
    expect(vazia.status).toBe(200);
    expect(vazia.body.carteira).toBeNull();
    expect(vazia.body.banco.nome).toBe('Itaú');
    expect(vazia.body.banco.layouts).toEqual(['cnab400']);
    expect(Object.keys(vazia.body.banco.campos)).toContain('conta_dv');
    const errados: string[] = [];
    let certo = '';
    for (const dv of '0123456789') {
      const r = await chama(t, fin, 'PUT', api(`/contas-bancarias/${conta.id}/cobranca`), {
        ...carteiraItau,
        conta_dv: dv,
      });
      if (r.status === 200) certo = dv;
      else {
        expect(r.status).toBe(400);
        expect(Object.keys(r.body.details?.fields ?? r.body.fields ?? {})).toEqual(['conta_dv']);
        errados.push(dv);
      }
    }
    expect(errados).toHaveLength(9);
    expect(certo).not.toBe('');
    carteiraItau.conta_dv = certo;
    const carteiras = await chama(t, fin, 'GET', api('/cobranca/carteiras'));
    expect(carteiras.body).toMatchObject([
      { conta_nome: 'Itaú cobrança', banco: '341', banco_nome: 'Itaú', layout: 'cnab400' },
    ]);
    // a form's "5" is a day count; a stale versão is a 409 the form can reload from
    const atual = (await chama(t, fin, 'GET', api(`/contas-bancarias/${conta.id}/cobranca`))).body.carteira;
    const dias = await chama(t, fin, 'PUT', api(`/contas-bancarias/${conta.id}/cobranca`), {
      ...carteiraItau,
      dias_protesto: '5',
      versao: atual.versao,
    });
    expect(dias.status).toBe(200);
    expect(dias.body.dias_protesto).toBe(5);
    const velha = await chama(t, fin, 'PUT', api(`/contas-bancarias/${conta.id}/cobranca`), {
      ...carteiraItau,
      versao: atual.versao,
    });
    expect(velha.status).toBe(409);
    expect(velha.body.details?.reason ?? velha.body.reason).toBe('versao');
    const layout = await chama(t, fin, 'PUT', api(`/contas-bancarias/${conta.id}/cobranca`), {
      ...carteiraItau,
      layout: 'cnab240',
    });
    expect(layout.status).toBe(400);
    expect(JSON.stringify(layout.body)).toContain(
      'CNAB 240 não disponível para Itaú (disponível: CNAB 400).',
    );
  });

  it('Gerar boleto: refused in pt-BR without the customer address; then stored on the título, readable back', async () => {
    const tt = await titulo();
    const semEndereco = await chama(t, fin, 'POST', api('/cobranca/boletos'), { titulo_ids: [tt.id] });
    expect(semEndereco.status).toBe(422);
    expect(semEndereco.body.message).toBe(
      m.clienteSemEndereco('Mercado Beta Ltda', 'logradouro, município, CEP'),
    );
    await t.db
      .update(clientes)
      .set({
        logradouro: 'Av. Paulista',
        numero: '1000',
        bairro: 'Bela Vista',
        cep: '01310100',
        municipio: 'São Paulo',
      })
      .where(eq(clientes.id, cliente));
    const r = await chama(t, fin, 'POST', api('/cobranca/boletos'), { titulo_ids: [tt.id] });
    expect(r.status).toBe(201);
    expect(r.body.recusados).toEqual([]);
    const b = r.body.gerados[0];
    expect(b.situacao).toBe('a_registrar');
    expect(b.nosso_numero).toBe('00000001');
    expect(b.instrucoes_pendentes).toEqual(['entrada']);
    const lido = lerBoleto(b.linha_digitavel, '2026-11-28') as { boleto: Json };
    expect(lido.boleto?.codigoBarras).toBe(b.codigo_barras);
    expect(lido.boleto?.valor).toBe('1000.00');
    expect(lido.boleto?.vencimento).toBe('2026-12-21');
    expect(lido.boleto?.banco).toBe('341');
    const [f] = rowsOf<{ nosso_numero: string; conta_bancaria_id: string }>(
      await t.db.execute(
        sql`select nosso_numero, conta_bancaria_id from financial_accounts where id = ${tt.id}`,
      ),
    );
    expect(f).toEqual({ nosso_numero: '00000001', conta_bancaria_id: conta.id });
    const deNovo = await chama(t, fin, 'POST', api('/cobranca/boletos'), { titulo_ids: [tt.id] });
    expect(deNovo.status).toBe(422);
    expect(deNovo.body.message).toBe(m.tituloJaTemBoleto(b.nosso_numero_impresso));
  });

  it('bulk and concurrent: nosso números unique and gapless per account', async () => {
    const tts = await Promise.all(Array.from({ length: 12 }, (_, i) => titulo({ documento: `NF 9${i}` })));
    const lotes = [0, 1, 2, 3].map((i) => tts.slice(i * 3, i * 3 + 3).map((x) => x.id));
    const rs = await Promise.all(
      lotes.map((ids) => chama(t, fin, 'POST', api('/cobranca/boletos'), { titulo_ids: ids })),
    );
    for (const r of rs) expect(r.status).toBe(201);
    const seqs = rowsOf<{ sequencial: string }>(
      await t.db.execute(sql`select sequencial::text as sequencial from boletos order by boletos.sequencial`),
    ).map((r) => Number(r.sequencial));
    expect(seqs).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
  });

  it('instructions: alterar vencimento rewrites the barcode and the título; baixa of an unsent boleto frees the título', async () => {
    const tt = await titulo();
    const b = (await chama(t, fin, 'POST', api('/cobranca/boletos'), { titulo_ids: [tt.id] })).body
      .gerados[0];
    const alt = await chama(t, fin, 'POST', api(`/cobranca/boletos/${b.id}/instrucoes`), {
      instrucao: 'alteracaoVencimento',
      vencimento: '2027-01-15',
    });
    expect(alt.status).toBe(200);
    expect(alt.body.vencimento).toBe('2027-01-15');
    expect((lerBoleto(alt.body.codigo_barras, '2026-11-28') as { boleto: Json }).boleto.vencimento).toBe(
      '2027-01-15',
    );
    expect(alt.body.nosso_numero).toBe(b.nosso_numero);
    expect(alt.body.instrucoes_pendentes).toEqual(['entrada', 'alteracaoVencimento']);
    const abat = await chama(t, fin, 'POST', api(`/cobranca/boletos/${b.id}/instrucoes`), {
      instrucao: 'abatimento',
      valor: '1.000,00',
    });
    expect(abat.status).toBe(422);
    expect(abat.body.message).toBe(m.abatimentoMaior);
    const baixa = await chama(t, fin, 'POST', api(`/cobranca/boletos/${b.id}/instrucoes`), {
      instrucao: 'baixa',
    });
    expect(baixa.body.situacao).toBe('baixado');
    expect(baixa.body.instrucoes_pendentes).toEqual([]);
    const prot = await chama(t, fin, 'POST', api(`/cobranca/boletos/${b.id}/instrucoes`), {
      instrucao: 'protesto',
    });
    expect(prot.status).toBe(409);
    expect(prot.body.message).toBe(m.boletoFechado('baixado'));
    const novo = await chama(t, fin, 'POST', api('/cobranca/boletos'), { titulo_ids: [tt.id] });
    expect(novo.status).toBe(201);
  });

  it('Gerar remessa: CNAB 400 of every pending boleto, kept byte for byte, NSA taken once; then nothing to send', async () => {
    const r = await chama(t, fin, 'POST', api('/cobranca/remessas'), { conta_bancaria_id: conta.id });
    expect(r.status).toBe(201);
    expect(r.body.nsa).toBe(1);
    expect(r.body.layout).toBe('cnab400');
    expect(r.body.nome_arquivo).toBe('remessa-341-000001-cnab400.rem');
    const n = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from boletos where situacao = 'enviado'`),
    )[0]!.n;
    expect(n).toBe(14);
    const arq = await t.request('GET', api(`/cobranca/remessas/${r.body.id}/arquivo`), { token: fin });
    expect(arq.status).toBe(200);
    const bytes = Buffer.from(await arq.arrayBuffer());
    const linhas = bytes.toString('latin1').split('\r\n');
    expect(linhas.pop()).toBe('');
    expect(linhas.every((l) => l.length === 400)).toBe(true);
    // header + one detail per entrada (and a multa record 2 each, Itaú) + the alteração + trailer
    expect(linhas[0]!.slice(0, 19)).toBe('01REMESSA01COBRANCA');
    expect(linhas.at(-1)!.startsWith('9')).toBe(true);
    const denovo = await chama(t, fin, 'POST', api('/cobranca/remessas'), { conta_bancaria_id: conta.id });
    expect(denovo.status).toBe(422);
    expect(denovo.body.message).toBe(m.nadaARemeter('Itaú cobrança'));
    const lista = await chama(t, fin, 'GET', api('/cobranca/boletos?situacao=enviado&pageSize=100'));
    expect(lista.body.total).toBe(14);
    expect(lista.body.contagem).toMatchObject({ enviado: 14, baixado: 1, a_registrar: 0 });
  });

  it('a cancelled título: its boleto at the bank gets a pedido de baixa for the next remessa', async () => {
    const b = (
      await chama(
        t,
        fin,
        'GET',
        api('/cobranca/boletos?situacao=enviado&pageSize=1&sort=nosso_numero&dir=desc'),
      )
    ).body.items[0];
    const c = await chama(t, fin, 'POST', api(`/receber/${b.titulo_id}/cancelamento`), {
      motivo: 'Pedido desfeito pelo cliente',
    });
    expect(c.status).toBe(200);
    const depois = await chama(t, fin, 'GET', api(`/cobranca/boletos/${b.id}`));
    expect(depois.body.situacao).toBe('enviado');
    expect(depois.body.instrucoes_pendentes).toEqual(['baixa']);
    expect(depois.body.instrucoes.map((i: Json) => [i.instrucao, i.nsa])).toEqual([
      ['entrada', 1],
      ['baixa', null],
    ]);
  });

  it.skipIf(!temPoppler)('the PDF prints the linha digitável and the values', async () => {
    const b = (await chama(t, fin, 'GET', api('/cobranca/boletos?situacao=enviado&pageSize=1'))).body
      .items[0];
    const res = await t.request('GET', api(`/cobranca/boletos/${b.id}/pdf`), { token: fin });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const texto = paginasPdf(Buffer.from(await res.arrayBuffer())).join('\n');
    expect(texto).toContain(formatarLinhaDigitavel(b.linha_digitavel));
    expect(texto.toUpperCase()).toContain('MERCADO BETA LTDA');
    expect(texto).toContain('1.000,00');
    expect(texto).not.toContain('Pague com PIX');
    // an account with a PIX key prints the boleto híbrido: the QR of the same value
    await t.db.execute(sql`update contas_bancarias set tipo_chave_pix = 'email', chave_pix = 'cobranca@exemplo.com.br'
      where id = ${conta.id}`);
    const hibrido = await t.request('GET', api(`/cobranca/boletos/${b.id}/pdf`), { token: fin });
    const textoHibrido = paginasPdf(Buffer.from(await hibrido.arrayBuffer())).join('\n');
    expect(textoHibrido).toContain('Pague com PIX');
    // many in one PDF: the live boletos due in December (13: the first and the twelve of the bulk)
    const periodo = await t.request(
      'GET',
      api('/cobranca/boletos/pdf?vencimento_de=2026-12-01&vencimento_ate=2026-12-31'),
      {
        token: fin,
      },
    );
    expect(periodo.status).toBe(200);
    expect(paginasPdf(Buffer.from(await periodo.arrayBuffer()))).toHaveLength(13);
    const semFiltro = await chama(t, fin, 'GET', api('/cobranca/boletos/pdf'));
    expect(semFiltro.status).toBe(400);
    expect(textoHibrido.replace(/\s+/g, '')).toContain('0014br.gov.bcb.pix0123cobranca@exemplo.com.br');
  });

  it("«Enviar por e-mail»: refused without the customer's e-mail; queued with the boleto PDF", async () => {
    const b = (await chama(t, fin, 'GET', api('/cobranca/boletos?situacao=enviado&pageSize=1'))).body
      .items[0];
    const sem = await chama(t, fin, 'POST', api(`/cobranca/boletos/${b.id}/email`));
    expect(sem.status).toBe(422);
    expect(sem.body.message).toBe(boletoEmailMensagens.semEmail('Mercado Beta Ltda'));
    await t.db
      .update(clientes)
      .set({ email: 'financeiro@mercadobeta.com.br' })
      .where(eq(clientes.id, cliente));
    const ok = await chama(t, fin, 'POST', api(`/cobranca/boletos/${b.id}/email`));
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ para: 'financeiro@mercadobeta.com.br' });
    const [mail] = rowsOf<{ para: string; assunto: string; anexos: { nome: string; tipo: string }[] }>(
      await t.db.execute(sql`select para, assunto, anexos from mail_outbox where tipo = 'boleto'`),
    );
    expect(mail!.para).toBe('financeiro@mercadobeta.com.br');
    expect(mail!.assunto).toBe(`Boleto ${b.nosso_numero_impresso} - vencimento 21/12/2026`);
    expect(mail!.anexos.map((a) => a.tipo)).toEqual(['application/pdf']);
  });

  it('a título whose forma is boleto gets its boleto when it is created', async () => {
    const tt = await titulo({ forma_id: formaBoleto.id });
    const l = await chama(t, fin, 'GET', api(`/cobranca/boletos?titulo_id=${tt.id}`));
    expect(l.body.items).toHaveLength(1);
    expect(l.body.items[0].situacao).toBe('a_registrar');
  });

  it('several carteiras: a título without an account takes the default one; none marked: refused naming why', async () => {
    const sicoob = await cria(t, fin, 'contas-bancarias', {
      nome: 'Sicoob',
      tipo: 'corrente',
      banco_codigo: '756',
      agencia: '4327',
      conta: '03666',
      conta_digito: '8',
      saldo_inicial: '0',
      data_saldo_inicial: '2026-01-01',
    });
    const k = await chama(t, fin, 'PUT', api(`/contas-bancarias/${sicoob.id}/cobranca`), {
      agencia: '4327',
      conta: '03666',
      conta_dv: '8',
      carteira: '1',
      variacao: '01',
      convenio: '512231',
      layout: 'cnab240',
      proximo_nosso_numero: 1,
      proximo_nsa: 1,
    });
    expect(k.status).toBe(200);
    const tt = await titulo();
    await t.db.execute(sql`update financial_accounts set conta_bancaria_id = null where id = ${tt.id}`);
    const semPadrao = await chama(t, fin, 'POST', api('/cobranca/boletos'), { titulo_ids: [tt.id] });
    expect(semPadrao.status).toBe(422);
    expect(semPadrao.body.message).toBe(m.semCarteiraPadrao);
    const padrao = await chama(t, fin, 'PUT', api(`/contas-bancarias/${sicoob.id}/cobranca`), {
      ...k.body,
      padrao: true,
    });
    expect(padrao.status).toBe(200);
    const r = await chama(t, fin, 'POST', api('/cobranca/boletos'), { titulo_ids: [tt.id] });
    expect(r.status).toBe(201);
    expect(r.body.gerados[0]).toMatchObject({ banco: '756', conta_nome: 'Sicoob', nosso_numero: '0000001' });
  });

  it('only admin and financeiro', async () => {
    const com = (await t.signIn(['comercial'])).token;
    expect((await chama(t, com, 'GET', api('/cobranca/boletos'))).status).toBe(403);
    expect(
      (await chama(t, com, 'POST', api('/cobranca/remessas'), { conta_bancaria_id: conta.id })).status,
    ).toBe(403);
    expect((await chama(t, com, 'GET', api(`/contas-bancarias/${conta.id}/cobranca`))).status).toBe(403);
  });
});
