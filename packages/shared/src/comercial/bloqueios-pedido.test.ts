import { describe, expect, it } from 'vitest';
import { ROLES } from '../permissions.ts';
import { partes, regra } from '../tributacao/fixtures.test-util.ts';
import {
  avaliaBloqueios,
  bloqueiosPendentes,
  type ContextoBloqueios,
  guardLiberacaoBloqueios,
  liberacaoValida,
  podeLiberarBloqueio,
  TIPOS_BLOQUEIO,
  type TipoBloqueio,
  tiposQueLibera,
} from './bloqueios-pedido.ts';
import {
  calculaPedido,
  type Desconto,
  type ItemParaCalculo,
  type PedidoCalculado,
} from './calculo-pedido.ts';
import { type FigurasCredito, posicaoCredito } from './posicao-credito.ts';

// Expected texts carry the non-breaking space formatBRL writes after "R$".
const br = (s: string) => s.replaceAll('R$ ', 'R$\u00a0');

const UN = { sigla: 'UN', casas_decimais: 0 };
const KG = { sigla: 'KG', casas_decimais: 3 };
const CLIENTE = 'c1';
const HOJE = '2026-03-15';

type Linha = {
  produtoId: string;
  quantidade: string;
  preco: string;
  fator?: string;
  desconto?: Desconto | null;
  kg?: boolean;
};

function pedido(linhas: Linha[], desconto: Desconto | null = null): PedidoCalculado {
  const itens = linhas.map(
    (l): ItemParaCalculo => ({
      produtoId: l.produtoId,
      quantidade: l.quantidade,
      embalagem: {
        unidade: l.kg ? 'KG' : l.fator ? 'CX' : 'UN',
        fator: l.fator ?? '1',
        casas_decimais: l.kg ? 3 : 0,
      },
      unidadeBase: l.kg ? KG : UN,
      preco: l.preco,
      desconto: l.desconto ?? null,
      ncm: '22021000',
      origem: '0',
      pesoBruto: '0',
      pesoLiquido: '0',
      volume: '0',
      regra: regra(),
    }),
  );
  const r = calculaPedido({ itens, desconto, frete: '0', partes: partes() });
  if (!r.ok) throw new Error(JSON.stringify(r.erros));
  return r;
}

const figuras = (over: Partial<FigurasCredito> = {}): FigurasCredito => ({
  limite: '100000.00',
  titulosEmAberto: '0.00',
  vencidos: { quantidade: 0, valor: '0.00', vencimentoMaisAntigo: null },
  pedidosLiberados: '0.00',
  hoje: HOJE,
  ...over,
});

type Preco = ContextoBloqueios['itens'][number];
const semLimite = (descricao: string, precoTabela: string): Preco => ({
  descricao,
  precoTabela,
  precoMinimo: null,
});

function contexto(p: PedidoCalculado, over: Partial<ContextoBloqueios> = {}): ContextoBloqueios {
  return {
    clienteId: CLIENTE,
    credito: posicaoCredito(figuras()),
    situacaoCliente: null,
    descontoMaximoVendedor: '10.00',
    // by default every line at the table price, no minimum, plenty of stock
    itens: p.itens.map((i, n) => semLimite(`Produto ${n + 1}`, i.preco)),
    disponivel: new Map(p.itens.map((i) => [i.produtoId, '1000000'])),
    permiteVendaSemEstoque: false,
    ...over,
  };
}

const motivos = (p: PedidoCalculado, ctx: ContextoBloqueios) =>
  avaliaBloqueios(p, ctx).bloqueios.map((b) => [b.tipo, b.motivo]);

describe('posição de crédito', () => {
  it('adds títulos em aberto and pedidos liberados, and gives the oldest overdue in days', () => {
    // 5.000,00 − (3.000,00 + 800,00) = 1.200,00; due 2026-03-03, today 2026-03-15: 12 days
    expect(
      posicaoCredito(
        figuras({
          limite: '5000',
          titulosEmAberto: '3000.00',
          vencidos: { quantidade: 2, valor: '1500.5', vencimentoMaisAntigo: '2026-03-03' },
          pedidosLiberados: '800.00',
        }),
      ),
    ).toEqual({
      limite: '5000.00',
      titulosEmAberto: '3000.00',
      vencidos: { quantidade: 2, valor: '1500.50', diasMaisAntigo: 12 },
      pedidosLiberados: '800.00',
      comprometido: '3800.00',
      disponivel: '1200.00',
    });
  });

  it('goes negative over the limit; nothing overdue gives null days', () => {
    // 1.000,00 − (900,00 + 250,00) = −150,00
    const p = posicaoCredito(figuras({ limite: '1000', titulosEmAberto: '900', pedidosLiberados: '250' }));
    expect([p.comprometido, p.disponivel, p.vencidos.diasMaisAntigo]).toEqual(['1150.00', '-150.00', null]);
    // a due date of today is not overdue
    const hoje = posicaoCredito(
      figuras({ vencidos: { quantidade: 1, valor: '10', vencimentoMaisAntigo: HOJE } }),
    );
    expect(hoje.vencidos.diasMaisAntigo).toBeNull();
    // across a month end: 2026-02-27 → 2026-03-15 = 1 + 15 = 16 days
    const fev = posicaoCredito(
      figuras({ vencidos: { quantidade: 1, valor: '10', vencimentoMaisAntigo: '2026-02-27' } }),
    );
    expect(fev.vencidos.diasMaisAntigo).toBe(16);
  });
});

describe('crédito', () => {
  // limite 5.000,00 − (3.000,00 + 800,00) = disponível 1.200,00
  const credito = posicaoCredito(
    figuras({ limite: '5000', titulosEmAberto: '3000', pedidosLiberados: '800' }),
  );

  it.each([
    ['3450.00', 'Limite de crédito excedido: disponível R$ 1.200,00, pedido R$ 3.450,00'],
    ['1200.01', 'Limite de crédito excedido: disponível R$ 1.200,00, pedido R$ 1.200,01'],
    ['1200.00', null], // exactly the available amount: allowed
    ['0.01', null],
  ])('an order of %s', (valor, motivo) => {
    const p = pedido([{ produtoId: 'p1', quantidade: '1', preco: valor }]);
    expect(motivos(p, contexto(p, { credito }))).toEqual(motivo ? [['credito', br(motivo)]] : []);
  });

  it('over the limit already: the available amount shows negative; limit 0 blocks any order', () => {
    const p = pedido([{ produtoId: 'p1', quantidade: '2', preco: '5.00' }]);
    const negativo = posicaoCredito(figuras({ limite: '100', titulosEmAberto: '150' }));
    expect(motivos(p, contexto(p, { credito: negativo }))).toEqual([
      ['credito', br('Limite de crédito excedido: disponível -R$ 50,00, pedido R$ 10,00')],
    ]);
    const zero = posicaoCredito(figuras({ limite: '0' }));
    expect(motivos(p, contexto(p, { credito: zero }))).toEqual([
      ['credito', br('Limite de crédito excedido: disponível R$ 0,00, pedido R$ 10,00')],
    ]);
  });
});

describe('inadimplência', () => {
  const p = pedido([{ produtoId: 'p1', quantidade: '1', preco: '10.00' }]);
  const comVencido = (vencimento: string, quantidade = 2, valor = '1500.00') =>
    posicaoCredito(figuras({ vencidos: { quantidade, valor, vencimentoMaisAntigo: vencimento } }));

  it.each([
    // due date, tolerance -> reason
    ['2026-03-10', undefined, null], // 5 days: not more than 5
    [
      '2026-03-09',
      undefined,
      'Cliente inadimplente: 2 títulos vencidos (R$ 1.500,00), o mais antigo há 6 dias (tolerância: 5 dias)',
    ],
    ['2026-03-05', 10, null], // 10 days, tolerance 10
    [
      '2026-03-14',
      0,
      'Cliente inadimplente: 2 títulos vencidos (R$ 1.500,00), o mais antigo há 1 dia (tolerância: 0 dias)',
    ],
    [
      '2026-03-13',
      1,
      'Cliente inadimplente: 2 títulos vencidos (R$ 1.500,00), o mais antigo há 2 dias (tolerância: 1 dia)',
    ],
  ] as const)('oldest due %s, tolerance %s', (vencimento, dias, motivo) => {
    expect(motivos(p, contexto(p, { credito: comVencido(vencimento), diasInadimplencia: dias }))).toEqual(
      motivo ? [['inadimplencia', br(motivo)]] : [],
    );
  });

  it('one receivable in the singular', () => {
    expect(motivos(p, contexto(p, { credito: comVencido('2026-03-01', 1, '99.90') }))).toEqual([
      [
        'inadimplencia',
        br(
          'Cliente inadimplente: 1 título vencido (R$ 99,90), o mais antigo há 14 dias (tolerância: 5 dias)',
        ),
      ],
    ]);
  });
});

describe('situação do cliente', () => {
  const p = pedido([{ produtoId: 'p1', quantidade: '1', preco: '10.00' }]);
  it.each([
    [
      { nome: 'Bloqueado', bloqueiaVendas: true },
      [['situacao', 'Situação do cliente «Bloqueado» bloqueia vendas']],
    ],
    [{ nome: 'Ativo', bloqueiaVendas: false }, []],
    [null, []],
  ])('%j', (situacaoCliente, esperado) => {
    expect(motivos(p, contexto(p, { situacaoCliente }))).toEqual(esperado);
  });
});

describe('preço e desconto', () => {
  const pct = (valor: string): Desconto => ({ tipo: 'percentual', valor });
  const reais = (valor: string): Desconto => ({ tipo: 'valor', valor });
  const cola = (over: Partial<Preco> = {}): Preco => ({
    descricao: 'Refrigerante Cola 2 L',
    precoTabela: '8.00',
    precoMinimo: '7.00',
    ...over,
  });

  it.each([
    // line, order discount, the line's table figures, seller's maximum -> reason
    // 7,50 − 5 % = 7,125: 1 − 7,125 / 8 = 10,9375 % > 10 %; 7,125 ≥ 7,00
    [
      { preco: '7.50', desconto: pct('5') },
      null,
      cola(),
      '10.00',
      'Item 1 (Refrigerante Cola 2 L): Desconto de 10,94 % acima do máximo do vendedor (10 %): exige liberação.',
    ],
    // and 2 % on the order: 7,125 × 0,98 = 6,9825 → discount 12,71875 %; price cut to 6,98 < 7,00
    [
      { preco: '7.50', desconto: pct('5') },
      pct('2'),
      cola(),
      '10.00',
      'Item 1 (Refrigerante Cola 2 L): Desconto de 12,72 % acima do máximo do vendedor (10 %): exige liberação. ' +
        'Preço R$ 6,98 abaixo do preço mínimo R$ 7,00: exige liberação.',
    ],
    // 7,20 = 10 % off exactly: allowed
    [{ preco: '7.20', desconto: null }, null, cola(), '10.00', null],
    // 7,00 is the minimum: allowed; 6,99 is not (and 12,625 % off)
    [{ preco: '7.00', desconto: null }, null, cola(), '15.00', null],
    [
      { preco: '6.99', desconto: null },
      null,
      cola(),
      '15.00',
      'Item 1 (Refrigerante Cola 2 L): Preço R$ 6,99 abaixo do preço mínimo R$ 7,00: exige liberação.',
    ],
    // above the table, 10 % off: 8,80 × 0,9 = 7,92 = 1 % under the table
    [{ preco: '8.80', desconto: pct('10') }, null, cola(), '1.00', null],
    // R$ 3,00 off 12 × 8,00 = 96,00: 3,125 %, 7,75 a unit
    [
      { preco: '8.00', desconto: reais('3.00') },
      null,
      cola(),
      '3.00',
      'Item 1 (Refrigerante Cola 2 L): Desconto de 3,13 % acima do máximo do vendedor (3 %): exige liberação.',
    ],
    // R$ 1,20 off 96,00 = 1,25 %, but the unit price 7,90 stays above the minimum; no maximum issue at 2 %
    [{ preco: '8.00', desconto: reais('1.20') }, null, cola(), '2.00', null],
    // no seller: maximum 0, any discount needs a release
    [
      { preco: '8.00', desconto: pct('1') },
      null,
      cola(),
      null,
      'Item 1 (Refrigerante Cola 2 L): Desconto de 1 % acima do máximo do vendedor (0 %): exige liberação.',
    ],
    // an exact unit price just under the minimum still reads under it (cut, not rounded):
    // 7,00 − R$ 0,01 on 12 units = 83,99 / 12 = 6,99916… → R$ 6,99
    [
      { preco: '7.00', desconto: reais('0.01') },
      null,
      cola({ precoTabela: '7.00' }),
      '10.00',
      'Item 1 (Refrigerante Cola 2 L): Preço R$ 6,99 abaixo do preço mínimo R$ 7,00: exige liberação.',
    ],
  ] as const)('%j, order %j, %j, máximo %s', (linha, descontoPedido, precos, maximo, motivo) => {
    const p = pedido([{ produtoId: 'p1', quantidade: '12', ...linha }], descontoPedido);
    expect(motivos(p, contexto(p, { itens: [precos], descontoMaximoVendedor: maximo }))).toEqual(
      motivo ? [['preco', br(motivo)]] : [],
    );
  });

  it('judges a typed order % as typed, never by its cent-rounded split', () => {
    // 3 lines of 0,15: 10 % of 0,45 = 0,045 → 0,05, split 0,02 / 0,02 / 0,01 — 13,3 % of a line —
    // yet the order discount typed is 10 %, the seller's maximum: no blocker.
    const p = pedido(
      ['p1', 'p2', 'p3'].map((produtoId) => ({ produtoId, quantidade: '1', preco: '0.15' })),
      pct('10'),
    );
    expect(p.itens.map((i) => i.descontoRateado)).toEqual(['0.02', '0.02', '0.01']);
    expect(motivos(p, contexto(p))).toEqual([]);
  });

  it('an order discount in R$ counts on every line in proportion', () => {
    // lines 60,00 and 40,00 at the table; R$ 11,00 off 100,00 = 11 % on each > 10 %
    const p = pedido(
      [
        { produtoId: 'p1', quantidade: '6', preco: '10.00' },
        { produtoId: 'p2', quantidade: '4', preco: '10.00' },
      ],
      reais('11.00'),
    );
    const ctx = contexto(p, { itens: [semLimite('Suco', '10.00'), semLimite('Chá', '10.00')] });
    expect(motivos(p, ctx)).toEqual([
      [
        'preco',
        'Item 1 (Suco): Desconto de 11 % acima do máximo do vendedor (10 %): exige liberação. ' +
          'Item 2 (Chá): Desconto de 11 % acima do máximo do vendedor (10 %): exige liberação.',
      ],
    ]);
  });
});

describe('estoque', () => {
  const p = pedido([
    { produtoId: 'p1', quantidade: '1', fator: '12', preco: '7.50' }, // 12 UN
    { produtoId: 'p2', quantidade: '2.75', preco: '40.00', kg: true },
    { produtoId: 'p1', quantidade: '3', preco: '7.50' }, // the same product again: 15 UN in all
  ]);
  const itens = [
    semLimite('Refrigerante Cola 2 L', '7.50'),
    semLimite('Queijo', '40.00'),
    semLimite('Refrigerante Cola 2 L', '7.50'),
  ];

  it.each([
    [
      [
        ['p1', '15'],
        ['p2', '2.75'],
      ],
      null,
    ],
    [
      [
        ['p1', '14'],
        ['p2', '1.5'],
      ],
      'Estoque insuficiente: Refrigerante Cola 2 L (disponível 14 UN, pedido 15 UN); Queijo (disponível 1,5 KG, pedido 2,75 KG)',
    ],
    // a product missing from the map has nothing available
    [[['p1', '15']], 'Estoque insuficiente: Queijo (disponível 0 KG, pedido 2,75 KG)'],
    [
      [
        ['p1', '-3'],
        ['p2', '3'],
      ],
      'Estoque insuficiente: Refrigerante Cola 2 L (disponível -3 UN, pedido 15 UN)',
    ],
  ] as const)('available %j', (disponivel, motivo) => {
    const ctx = contexto(p, {
      itens,
      disponivel: new Map(disponivel as readonly (readonly [string, string])[]),
    });
    expect(motivos(p, ctx)).toEqual(motivo ? [['estoque', motivo]] : []);
  });

  it('back-orders allowed: no stock blocker', () => {
    const ctx = contexto(p, { itens, disponivel: new Map(), permiteVendaSemEstoque: true });
    expect(motivos(p, ctx)).toEqual([]);
  });
});

describe('every blocker at once, who releases it, and when a release is void', () => {
  const base = [
    { produtoId: 'p2', quantidade: '10', preco: '8.90' },
    { produtoId: 'p1', quantidade: '5', preco: '20.00' },
  ];
  const p = pedido(base);
  // total 89,00 + 100,00 = 189,00
  const ctx = contexto(p, {
    credito: posicaoCredito(
      figuras({
        limite: '200',
        titulosEmAberto: '100',
        vencidos: { quantidade: 1, valor: '100', vencimentoMaisAntigo: '2026-03-01' },
      }),
    ),
    situacaoCliente: { nome: 'Em cobrança', bloqueiaVendas: true },
    itens: [
      { descricao: 'Água', precoTabela: '10.00', precoMinimo: null },
      { descricao: 'Suco', precoTabela: '20.00', precoMinimo: null },
    ],
    disponivel: new Map([
      ['p1', '4'],
      ['p2', '10'],
    ]),
  });
  const avaliacao = avaliaBloqueios(p, ctx);

  it('lists each blocker with its reason, roles and fingerprint, in a fixed order', () => {
    expect(avaliacao.bloqueios).toEqual([
      {
        tipo: 'credito',
        motivo: br('Limite de crédito excedido: disponível R$ 100,00, pedido R$ 189,00'),
        papeis: ['financeiro', 'admin'],
        impressao: 'cliente=c1;total=189.00',
      },
      {
        tipo: 'inadimplencia',
        motivo: br(
          'Cliente inadimplente: 1 título vencido (R$ 100,00), o mais antigo há 14 dias (tolerância: 5 dias)',
        ),
        papeis: ['financeiro', 'admin'],
        impressao: 'cliente=c1',
      },
      {
        tipo: 'situacao',
        motivo: 'Situação do cliente «Em cobrança» bloqueia vendas',
        papeis: ['financeiro', 'admin'],
        impressao: 'cliente=c1',
      },
      {
        tipo: 'preco',
        // 8,90 for a table price of 10,00: 11 % off; line 2 at its table price
        motivo: 'Item 1 (Água): Desconto de 11 % acima do máximo do vendedor (10 %): exige liberação.',
        papeis: ['admin'],
        impressao: 'pedido=-;p2:10.000:8.90:-;p1:5.000:20.00:-',
      },
      {
        tipo: 'estoque',
        motivo: 'Estoque insuficiente: Suco (disponível 4 UN, pedido 5 UN)',
        papeis: ['estoque', 'admin'],
        impressao: 'p1=5.000;p2=10.000',
      },
    ]);
  });

  it('releases: valid while the measure stays, void when the order changes in it', () => {
    const liberacoes = avaliacao.bloqueios.map((b) => ({ tipo: b.tipo, impressao: b.impressao }));
    expect(bloqueiosPendentes(avaliacao, liberacoes)).toEqual([]);
    expect(bloqueiosPendentes(avaliacao, liberacoes.slice(1)).map((b) => b.tipo)).toEqual(['credito']);

    const valida = (q: PedidoCalculado, clienteId = CLIENTE) =>
      Object.fromEntries(
        liberacoes.map((l) => [
          l.tipo,
          liberacaoValida(l, avaliaBloqueios(q, { ...ctx, clienteId }).impressoes),
        ]),
      );
    const todas = (v: boolean) => Object.fromEntries(TIPOS_BLOQUEIO.map((t) => [t, v]));

    // same order, evaluated again: every release holds
    expect(valida(pedido(base))).toEqual(todas(true));
    // a price changes (same total is impossible here: it changes too): preço and crédito void
    expect(valida(pedido([base[0]!, { ...base[1]!, preco: '19.00' }]))).toEqual({
      ...todas(true),
      credito: false,
      preco: false,
    });
    // a discount typed on the order: preço and crédito void, stock holds
    expect(valida(pedido(base, { tipo: 'valor', valor: '1.00' }))).toEqual({
      ...todas(true),
      credito: false,
      preco: false,
    });
    // a quantity changes: crédito, preço (the quantity is part of a line) and estoque void
    expect(valida(pedido([base[0]!, { ...base[1]!, quantidade: '6' }]))).toEqual({
      ...todas(true),
      credito: false,
      preco: false,
      estoque: false,
    });
    // the lines swapped: the same quantities per product hold the stock release, the lines do not
    expect(valida(pedido([base[1]!, base[0]!]))).toEqual({ ...todas(true), preco: false });
    // another customer: every release is void
    expect(valida(pedido(base), 'c2')).toEqual({ ...todas(false), estoque: true, preco: true });
  });
});

describe('release roles', () => {
  // type -> roles that may release (admin always), and the refusal for the others
  const esperado: Record<TipoBloqueio, [string[], string]> = {
    credito: [['admin', 'financeiro'], 'Só Financeiro ou Administrador pode liberar o bloqueio de crédito.'],
    inadimplencia: [
      ['admin', 'financeiro'],
      'Só Financeiro ou Administrador pode liberar o bloqueio de inadimplência.',
    ],
    situacao: [
      ['admin', 'financeiro'],
      'Só Financeiro ou Administrador pode liberar o bloqueio de situação do cliente.',
    ],
    preco: [['admin'], 'Só Administrador pode liberar o bloqueio de preço/desconto.'],
    estoque: [['admin', 'estoque'], 'Só Estoque ou Administrador pode liberar o bloqueio de estoque.'],
  };

  it.each(TIPOS_BLOQUEIO.flatMap((tipo) => ROLES.map((role) => [tipo, role] as const)))(
    '%s by %s',
    (tipo, role) => {
      const [podem, motivo] = esperado[tipo];
      expect(podeLiberarBloqueio(tipo, [role])).toEqual(
        podem.includes(role) ? { permitido: true } : { permitido: false, motivo },
      );
    },
  );

  it('a user with several roles, the API guard and each role’s types', () => {
    expect(podeLiberarBloqueio('estoque', ['comercial', 'estoque'])).toEqual({ permitido: true });
    expect(podeLiberarBloqueio('credito', [])).toEqual({ permitido: false, motivo: esperado.credito[1] });
    expect(guardLiberacaoBloqueios).toEqual({ roles: ['financeiro', 'estoque'] });
    expect(tiposQueLibera(['financeiro'])).toEqual(['credito', 'inadimplencia', 'situacao']);
    expect(tiposQueLibera(['estoque'])).toEqual(['estoque']);
    expect(tiposQueLibera(['comercial'])).toEqual([]);
    expect(tiposQueLibera(['admin'])).toEqual(TIPOS_BLOQUEIO);
  });
});
