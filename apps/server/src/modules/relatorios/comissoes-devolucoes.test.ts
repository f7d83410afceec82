import { sql } from 'drizzle-orm';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { paginasPdf, temPoppler } from '../../test/pdf-texto.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

// Comissões and Devoluções e cancelamentos (issue 35) over a hand-made data set; every expected
// figure is worked out by hand in the comments, and the totals are compared with a hand-written SQL.
//
// Commission (March 2026, the baixas' period):
//   T1 Ana/Alfa  comissão 50.00, parcial: baixa 10/03 earns 30.00, its payable C1 paid (saldo 0)
//                → ganha 30.00, paga 30.00, a pagar 0, a ganhar 50 − 30 = 20.00
//   T2 Ana/Beta  comissão 10.00, pago: baixa 25/02 earns 4.00 (February: out); baixa 31/03 earns
//                6.00, its payable C3 parcial (saldo 2.50) → ganha 6.00, paga 3.50, a pagar 2.50;
//                a baixa 15/03 estornada (1.00, payable cancelled) counts for nothing; a ganhar 0 (paid)
//   T3 Bruno/Alfa comissão 9.00, em aberto, no baixa → a ganhar 9.00
//   T4 Bruno/Beta comissão 3.00, pago: baixa 01/03 earns 3.00, payable C5 open → a pagar 3.00
//   T5 no seller: not a commission
//   D1 (Ana) return in effect 31/03 23:30 in São Paulo (01/04 in UTC): 1.25 already earned → estorno
//   D2 (Ana) return in effect 01/04 00:30 in São Paulo: April, out
//   Ana: 36.00 | 33.50 | 2.50 | 1.25 | 20.00;  Bruno: 3.00 | 0 | 3.00 | 0 | 9.00
//   Total: 39.00 | 33.50 | 5.50 | 1.25 | 29.00
//
// Devoluções e cancelamentos (March 2026):
//   D1 Alfa, Ana: items avaria 100.10 + vencido 20.05 → 120.15
//   D2 (April): out;  D3 cancelada: out
//   P2 cancelled 05/03 «Cliente desistiu» 200.00 (Bruno, Beta); P3 cancelled 31/03 21:30 SP «Preço»
//   80.40 (no seller, Alfa); P4 cancelled 20/02: out; P5 cancelled 01/03 «  Cliente desistiu »
//   19.60 (Ana, Alfa) — the reason trimmed, the same row as P2
//   by reason: Cancel. Cliente desistiu 2 / 219.60; Devolução Avaria 1 / 100.10; Cancel. Preço 1 /
//   80.40; Devolução Produto vencido 1 / 20.05. Total: 1 return 120.15, 3 cancelled 300.00, 420.15.

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const V_ANA = uuid(101);
const V_BRUNO = uuid(102);
const C_ALFA = uuid(201);
const C_BETA = uuid(202);
const CONTA = uuid(301);
const PROD = uuid(302);
const MARCO = 'de=2026-03-01&ate=2026-03-31';

let t: TestContext;
let admin: string;
let bruno: string;
let ana: string;
let estoque: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.db.execute(sql`insert into vendedores (id, nome, comissao) values
    (${V_ANA}, 'Ana Vendas', 5), (${V_BRUNO}, 'Bruno Vendas', 3)`);
  await t.db.execute(sql`insert into clientes (id, tipo_pessoa, documento, razao_social) values
    (${C_ALFA}, 'J', '11111111000111', 'Mercado Alfa'), (${C_BETA}, 'J', '22222222000122', 'Padaria Beta')`);
  await t.db.execute(sql`insert into contas_bancarias (id, nome, tipo, saldo_inicial, data_saldo_inicial)
    values (${CONTA}, 'Banco A', 'corrente', 0, '2026-01-01')`);
  await t.db.execute(sql`insert into products (id, codigo, nome) values (${PROD}, 'P1', 'Arroz')`);
  const titulo = async (
    n: number,
    v: {
      tipo?: string;
      status: string;
      valor: string;
      saldo: string;
      vendedor?: string | null;
      comissao?: string | null;
      venc?: string;
    },
  ) =>
    t.db.execute(sql`insert into financial_accounts (id, tipo, status, descricao, valor, saldo, data_emissao,
        data_vencimento, pessoa_nome, vendedor_id, comissao_valor, origem)
      values (${uuid(500 + n)}, ${v.tipo ?? 'receber'}, ${v.status}, ${`Título ${n}`}, ${v.valor}, ${v.saldo},
        '2026-01-10', ${v.venc ?? '2026-03-20'}, ${n % 2 ? 'Mercado Alfa' : 'Padaria Beta'}, ${v.vendedor ?? null},
        ${v.comissao ?? null}, ${v.tipo === 'pagar' ? 'comissao' : 'manual'})`);
  await titulo(1, {
    status: 'parcial',
    valor: '1000.00',
    saldo: '400.00',
    vendedor: V_ANA,
    comissao: '50.00',
  });
  await titulo(2, { status: 'pago', valor: '200.00', saldo: '0', vendedor: V_ANA, comissao: '10.00' });
  await titulo(3, {
    status: 'em_aberto',
    valor: '300.00',
    saldo: '300.00',
    vendedor: V_BRUNO,
    comissao: '9.00',
  });
  await titulo(4, { status: 'pago', valor: '100.00', saldo: '0', vendedor: V_BRUNO, comissao: '3.00' });
  await titulo(5, { status: 'em_aberto', valor: '70.00', saldo: '70.00' });
  // the commission payables (origem comissao)
  const pagar = { tipo: 'pagar' };
  await titulo(11, { ...pagar, status: 'pago', valor: '30.00', saldo: '0', vendedor: V_ANA });
  await titulo(12, { ...pagar, status: 'pago', valor: '4.00', saldo: '0', vendedor: V_ANA });
  await titulo(13, { ...pagar, status: 'parcial', valor: '6.00', saldo: '2.50', vendedor: V_ANA });
  await titulo(14, { ...pagar, status: 'cancelado', valor: '1.00', saldo: '1.00', vendedor: V_ANA });
  await titulo(15, { ...pagar, status: 'em_aberto', valor: '3.00', saldo: '3.00', vendedor: V_BRUNO });
  const baixa = (
    tituloN: number,
    data: string,
    principal: string,
    comissao: string,
    pagarN: number,
    estornada = false,
  ) =>
    t.db.execute(sql`insert into baixas (titulo_id, data_pagamento, conta_bancaria_id, valor_pago, principal, comissao,
        comissao_titulo_id, estornada) values (${uuid(500 + tituloN)}, ${data}, ${CONTA}, ${principal}, ${principal},
        ${comissao}, ${uuid(500 + pagarN)}, ${estornada})`);
  await baixa(1, '2026-03-10', '600.00', '30.00', 11);
  await baixa(2, '2026-02-25', '80.00', '4.00', 12);
  await baixa(2, '2026-03-31', '120.00', '6.00', 13);
  await baixa(2, '2026-03-15', '20.00', '1.00', 14, true);
  await baixa(4, '2026-03-01', '100.00', '3.00', 15);

  // orders: P1 the returns' sale; P2..P5 cancelled
  const pedido = (
    n: number,
    cliente: string,
    vendedor: string | null,
    status: string,
    valor: string,
    motivo: string | null,
  ) =>
    t.db.execute(sql`insert into sales_orders (id, cliente_id, cliente_nome, vendedor_id, data_emissao, status,
        valor_total, motivo_cancelamento) values (${uuid(600 + n)}, ${cliente}, 'snapshot', ${vendedor}, '2026-02-01',
        ${status}, ${valor}, ${motivo})`);
  await pedido(1, C_ALFA, V_ANA, 'faturado', '500.00', null);
  await pedido(2, C_BETA, V_BRUNO, 'cancelado', '200.00', 'Cliente desistiu');
  await pedido(3, C_ALFA, null, 'cancelado', '80.40', 'Preço');
  await pedido(4, C_ALFA, V_ANA, 'cancelado', '55.00', 'Preço');
  await pedido(5, C_ALFA, V_ANA, 'cancelado', '19.60', '  Cliente desistiu ');
  const cancelado = (n: number, quando: string) =>
    t.db.execute(sql`insert into pedido_historico (order_id, de, para, motivo, created_at)
      values (${uuid(600 + n)}, 'digitado', 'cancelado', 'x', ${quando}::timestamptz)`);
  await cancelado(2, '2026-03-05T10:00:00-03:00');
  await cancelado(3, '2026-03-31T21:30:00-03:00'); // 01/04 00:30 UTC: still March in São Paulo
  await cancelado(4, '2026-02-20T10:00:00-03:00');
  await cancelado(5, '2026-03-01T00:10:00-03:00');
  await t.db.execute(sql`insert into sales_order_items (id, order_id, product_id, produto_nome, quantidade,
      preco_unitario, subtotal) values (${uuid(700)}, ${uuid(601)}, ${PROD}, 'Arroz', 10, 50, 500)`);
  await t.db.execute(sql`insert into notas_fiscais (id, pedido_id, cliente_id, serie, numero, chave, status, ambiente,
      emissao, valor_total, xml) values (${uuid(800)}, ${uuid(601)}, ${C_ALFA}, 1, 1, ${'3'.repeat(44)}, 'autorizada',
      '2', now(), 500, '<NFe/>')`);
  const devolucao = (n: number, status: string, efetivada: string | null, pendente: string) =>
    t.db.execute(sql`insert into devolucoes (id, tipo, status, nota_id, pedido_id, cliente_id, vendedor_id,
        chave_referenciada, pessoa_nome, comissao_estorno_pendente, efetivada_em)
      values (${uuid(900 + n)}, 'venda', ${status}, ${uuid(800)}, ${uuid(601)}, ${C_ALFA}, ${V_ANA},
        ${'3'.repeat(44)}, 'Mercado Alfa', ${pendente}, ${efetivada}::timestamptz)`);
  await devolucao(1, 'autorizada', '2026-03-31T23:30:00-03:00', '1.25');
  await devolucao(2, 'lancada', '2026-04-01T00:30:00-03:00', '0.75');
  await devolucao(3, 'cancelada', '2026-03-10T10:00:00-03:00', '0');
  const item = (d: number, seq: number, motivo: string, valor: string) =>
    t.db.execute(sql`insert into devolucao_itens (devolucao_id, sequencia, pedido_item_id, product_id, quantidade,
        unidade, quantidade_informada, motivo, custo_unitario, cfop, valores, valor_total)
      values (${uuid(900 + d)}, ${seq}, ${uuid(700)}, ${PROD}, 1, 'UN', 1, ${motivo}, 1, '1202', '{}'::jsonb, ${valor})`);
  await item(1, 1, 'avaria', '100.10');
  await item(1, 2, 'vencido', '20.05');
  await item(2, 1, 'avaria', '33.00');
  await item(3, 1, 'avaria', '44.00');

  admin = (await t.signIn(['admin'])).token;
  const b = await t.signIn(['comercial']);
  await t.db.execute(sql`update vendedores set user_id = ${b.userId} where id = ${V_BRUNO}`);
  bruno = b.token;
  const a = await t.signIn(['comercial']);
  await t.db.execute(sql`update vendedores set user_id = ${a.userId} where id = ${V_ANA}`);
  ana = a.token;
  estoque = (await t.signIn(['estoque'])).token;
});
afterAll(() => t.close());

async function get(path: string, token = admin) {
  const res = await t.request('GET', `/api/relatorios${path}`, { token });
  expect(res.status, path).toBe(200);
  return res.json();
}

/** Hand-written: the commission earned, paid and to pay on the period's active baixas, per seller. */
async function comissaoSql(vendedor: string | null) {
  const [r] = rowsOf<{ ganha: string; paga: string; a_pagar: string }>(
    await t.db.execute(sql`select coalesce(sum(b.comissao), 0)::text as ganha,
        coalesce(sum(c.valor - c.saldo) filter (where c.status <> 'cancelado'), 0)::text as paga,
        coalesce(sum(c.saldo) filter (where c.status in ('em_aberto', 'parcial')), 0)::text as a_pagar
      from baixas b join financial_accounts f on f.id = b.titulo_id
        join financial_accounts c on c.id = b.comissao_titulo_id
      where not b.estornada and b.data_pagamento between '2026-03-01' and '2026-03-31'
        and f.vendedor_id is not null and (${vendedor}::uuid is null or f.vendedor_id = ${vendedor}::uuid)`),
  );
  const [g] = rowsOf<{ a_ganhar: string }>(
    await t.db.execute(sql`select coalesce(sum(f.comissao_valor - (select coalesce(sum(b.comissao), 0) from baixas b
          where b.titulo_id = f.id and not b.estornada)), 0)::text as a_ganhar
      from financial_accounts f where f.tipo = 'receber' and f.status in ('em_aberto', 'parcial')
        and f.vendedor_id is not null and (${vendedor}::uuid is null or f.vendedor_id = ${vendedor}::uuid)`),
  );
  return { ...r!, ...g! };
}

describe('Comissões (March 2026)', () => {
  it('per seller: earned, paid, to pay, returns to discount, to earn — to the cent and as the hand-written SQL', async () => {
    const r = await get(`/comissoes?${MARCO}&sort=rotulo&dir=asc`);
    expect(r.total).toBe(2);
    expect(
      r.items.map((l: Record<string, string>) => [
        l.rotulo,
        l.percentual,
        l.ganha,
        l.paga,
        l.a_pagar,
        l.estorno,
        l.a_ganhar,
      ]),
    ).toEqual([
      ['Ana Vendas', '5.00', '36.00', '33.50', '2.50', '1.25', '20.00'],
      ['Bruno Vendas', '3.00', '3.00', '0.00', '3.00', '0.00', '9.00'],
    ]);
    expect(r.totais).toEqual({
      ganha: '39.00',
      paga: '33.50',
      a_pagar: '5.50',
      estorno: '1.25',
      a_ganhar: '29.00',
    });
    const s = await comissaoSql(null);
    expect([r.totais.ganha, r.totais.paga, r.totais.a_pagar, r.totais.a_ganhar]).toEqual([
      s.ganha,
      s.paga,
      s.a_pagar,
      s.a_ganhar,
    ]);
  });

  it("título by título (the seller's statement): each título and return behind the figures", async () => {
    const r = await get(`/comissoes?${MARCO}&visao=titulo&vendedor_id=${V_ANA}&sort=data&dir=asc`);
    expect(
      r.items.map((l: Record<string, string>) => [
        l.rotulo,
        l.data,
        l.comissao_titulo,
        l.ganha,
        l.paga,
        l.a_pagar,
        l.estorno,
        l.a_ganhar,
      ]),
    ).toEqual([
      ['Título 1 · Mercado Alfa', '2026-03-20', '50.00', '30.00', '30.00', '0.00', '0.00', '20.00'],
      ['Título 2 · Padaria Beta', '2026-03-20', '10.00', '6.00', '3.50', '2.50', '0.00', '0.00'],
      ['Devolução nº 1 · Mercado Alfa', '2026-03-31', null, '0.00', '0.00', '0.00', '1.25', '0.00'],
    ]);
    expect(r.totais).toEqual({
      ganha: '36.00',
      paga: '33.50',
      a_pagar: '2.50',
      estorno: '1.25',
      a_ganhar: '20.00',
    });
    const s = await comissaoSql(V_ANA);
    expect([r.totais.ganha, r.totais.paga, r.totais.a_pagar, r.totais.a_ganhar]).toEqual([
      s.ganha,
      s.paga,
      s.a_pagar,
      s.a_ganhar,
    ]);
    expect(r.filtros).toContainEqual(['Vendedor', 'Ana Vendas']);
  });

  it('a seller sees only their own commissions, whatever the filter; estoque is refused', async () => {
    const r = await get(`/comissoes?${MARCO}&vendedor_id=${V_ANA}`, bruno);
    expect(r.items.map((l: { rotulo: string }) => l.rotulo)).toEqual(['Bruno Vendas']);
    expect(r.totais).toEqual({
      ganha: '3.00',
      paga: '0.00',
      a_pagar: '3.00',
      estorno: '0.00',
      a_ganhar: '9.00',
    });
    const titulos = await get(`/comissoes?${MARCO}&visao=titulo`, bruno);
    expect(titulos.items.map((l: { rotulo: string }) => l.rotulo).sort()).toEqual([
      'Título 3 · Mercado Alfa',
      'Título 4 · Padaria Beta',
    ]);
    const res = await t.request('GET', `/api/relatorios/comissoes?${MARCO}`, { token: estoque });
    expect(res.status).toBe(403);
  });

  it('an empty period: no rows, zero totals (the open títulos still to earn stay)', async () => {
    const r = await get('/comissoes?de=2025-01-01&ate=2025-01-31');
    expect(r.totais.ganha).toBe('0.00');
    expect(r.totais.a_ganhar).toBe('29.00');
    const bad = await t.request('GET', '/api/relatorios/comissoes?de=2026-03-31&ate=2026-03-01', {
      token: admin,
    });
    expect(bad.status).toBe(400);
  });

  it.skipIf(!temPoppler)(
    "the seller's statement as PDF: the filters in the header, each título, the totals",
    async () => {
      const res = await t.request(
        'GET',
        `/api/relatorios/comissoes/export?${MARCO}&visao=titulo&formato=pdf`,
        { token: ana },
      );
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toMatch(/extrato-comissoes-\d{4}-\d{2}-\d{2}\.pdf/);
      const texto = paginasPdf(Buffer.from(await res.arrayBuffer())).join('\n');
      expect(texto).toContain('Extrato de Comissões');
      expect(texto).toContain('Período dos recebimentos: 01/03/2026 a 31/03/2026');
      expect(texto).toContain('Vendedor: Ana Vendas (suas comissões)');
      expect(texto).toMatch(
        /Título 1 · Mercado Alfa\s+20\/03\/2026\s+R\$ 30,00\s+R\$ 30,00\s+R\$ 0,00\s+R\$ 0,00\s+R\$ 20,00/,
      );
      expect(texto).toMatch(/Total\s+R\$ 36,00\s+R\$ 33,50\s+R\$ 2,50\s+R\$ 1,25\s+R\$ 20,00/);
      expect(texto).not.toContain('Bruno');
    },
  );

  it('XLSX per seller: the rows and the totals row', async () => {
    const res = await t.request(
      'GET',
      `/api/relatorios/comissoes/export?${MARCO}&sort=rotulo&dir=asc&formato=xlsx`,
      { token: admin },
    );
    const linhas = await readSheet(Buffer.from(await res.arrayBuffer()));
    expect(linhas[0]?.[0]).toBe('Relatório de Comissões');
    const i = linhas.findIndex((l) => l[0] === 'Vendedor');
    expect(linhas[i + 1]).toEqual(['Ana Vendas', 5, 36, 33.5, 2.5, 1.25, 20]);
    expect(linhas.at(-1)).toEqual(['Total', null, 39, 33.5, 5.5, 1.25, 29]);
  });
});

/** Hand-written: the returns in effect and the cancelled orders of March (São Paulo days). */
async function devolucoesSql(extra = sql`true`) {
  const [r] = rowsOf<Record<string, string>>(
    await t.db.execute(sql`select
        (select coalesce(sum(i.valor_total), 0) from devolucoes d join devolucao_itens i on i.devolucao_id = d.id
          where d.status in ('autorizada', 'lancada') and d.efetivada_em >= '2026-03-01T00:00:00-03:00'
            and d.efetivada_em < '2026-04-01T00:00:00-03:00' and ${extra})::text as valor_devolvido,
        (select coalesce(sum(valor_total), 0) from sales_orders d where status = 'cancelado' and exists (
          select 1 from pedido_historico h where h.order_id = d.id and h.para = 'cancelado'
            and h.created_at >= '2026-03-01T00:00:00-03:00' and h.created_at < '2026-04-01T00:00:00-03:00')
          and ${extra})::text as valor_cancelado`),
  );
  return r!;
}

describe('Devoluções e cancelamentos (March 2026)', () => {
  it('by reason: each return item under its motivo, the cancelled orders under the reason typed (trimmed)', async () => {
    const r = await get(`/devolucoes?${MARCO}&agrupar=motivo`);
    expect(
      r.items.map((l: Record<string, string | number>) => [
        l.rotulo,
        l.devolucoes,
        l.valor_devolvido,
        l.cancelamentos,
        l.valor_cancelado,
        l.valor_total,
      ]),
    ).toEqual([
      ['Cancelamento · Cliente desistiu', 0, '0.00', 2, '219.60', '219.60'],
      ['Devolução · Avaria', 1, '100.10', 0, '0.00', '100.10'],
      ['Cancelamento · Preço', 0, '0.00', 1, '80.40', '80.40'],
      ['Devolução · Produto vencido', 1, '20.05', 0, '0.00', '20.05'],
    ]);
    expect(r.totais).toEqual({
      devolucoes: 1,
      valor_devolvido: '120.15',
      cancelamentos: 3,
      valor_cancelado: '300.00',
      valor_total: '420.15',
    });
    const s = await devolucoesSql();
    expect([r.totais.valor_devolvido, r.totais.valor_cancelado]).toEqual([
      s.valor_devolvido,
      s.valor_cancelado,
    ]);
  });

  it('by seller and customer; a row opens its documents', async () => {
    const v = await get(`/devolucoes?${MARCO}&agrupar=vendedor&sort=rotulo&dir=asc`);
    expect(v.items.map((l: Record<string, string>) => [l.rotulo, l.valor_total])).toEqual([
      ['Ana Vendas', '139.75'],
      ['Bruno Vendas', '200.00'],
      ['Sem vendedor', '80.40'],
    ]);
    const c = await get(`/devolucoes?${MARCO}&agrupar=cliente&sort=rotulo&dir=asc`);
    expect(c.items.map((l: Record<string, string>) => [l.rotulo, l.valor_total])).toEqual([
      ['Mercado Alfa', '220.15'],
      ['Padaria Beta', '200.00'],
    ]);
    const d = await get(
      `/devolucoes?${MARCO}&agrupar=documento&motivo=cancelamento:Cliente desistiu&sort=data&dir=asc`,
    );
    expect(
      d.items.map((l: Record<string, string>) => [
        l.rotulo,
        l.data,
        l.cliente,
        l.vendedor,
        l.motivos,
        l.valor_total,
      ]),
    ).toEqual(
      [
        ['Pedido nº 5', '2026-03-01', 'Mercado Alfa', 'Ana Vendas', 'Cliente desistiu', '19.60'],
        ['Pedido nº 2', '2026-03-05', 'Padaria Beta', 'Bruno Vendas', 'Cliente desistiu', '200.00'],
      ].map(([r, ...x]) => [expect.stringMatching(new RegExp(`^${r!.replace(/\d+$/, '\\d+')}$`)), ...x]),
    );
    const dv = await get(`/devolucoes?${MARCO}&agrupar=documento&tipo=devolucao`);
    expect(dv.items.map((l: Record<string, string>) => [l.rotulo, l.motivos, l.valor_devolvido])).toEqual([
      ['Devolução nº 1', 'Avaria, Produto vencido', '120.15'],
    ]);
    const s = await devolucoesSql(sql`d.cliente_id = ${C_ALFA}`);
    const alfa = await get(`/devolucoes?${MARCO}&cliente_id=${C_ALFA}`);
    expect([alfa.totais.valor_devolvido, alfa.totais.valor_cancelado]).toEqual([
      s.valor_devolvido,
      s.valor_cancelado,
    ]);
  });

  it("a seller sees only their own orders' returns and cancellations", async () => {
    const r = await get(`/devolucoes?${MARCO}&agrupar=vendedor`, bruno);
    expect(r.items.map((l: { rotulo: string }) => l.rotulo)).toEqual(['Bruno Vendas']);
    expect(r.totais.valor_total).toBe('200.00');
  });

  it.skipIf(!temPoppler)('PDF and XLSX: what the screen shows, the filters in the header', async () => {
    const pdf = await t.request(
      'GET',
      `/api/relatorios/devolucoes/export?${MARCO}&agrupar=motivo&formato=pdf`,
      { token: admin },
    );
    const texto = paginasPdf(Buffer.from(await pdf.arrayBuffer())).join('\n');
    expect(texto).toContain('Devoluções e cancelamentos');
    expect(texto).toContain('Agrupado por: Motivo');
    expect(texto).toMatch(/Devolução · Avaria\s+1\s+R\$ 100,10\s+0\s+R\$ 0,00\s+R\$ 100,10/);
    expect(texto).toMatch(/Total\s+1\s+R\$ 120,15\s+3\s+R\$ 300,00\s+R\$ 420,15/);
    const xlsx = await t.request(
      'GET',
      `/api/relatorios/devolucoes/export?${MARCO}&agrupar=motivo&formato=xlsx`,
      { token: admin },
    );
    const linhas = await readSheet(Buffer.from(await xlsx.arrayBuffer()));
    expect(linhas.at(-1)).toEqual(['Total', 1, 120.15, 3, 300, 420.15]);
  });
});
