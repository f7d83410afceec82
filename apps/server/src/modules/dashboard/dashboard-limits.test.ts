import { addDays, businessMonthStart, fromCents } from '@erp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor, writeTx } from '../../lib/audit-context.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { clientes, vendedores } from '../cadastros/cadastros.tables.ts';
import { salesOrderItems, salesOrders } from '../comercial/comercial.tables.ts';
import { products } from '../estoque/estoque.tables.ts';
import { financialAccounts } from '../financeiro/financeiro.tables.ts';

// Limits of spec section 9: top 20 products, customers and sellers; 50 rows for products and
// accounts. "Today" is 2026-05-10; May has 25 orders, one per customer, seller and product.

const HOJE = '2026-05-10';
const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const pad = (i: number) => String(i).padStart(2, '0');
const uuid = (kind: number, n: number) => `00000000-0000-4000-8${kind}00-${String(n).padStart(12, '0')}`;

let t: TestContext;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  await writeTx(t.db, systemActor, async (tx) => {
    await tx
      .insert(vendedores)
      .values(range(25).map((i) => ({ id: uuid(1, i), nome: `Vendedor ${pad(i)}` })));
    await tx.insert(clientes).values(
      range(25).map((i) => ({
        id: uuid(2, i),
        tipoPessoa: 'J' as const,
        documento: `${pad(i)}345678000199`,
        razaoSocial: `Cliente ${pad(i)}`,
        vendedorId: uuid(1, i),
      })),
    );
    await tx.insert(products).values([
      ...range(25).map((i) => ({
        id: uuid(3, i),
        codigo: `S${pad(i)}`,
        nome: `Vendido ${pad(i)}`,
        estoqueAtual: '50.000',
        precoCusto: '1.00',
      })),
      // 60 below the minimum: stock 1..60, minimum 100
      ...range(60).map((i) => ({
        id: uuid(4, i),
        codigo: `L${pad(i)}`,
        nome: `Baixo ${pad(i)}`,
        estoqueAtual: `${i}.000`,
        estoqueMinimo: '100.000',
        precoCusto: fromCents(1000 + i),
      })),
      // 60 above the maximum: stock 1001..1060, maximum 500
      ...range(60).map((i) => ({
        id: uuid(5, i),
        codigo: `H${pad(i)}`,
        nome: `Alto ${pad(i)}`,
        estoqueAtual: `${1000 + i}.000`,
        estoqueMinimo: '1.000',
        estoqueMaximo: '500.000',
        precoCusto: fromCents(5000 + i),
      })),
    ]);
    await tx.insert(salesOrders).values(
      range(25).map((i) => ({
        id: uuid(6, i),
        clienteId: uuid(2, i),
        clienteNome: `Cliente ${pad(i)}`,
        vendedorId: uuid(1, i),
        dataEmissao: `2026-05-${pad(i)}`,
        status: 'faturado',
        valorTotal: fromCents(i * 1000),
      })),
    );
    await tx.insert(salesOrderItems).values(
      range(25).map((i) => ({
        orderId: uuid(6, i),
        productId: uuid(3, i),
        produtoNome: `Vendido ${pad(i)}`,
        quantidade: `${i}.000`,
        precoUnitario: '10.00',
        subtotal: fromCents(i * 1000),
      })),
    );
    // 60 open receivables and 60 open payables, due 2026-01-01 + i days (all overdue on May 10 up to i=129)
    await tx.insert(financialAccounts).values(
      (['receber', 'pagar'] as const).flatMap((tipo) =>
        range(60).map((i) => ({
          tipo,
          descricao: `${tipo} ${pad(i)}`,
          valor: '1.00',
          dataVencimento: addDays('2026-01-01', tipo === 'receber' ? i * 2 : i * 2 + 1),
        })),
      ),
    );
  });
  token = (await t.signIn(['admin'])).token;
});
afterAll(() => t.close());

async function linhas(path: string) {
  const res = await t.request('GET', `/api/dashboard${path}`, { token });
  expect(res.status).toBe(200);
  return ((await res.json()) as { linhas: Record<string, unknown>[] }).linhas;
}

describe('limits and orderings', () => {
  it('top 20 products, customers and sellers by descending value', async () => {
    const top = range(20).map((k) => 26 - k); // 25, 24, ..., 6
    expect((await linhas(`/comercial/vendas-por-produto?hoje=${HOJE}`)).map((l) => l.produto)).toEqual(
      top.map((i) => `Vendido ${pad(i)}`),
    );
    expect((await linhas(`/comercial/vendas-por-cliente?hoje=${HOJE}`)).map((l) => l.valor_total)).toEqual(
      top.map((i) => fromCents(i * 1000)),
    );
    expect((await linhas(`/comercial/vendas-por-vendedor?hoje=${HOJE}`)).map((l) => l.vendedor)).toEqual(
      top.map((i) => `Vendedor ${pad(i)}`),
    );
  });

  it('Vendas por Período lists every day of the month that has orders (no top limit)', async () => {
    const rows = await linhas(`/comercial/vendas-por-periodo?hoje=${HOJE}`);
    expect(rows.map((l) => l.data)).toEqual(range(25).map((i) => `2026-05-${pad(i)}`));
  });

  it('50 products below the minimum (ascending stock) and above the maximum (descending stock)', async () => {
    const baixo = await linhas('/estoque/abaixo-minimo');
    expect(baixo.map((l) => l.codigo)).toEqual(range(50).map((i) => `L${pad(i)}`));
    expect(new Set(baixo.map((l) => l.status))).toEqual(new Set(['baixo']));
    const alto = await linhas('/estoque/acima-maximo');
    expect(alto.map((l) => l.codigo)).toEqual(range(50).map((k) => `H${pad(61 - k)}`));
    const valor = await linhas('/estoque/valor');
    expect(valor.map((l) => l.codigo)).toEqual(range(50).map((k) => `H${pad(61 - k)}`));
  });

  it('50 accounts by ascending due date', async () => {
    const receber = await linhas(`/financeiro/receber?hoje=${HOJE}`);
    expect(receber.map((l) => l.descricao)).toEqual(range(50).map((i) => `receber ${pad(i)}`));
    const vencidas = await linhas(`/financeiro/vencidas?hoje=${HOJE}`);
    expect(vencidas).toHaveLength(50);
    expect(vencidas.slice(0, 3).map((l) => l.descricao)).toEqual(['receber 01', 'pagar 01', 'receber 02']);
    expect(vencidas.at(-1)!.descricao).toBe('pagar 25');
  });
});

describe('?hoje outside NODE_ENV=test', () => {
  it('is ignored: the month is the current one of America/Sao_Paulo', async () => {
    const dev = await createTestApp({ NODE_ENV: 'development' });
    try {
      const { token: devToken } = await dev.signIn(['comercial']);
      const res = await dev.request('GET', `/api/dashboard/comercial?hoje=${HOJE}`, { token: devToken });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { periodo: { inicio: string } }).periodo.inicio).toBe(
        businessMonthStart(),
      );
    } finally {
      await dev.close();
    }
  });
});
