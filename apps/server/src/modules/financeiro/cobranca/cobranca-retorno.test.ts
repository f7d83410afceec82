import { gerarRetornoDeRemessa } from '@erp/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { clientes, vendedores } from '../../cadastros/cadastros.tables.ts';
import { appSettings } from '../../configuracoes/configuracoes.tables.ts';
import { criaCliente } from '../../tributacao/tributacao-test-support.ts';
import { chama, cria, type Json } from '../financeiro-test-support.ts';

// The whole cycle through the API (issue 31): boletos of a Sicoob CNAB 240 carteira → remessa →
// the retorno the bank would send for that remessa (gerarRetornoDeRemessa) → entrada confirmada,
// entrada rejeitada with its motivo, liquidação with juros settling the título and crediting the
// account; the same file again settles nothing; another account's retorno is refused.

let t: TestContext;
let fin: string;
let conta: Json;
let outra: Json;
let classe: string;
let tarifas = '';
let clienteId = '';
let boletos: Json[] = [];
let remessa = '';
const api = (p: string) => `/api/financeiro${p}`;
const b64 = (s: string) => Buffer.from(s, 'latin1').toString('base64');

beforeAll(async () => {
  t = await createTestApp();
  fin = (await t.signIn(['financeiro'])).token;
  const cliente = await criaCliente(t.db, { razaoSocial: 'Padaria Gama Ltda', uf: 'MG', indicadorIe: '1' });
  clienteId = cliente;
  await t.db
    .update(clientes)
    .set({
      logradouro: 'Rua da Bahia',
      numero: '50',
      bairro: 'Centro',
      cep: '30160011',
      municipio: 'Belo Horizonte',
    })
    .where(eq(clientes.id, cliente));
  await t.db.insert(appSettings).values({
    chave: 'fiscal_emitente',
    valor: {
      cnpj: '11222333000181',
      razao_social: 'DISTRIBUIDORA MINEIRA LTDA',
      endereco: {
        logradouro: 'Av. Amazonas',
        numero: '10',
        bairro: 'Centro',
        codigo_municipio: '3106200',
        municipio: 'Belo Horizonte',
        cep: '30180001',
      },
    },
  });
  await cria(t, fin, 'classes-financeiras', { codigo: '1', nome: 'Receitas', tipo: 'receita' });
  classe = (await cria(t, fin, 'classes-financeiras', { codigo: '1.01', nome: 'Vendas', tipo: 'receita' }))
    .id;
  await cria(t, fin, 'classes-financeiras', { codigo: '2', nome: 'Despesas', tipo: 'despesa' });
  tarifas = (
    await cria(t, fin, 'classes-financeiras', { codigo: '2.01', nome: 'Tarifas bancárias', tipo: 'despesa' })
  ).id;
  const base = { tipo: 'corrente', saldo_inicial: '0', data_saldo_inicial: '2026-01-01' };
  conta = await cria(t, fin, 'contas-bancarias', {
    ...base,
    nome: 'Sicoob',
    banco_codigo: '756',
    agencia: '4327',
    conta: '03666',
    conta_digito: '8',
  });
  outra = await cria(t, fin, 'contas-bancarias', {
    ...base,
    nome: 'Sicoob 2',
    banco_codigo: '756',
    agencia: '4327',
    conta: '99999',
    conta_digito: '1',
  });
  const carteira = {
    agencia: '4327',
    conta: '03666',
    conta_dv: '8',
    carteira: '1',
    variacao: '01',
    convenio: '512231',
    layout: 'cnab240',
    proximo_nosso_numero: 1,
    proximo_nsa: 1,
    multa_percentual: '2',
    juros_mes_percentual: '1',
  };
  for (const [c, dados] of [
    [conta, { classe_tarifa_id: tarifas }],
    [outra, { conta: '99999', conta_dv: '1', convenio: '512232' }],
  ] as const satisfies readonly (readonly [Json, Json])[]) {
    const r = await chama(t, fin, 'PUT', api(`/contas-bancarias/${c.id}/cobranca`), {
      ...carteira,
      ...dados,
    });
    if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  }
  const ids: string[] = [];
  for (const n of [1, 2, 3]) {
    const r = await chama(t, fin, 'POST', api('/receber'), {
      tipo: 'receber',
      cliente_id: cliente,
      descricao: `Venda ${n}`,
      classe_financeira_id: classe,
      emissao: '2026-11-20',
      vencimento: '2026-12-10',
      valor: '500,00',
      documento: `NF 88/${n}`,
      conta_bancaria_id: conta.id,
    });
    ids.push(r.body[0].id);
  }
  const g = await chama(t, fin, 'POST', api('/cobranca/boletos'), { titulo_ids: ids });
  boletos = [...g.body.gerados].sort((a: Json, b: Json) => a.nosso_numero.localeCompare(b.nosso_numero));
  const rem = await chama(t, fin, 'POST', api('/cobranca/remessas'), { conta_bancaria_id: conta.id });
  const arq = await t.request('GET', api(`/cobranca/remessas/${rem.body.id}/arquivo`), { token: fin });
  remessa = Buffer.from(await arq.arrayBuffer()).toString('latin1');
});
afterAll(() => t?.close());

describe('CNAB 240 retorno of our own remessa', () => {
  it('entrada confirmada, rejeitada (motivo), liquidação with juros; repeated file settles nothing', async () => {
    expect(boletos.map((b) => b.nosso_numero)).toEqual(['0000001', '0000002', '0000003']);
    const retorno = gerarRetornoDeRemessa(remessa, [
      {
        documentoOuNossoNumero: boletos[0]!.nosso_numero,
        ocorrencia: '02',
        dataOcorrencia: '2026-11-30',
        tarifa: '1.20',
      },
      {
        documentoOuNossoNumero: boletos[1]!.nosso_numero,
        ocorrencia: '03',
        dataOcorrencia: '2026-11-30',
        motivos: ['48'],
      },
      { documentoOuNossoNumero: boletos[2]!.nosso_numero, ocorrencia: '02', dataOcorrencia: '2026-11-30' },
      {
        documentoOuNossoNumero: boletos[2]!.nosso_numero,
        ocorrencia: '06',
        dataOcorrencia: '2026-12-14',
        dataCredito: '2026-12-15',
        valorPago: '510.00',
        juros: '10.00',
        tarifa: '2.50',
      },
    ]);
    const texto = typeof retorno === 'string' ? retorno : (retorno as { texto: string }).texto;
    const r = await chama(t, fin, 'POST', api('/extrato-bancario/cnab'), {
      conta_bancaria_id: conta.id,
      nome: 'retorno.ret',
      conteudo_base64: b64(texto),
    });
    expect(r.status).toBe(201);
    expect(r.body.baixados).toBe(1);
    const lista = (
      await chama(t, fin, 'GET', api(`/cobranca/boletos?conta_bancaria_id=${conta.id}&sort=nosso_numero`))
    ).body.items;
    expect(lista.map((b: Json) => b.situacao)).toEqual(['registrado', 'rejeitado', 'liquidado']);
    expect(lista[1].motivo).toContain('48');
    expect(lista[2].titulo_status).toBe('pago');
    const [saldo] = rowsOf<{ s: string }>(
      await t.db.execute(
        sql`select coalesce(sum(valor), 0)::text as s from conta_movimentos where conta_bancaria_id = ${conta.id}`,
      ),
    );
    // 510.00 received − 3.70 of tarifas (1.20 + 2.50), posted as one paid payable of the classe
    expect(saldo!.s).toBe('506.30');
    expect(r.body.tarifas).toBe('3.70');
    const [tarifa] = rowsOf<{ valor: string; status: string; classe: string; pessoa_nome: string }>(
      await t.db.execute(sql`select f.valor::text, f.status, c.nome as classe, f.pessoa_nome from financial_accounts f
        join classes_financeiras c on c.id = f.classe_financeira_id where f.tipo = 'pagar'`),
    );
    expect(tarifa).toEqual({
      valor: '3.70',
      status: 'pago',
      classe: 'Tarifas bancárias',
      pessoa_nome: 'Sicoob',
    });
    const [baixa] = rowsOf<{ data_pagamento: string; juros: string }>(
      await t.db.execute(
        sql`select data_pagamento::text, juros::text from baixas where titulo_id = ${lista[2].titulo_id}`,
      ),
    );
    expect(baixa).toEqual({ data_pagamento: '2026-12-15', juros: '10.00' });
    // the rejected one may get a new boleto
    const novo = await chama(t, fin, 'POST', api('/cobranca/boletos'), { titulo_ids: [lista[1].titulo_id] });
    expect(novo.status).toBe(201);
    expect(novo.body.gerados[0].nosso_numero).toBe('0000004');
    const de2 = await chama(t, fin, 'POST', api('/extrato-bancario/cnab'), {
      conta_bancaria_id: conta.id,
      nome: 'retorno-de-novo.ret',
      conteudo_base64: b64(texto),
    });
    expect(de2.status).toBe(201);
    expect(de2.body.baixados).toBe(0);
    const [saldo2] = rowsOf<{ s: string }>(
      await t.db.execute(
        sql`select coalesce(sum(valor), 0)::text as s from conta_movimentos where conta_bancaria_id = ${conta.id}`,
      ),
    );
    expect(saldo2!.s).toBe('506.30');
    expect(de2.body.tarifas).toBeNull();
  });

  it('many liquidações at once: the plain ones set-wise, a commissioned one through the one-by-one path, a payment above the saldo refused', async () => {
    const [v] = await t.db.insert(vendedores).values({ nome: 'Bia Vendas' }).returning({ id: vendedores.id });
    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      const r = await chama(t, fin, 'POST', api('/receber'), {
        tipo: 'receber',
        cliente_id: clienteId,
        descricao: `Venda lote ${n}`,
        classe_financeira_id: classe,
        emissao: '2026-11-20',
        vencimento: '2026-12-10',
        valor: '300,00',
        documento: `NF 99/${n}`,
        conta_bancaria_id: conta.id,
      });
      ids.push(r.body[0].id);
    }
    await t.db.execute(
      sql`update financial_accounts set vendedor_id = ${v!.id}, comissao_valor = 15 where id = ${ids[1]}`,
    );
    const g = await chama(t, fin, 'POST', api('/cobranca/boletos'), { titulo_ids: ids });
    const bs = [...g.body.gerados].sort((a: Json, b: Json) => a.nosso_numero.localeCompare(b.nosso_numero));
    const rem = await chama(t, fin, 'POST', api('/cobranca/remessas'), { conta_bancaria_id: conta.id });
    const arq = await t.request('GET', api(`/cobranca/remessas/${rem.body.id}/arquivo`), { token: fin });
    const texto = gerarRetornoDeRemessa(
      Buffer.from(await arq.arrayBuffer()).toString('latin1'),
      bs.map((b: Json) => ({
        documentoOuNossoNumero: b.nosso_numero,
        ocorrencia: '06',
        dataOcorrencia: '2026-12-10',
        dataCredito: '2026-12-11',
        valorPago: b.titulo_id === ids[2] ? '350.00' : '300.00',
      })),
    ).texto;
    const r = await chama(t, fin, 'POST', api('/extrato-bancario/cnab'), {
      conta_bancaria_id: conta.id,
      nome: 'retorno-lote.ret',
      conteudo_base64: b64(texto),
    });
    expect(r.status).toBe(201);
    const porTitulo = new Map(r.body.itens.map((i: Json) => [i.titulo_id, [i.situacao, i.mensagem]]));
    expect(porTitulo.get(ids[0])).toEqual(['baixado', null]);
    expect(porTitulo.get(ids[1])).toEqual(['baixado', null]);
    expect((porTitulo.get(ids[2]) as string[])[0]).toBe('recusado');
    expect((porTitulo.get(ids[2]) as string[])[1]).toMatch(/saldo/i);
    const status = rowsOf<{ id: string; status: string }>(
      await t.db.execute(
        sql`select id, status from financial_accounts where id in (${ids[0]}, ${ids[1]}, ${ids[2]})`,
      ),
    );
    expect(new Map(status.map((x) => [x.id, x.status]))).toEqual(
      new Map([
        [ids[0], 'pago'],
        [ids[1], 'pago'],
        [ids[2], 'em_aberto'],
      ]),
    );
    // the commissioned título earned its seller's payable, as a manual baixa does
    const [comissao] = rowsOf<{ valor: string }>(
      await t.db.execute(
        sql`select valor::text from financial_accounts where origem = 'comissao' and pessoa_nome = 'Bia Vendas'`,
      ),
    );
    expect(comissao).toEqual({ valor: '15.00' });
    const movimentos = rowsOf<{ n: number; soma: string }>(
      await t.db.execute(sql`select count(*)::int as n, sum(valor)::text as soma from conta_movimentos m
        join baixas b on b.id = m.baixa_id where b.titulo_id in (${ids[0]}, ${ids[1]})`),
    );
    expect(movimentos[0]).toEqual({ n: 2, soma: '600.00' });
  });

  it('a retorno of another account is refused naming both', async () => {
    const retorno = gerarRetornoDeRemessa(remessa, [
      { documentoOuNossoNumero: boletos[0]!.nosso_numero, ocorrencia: '02', dataOcorrencia: '2026-11-30' },
    ]);
    const texto = typeof retorno === 'string' ? retorno : (retorno as { texto: string }).texto;
    const r = await chama(t, fin, 'POST', api('/extrato-bancario/cnab'), {
      conta_bancaria_id: outra.id,
      nome: 'retorno.ret',
      conteudo_base64: b64(texto),
    });
    expect(r.status).toBe(422);
    expect(r.body.message).toMatch(/^O retorno é do banco 756/);
  });
});
