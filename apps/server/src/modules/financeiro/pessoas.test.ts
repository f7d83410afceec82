import { cnpjWithCheckDigits } from '@erp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { fornecedores } from '../cadastros/cadastros.tables.ts';
import { criaCliente } from '../tributacao/tributacao-test-support.ts';
import { chama } from './financeiro-test-support.ts';

// GET /api/financeiro/pessoas: the cliente or fornecedor of a título for the finance role, which
// may not read the clientes register; active records only, by name or CPF/CNPJ.

let t: TestContext;
let financeiro: string;

beforeAll(async () => {
  t = await createTestApp();
  financeiro = (await t.signIn(['financeiro'])).token;
  await criaCliente(t.db, { razaoSocial: 'Mercado Pessoas Alfa Ltda', uf: 'SP', indicadorIe: '1' });
  await t.db.insert(fornecedores).values({
    tipoPessoa: 'J',
    documento: cnpjWithCheckDigits('314159260001'),
    razaoSocial: 'Distribuidora Pessoas Beta S.A.',
    indicadorIe: '9',
  });
});
afterAll(() => t?.close());

describe('pessoas of a título', () => {
  it('the financeiro role finds a cliente and a fornecedor by name', async () => {
    const c = await chama(t, financeiro, 'GET', '/api/financeiro/pessoas?tipo=cliente&q=pessoas alfa');
    expect(c.status).toBe(200);
    expect(c.body.map((p: { nome: string }) => p.nome)).toEqual(['Mercado Pessoas Alfa Ltda']);
    expect(Object.keys(c.body[0]).sort()).toEqual(['documento', 'id', 'nome']);
    const f = await chama(t, financeiro, 'GET', '/api/financeiro/pessoas?tipo=fornecedor&q=pessoas beta');
    expect(f.body.map((p: { nome: string }) => p.nome)).toEqual(['Distribuidora Pessoas Beta S.A.']);
    const nenhum = await chama(
      t,
      financeiro,
      'GET',
      '/api/financeiro/pessoas?tipo=fornecedor&q=pessoas alfa',
    );
    expect(nenhum.body).toEqual([]);
  });

  it('a wrong tipo is a 400; other roles get 403', async () => {
    expect((await chama(t, financeiro, 'GET', '/api/financeiro/pessoas?tipo=vendedor')).status).toBe(400);
    const comercial = (await t.signIn(['comercial'])).token;
    expect((await chama(t, comercial, 'GET', '/api/financeiro/pessoas?tipo=cliente')).status).toBe(403);
  });
});
