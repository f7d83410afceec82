import { addDays, businessToday } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { systemActor, writeTx } from '../../lib/audit-context.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { criaLocal, criaLote, criaProduto, localPrincipal } from './estoque-test-support.ts';
import { registraEntrada } from './movimentos.service.ts';

// Movements and the stock queries through the HTTP API: ajuste (reason required), transferência
// (both legs, same cost), estorno, Posição de Estoque (totals, location filter, expansion), Kardex
// (running balance and cost), Lotes (quantity per location, expiry filters), permissions.

let t: TestContext;
let token: string;
let dep: string;
let sep: string;
let arroz: string;
let leite: string;
let loteCedo: string;
let loteVencido: string;
const hoje = businessToday();

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.signIn(['estoque'], { nome: 'Eva Estoque' })).token;
  dep = await localPrincipal(t.db);
  sep = await criaLocal(t.db, { codigo: 'SEP', nome: 'Separação', tipo: 'separacao' });
  arroz = await criaProduto(t.db, { codigo: 'ARR5', nome: 'Arroz Tipo 1 5 kg' });
  leite = await criaProduto(t.db, { codigo: 'LEI1', nome: 'Leite UHT 1 L', controlaLote: true });
  loteCedo = await criaLote(t.db, { produtoId: leite, numero: 'L10', validade: addDays(hoje, 10) });
  loteVencido = await criaLote(t.db, { produtoId: leite, numero: 'L00', validade: addDays(hoje, -2) });
  await writeTx(t.db, systemActor, async (tx) => {
    await registraEntrada(tx, systemActor, { produtoId: arroz, quantidade: '10', custoUnitario: '20.00' });
    await registraEntrada(tx, systemActor, {
      produtoId: leite,
      quantidade: '12',
      custoUnitario: '4.10',
      loteId: loteCedo,
    });
    await registraEntrada(tx, systemActor, {
      produtoId: leite,
      quantidade: '3',
      custoUnitario: '4.10',
      loteId: loteVencido,
    });
  });
});
afterAll(() => t.close());

const call = async (method: string, path: string, body?: unknown, tk = token) => {
  const res = await t.request(method, `/api/estoque${path}`, { token: tk, body });
  const text = await res.text();
  return {
    status: res.status,
    body: text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text,
  };
};

describe('ajuste', () => {
  it('needs a reason; an entrada adjustment is valued at the custo médio', async () => {
    const sem = await call('POST', '/ajustes', {
      produto_id: arroz,
      local_id: dep,
      sentido: 'entrada',
      quantidade: '2',
    });
    expect(sem.status).toBe(400);
    expect(sem.body.details.fields).toEqual({ motivo: ['Motivo é obrigatório'] });
    const r = await call('POST', '/ajustes', {
      produto_id: arroz,
      local_id: dep,
      sentido: 'entrada',
      quantidade: '2',
      motivo: 'Sobra na conferência',
    });
    expect(r.status).toBe(201);
    expect(
      r.body.map((m: Record<string, unknown>) => [m.tipo, m.quantidade, m.custo_unitario, m.saldo_produto]),
    ).toEqual([['ajuste', '2.000', '20.0000', '12.000']]);
  });

  it('a saída adjustment beyond what is available is refused with the stock message', async () => {
    const r = await call('POST', '/ajustes', {
      produto_id: arroz,
      local_id: dep,
      sentido: 'saida',
      quantidade: '13',
      motivo: 'Quebra',
    });
    expect(r.status).toBe(422);
    expect(r.body.message).toBe(
      'Estoque insuficiente de Arroz Tipo 1 5 kg em Depósito principal: disponível 12.',
    );
  });

  it('a product that controls lots must name the lot', async () => {
    const r = await call('POST', '/ajustes', {
      produto_id: leite,
      local_id: dep,
      sentido: 'entrada',
      quantidade: '1',
      motivo: 'x',
    });
    expect(r.status).toBe(400);
    expect(r.body.details.fields).toEqual({
      lote_id: ['Informe o lote: o produto controla lote e validade'],
    });
  });
});

describe('transferência', () => {
  it('writes both legs in one transaction at the same cost, under one origin id', async () => {
    const r = await call('POST', '/transferencias', {
      produto_id: arroz,
      origem_id: dep,
      destino_id: sep,
      quantidade: '5',
      observacao: 'Abastecer separação',
    });
    expect(r.status).toBe(201);
    expect(r.body.map((m: Record<string, unknown>) => [m.local_id, m.quantidade, m.custo_unitario])).toEqual([
      [dep, '-5.000', '20.0000'],
      [sep, '5.000', '20.0000'],
    ]);
    const mesmo = await call('POST', '/transferencias', {
      produto_id: arroz,
      origem_id: dep,
      destino_id: dep,
      quantidade: '1',
    });
    expect(mesmo.status).toBe(400);
    expect(mesmo.body.details.fields).toEqual({
      destino_id: ['Local de destino deve ser diferente do de origem'],
    });
  });
});

describe('Posição de Estoque', () => {
  it('per product: saldo, reservado, disponível, custo médio, value; totals of the whole filter', async () => {
    const r = await call('GET', '/posicao?sort=codigo');
    expect(
      r.body.items.map((p: Record<string, string>) => [
        p.codigo,
        p.saldo,
        p.disponivel,
        p.custo_medio,
        p.valor,
      ]),
    ).toEqual([
      ['ARR5', '12.000', '12.000', '20.0000', '240.00'],
      ['LEI1', '15.000', '15.000', '4.1000', '61.50'],
    ]);
    expect(r.body.totais).toEqual({ produtos: 2, valor: '301.50' });
  });

  it('with a location filter, the balances of that location', async () => {
    const r = await call('GET', `/posicao?local_id=${sep}`);
    expect(r.body.items.map((p: Record<string, string>) => [p.codigo, p.saldo, p.valor])).toEqual([
      ['ARR5', '5.000', '100.00'],
    ]);
    expect(r.body.totais).toEqual({ produtos: 1, valor: '100.00' });
  });

  it('a row expands into locations and lots', async () => {
    const r = await call('GET', `/posicao/${leite}/saldos`);
    expect(
      r.body.map((s: Record<string, string>) => [s.local_nome, s.lote_numero, s.saldo, s.valor]),
    ).toEqual([
      ['Depósito principal', 'L00', '3.000', '12.30'],
      ['Depósito principal', 'L10', '12.000', '49.20'],
    ]);
  });

  it('filters zerado / abaixo do mínimo / acima do máximo', async () => {
    expect((await call('GET', '/posicao?situacao=zerado')).body.total).toBe(0);
    expect((await call('GET', '/posicao?situacao=abaixo_minimo')).body.total).toBe(0);
    expect((await call('GET', '/posicao?situacao=acima_maximo')).body.total).toBe(0);
  });
});

describe('Kardex and estorno', () => {
  it('lists every movement with the running balance; a location filter gives that location’s balance', async () => {
    const todos = await call('GET', `/produtos/${arroz}/kardex`);
    expect(
      todos.body.items.map((k: Record<string, string>) => [
        k.tipo,
        k.local_nome,
        k.quantidade,
        k.saldo,
        k.custo_medio,
      ]),
    ).toEqual([
      ['entrada', 'Depósito principal', '10.000', '10.000', '20.0000'],
      ['ajuste', 'Depósito principal', '2.000', '12.000', '20.0000'],
      ['transferencia', 'Depósito principal', '-5.000', '7.000', '20.0000'],
      ['transferencia', 'Separação', '5.000', '12.000', '20.0000'],
    ]);
    expect(todos.body.items[1].usuario_nome).toBe('Eva Estoque');
    expect(todos.body.items[1].observacao).toBe('Sobra na conferência');
    const deposito = await call('GET', `/produtos/${arroz}/kardex?local_id=${dep}&dir=desc`);
    expect(deposito.body.items.map((k: Record<string, string>) => [k.tipo, k.saldo])).toEqual([
      ['transferencia', '7.000'],
      ['ajuste', '12.000'],
      ['entrada', '10.000'],
    ]);
  });

  it('an estorno of a transfer reverses both legs once; the Kardex shows them', async () => {
    const kardex = await call('GET', `/produtos/${arroz}/kardex?tipo=transferencia`);
    const perna = kardex.body.items[0].id as number;
    const r = await call('POST', `/movimentos/${perna}/estorno`, { motivo: 'Transferência errada' });
    expect(r.status).toBe(201);
    expect(r.body.map((m: Record<string, unknown>) => [m.tipo, m.local_id, m.quantidade])).toEqual([
      ['estorno', dep, '5.000'],
      ['estorno', sep, '-5.000'],
    ]);
    const de_novo = await call('POST', `/movimentos/${perna}/estorno`, { motivo: 'de novo' });
    expect([de_novo.status, de_novo.body.message]).toEqual([409, 'Este movimento já foi estornado.']);
    const naoExiste = await call('POST', '/movimentos/999999/estorno', { motivo: 'x' });
    expect(naoExiste.status).toBe(404);
    const posicao = await call('GET', `/posicao?local_id=${sep}&situacao=zerado`);
    expect(posicao.body.items.map((p: Record<string, string>) => [p.codigo, p.saldo])).toEqual([
      ['ARR5', '0.000'],
    ]);
  });

  it('exports the Kardex as CSV', async () => {
    const r = await call('GET', `/produtos/${arroz}/kardex/export?formato=csv`);
    expect(r.status).toBe(200);
    const linhas = (r.body as string).replace('\uFEFF', '').trim().split('\r\n');
    expect(linhas[0]).toBe(
      'Data;Tipo;Local;Lote;Quantidade;Custo unitário;Valor;Saldo;Custo médio;Origem;Usuário;Observação',
    );
    expect(linhas).toHaveLength(7);
    // a negative quantity and value keep their sign (the formula guard is for text cells only)
    expect(linhas[3]!.split(';').slice(1, 9)).toEqual([
      'Transferência',
      'Depósito principal',
      '',
      '-5,000',
      '20,0000',
      '-100,00',
      '7,000',
      '20,0000',
    ]);
  });
});

describe('Lotes', () => {
  it('lists lots with validade and quantity per location; vencidos and 30-day filters', async () => {
    const vencidos = await call('GET', '/lotes?vencimento=vencidos');
    expect(
      vencidos.body.items.map(
        (l: { numero: string; saldo: string; locais: { local_nome: string; saldo: string }[] }) => [
          l.numero,
          l.saldo,
          l.locais.map((x) => [x.local_nome, x.saldo]),
        ],
      ),
    ).toEqual([['L00', '3.000', [['Depósito principal', '3.000']]]]);
    const trinta = await call('GET', '/lotes?vencimento=30');
    expect(trinta.body.items.map((l: { numero: string }) => l.numero)).toEqual(['L10']);
  });

  it('refuses a lot for a product that does not control lots, and a repeated number', async () => {
    const semLote = await call('POST', '/lotes', {
      produto_id: arroz,
      numero: 'A1',
      validade: addDays(hoje, 90),
    });
    expect(semLote.body.details.fields).toEqual({
      produto_id: ['Este produto não controla lote e validade'],
    });
    const repetido = await call('POST', '/lotes', {
      produto_id: leite,
      numero: 'L10',
      validade: addDays(hoje, 90),
    });
    expect([repetido.status, repetido.body.details.fields]).toEqual([
      409,
      { numero: ['Já existe um lote com este número para o produto.'] },
    ]);
  });
});

describe('permitir estoque negativo', () => {
  it('the admin switches it on; then a saída below zero is accepted; estoque may read but not change it', async () => {
    const admin = (await t.signIn(['admin'])).token;
    expect((await call('GET', '/configuracoes')).body).toEqual({ permitir_estoque_negativo: false });
    expect((await call('PUT', '/configuracoes', { permitir_estoque_negativo: true })).status).toBe(403);
    const ligado = await call('PUT', '/configuracoes', { permitir_estoque_negativo: true }, admin);
    expect([ligado.status, ligado.body]).toEqual([200, { permitir_estoque_negativo: true }]);
    const ajuste = {
      produto_id: arroz,
      local_id: sep,
      sentido: 'saida',
      quantidade: '2',
      motivo: 'Venda sem nota',
    };
    const r = await call('POST', '/ajustes', ajuste);
    expect(r.body.map((m: Record<string, string>) => m.saldo_produto)).toEqual(['10.000']);
    const posicao = await call('GET', `/posicao?local_id=${sep}`);
    expect(posicao.body.items.map((p: Record<string, string>) => [p.codigo, p.saldo, p.disponivel])).toEqual([
      ['ARR5', '-2.000', '-2.000'],
    ]);
    await call('PUT', '/configuracoes', { permitir_estoque_negativo: false }, admin);
    expect((await call('POST', '/ajustes', ajuste)).status).toBe(422);
  });
});

describe('delete', () => {
  it('a product with movements cannot be deleted; inactivating is offered', async () => {
    const r = await call('DELETE', `/produtos/${arroz}`);
    expect([r.status, r.body.message, r.body.details.podeInativar]).toEqual([
      409,
      'Não é possível excluir: o registro é usado em movimentações de estoque. Você pode inativá-lo para que não seja mais oferecido.',
      true,
    ]);
  });
});

describe('audit', () => {
  it('movements write no audit row for the product (the ledger is their record); the register does', async () => {
    const rows = rowsOf<{ acao: string }>(
      await t.db.execute(
        sql`select acao from audit_log where tabela = 'products' and registro_id = ${arroz}`,
      ),
    );
    expect(rows.map((r) => r.acao)).toEqual(['criacao']);
  });
});

describe('permissions', () => {
  it('comercial and financeiro get 403 on the ledger', async () => {
    for (const roles of [['comercial'], ['financeiro']] as const) {
      const other = (await t.signIn([...roles])).token;
      expect((await call('GET', '/posicao', undefined, other)).status).toBe(403);
      expect((await call('GET', `/produtos/${arroz}/kardex`, undefined, other)).status).toBe(403);
      const ajuste = { produto_id: arroz, local_id: dep, sentido: 'entrada', quantidade: '1', motivo: 'x' };
      expect((await call('POST', '/ajustes', ajuste, other)).status).toBe(403);
    }
  });
});

describe('ajuste de entrada: unit cost', () => {
  it('is required while the product has no cost; it averages in; an estorno takes it back out', async () => {
    const feijao = await criaProduto(t.db, { codigo: 'FEI1', nome: 'Feijão Carioca 1 kg' });
    const ajuste = {
      produto_id: feijao,
      local_id: dep,
      sentido: 'entrada',
      quantidade: '24',
      motivo: 'Saldo inicial',
    };
    const sem = await call('POST', '/ajustes', ajuste);
    expect([sem.status, sem.body.details.fields]).toEqual([
      400,
      { custo_unitario: ['Informe o custo unitário'] },
    ]);
    const primeiro = await call('POST', '/ajustes', { ...ajuste, custo_unitario: '7,2' });
    expect(primeiro.status).toBe(201);
    // (24 × 7,20 + 6 × 8,1234) / 30 = 7,38468 -> 7,3847; without a cost: the average
    const segundo = await call('POST', '/ajustes', { ...ajuste, quantidade: '6', custo_unitario: '8,1234' });
    const terceiro = await call('POST', '/ajustes', { ...ajuste, quantidade: '1' });
    const saida = await call('POST', '/ajustes', {
      ...ajuste,
      sentido: 'saida',
      quantidade: '1',
      custo_unitario: '99',
    });
    expect(
      [primeiro, segundo, terceiro, saida].map((r) => {
        const [m] = r.body as Record<string, unknown>[];
        return [m!.quantidade, m!.custo_unitario, m!.saldo_produto, m!.custo_medio];
      }),
    ).toEqual([
      ['24.000', '7.2000', '24.000', '7.2000'],
      ['6.000', '8.1234', '30.000', '7.3847'],
      ['1.000', '7.3847', '31.000', '7.3847'],
      ['-1.000', '7.3847', '30.000', '7.3847'],
    ]);
    const produto = await call('GET', `/produtos/${feijao}`);
    expect([produto.body.custo_medio, produto.body.estoque_atual]).toEqual(['7.3847', '30.000']);
    // reversing the one at 8,1234: (30 × 7,3847 − 6 × 8,1234) / 24 = 7,200025 -> 7,2000
    const estorno = await call('POST', `/movimentos/${segundo.body[0].id}/estorno`, {
      motivo: 'Custo errado',
    });
    expect(
      estorno.body.map((m: Record<string, string>) => [m.quantidade, m.custo_unitario, m.custo_medio]),
    ).toEqual([['-6.000', '8.1234', '7.2000']]);
    const negativo = await call('POST', '/ajustes', { ...ajuste, custo_unitario: '-1' });
    expect(negativo.body.details.fields).toEqual({
      custo_unitario: ['Custo unitário não pode ser negativo'],
    });
  });
});
