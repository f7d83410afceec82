import { writeFileSync } from 'node:fs';
import { addDays, businessToday } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { systemActor } from '../../lib/audit-context.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { setSetting } from '../configuracoes/settings.service.ts';
import {
  chama,
  criaCliente,
  criaProduto,
  criaRegra,
  criaSituacao,
  criaTitulo,
  criaVendedor,
  entrada,
  type Json,
  pedido,
  tokens,
} from './comercial-test-support.ts';

// Sales orders through the HTTP API and the real database: the 20-item order of the shared
// calculation test (packages/shared/src/comercial/calculo-pedido.test.ts, every value worked out
// by hand there) saved to the cent, the blockers and their releases by role, the status machine,
// the stock reservation and the kanban.

let t: TestContext;
let tk: Awaited<ReturnType<typeof tokens>>;
/** The answer with formatBRL's no-break spaces as plain ones (easier to read in expectations). */
const semNbsp = (v: unknown): Json => JSON.parse(JSON.stringify(v).replaceAll('\u00a0', ' '));
const api = async (token: string, method: string, path: string, body?: unknown) => {
  const r = await chama(t, token, method, `/api/comercial${path}`, body);
  return { status: r.status, body: semNbsp(r.body) };
};

// the 20 lines: [nome, unidade base, embalagens, regra, quantidade, embalagem, preço, desconto, pesos]
type Linha = [
  string,
  string,
  [string, string][],
  'N' | 'S' | 'I' | 'SI',
  string,
  string,
  string,
  [string, string] | undefined,
  string,
  string,
  string,
];
const VINTE: Linha[] = [
  ['Arroz 5 kg', 'UN', [], 'N', '10', 'UN', '25.90', undefined, '5.100', '5.000', '0.006000'],
  [
    'Feijão 1 kg',
    'UN',
    [['CX', '12']],
    'N',
    '2',
    'CX',
    '8.49',
    ['percentual', '5'],
    '1.020',
    '1.000',
    '0.001200',
  ],
  ['Refrigerante 2 L', 'UN', [['FD', '6']], 'S', '5', 'FD', '7.99', undefined, '2.150', '2.000', '0.003500'],
  [
    'Cerveja lata',
    'UN',
    [['CX', '12']],
    'S',
    '10',
    'CX',
    '3.19',
    ['valor', '12.00'],
    '0.380',
    '0.350',
    '0.000400',
  ],
  ['Água 500 mL', 'UN', [['FD', '12']], 'S', '4', 'FD', '1.25', undefined, '0.520', '0.500', '0.000600'],
  ['Detergente', 'UN', [], 'N', '36', 'UN', '2.35', ['percentual', '3'], '0.530', '0.500', '0.000550'],
  ['Ventilador', 'UN', [], 'I', '2', 'UN', '189.90', ['valor', '19.80'], '4.800', '4.200', '0.054000'],
  ['Liquidificador', 'UN', [], 'I', '3', 'UN', '129.00', ['percentual', '10'], '3.100', '2.700', '0.021000'],
  ['Queijo', 'KG', [], 'N', '2.5', 'KG', '42.90', undefined, '1.000', '1.000', '0.001100'],
  ['Presunto', 'KG', [], 'N', '1.755', 'KG', '35.99', undefined, '1.000', '1.000', '0.001100'],
  ['Óleo de soja', 'UN', [['CX', '20']], 'N', '1', 'CX', '7.45', undefined, '0.960', '0.900', '0.001000'],
  [
    'Café 500 g',
    'UN',
    [['CX', '10']],
    'N',
    '3',
    'CX',
    '17.89',
    ['percentual', '2.5'],
    '0.520',
    '0.500',
    '0.000900',
  ],
  ['Açúcar 5 kg', 'UN', [], 'N', '8', 'UN', '21.50', undefined, '5.050', '5.000', '0.005500'],
  ['Sabão em pó', 'UN', [], 'N', '12', 'UN', '11.99', undefined, '1.050', '1.000', '0.002000'],
  [
    'Chocolate',
    'UN',
    [['CX', '24']],
    'SI',
    '2',
    'CX',
    '4.59',
    ['percentual', '4'],
    '0.095',
    '0.090',
    '0.000150',
  ],
  ['Biscoito', 'UN', [['CX', '30']], 'N', '1', 'CX', '2.79', undefined, '0.210', '0.200', '0.000400'],
  ['Energético', 'UN', [], 'S', '24', 'UN', '8.90', ['valor', '5.00'], '0.290', '0.250', '0.000300'],
  ['Pilha AA', 'UN', [], 'I', '10', 'UN', '15.90', undefined, '0.050', '0.046', '0.000060'],
  ['Papel higiênico', 'UN', [['PCT', '4']], 'N', '6', 'PCT', '4.25', undefined, '0.400', '0.380', '0.004000'],
  ['Vinho tinto', 'UN', [], 'SI', '6', 'UN', '39.90', ['percentual', '7'], '1.250', '0.750', '0.001300'],
];
const REGRAS = {
  N: {},
  S: { cfop: '5403', cst_icms: '10', p_mva_st: '40' },
  I: { cst_ipi: '50', p_ipi: '10' },
  SI: { cfop: '5403', cst_icms: '10', p_mva_st: '40', cst_ipi: '50', p_ipi: '5' },
} as const;

const ids: string[] = [];
let vendedor: string;
let clienteRico: string;
let pedidoVinte: Json;

beforeAll(async () => {
  t = await createTestApp();
  tk = await tokens(t);
  vendedor = await criaVendedor(t.db, { nome: 'Vendedora Ana', comissao: '5', descontoMaximo: '12' });
  clienteRico = await criaCliente(t.db, {
    razaoSocial: 'Mercado Central Ltda',
    limite: '100000',
    vendedorId: vendedor,
  });
  for (const [i, [nome, unidade, embalagens, regra, , , preco, , pb, pl, vol]] of VINTE.entries()) {
    const id = await criaProduto(t.db, {
      nome,
      unidade,
      embalagens,
      precoVenda: preco,
      pesoBruto: pb,
      pesoLiquido: pl,
      volume: vol,
    });
    ids.push(id);
    await criaRegra(t, tk.admin, {
      descricao: `Regra ${i + 1} ${regra}`,
      cfop: '5102',
      destino: 'interna',
      produto_id: id,
      ...REGRAS[regra],
    });
    await entrada(t.db, id, '1000');
  }
});
afterAll(() => t?.close());

const vinte = () =>
  pedido(
    clienteRico,
    VINTE.map((l, i) => [ids[i]!, l[5], l[4], l[6], l[7]]),
    { desconto_tipo: 'percentual', desconto: '1.5', frete: '48.50' },
  );

describe('the 20-item order (POST /api/comercial/pedidos)', () => {
  it('saves an orçamento with every total to the cent, recomputed on the server', async () => {
    // produtos 4.186,67 − descontos 188,11 + ST 99,73 + IPI 108,15 + frete 48,50 = 4.254,94
    // (worked out line by line in calculo-pedido.test.ts); commission 5 % of 3.998,56 = 199,93.
    const r = await api(tk.comercial, 'POST', '/pedidos', vinte());
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    pedidoVinte = r.body;
    expect(r.body.status).toBe('orcamento');
    expect(r.body.vendedor_id).toBe(vendedor);
    expect(r.body.totais).toMatchObject({
      produtos: '4186.67',
      descontoItens: '127.22',
      descontoPedido: '60.89',
      descontos: '188.11',
      st: '99.73',
      ipi: '108.15',
      frete: '48.50',
      total: '4254.94',
    });
    expect(r.body.valor_total).toBe('4254.94');
    expect(r.body.comissao).toEqual({ percentual: '5.00', valor: '199.93' });
    expect(r.body.itens).toHaveLength(20);
    expect(r.body.itens.map((i: Json) => i.desconto_rateado).join(' ')).toBe(
      '3.88 2.90 3.60 5.56 0.90 1.23 5.40 5.22 1.61 0.95 2.24 7.85 2.58 2.16 3.17 1.26 3.13 2.38 1.53 3.34',
    );
    expect(r.body.itens.slice(2, 4).map((i: Json) => [i.quantidade_base, i.valor_st, i.valor_total])).toEqual(
      [
        ['30.000', '17.20', '256.08'],
        ['120.000', '26.62', '396.30'],
      ],
    );
    expect(r.body.historico.map((h: Json) => [h.de, h.para])).toEqual([[null, 'orcamento']]);
  });

  it('audits the items in bulk: one criacao per item written, one exclusao per item an edit replaces (migration 0050)', async () => {
    const r = await api(tk.comercial, 'POST', '/pedidos', vinte());
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const itens = async () =>
      rowsOf<{ id: string; j: Json }>(
        await t.db.execute(sql`select i.id::text, to_jsonb(i) as j from sales_order_items i
          where i.order_id = ${r.body.id} order by i.sequencia`),
      );
    const auditoria = async (acao: string, ids: string[]) =>
      rowsOf<{ registro_id: string; antes: Json; depois: Json; user_id: string; user_email: string }>(
        await t.db.execute(sql`select registro_id, antes, depois, user_id::text, user_email from audit_log
          where tabela = 'sales_order_items' and acao = ${acao}
            and registro_id in (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})`),
      );
    // who saved the order, as the header's row-level audit names them
    const [quem] = rowsOf<{ user_id: string; user_email: string }>(
      await t.db.execute(sql`select user_id::text, user_email from audit_log
        where tabela = 'sales_orders' and acao = 'criacao' and registro_id = ${r.body.id}`),
    );
    expect(quem!.user_email).toMatch(/@/);
    const primeiros = await itens();
    expect(primeiros).toHaveLength(20);
    const criados = await auditoria(
      'criacao',
      primeiros.map((i) => i.id),
    );
    expect(criados).toHaveLength(20);
    for (const a of criados) {
      expect(a.depois).toEqual(primeiros.find((i) => i.id === a.registro_id)!.j);
      expect(a.antes).toBeNull();
      expect([a.user_id, a.user_email]).toEqual([quem!.user_id, quem!.user_email]);
    }
    const editado = await api(tk.comercial, 'PUT', `/pedidos/${r.body.id}`, {
      ...vinte(),
      versao: r.body.versao,
    });
    expect(editado.status, JSON.stringify(editado.body)).toBe(200);
    const excluidos = await auditoria(
      'exclusao',
      primeiros.map((i) => i.id),
    );
    expect(excluidos).toHaveLength(20);
    for (const a of excluidos) {
      expect(a.antes).toEqual(primeiros.find((i) => i.id === a.registro_id)!.j);
      expect(a.depois).toBeNull();
      expect([a.user_id, a.user_email]).toEqual([quem!.user_id, quem!.user_email]);
    }
    const novos = await itens();
    expect(novos.map((i) => i.j.sequencia)).toEqual(primeiros.map((i) => i.j.sequencia));
    expect(
      await auditoria(
        'criacao',
        novos.map((i) => i.id),
      ),
    ).toHaveLength(20);
  });

  it('freezes each item at its product custo médio on save and on edit (written by the save itself, migration 0088)', async () => {
    const r = await api(tk.comercial, 'POST', '/pedidos', vinte());
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const custos = async () =>
      rowsOf<{ custo: string; medio: string }>(
        await t.db.execute(sql`select i.custo_unitario::text as custo, p.custo_medio::text as medio
          from sales_order_items i join products p on p.id = i.product_id
          where i.order_id = ${r.body.id} order by i.sequencia`),
      );
    // every product's one entrada cost 1.00
    expect(await custos()).toEqual(Array(20).fill({ custo: '1.0000', medio: '1.0000' }));
    // a later cost moves nothing already written; an edit writes the items again at the new cost
    await t.db.execute(sql`update products set custo_medio = 2.3456 where id = ${ids[0]!}`);
    expect((await custos())[0]).toEqual({ custo: '1.0000', medio: '2.3456' });
    const editado = await api(tk.comercial, 'PUT', `/pedidos/${r.body.id}`, {
      ...vinte(),
      versao: r.body.versao,
    });
    expect(editado.status, JSON.stringify(editado.body)).toBe(200);
    const depois = await custos();
    expect(depois[0]).toEqual({ custo: '2.3456', medio: '2.3456' });
    expect(depois.slice(1)).toEqual(Array(19).fill({ custo: '1.0000', medio: '1.0000' }));
    await t.db.execute(sql`update products set custo_medio = 1 where id = ${ids[0]!}`);
  });

  it('POST /pedidos/calculo answers the same figures without saving', async () => {
    const r = await api(tk.comercial, 'POST', '/pedidos/calculo', vinte());
    expect(r.status).toBe(200);
    expect(r.body.totais.total).toBe('4254.94');
    expect(r.body.bloqueios).toEqual([]);
    // each line's disponível before saving: the 1000 units of every product's entrada, nothing reserved yet
    expect(r.body.itens.map((i: Json) => i.disponivel)).toEqual(Array(20).fill('1000.000'));
  });

  it('confirms: no blocker → liberado with the stock reserved per product', async () => {
    const r = await api(tk.comercial, 'POST', `/pedidos/${pedidoVinte.id}/confirmar`, {
      versao: pedidoVinte.versao,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.status).toBe('liberado');
    expect(r.body.historico.map((h: Json) => h.para)).toEqual(['orcamento', 'digitado', 'liberado']);
    const res = rowsOf<{ quantidade: string }>(
      await t.db.execute(sql`select quantidade::text from estoque_reservas where origem = 'pedido'
        and origem_id = ${pedidoVinte.id} and produto_id = ${ids[3]!}`),
    );
    expect(res.map((x) => x.quantidade)).toEqual(['120.000']);
    pedidoVinte = r.body;
  });

  it('GET …/espelho.pdf: the Espelho do pedido as a PDF (the approvers too; 404 for a stranger order)', async () => {
    const res = await t.request('GET', `/api/comercial/pedidos/${pedidoVinte.id}/espelho.pdf`, {
      token: tk.comercial,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    if (process.env.ESPELHO_PDF) writeFileSync(process.env.ESPELHO_PDF, pdf);
    const financeiro = await t.request('GET', `/api/comercial/pedidos/${pedidoVinte.id}/espelho.pdf`, {
      token: tk.financeiro,
    });
    expect(financeiro.status).toBe(404);
  });

  it('an illegal move is a 409 naming the reason; cancelar needs a motivo and releases the reservation', async () => {
    const r = await api(tk.comercial, 'POST', `/pedidos/${pedidoVinte.id}/transicao`, {
      para: 'conferido',
      versao: pedidoVinte.versao,
    });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(
      'Um pedido em «Liberado» não pode ir para «Conferido»: os próximos passos são «Bloqueado», «Em separação» ou «Cancelado».',
    );
    // faturado is reached only through the NF-e (notasfiscais), never by a move
    const faturar = await api(tk.comercial, 'POST', `/pedidos/${pedidoVinte.id}/transicao`, {
      para: 'faturado',
      versao: pedidoVinte.versao,
    });
    expect(faturar.status).toBe(409);
    expect(faturar.body.message).toBe(
      'Pedidos são faturados pela emissão da NF-e: use «Faturar (NF-e)» no pedido ou Notas Fiscais > Saída.',
    );
    const semMotivo = await api(tk.comercial, 'POST', `/pedidos/${pedidoVinte.id}/cancelar`, {
      motivo: '',
      versao: pedidoVinte.versao,
    });
    expect(semMotivo.status).toBe(400);
    expect(semMotivo.body.details.fields.motivo).toEqual(['Informe o motivo do cancelamento']);
    const dup = await api(tk.comercial, 'POST', `/pedidos/${pedidoVinte.id}/duplicar`, {
      manter_precos: true,
    });
    expect(dup.status).toBe(201);
    expect(dup.body).toMatchObject({ status: 'orcamento', valor_total: '4254.94' });
    const c = await api(tk.comercial, 'POST', `/pedidos/${pedidoVinte.id}/cancelar`, {
      motivo: 'Cliente desistiu',
      versao: pedidoVinte.versao,
    });
    expect(c.status).toBe(200);
    expect(c.body).toMatchObject({ status: 'cancelado', motivo_cancelamento: 'Cliente desistiu' });
    const [n] = rowsOf<{ n: number }>(
      await t.db.execute(
        sql`select count(*)::int as n from estoque_reservas where origem_id = ${pedidoVinte.id}`,
      ),
    );
    expect(n!.n).toBe(0);
    const stale = await api(tk.comercial, 'POST', `/pedidos/${pedidoVinte.id}/cancelar`, {
      motivo: 'De novo',
      versao: pedidoVinte.versao,
    });
    expect(stale.status).toBe(409);
  });
});

describe('blockers and releases', () => {
  let produto: string;
  beforeAll(async () => {
    produto = await criaProduto(t.db, { nome: 'Refrigerante Cola 2 L', precoVenda: '8.00' });
    await criaRegra(t, tk.admin, {
      descricao: 'Cola',
      cfop: '5102',
      destino: 'interna',
      produto_id: produto,
    });
    await entrada(t.db, produto, '20');
  });

  it('crédito: fires, 403 for comercial and estoque, justification ≥ 10, released by financeiro → liberado', async () => {
    const cliente = await criaCliente(t.db, {
      razaoSocial: 'Padaria Pequena',
      limite: '50',
      vendedorId: vendedor,
    });
    const criado = await api(
      tk.comercial,
      'POST',
      '/pedidos',
      pedido(cliente, [[produto, 'UN', '10', '8.00']]),
    );
    const r = await api(tk.comercial, 'POST', `/pedidos/${criado.body.id}/confirmar`, {
      versao: criado.body.versao,
    });
    expect(r.body.status).toBe('bloqueado');
    expect(r.body.bloqueios).toHaveLength(1);
    const b = r.body.bloqueios[0];
    expect(b).toMatchObject({
      tipo: 'credito',
      motivo: 'Limite de crédito excedido: disponível R$ 50,00, pedido R$ 80,00',
      papeis: ['financeiro', 'admin'],
      pendente: true,
    });
    const url = `/pedidos/${r.body.id}/bloqueios/credito/liberar`;
    const corpo = { impressao: b.impressao, justificativa: 'Cliente antigo, pagamento garantido' };
    const comercial = await api(tk.comercial, 'POST', url, corpo);
    expect(comercial.status).toBe(403);
    const estoque = await api(tk.estoque, 'POST', url, corpo);
    expect(estoque.status).toBe(403);
    expect(estoque.body.message).toBe('Só Financeiro ou Administrador pode liberar o bloqueio de crédito.');
    const curta = await api(tk.financeiro, 'POST', url, { ...corpo, justificativa: '  curta  ' });
    expect(curta.status).toBe(400);
    expect(curta.body.details.fields.justificativa).toEqual([
      'Justificativa deve ter ao menos 10 caracteres',
    ]);
    const velha = await api(tk.financeiro, 'POST', url, { ...corpo, impressao: 'outra' });
    expect(velha.status).toBe(409);
    // the approver reaches the "Bloqueados" view and the order
    const lista = await chama(t, tk.financeiro, 'GET', '/api/comercial/pedidos?bloqueio=credito');
    expect(lista.status).toBe(200);
    expect(lista.body.items.map((i: Json) => i.id)).toContain(r.body.id);
    expect(lista.body.items.every((i: Json) => i.status === 'bloqueado')).toBe(true);
    const ok = await api(tk.financeiro, 'POST', url, corpo);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.status).toBe('liberado');
    expect(ok.body.bloqueios[0]).toMatchObject({
      pendente: false,
      liberacao: { justificativa: corpo.justificativa },
    });

    // a later change of the total voids the release: bloqueado again, reservation released
    const mudado = await api(tk.comercial, 'PUT', `/pedidos/${ok.body.id}`, {
      ...pedido(cliente, [[produto, 'UN', '11', '8.00']]),
      versao: ok.body.versao,
    });
    expect(mudado.status, JSON.stringify(mudado.body)).toBe(200);
    expect(mudado.body.status).toBe('bloqueado');
    expect(mudado.body.liberacoes.map((l: Json) => l.valida)).toEqual([false]);
    const [n] = rowsOf<{ n: number }>(
      await t.db.execute(
        sql`select count(*)::int as n from estoque_reservas where origem_id = ${ok.body.id}`,
      ),
    );
    expect(n!.n).toBe(0);
  });

  it('inadimplência, situação, preço and estoque fire with their figures; preço only by admin', async () => {
    const hoje = businessToday();
    const situacao = await criaSituacao(t.db, 'Bloqueado', true);
    const cliente = await criaCliente(t.db, {
      razaoSocial: 'Bar do Zé',
      limite: '100000',
      vendedorId: vendedor,
      situacaoId: situacao,
    });
    await criaTitulo(t.db, { clienteId: cliente, valor: '1500.00', vencimento: addDays(hoje, -6) });
    const criado = await api(
      tk.comercial,
      'POST',
      '/pedidos',
      pedido(cliente, [[produto, 'UN', '25', '8.00', ['percentual', '12.94']]]),
    );
    const r = await api(tk.comercial, 'POST', `/pedidos/${criado.body.id}/confirmar`, {
      versao: criado.body.versao,
    });
    expect(r.body.status).toBe('bloqueado');
    expect(r.body.bloqueios.map((b: Json) => [b.tipo, b.motivo])).toEqual([
      [
        'inadimplencia',
        'Cliente inadimplente: 1 título vencido (R$ 1.500,00), o mais antigo há 6 dias (tolerância: 5 dias)',
      ],
      ['situacao', 'Situação do cliente «Bloqueado» bloqueia vendas'],
      [
        'preco',
        'Item 1 (Refrigerante Cola 2 L): Desconto de 12,94 % acima do máximo do vendedor (12 %): exige liberação.',
      ],
      ['estoque', 'Estoque insuficiente: Refrigerante Cola 2 L (disponível 20 UN, pedido 25 UN)'],
    ]);
    // the list rows carry the pending blocker types (the list's and the Bloqueados view's badges)
    const linha = async (token: string) =>
      (await api(token, 'GET', `/pedidos?cliente_id=${cliente}`)).body.items.find(
        (x: Json) => x.id === r.body.id,
      );
    const tipos = ['estoque', 'inadimplencia', 'preco', 'situacao'];
    expect((await linha(tk.comercial)).bloqueios).toEqual(tipos);
    expect((await linha(tk.financeiro)).bloqueios).toEqual(tipos);
    const preco = r.body.bloqueios.find((b: Json) => b.tipo === 'preco');
    const porFinanceiro = await api(tk.financeiro, 'POST', `/pedidos/${r.body.id}/bloqueios/preco/liberar`, {
      impressao: preco.impressao,
      justificativa: 'Promoção combinada',
    });
    expect(porFinanceiro.status).toBe(403);
    expect(porFinanceiro.body.message).toBe('Só Administrador pode liberar o bloqueio de preço/desconto.');
    let atual = r.body;
    for (const [tipo, token] of [
      ['inadimplencia', tk.financeiro],
      ['situacao', tk.financeiro],
      ['preco', tk.admin],
      ['estoque', tk.estoque],
    ] as const) {
      const b = atual.bloqueios.find((x: Json) => x.tipo === tipo);
      const res = await api(token, 'POST', `/pedidos/${atual.id}/bloqueios/${tipo}/liberar`, {
        impressao: b.impressao,
        justificativa: `Liberado ${tipo} pela gerência`,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      atual = res.body;
    }
    expect(atual.status).toBe('liberado');
    // the estoque release lets it go with what there is reserved (20 of 25)
    const [res] = rowsOf<{ q: string }>(
      await t.db.execute(
        sql`select sum(quantidade)::text as q from estoque_reservas where origem_id = ${atual.id}`,
      ),
    );
    expect(res!.q).toBe('20.000');
  });

  it('the back-order setting turns the estoque blocker off', async () => {
    await setSetting(t.db, systemActor, 'comercial_venda_sem_estoque', true);
    try {
      const r = await api(
        tk.comercial,
        'POST',
        '/pedidos/calculo',
        pedido(clienteRico, [[produto, 'UN', '500', '8.00']]),
      );
      expect(r.body.bloqueios).toEqual([]);
    } finally {
      await setSetting(t.db, systemActor, 'comercial_venda_sem_estoque', false);
    }
  });
});

describe('list, panel and kanban', () => {
  it('the customer panel shows the credit position and the last orders', async () => {
    const r = await api(tk.comercial, 'GET', `/clientes/${clienteRico}/painel`);
    expect(r.status).toBe(200);
    expect(r.body.vendedor).toMatchObject({ id: vendedor, nome: 'Vendedora Ana' });
    expect(r.body.credito).toMatchObject({ limite: '100000.00', titulosEmAberto: '0.00' });
    expect(r.body.ultimos_pedidos.length).toBeGreaterThan(0);
  });

  it('the kanban: a column per status but cancelado, count and total', async () => {
    const r = await api(tk.comercial, 'GET', '/kanban');
    expect(r.status).toBe(200);
    expect(r.body.colunas.map((c: Json) => c.status)).toEqual([
      'orcamento',
      'digitado',
      'bloqueado',
      'liberado',
      'em_separacao',
      'conferido',
      'faturado',
      'entregue',
    ]);
    const orc = r.body.colunas[0];
    expect(orc.quantidade).toBe(orc.cartoes.length);
    const financeiro = await api(tk.financeiro, 'GET', '/kanban');
    expect(financeiro.status).toBe(403);
  });

  it('the list filters by status and seller, newest first', async () => {
    const r = await api(tk.comercial, 'GET', `/pedidos?status=orcamento&vendedor_id=${vendedor}`);
    expect(r.status).toBe(200);
    expect(r.body.items.length).toBeGreaterThan(0);
    expect(r.body.items.every((i: Json) => i.status === 'orcamento' && i.vendedor_id === vendedor)).toBe(
      true,
    );
    const numeros = r.body.items.map((i: Json) => i.numero);
    expect([...numeros].sort((a: number, b: number) => b - a)).toEqual(numeros);
  });

  it('the kanban counts the end of the flow over its last 30 days only, equal to the plain aggregate', async () => {
    // some orders moved to the end of the flow, in and out of the 30 days (written directly: the
    // counting is what is under test, not the transitions)
    const antes = rowsOf<{ id: string; status: string; data_emissao: string }>(
      await t.db.execute(
        sql`select id, status, data_emissao::text from sales_orders order by numero limit 5`,
      ),
    );
    const ids = antes.map((r) => r.id);
    const hoje = businessToday();
    const fim: [string, string][] = [
      ['faturado', addDays(hoje, -31)],
      ['faturado', addDays(hoje, -30)],
      ['entregue', addDays(hoje, -2)],
      ['entregue', addDays(hoje, -400)],
      ['cancelado', addDays(hoje, -1)],
    ];
    const escreve = async (linhas: [string, string][]) => {
      await t.db.execute(sql`alter table sales_orders disable trigger user`);
      try {
        for (const [i, [status, data]] of linhas.entries())
          await t.db.execute(
            sql`update sales_orders set status = ${status}, data_emissao = ${data}::date where id = ${ids[i]!}`,
          );
      } finally {
        await t.db.execute(sql`alter table sales_orders enable trigger user`);
      }
    };
    expect(ids).toHaveLength(5);
    await escreve(fim);
    try {
      const plano = async (cancelados: boolean) =>
        rowsOf<{ status: string; quantidade: number; total: string }>(
          await t.db.execute(sql`select status, count(*)::int as quantidade, coalesce(sum(valor_total), 0)::text as total
          from sales_orders where status <> all(${cancelados ? '{}' : '{cancelado}'}::text[])
            and (status not in ('faturado', 'entregue', 'cancelado') or data_emissao >= ${addDays(hoje, -30)}::date)
          group by status`),
        );
      for (const cancelados of [false, true]) {
        const r = await api(tk.comercial, 'GET', `/kanban${cancelados ? '?cancelados=true' : ''}`);
        expect(r.status).toBe(200);
        const esperado = Object.fromEntries(
          (await plano(cancelados)).map((c) => [c.status, { quantidade: c.quantidade, total: c.total }]),
        );
        const obtido = Object.fromEntries(
          r.body.colunas
            .filter((c: Json) => c.quantidade > 0)
            .map((c: Json) => [c.status, { quantidade: c.quantidade, total: c.total }]),
        );
        expect(obtido).toEqual(esperado);
        expect(obtido.faturado?.quantidade).toBe(1);
        expect(obtido.entregue?.quantidade).toBe(1);
        if (cancelados) expect(obtido.cancelado?.quantidade).toBe(1);
      }
    } finally {
      await escreve(antes.map((r) => [r.status, r.data_emissao]));
    }
  });
});

describe("weights and volume by the packaging's box (issue 21: a load counts boxes as they ship)", () => {
  it('39 UN = 3 CX by the box figures + 3 UN by the unit figures; the saved order keeps them', async () => {
    // hand-worked in packages/shared/src/estoque/carga-fisica.test.ts
    const id = await criaProduto(t.db, {
      nome: 'Suco de Uva Integral 1 L',
      pesoBruto: '1.050',
      pesoLiquido: '1.000',
      volume: '0.001260',
      embalagens: [
        ['UN', '1'],
        ['CX', '12'],
      ],
    });
    await t.db.execute(sql`update produto_embalagens
      set peso_bruto = 13.200, altura = 30, largura = 20, comprimento = 25
      where produto_id = ${id} and unidade = 'CX'`);
    await criaRegra(t, tk.admin, {
      descricao: 'Regra suco',
      cfop: '5102',
      destino: 'interna',
      produto_id: id,
    });
    await entrada(t.db, id, '100');

    const soma = await api(
      tk.comercial,
      'POST',
      '/pedidos/calculo',
      pedido(clienteRico, [[id, 'UN', '39', '9.90']]),
    );
    expect(soma.status, JSON.stringify(soma.body)).toBe(200);
    expect(soma.body.totais).toMatchObject({
      pesoBruto: '42.750',
      pesoLiquido: '39.000',
      volume: '0.048780',
    });

    const r = await api(
      tk.comercial,
      'POST',
      '/pedidos',
      pedido(clienteRico, [
        [id, 'CX', '2', '9.90'],
        [id, 'UN', '11', '9.90'],
      ]),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    // 2 CX: 26.400 kg, 0.030000 m³; 11 UN (less than a box): 11.550 kg, 0.013860 m³
    expect(r.body.itens.map((i: Json) => [i.peso_bruto, i.volume])).toEqual([
      ['26.400', '0.030000'],
      ['11.550', '0.013860'],
    ]);
    const [salvo] = rowsOf<{ peso_bruto: string; volume: string }>(
      await t.db.execute(
        sql`select peso_bruto::text, volume::text from sales_orders where id = ${r.body.id}`,
      ),
    );
    expect(salvo).toEqual({ peso_bruto: '37.950', volume: '0.043860' });
  });
});
