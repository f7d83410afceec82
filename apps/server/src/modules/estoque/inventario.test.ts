import { gtinDigito } from '@erp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor, writeTx } from '../../lib/audit-context.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { linhasDoRazao, localPrincipal } from './estoque-test-support.ts';
import { registraEntrada } from './movimentos.service.ts';

// Inventory through the HTTP API: open a count for a location, count typed and scanned (a GTIN
// adds one base unit or a packaging's factor, a scanner's leading zero included), see the
// differences and their value, post them in one transaction; movements after the opening must be
// confirmed.

let t: TestContext;
let token: string;
let dep: string;
let agua: string;
let sabao: string;

const gtin = (corpo: string) => `${corpo}${gtinDigito(corpo)}`;
const UN = gtin('789200000001');
const CX = gtin('1789200000001');

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.signIn(['estoque'])).token;
  const admin = (await t.signIn(['admin'])).token;
  await t.request('POST', '/api/estoque/unidades', {
    token: admin,
    body: { sigla: 'CX', descricao: 'Caixa' },
  });
  dep = await localPrincipal(t.db);
  const criar = async (body: Record<string, unknown>) =>
    ((await (await t.request('POST', '/api/estoque/produtos', { token, body })).json()) as { id: string }).id;
  agua = await criar({
    codigo: 'AGUA',
    nome: 'Água Mineral 500 ml',
    unidade: 'UN',
    gtin: UN,
    ncm: '22011000',
    embalagens: [{ unidade: 'CX', fator: '12', gtin: CX, padrao_compra: true, padrao_venda: true }],
  });
  sabao = await criar({ codigo: 'SAB', nome: 'Sabão em Pó 1 kg', unidade: 'UN', ncm: '34022000' });
  await writeTx(t.db, systemActor, async (tx) => {
    await registraEntrada(tx, systemActor, { produtoId: agua, quantidade: '30', custoUnitario: '1.25' });
    await registraEntrada(tx, systemActor, { produtoId: sabao, quantidade: '10', custoUnitario: '9.90' });
  });
});
afterAll(() => t.close());

const call = async (method: string, path: string, body?: unknown) => {
  const res = await t.request(method, `/api/estoque${path}`, { token, body });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & Record<string, never> };
};

describe('inventário', () => {
  let id: string;

  it('opens a count freezing the balances of the location; one open count per location', async () => {
    const r = await call('POST', '/inventarios', { local_id: dep, observacao: 'Contagem mensal' });
    expect(r.status).toBe(201);
    id = String(r.body.id);
    expect(r.body).toMatchObject({ numero: 1, situacao: 'aberto', itens: 2, contados: 0 });
    const outro = await call('POST', '/inventarios', { local_id: dep });
    expect([outro.status, outro.body.message]).toEqual([
      409,
      'Já existe um inventário aberto para este local. Lance-o ou cancele-o antes de abrir outro.',
    ]);
  });

  it('a scanned GTIN adds one unit; a box GTIN adds its factor; a leading zero is the same code', async () => {
    const um = await call('POST', `/inventarios/${id}/leituras`, { codigo: `0${UN}` });
    expect(um.body).toMatchObject({ unidade: 'UN', quantidade: '1.000', item: { contado: '1.000' } });
    const caixa = await call('POST', `/inventarios/${id}/leituras`, { codigo: CX });
    expect(caixa.body).toMatchObject({ unidade: 'CX', quantidade: '12.000', item: { contado: '13.000' } });
    const dois = await call('POST', `/inventarios/${id}/leituras`, { codigo: CX });
    expect(dois.body.item).toMatchObject({ sistema: '30.000', contado: '25.000', diferenca: '-5.000' });
    const nada = await call('POST', `/inventarios/${id}/leituras`, { codigo: '7890000000000' });
    expect([nada.status, nada.body.details]).toEqual([
      400,
      { fields: { codigo: ['GTIN 7890000000000 não encontrado em nenhum produto'] } },
    ]);
  });

  it('typed counts, differences valued at the custo médio and the totals', async () => {
    const r = await t.request('PUT', `/api/estoque/inventarios/${id}/contagens`, {
      token,
      body: { itens: [{ produto_id: sabao, contado: '11' }] },
    });
    const itens = (await r.json()) as Record<string, string>[];
    expect(itens.map((i) => [i.codigo, i.sistema, i.contado, i.diferenca, i.valor_diferenca])).toEqual([
      ['AGUA', '30.000', '25.000', '-5.000', '-6.25'],
      ['SAB', '10.000', '11.000', '1.000', '9.90'],
    ]);
    const detalhe = await call('GET', `/inventarios/${id}`);
    expect(detalhe.body.resumo).toEqual({
      itens: 2,
      contados: 2,
      comDiferenca: 2,
      sobras: '9.90',
      faltas: '-6.25',
      liquido: '3.65',
    });
    expect(detalhe.body.movimentos_posteriores).toBe(false);
  });

  it('warns when the location moved after the opening; posting after confirmation writes the differences', async () => {
    await writeTx(t.db, systemActor, (tx) =>
      registraEntrada(tx, systemActor, { produtoId: sabao, quantidade: '1', custoUnitario: '9.90' }),
    );
    const aviso = await call('POST', `/inventarios/${id}/lancar`, {});
    expect([aviso.status, aviso.body.message]).toEqual([
      409,
      'Houve movimentações neste local depois da abertura do inventário. Confira as quantidades antes de lançar.',
    ]);
    const r = await call('POST', `/inventarios/${id}/lancar`, { confirmar_movimentos_posteriores: true });
    expect(r.status).toBe(200);
    expect(r.body.situacao).toBe('lancado');
    const linhas = (await linhasDoRazao(t.db)).filter((l) => l.tipo === 'inventario');
    // the balance becomes what was counted: água 30 → 25; sabão (10 + 1 received) → 11, no row
    expect(linhas.map((l) => [l.produtoId, l.quantidade, l.custoUnitario])).toEqual([
      [agua, '-5.000', '1.2500'],
    ]);
    const posicao = await call('GET', '/posicao?sort=codigo');
    expect(
      (posicao.body.items as unknown as Record<string, string>[]).map((p) => [p.codigo, p.saldo]),
    ).toEqual([
      ['AGUA', '25.000'],
      ['SAB', '11.000'],
    ]);
    const denovo = await call('POST', `/inventarios/${id}/lancar`, {
      confirmar_movimentos_posteriores: true,
    });
    expect([denovo.status, denovo.body.message]).toEqual([409, 'Este inventário não está aberto.']);
  });

  it('lists the counts', async () => {
    const r = await call('GET', '/inventarios');
    expect(
      (r.body.items as unknown as Record<string, unknown>[]).map((i) => [i.numero, i.local_nome, i.situacao]),
    ).toEqual([[1, 'Depósito principal', 'lancado']]);
  });

  it('refuses to post a count above the balance of a product without custo médio, until it has one', async () => {
    const novo = (
      (await (
        await t.request('POST', '/api/estoque/produtos', {
          token,
          body: { codigo: 'DET', nome: 'Detergente 500 ml', unidade: 'UN', ncm: '34022000' },
        })
      ).json()) as { id: string }
    ).id;
    const aberto = await call('POST', '/inventarios', { local_id: dep });
    const inv = String(aberto.body.id);
    await t.request('PUT', `/api/estoque/inventarios/${inv}/contagens`, {
      token,
      body: { itens: [{ produto_id: novo, contado: '5' }] },
    });
    const r = await call('POST', `/inventarios/${inv}/lancar`, {});
    expect([r.status, r.body.message, r.body.details]).toEqual([
      422,
      'Detergente 500 ml ainda não tem custo médio, e a contagem aumenta o seu estoque. Lance um ajuste de entrada com o custo unitário e depois o inventário.',
      { reason: 'sem_custo', produto_id: novo, local_id: dep, lote_id: null },
    ]);
    expect((await call('GET', `/inventarios/${inv}`)).body.situacao).toBe('aberto');
    // the way out the message gives: an ajuste de entrada with its cost, then the count
    const ajuste = await t.request('POST', '/api/estoque/ajustes', {
      token,
      body: {
        produto_id: novo,
        local_id: dep,
        sentido: 'entrada',
        quantidade: '2',
        custo_unitario: '3,10',
        motivo: 'Custo de entrada',
      },
    });
    expect(ajuste.status).toBe(201);
    const lancado = await call('POST', `/inventarios/${inv}/lancar`, {
      confirmar_movimentos_posteriores: true,
    });
    expect(lancado.status).toBe(200);
    const linhas = (await linhasDoRazao(t.db)).filter((l) => l.produtoId === novo);
    expect(linhas.map((l) => [l.tipo, l.quantidade, l.custoUnitario])).toEqual([
      ['ajuste', '2.000', '3.1000'],
      ['inventario', '3.000', '3.1000'],
    ]);
  });
});
