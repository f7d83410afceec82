import { Decimal } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { systemActor, writeTx } from '../../lib/audit-context.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { fornecedores } from '../cadastros/cadastros.tables.ts';
import { criaLocal, criaLote, criaProduto, localPrincipal } from './estoque-test-support.ts';
import { registraEntrada, registraSaida } from './movimentos.service.ts';

// Posição de Estoque: the page and the totals row are two statements, and with a location filter
// the totals take one of two plans — the location's balances aggregated once (location alone, or
// with a situação) or looked up per product (with a group or a search). Whatever the plan, the
// totals are the rows of the whole filter: their count is the list's total and their value the
// sum of the rows' values (each saldo of the location, lots added, × custo médio, to the cent).

let t: TestContext;
let token: string;
let dep: string;
let sep: string;
let grupo: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.signIn(['estoque'])).token;
  dep = await localPrincipal(t.db);
  sep = await criaLocal(t.db, { codigo: 'SEP', nome: 'Separação', tipo: 'separacao' });
  const [g] = rowsOf<{ id: string }>(
    await t.db.execute(sql`insert into grupos_estoque (codigo, nome) values ('BEB', 'Bebidas') returning id`),
  );
  grupo = g!.id;
  const agua = await criaProduto(t.db, { codigo: 'AGU', nome: 'Água 500 ml' });
  const suco = await criaProduto(t.db, { codigo: 'SUC', nome: 'Suco 1 L', controlaLote: true });
  const sal = await criaProduto(t.db, { codigo: 'SAL', nome: 'Sal 1 kg' });
  const velho = await criaProduto(t.db, { codigo: 'VEL', nome: 'Produto inativo zerado' });
  const parado = await criaProduto(t.db, { codigo: 'PAR', nome: 'Produto inativo com saldo' });
  await t.db.execute(
    sql`update products set grupo_id = ${grupo}, estoque_minimo = 5, estoque_maximo = 6 where id in (${agua}, ${suco})`,
  );
  const l1 = await criaLote(t.db, { produtoId: suco, numero: 'S1', validade: '2099-01-01' });
  const l2 = await criaLote(t.db, { produtoId: suco, numero: 'S2', validade: '2099-02-01' });
  await writeTx(t.db, systemActor, async (tx) => {
    const entra = (
      produtoId: string,
      localId: string,
      quantidade: string,
      custoUnitario: string,
      loteId?: string,
    ) =>
      registraEntrada(tx, systemActor, {
        produtoId,
        localId,
        quantidade,
        custoUnitario,
        loteId: loteId ?? null,
      });
    await entra(agua, dep, '10', '2.50');
    await entra(agua, sep, '4', '2.50');
    // two lots of 1/3 of a real each: the location's 7 units are valued once (23,33), not per lot
    await entra(suco, sep, '5', '3.3333', l1);
    await entra(suco, sep, '2', '3.3333', l2);
    await entra(sal, sep, '3', '1.00');
    await entra(velho, sep, '2', '1.00');
    await registraSaida(tx, systemActor, { produtoId: velho, localId: sep, quantidade: '2' });
    await entra(parado, sep, '1', '9.99');
  });
  await t.db.execute(sql`update products set ativo = false where id in (${velho}, ${parado})`);
});
afterAll(() => t.close());

type Linha = { codigo: string; saldo: string; valor: string };
type Resposta = { items: Linha[]; total: number; totais: { produtos: number; valor: string } };

async function posicao(filtros: string): Promise<Resposta> {
  const res = await t.request('GET', `/api/estoque/posicao?pageSize=100&sort=codigo&${filtros}`, { token });
  expect(res.status).toBe(200);
  return (await res.json()) as Resposta;
}

describe('Posição de Estoque totals', () => {
  it('with a location: its balances (lots added, valued once), inactive products only with stock', async () => {
    const r = await posicao(`local_id=${sep}`);
    expect(r.items.map((i) => [i.codigo, i.saldo, i.valor])).toEqual([
      ['AGU', '4.000', '10.00'],
      ['PAR', '1.000', '9.99'],
      ['SAL', '3.000', '3.00'],
      ['SUC', '7.000', '23.33'],
    ]);
    expect(r.totais).toEqual({ produtos: 4, valor: '46.32' });
    expect(r.total).toBe(4);
  });

  it('a location with a group or a search (balances looked up per product) gives the same rows and totals', async () => {
    const porGrupo = await posicao(`local_id=${sep}&grupo_id=${grupo}`);
    expect(porGrupo.items.map((i) => [i.codigo, i.valor])).toEqual([
      ['AGU', '10.00'],
      ['SUC', '23.33'],
    ]);
    expect(porGrupo.totais).toEqual({ produtos: 2, valor: '33.33' });
    const porBusca = await posicao(`local_id=${sep}&q=suco`);
    expect(porBusca.totais).toEqual({ produtos: 1, valor: '23.33' });
  });

  it('every filter: the totals count the list and add its values', async () => {
    const locais = ['', `local_id=${dep}`, `local_id=${sep}`];
    const outros = [
      '',
      `grupo_id=${grupo}`,
      'q=produto',
      'situacao=abaixo_minimo',
      'situacao=acima_maximo',
      'situacao=zerado',
    ];
    for (const local of locais)
      for (const outro of outros) {
        const filtros = [local, outro].filter(Boolean).join('&');
        const r = await posicao(filtros);
        const soma = r.items.reduce((s, i) => s.plus(i.valor), Decimal.ZERO);
        expect([r.total, r.totais.produtos, r.totais.valor], filtros).toEqual([
          r.items.length,
          r.items.length,
          soma.toFixed(2),
        ]);
      }
  });
});

describe('Posição de Estoque: «em pedido» (issue 34)', () => {
  it('each row of the page shows its open purchase-order quantity, the orders and the earliest delivery', async () => {
    const admin = (await t.signIn(['admin'])).token;
    const [f] = await t.db
      .insert(fornecedores)
      .values({ tipoPessoa: 'J', documento: '34128745000152', razaoSocial: 'Distribuidora de Bebidas Ltda' })
      .returning({ id: fornecedores.id });
    const ids = Object.fromEntries(
      rowsOf<{ codigo: string; id: string }>(
        await t.db.execute(sql`select codigo, id from products where codigo in ('AGU', 'SAL')`),
      ).map((r) => [r.codigo, r.id]),
    );
    const pedido = async (
      itens: { produto_id: string; quantidade: string; previsao_entrega?: string }[],
      aprovar: boolean,
    ) => {
      const r = await t.request('POST', '/api/compras/pedidos', {
        token: admin,
        body: {
          fornecedor_id: f!.id,
          previsao_entrega: '2099-03-10',
          itens: itens.map((i) => ({ ...i, unidade: 'UN', preco: '1,00' })),
        },
      });
      expect(r.status, await r.clone().text()).toBe(201);
      const { id } = (await r.json()) as { id: string };
      if (aprovar)
        expect((await t.request('POST', `/api/compras/pedidos/${id}/aprovar`, { token: admin })).status).toBe(
          200,
        );
    };
    await pedido([{ produto_id: ids.AGU!, quantidade: '6' }], true);
    // a draft is not «em pedido» yet
    await pedido([{ produto_id: ids.AGU!, quantidade: '100' }], false);
    await pedido(
      [
        { produto_id: ids.AGU!, quantidade: '3', previsao_entrega: '2099-03-05' },
        { produto_id: ids.SAL!, quantidade: '4,5' },
      ],
      true,
    );
    type Row = Linha & { em_pedido: string; em_pedido_pedidos: number; em_pedido_previsao: string | null };
    const r = (await posicao('')) as unknown as { items: Row[] };
    const por = Object.fromEntries(
      r.items.map((i) => [i.codigo, [i.em_pedido, i.em_pedido_pedidos, i.em_pedido_previsao]]),
    );
    expect(por).toMatchObject({
      AGU: ['9.000', 2, '2099-03-05'],
      SAL: ['4.500', 1, '2099-03-10'],
      SUC: ['0.000', 0, null],
    });
    // and with a location filter, the same (the orders are of the product, not of a location)
    const sep = (await posicao(`local_id=${dep}`)) as unknown as { items: Row[] };
    expect(sep.items.find((i) => i.codigo === 'AGU')?.em_pedido).toBe('9.000');
  });
});
