import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor, writeTx } from '../../lib/audit-context.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { financialAccounts } from '../financeiro/financeiro.tables.ts';

// The finance block with partially paid títulos: the cards sum the open balance (the saldo of
// em_aberto and parcial), "Contas Vencidas" counts títulos with an open balance due before today,
// and the drill-downs show the saldo as the row's value.

const HOJE = '2026-03-15';
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

let t: TestContext;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.signIn(['financeiro'])).token;
  const titulo = (
    n: number,
    tipo: 'receber' | 'pagar',
    status: string,
    valor: string,
    saldo: string,
    dataVencimento: string,
  ) => ({ id: uuid(n), tipo, status, valor, saldo, dataVencimento, descricao: `Título ${n}` });
  await writeTx(t.db, systemActor, (tx) =>
    tx.insert(financialAccounts).values([
      titulo(1, 'receber', 'parcial', '1000.00', '666.67', '2026-03-10'), // overdue, partially paid
      titulo(2, 'receber', 'em_aberto', '200.10', '200.10', '2026-03-20'),
      titulo(3, 'receber', 'pago', '300.00', '0.00', '2026-03-01'),
      titulo(4, 'pagar', 'parcial', '500.00', '0.01', '2026-03-15'), // due today: not overdue
      titulo(5, 'pagar', 'cancelado', '80.00', '80.00', '2026-02-01'),
    ]),
  );
});
afterAll(() => t.close());

async function get(path: string) {
  const res = await t.request('GET', `/api/dashboard${path}`, { token });
  expect(res.status, path).toBe(200);
  return res.json();
}

describe('Dashboard Financeiro with partially paid títulos', () => {
  it('cards sum the saldo of em_aberto and parcial; overdue counts an open balance due before today', async () => {
    // receber 666.67 + 200.10 = 866.77; pagar 0.01; projected 866.76; overdue: título 1 only
    expect(await get(`/financeiro?hoje=${HOJE}`)).toEqual({
      hoje: HOJE,
      a_receber: '866.77',
      a_pagar: '0.01',
      saldo_projetado: '866.76',
      contas_vencidas: 1,
    });
    expect(await get('/financeiro?hoje=2026-03-16')).toMatchObject({ contas_vencidas: 2 });
  });

  it('drill-downs list the open títulos with their saldo and the overdue flag', async () => {
    const receber = (await get(`/financeiro/receber?hoje=${HOJE}`)) as { linhas: Record<string, unknown>[] };
    expect(receber.linhas.map((l) => [l.id, l.valor, l.status, l.vencida])).toEqual([
      [uuid(1), '666.67', 'parcial', true],
      [uuid(2), '200.10', 'em_aberto', false],
    ]);
    const vencidas = (await get(`/financeiro/vencidas?hoje=2026-03-16`)) as {
      linhas: Record<string, unknown>[];
    };
    expect(vencidas.linhas.map((l) => [l.id, l.valor])).toEqual([
      [uuid(1), '666.67'],
      [uuid(4), '0.01'],
    ]);
  });
});
