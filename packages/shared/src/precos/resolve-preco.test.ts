import { describe, expect, it } from 'vitest';
import {
  type ClientePreco,
  indexTables,
  itensVencedores,
  type ProdutoPreco,
  priceOrder,
  resolvePrice,
} from './resolve-preco.ts';
import type { FaixaPreco, ItemTabelaPreco, TabelaPreco } from './tabela-precos.schema.ts';

// Every expected value below is worked out by hand in the comment beside it.

/** Expected text with the non-breaking space formatBRL/formatReais write after "R$". */
const br = (s: string) => s.replaceAll('R$ ', 'R$\u00a0');

const PRODUTO: ProdutoPreco = { id: 'p1', precoVendaBase: '10.00', custoMedio: '6.5000' };
const CLIENTE: ClientePreco = { id: 'c1', grupoEmpresarialId: 'g1', segmentoId: 's1', regiaoId: 'r1' };
const HOJE = '2026-03-15';

function item(over: Partial<ItemTabelaPreco> = {}): ItemTabelaPreco {
  return { produto_id: 'p1', regra: 'preco_fixo', valor: '9.00', preco_minimo: null, faixas: [], ...over };
}

function tabela(
  id: string,
  nome: string,
  escopo: TabelaPreco['escopo'],
  itemOver: Partial<ItemTabelaPreco> = {},
  over: Partial<TabelaPreco> = {},
): TabelaPreco {
  return {
    id,
    nome,
    vigencia_inicio: '2026-01-01',
    vigencia_fim: null,
    ativa: true,
    escopo,
    grupo_id: escopo === 'grupo' ? 'g1' : null,
    segmento_id: escopo === 'segmento' ? 's1' : null,
    regiao_id: escopo === 'regiao' ? 'r1' : null,
    cliente_ids: escopo === 'clientes' ? ['c9', 'c1'] : [],
    itens: [item(itemOver)],
    ...over,
  };
}

const preco = (tables: TabelaPreco[], over: Partial<Parameters<typeof resolvePrice>[0]> = {}) =>
  resolvePrice({ product: PRODUTO, customer: CLIENTE, quantity: '1.000', date: HOJE, tables, ...over });

describe('precedence: lista de clientes > grupo > segmento > região > geral > preço base', () => {
  const todas = [
    tabela('t5', 'Geral 2026', 'geral', { valor: '9.00' }),
    tabela('t4', 'Região Sul', 'regiao', { valor: '8.00' }),
    tabela('t3', 'Atacado SP', 'segmento', { valor: '7.00' }),
    tabela('t2', 'Grupo Alfa', 'grupo', { valor: '6.00' }),
    tabela('t1', 'Clientes VIP', 'clientes', { valor: '5.00' }),
  ];

  it.each([
    // levels present -> price, winning table
    [['t1', 't2', 't3', 't4', 't5'], '5.00', 't1'],
    [['t2', 't3', 't4', 't5'], '6.00', 't2'],
    [['t3', 't4', 't5'], '7.00', 't3'],
    [['t4', 't5'], '8.00', 't4'],
    [['t5'], '9.00', 't5'],
    [['t1', 't5'], '5.00', 't1'],
    [['t3', 't4'], '7.00', 't3'],
  ])('tables %j -> %s from %s', (ids, esperado, vencedora) => {
    const r = preco(todas.filter((t) => ids.includes(t.id)));
    expect(r.preco).toBe(esperado);
    expect(r.origem).toMatchObject({ tipo: 'tabela', tabelaId: vencedora });
  });

  it('no table: the base sale price', () => {
    const r = preco([]);
    expect(r).toEqual({
      preco: '10.00',
      precoMinimo: null,
      origem: { tipo: 'preco_base' },
      trace: {
        candidatos: [],
        conflito: null,
        regra: 'Preço de venda do produto (nenhuma tabela de preços vale para este cliente e produto)',
        calculo: [br('Preço de venda R$ 10,00')],
        avisos: [],
      },
    });
  });

  it('the trace lists every candidate in precedence order and why it won or lost', () => {
    expect(preco(todas).trace.candidatos).toEqual([
      {
        tabelaId: 't1',
        tabelaNome: 'Clientes VIP',
        nivel: 'clientes',
        vigenciaInicio: '2026-01-01',
        situacao: 'aplicada',
        motivo: 'Tabela Clientes VIP (lista de clientes) — aplicada: mais específica.',
      },
      {
        tabelaId: 't2',
        tabelaNome: 'Grupo Alfa',
        nivel: 'grupo',
        vigenciaInicio: '2026-01-01',
        situacao: 'perdeu',
        motivo:
          'Tabela Grupo Alfa (grupo empresarial) — perdeu para Clientes VIP (lista de clientes), mais específica.',
      },
      {
        tabelaId: 't3',
        tabelaNome: 'Atacado SP',
        nivel: 'segmento',
        vigenciaInicio: '2026-01-01',
        situacao: 'perdeu',
        motivo:
          'Tabela Atacado SP (segmento) — perdeu para Clientes VIP (lista de clientes), mais específica.',
      },
      {
        tabelaId: 't4',
        tabelaNome: 'Região Sul',
        nivel: 'regiao',
        vigenciaInicio: '2026-01-01',
        situacao: 'perdeu',
        motivo: 'Tabela Região Sul (região) — perdeu para Clientes VIP (lista de clientes), mais específica.',
      },
      {
        tabelaId: 't5',
        tabelaNome: 'Geral 2026',
        nivel: 'geral',
        vigenciaInicio: '2026-01-01',
        situacao: 'perdeu',
        motivo: 'Tabela Geral 2026 (geral) — perdeu para Clientes VIP (lista de clientes), mais específica.',
      },
    ]);
  });

  it.each([
    // customer -> price: tables whose scope does not reach the customer are not candidates
    [{ id: 'c2', grupoEmpresarialId: 'g1', segmentoId: 's1', regiaoId: 'r1' }, '6.00'], // not on the list
    [{ id: 'c2', grupoEmpresarialId: 'g2', segmentoId: 's1', regiaoId: 'r1' }, '7.00'], // other group
    [{ id: 'c2', grupoEmpresarialId: null, segmentoId: 's2', regiaoId: 'r1' }, '8.00'],
    [{ id: 'c2', grupoEmpresarialId: null, segmentoId: null, regiaoId: null }, '9.00'],
    [null, '9.00'], // no customer: only general tables
  ])('customer %j -> %s', (customer, esperado) => {
    const r = preco(todas, { customer });
    expect(r.preco).toBe(esperado);
    expect(r.trace.candidatos.every((c) => c.situacao !== 'ignorada')).toBe(true);
  });

  it('a table without an item for the product is not a candidate', () => {
    const outra = tabela('t1', 'Clientes VIP', 'clientes', { produto_id: 'p2', valor: '1.00' });
    const r = preco([outra, tabela('t5', 'Geral 2026', 'geral')]);
    expect(r.preco).toBe('9.00');
    expect(r.trace.candidatos.map((c) => c.tabelaId)).toEqual(['t5']);
    expect(r.trace.candidatos[0]!.motivo).toBe(
      'Tabela Geral 2026 (geral) — aplicada: única tabela válida para este cliente e produto.',
    );
  });
});

describe('vigência (first and last day inclusive) and active flag', () => {
  const marco = tabela(
    't5',
    'Março',
    'geral',
    { valor: '9.00' },
    {
      vigencia_inicio: '2026-03-01',
      vigencia_fim: '2026-03-31',
    },
  );

  it.each([
    ['2026-02-28', '10.00', 'Tabela Março (geral) — ignorada: a vigência começa em 01/03/2026.'], // day before start
    [
      '2026-03-01',
      '9.00',
      'Tabela Março (geral) — aplicada: única tabela válida para este cliente e produto.',
    ],
    [
      '2026-03-31',
      '9.00',
      'Tabela Março (geral) — aplicada: única tabela válida para este cliente e produto.',
    ],
    ['2026-04-01', '10.00', 'Tabela Março (geral) — ignorada: a vigência terminou em 31/03/2026.'], // day after end
  ])('on %s -> %s', (date, esperado, motivo) => {
    const r = preco([marco], { date });
    expect(r.preco).toBe(esperado);
    expect(r.trace.candidatos.map((c) => c.motivo)).toEqual([motivo]);
  });

  it('without an end it lasts forever', () => {
    const sempre = tabela('t5', 'Sempre', 'geral', {}, { vigencia_inicio: '2026-03-01' });
    expect(preco([sempre], { date: '2099-12-31' }).preco).toBe('9.00');
  });

  it('an inactive table is ignored and the next level wins', () => {
    const r = preco([
      tabela('t1', 'Clientes VIP', 'clientes', { valor: '5.00' }, { ativa: false }),
      tabela('t3', 'Atacado SP', 'segmento', { valor: '7.00' }),
    ]);
    expect(r.preco).toBe('7.00');
    expect(r.trace.candidatos.map((c) => [c.situacao, c.motivo])).toEqual([
      ['ignorada', 'Tabela Clientes VIP (lista de clientes) — ignorada: inativa.'],
      [
        'aplicada',
        'Tabela Atacado SP (segmento) — aplicada: única tabela válida para este cliente e produto.',
      ],
    ]);
  });

  it('an out-of-vigência table of a more specific level does not beat a valid one', () => {
    const r = preco([
      tabela('t1', 'Clientes VIP', 'clientes', { valor: '5.00' }, { vigencia_fim: '2026-03-14' }),
      tabela('t5', 'Geral 2026', 'geral', { valor: '9.00' }),
    ]);
    expect(r.preco).toBe('9.00');
    expect(r.trace.candidatos[0]!.motivo).toBe(
      'Tabela Clientes VIP (lista de clientes) — ignorada: a vigência terminou em 14/03/2026.',
    );
  });
});

describe('between tables of one level', () => {
  it('the latest vigência start wins', () => {
    const r = preco([
      tabela('a', 'Atacado SP', 'segmento', { valor: '7.00' }, { vigencia_inicio: '2026-01-01' }),
      tabela('b', 'Atacado SP Março', 'segmento', { valor: '7.20' }, { vigencia_inicio: '2026-03-01' }),
      tabela('c', 'Atacado SP Abril', 'segmento', { valor: '7.50' }, { vigencia_inicio: '2026-04-01' }),
    ]);
    expect(r.preco).toBe('7.20');
    expect(r.trace.conflito).toBeNull();
    expect(r.trace.candidatos.map((c) => c.motivo)).toEqual([
      'Tabela Atacado SP Abril (segmento) — ignorada: a vigência começa em 01/04/2026.',
      'Tabela Atacado SP Março (segmento) — aplicada: vigência mais recente entre as de segmento.',
      'Tabela Atacado SP (segmento) — perdeu para Atacado SP Março, de vigência mais recente (desde 01/03/2026).',
    ]);
  });

  it('an equal start is a conflict reported in the trace, decided by name then id', () => {
    const r = preco([
      tabela('z', 'Atacado SP', 'segmento', { valor: '7.00' }),
      tabela('y', 'Atacado Interior', 'segmento', { valor: '7.50' }),
      tabela('t5', 'Geral 2026', 'geral', { valor: '9.00' }),
    ]);
    expect(r.preco).toBe('7.50');
    expect(r.origem).toMatchObject({ tabelaId: 'y', tabelaNome: 'Atacado Interior', nivel: 'segmento' });
    expect(r.trace.conflito).toBe(
      'Conflito: as tabelas Atacado Interior e Atacado SP (segmento) começam a valer no mesmo dia (01/01/2026); ' +
        'vale Atacado Interior, a primeira em ordem alfabética. Ajuste a vigência de uma delas.',
    );
    expect(r.trace.candidatos.map((c) => c.motivo)).toEqual([
      'Tabela Atacado Interior (segmento) — aplicada: mais específica; mesmo início de vigência que Atacado SP, vem primeiro em ordem alfabética.',
      'Tabela Atacado SP (segmento) — perdeu para Atacado Interior: mesmo início de vigência (01/01/2026), vale a primeira em ordem alfabética.',
      'Tabela Geral 2026 (geral) — perdeu para Atacado Interior (segmento), mais específica.',
    ]);
  });

  it('the order the tables come in does not change the winner', () => {
    const a = tabela('id-b', 'Mesmo nome', 'geral', { valor: '9.10' });
    const b = tabela('id-a', 'Mesmo nome', 'geral', { valor: '9.20' });
    expect(preco([a, b]).preco).toBe('9.20'); // same name: the smaller id
    expect(preco([b, a]).preco).toBe('9.20');
  });

  it('a conflict in a losing level is not the one reported', () => {
    const r = preco([
      tabela('t1', 'Clientes VIP', 'clientes', { valor: '5.00' }),
      tabela('z', 'Atacado SP', 'segmento', { valor: '7.00' }),
      tabela('y', 'Atacado Interior', 'segmento', { valor: '7.50' }),
    ]);
    expect(r.preco).toBe('5.00');
    expect(r.trace.conflito).toBeNull();
  });
});

describe('rules and rounding (to the cent, half away from zero, once)', () => {
  it.each([
    // regra, valor, custo médio, preço base -> preço, cálculo
    ['markup_custo', '30.00', '6.5000', '10.00', '8.45', ['Custo médio R$ 6,5000 + 30 % = R$ 8,45']], // 6,5 × 1,3
    [
      'markup_custo',
      '30.00',
      '6.6667',
      '10.00',
      '8.67',
      ['Custo médio R$ 6,6667 + 30 % = R$ 8,66671', 'Arredondado ao centavo: R$ 8,67'],
    ],
    [
      'markup_custo',
      '10.00',
      '1.2345',
      '10.00',
      '1.36', // 1,35795
      ['Custo médio R$ 1,2345 + 10 % = R$ 1,35795', 'Arredondado ao centavo: R$ 1,36'],
    ],
    [
      'markup_custo',
      '10.00',
      '0.0500',
      '10.00',
      '0.06', // 0,055 -> up
      ['Custo médio R$ 0,0500 + 10 % = R$ 0,055', 'Arredondado ao centavo: R$ 0,06'],
    ],
    [
      'markup_custo',
      '12.50',
      '3.0000',
      '10.00',
      '3.38', // 3,375
      ['Custo médio R$ 3,0000 + 12,5 % = R$ 3,375', 'Arredondado ao centavo: R$ 3,38'],
    ],
    [
      'markup_custo',
      '0.00',
      '4.4444',
      '10.00',
      '4.44',
      ['Custo médio R$ 4,4444 + 0 % = R$ 4,4444', 'Arredondado ao centavo: R$ 4,44'],
    ],
    [
      'acima_base',
      '5.00',
      '6.5000',
      '10.10',
      '10.61', // 10,605
      ['Preço de venda R$ 10,10 + 5 % = R$ 10,605', 'Arredondado ao centavo: R$ 10,61'],
    ],
    [
      'abaixo_base',
      '15.00',
      '6.5000',
      '10.30',
      '8.76', // 8,755
      ['Preço de venda R$ 10,30 − 15 % = R$ 8,755', 'Arredondado ao centavo: R$ 8,76'],
    ],
    [
      'abaixo_base',
      '45.00',
      '6.5000',
      '0.10',
      '0.06', // 0,055
      ['Preço de venda R$ 0,10 − 45 % = R$ 0,055', 'Arredondado ao centavo: R$ 0,06'],
    ],
    [
      'abaixo_base',
      '2.50',
      '6.5000',
      '19.90',
      '19.40', // 19,4025
      ['Preço de venda R$ 19,90 − 2,5 % = R$ 19,4025', 'Arredondado ao centavo: R$ 19,40'],
    ],
    [
      'abaixo_base',
      '10.00',
      '6.5000',
      '1234.50',
      '1111.05',
      ['Preço de venda R$ 1.234,50 − 10 % = R$ 1.111,05'],
    ],
    ['preco_fixo', '9.90', '6.5000', '10.00', '9.90', ['Preço da tabela R$ 9,90']],
  ] as const)(
    '%s %s (custo %s, base %s) -> %s',
    (regra, valor, custoMedio, precoVendaBase, esperado, calculo) => {
      const r = preco([tabela('t5', 'Geral', 'geral', { regra, valor })], {
        product: { id: 'p1', custoMedio, precoVendaBase },
      });
      expect(r.preco).toBe(esperado);
      expect(r.trace.calculo).toEqual(calculo.map(br));
    },
  );

  it.each([
    ['markup_custo', '30.00', '30 % sobre o custo médio'],
    ['acima_base', '5.00', '5 % acima do preço de venda'],
    ['abaixo_base', '12.50', '12,5 % abaixo do preço de venda'],
    ['preco_fixo', '9.00', 'Preço fixo da tabela'],
  ] as const)('rule %s %s reads "%s"', (regra, valor, texto) => {
    const r = preco([tabela('t5', 'Geral', 'geral', { regra, valor })]);
    expect(r.trace.regra).toBe(texto);
    expect(r.origem).toMatchObject({ regra });
  });

  it('a rule on the custo médio of a product without cost is ignored; the next table wins', () => {
    const r = preco(
      [
        tabela('t3', 'Atacado SP', 'segmento', { regra: 'markup_custo', valor: '30.00' }),
        tabela('t5', 'Geral', 'geral', { valor: '9.00' }),
      ],
      { product: { ...PRODUTO, custoMedio: '0.0000' } },
    );
    expect(r.preco).toBe('9.00');
    expect(r.trace.candidatos.map((c) => c.motivo)).toEqual([
      'Tabela Atacado SP (segmento) — ignorada: a regra é sobre o custo médio e o produto ainda não tem custo médio.',
      'Tabela Geral (geral) — aplicada: única tabela válida para este cliente e produto.',
    ]);
  });

  it('a rule on the sale price of a product without one falls back to the base price (zero, warned)', () => {
    const r = preco([tabela('t5', 'Geral', 'geral', { regra: 'acima_base', valor: '5.00' })], {
      product: { ...PRODUTO, precoVendaBase: '0.00' },
    });
    expect(r.preco).toBe('0.00');
    expect(r.origem).toEqual({ tipo: 'preco_base' });
    expect(r.trace.candidatos[0]!.motivo).toBe(
      'Tabela Geral (geral) — ignorada: a regra é sobre o preço de venda e o produto não tem preço de venda.',
    );
    expect(r.trace.avisos).toEqual(['O produto não tem preço de venda.']);
  });
});

describe('quantity breaks: the highest break ≤ quantity applies', () => {
  // given out of order: the highest one at or below the quantity applies, whatever the order
  const faixas: FaixaPreco[] = [
    { quantidade_minima: '48.000', tipo: 'preco', valor: '8.00' },
    { quantidade_minima: '12.000', tipo: 'preco', valor: '9.00' },
    { quantidade_minima: '24.000', tipo: 'desconto', valor: '15.00' },
  ];
  const t = tabela('t5', 'Geral', 'geral', { valor: '10.00', faixas });

  it.each([
    ['1.000', '10.00', null], // below the first
    ['11.999', '10.00', null],
    ['12.000', '9.00', '12.000'], // exactly at
    ['20.000', '9.00', '12.000'], // between
    ['24.000', '8.50', '24.000'], // 10,00 − 15 %
    ['47.999', '8.50', '24.000'],
    ['48.000', '8.00', '48.000'],
    ['1000.000', '8.00', '48.000'], // above the last
  ])('quantity %s -> %s (break %s)', (quantity, esperado, faixa) => {
    const r = preco([t], { quantity, product: { ...PRODUTO, unidade: 'UN' } });
    expect(r.preco).toBe(esperado);
    expect(r.origem.tipo === 'tabela' && r.origem.faixa?.quantidade_minima).toBe(faixa ?? undefined);
  });

  it('shows the break in the arithmetic (price and % variants)', () => {
    const p = { ...PRODUTO, unidade: 'CX' };
    expect(preco([t], { quantity: '12', product: p }).trace.calculo).toEqual(
      ['Preço da tabela R$ 10,00', 'Faixa a partir de 12 CX: preço R$ 9,00'].map(br),
    );
    expect(preco([t], { quantity: '30', product: p }).trace.calculo).toEqual(
      ['Preço da tabela R$ 10,00', 'Faixa a partir de 24 CX: R$ 10,00 − 15 % = R$ 8,50'].map(br),
    );
  });

  it('a % break on a rule rounds once, at the end', () => {
    // 6,5 × 1,3 = 8,45; × 0,9 = 7,605 -> 7,61
    const markup = tabela('t5', 'Geral', 'geral', {
      regra: 'markup_custo',
      valor: '30.00',
      faixas: [{ quantidade_minima: '10.500', tipo: 'desconto', valor: '10.00' }],
    });
    const r = preco([markup], { quantity: '10.5' });
    expect(r.preco).toBe('7.61');
    expect(r.trace.calculo).toEqual(
      [
        'Custo médio R$ 6,5000 + 30 % = R$ 8,45',
        'Faixa a partir de 10,5: R$ 8,45 − 10 % = R$ 7,605',
        'Arredondado ao centavo: R$ 7,61',
      ].map(br),
    );
    // 10,00 + 0,05 % = 10,005; − 50 % = 5,0025 -> 5,00 (rounding twice would give 10,01 -> 5,005 -> 5,01)
    const meio = tabela('t5', 'Geral', 'geral', {
      regra: 'acima_base',
      valor: '0.05',
      faixas: [{ quantidade_minima: '1.000', tipo: 'desconto', valor: '50.00' }],
    });
    expect(preco([meio]).preco).toBe('5.00');
  });
});

describe('preço mínimo', () => {
  it('comes from the winning item, with a warning when the price is below it', () => {
    const t = tabela('t5', 'Geral', 'geral', {
      regra: 'markup_custo',
      valor: '10.00',
      preco_minimo: '7.50',
    });
    const r = preco([t]); // 6,5 × 1,1 = 7,15
    expect(r.preco).toBe('7.15');
    expect(r.precoMinimo).toBe('7.50');
    expect(r.trace.avisos).toEqual([
      br('O preço R$ 7,15 está abaixo do preço mínimo R$ 7,50: vender por ele exige liberação.'),
    ]);
  });

  it('none when the item has none or the base price wins', () => {
    expect(preco([tabela('t5', 'Geral', 'geral')]).precoMinimo).toBeNull();
    expect(preco([]).precoMinimo).toBeNull();
  });
});

describe('an order of 200 items against indexed tables', () => {
  // 200 products; p000..p199, base 10,00 + i centavos, custo 5,0000.
  const produtos: ProdutoPreco[] = Array.from({ length: 200 }, (_, i) => ({
    id: `p${String(i).padStart(3, '0')}`,
    precoVendaBase: (1000 + i).toString().replace(/(\d\d)$/, '.$1'),
    custoMedio: '5.0000',
  }));
  // 40 tables: general ones cover every product at 10 % off the base; a segment table marks up
  // even products 40 % over cost; the customer list gives p000..p049 a fixed 6,00.
  const tabelas: TabelaPreco[] = [
    ...Array.from({ length: 37 }, (_, k) =>
      tabela(
        `g${k}`,
        `Geral ${k}`,
        'geral',
        {},
        {
          vigencia_inicio: `2025-01-${String((k % 28) + 1).padStart(2, '0')}`,
          itens: produtos.map((p) => item({ produto_id: p.id, regra: 'abaixo_base', valor: '10.00' })),
        },
      ),
    ),
    tabela(
      's',
      'Atacado',
      'segmento',
      {},
      {
        itens: produtos
          .filter((_, i) => i % 2 === 0)
          .map((p) => item({ produto_id: p.id, regra: 'markup_custo', valor: '40.00' })),
      },
    ),
    tabela(
      'r',
      'Outra região',
      'regiao',
      {},
      { regiao_id: 'r2', itens: produtos.map((p) => item({ produto_id: p.id })) },
    ),
    tabela(
      'c',
      'VIP',
      'clientes',
      {},
      {
        itens: produtos.slice(0, 50).map((p) => item({ produto_id: p.id, valor: '6.00' })),
      },
    ),
  ];
  const items = produtos.map((product) => ({ product, quantity: '3.000' }));

  it('prices every item by its own winning table', () => {
    const indice = indexTables(tabelas);
    const r = priceOrder({ customer: CLIENTE, date: HOJE, tables: indice, items });
    expect(r).toHaveLength(200);
    expect(r[0]!.preco).toBe('6.00'); // VIP
    expect(r[49]!.preco).toBe('6.00');
    expect(r[50]!.preco).toBe('7.00'); // even: 5 × 1,4
    expect(r[51]!.preco).toBe('9.46'); // odd: 10,51 × 0,9 = 9,459
    expect(r[199]!.preco).toBe('10.79'); // 11,99 × 0,9 = 10,791
    expect(r[51]!.origem).toMatchObject({ tabelaId: 'g27' }); // latest start: 2025-01-28
    expect(r[51]!.trace.candidatos).toHaveLength(37); // the other region's table is no candidate
  });

  it('raw tables (indexed on each call) give the same answers as the index', () => {
    const semIndice = priceOrder({ customer: CLIENTE, date: HOJE, tables: tabelas, items });
    for (const i of [0, 50, 51, 199]) {
      const { product, quantity } = items[i]!;
      expect(resolvePrice({ product, customer: CLIENTE, quantity, date: HOJE, tables: tabelas })).toEqual(
        semIndice[i],
      );
    }
  });
});

describe('loading only what an order needs changes neither the price nor the trace', () => {
  // The server (precos/preco.service.ts, tabelasParaPrecos) hands the engine only the tables whose
  // scope reaches the customer — the SQL filter mirrored by `alcancaNoBanco` — with only the
  // order's products' items and, for a customer list, only this customer. A customer reached by
  // every level: a list, its grupo, segmento and região; tables of other customers, grupos and
  // regiões; a same-day conflict; an expired and an inactive table; breaks given out of order.
  const produtos: ProdutoPreco[] = [
    { id: 'p1', precoVendaBase: '10.00', custoMedio: '6.5000', unidade: 'UN' },
    { id: 'p2', precoVendaBase: '20.00', custoMedio: '0.0000', unidade: 'CX' },
    { id: 'p4', precoVendaBase: '7.35', custoMedio: '4.1000' },
  ];
  const faixas: FaixaPreco[] = [
    { quantidade_minima: '24.000', tipo: 'desconto', valor: '5.00' },
    { quantidade_minima: '6.000', tipo: 'preco', valor: '8.10' },
    { quantidade_minima: '12.000', tipo: 'desconto', valor: '2.50' },
  ];
  const itens = (over: Partial<ItemTabelaPreco>, ids = ['p1', 'p2', 'p3']) =>
    ids.map((produto_id) => item({ produto_id, ...over }));
  const todas: TabelaPreco[] = [
    tabela(
      'a',
      'VIP Março',
      'clientes',
      {},
      {
        vigencia_inicio: '2026-03-01',
        vigencia_fim: '2026-03-31',
        cliente_ids: ['c9', 'c1', 'c7'],
        itens: itens({ valor: '8.40', preco_minimo: '8.00', faixas }, ['p1']),
      },
    ),
    tabela(
      'b',
      'Outros clientes',
      'clientes',
      {},
      { cliente_ids: ['c7', 'c8'], itens: itens({ valor: '1.00' }) },
    ),
    tabela('c', 'Rede Beta', 'grupo', {}, { itens: itens({ regra: 'abaixo_base', valor: '7.00' }) }),
    tabela('d', 'Rede Alfa', 'grupo', {}, { itens: itens({ regra: 'markup_custo', valor: '35.00' }) }),
    tabela('e', 'Outra rede', 'grupo', {}, { grupo_id: 'g2', itens: itens({ valor: '1.00' }) }),
    tabela(
      'f',
      'Atacado 2025',
      'segmento',
      {},
      {
        vigencia_inicio: '2025-01-01',
        vigencia_fim: '2025-12-31',
        itens: itens({ valor: '7.70' }),
      },
    ),
    tabela('g', 'Atacado inativo', 'segmento', {}, { ativa: false, itens: itens({ valor: '7.60' }) }),
    tabela('h', 'Capital', 'regiao', {}, { itens: itens({ regra: 'acima_base', valor: '3.00', faixas }) }),
    tabela('i', 'Interior', 'regiao', {}, { regiao_id: 'r2', itens: itens({ valor: '1.00' }) }),
    tabela('j', 'Geral 2026', 'geral', {}, { itens: itens({ valor: '9.90' }) }),
    tabela(
      'k',
      'Geral Março',
      'geral',
      {},
      { vigencia_inicio: '2026-03-01', itens: itens({ valor: '9.80' }) },
    ),
    tabela('l', 'Só p3', 'geral', {}, { itens: itens({ valor: '3.00' }, ['p3']) }),
  ];

  const alcancaNoBanco = (t: TabelaPreco, c: ClientePreco) =>
    t.escopo === 'geral' ||
    (c !== null &&
      ((t.escopo === 'clientes' && t.cliente_ids.includes(c.id)) ||
        (t.escopo === 'grupo' && t.grupo_id === c.grupoEmpresarialId) ||
        (t.escopo === 'segmento' && t.segmento_id === c.segmentoId) ||
        (t.escopo === 'regiao' && t.regiao_id === c.regiaoId)));
  const comoOServidorCarrega = (c: ClientePreco, produtoIds: string[]): TabelaPreco[] =>
    todas
      .filter((t) => alcancaNoBanco(t, c))
      .map((t) => ({
        ...t,
        cliente_ids: t.escopo === 'clientes' && c ? [c.id] : [],
        itens: t.itens.filter((i) => produtoIds.includes(i.produto_id)),
      }))
      .filter((t) => t.itens.length > 0);

  const clientes: ClientePreco[] = [
    CLIENTE,
    { id: 'c7', grupoEmpresarialId: 'g2', segmentoId: null, regiaoId: 'r2' },
    null,
  ];
  const datas = ['2026-02-28', '2026-03-01', '2026-03-15', '2026-03-31', '2026-04-01'];
  const quantidades = ['1.000', '6.000', '11.999', '12.000', '30.000'];

  it.each(clientes.flatMap((c) => datas.map((d) => [c?.id ?? 'sem cliente', d, c] as const)))(
    'customer %s on %s',
    (_, data, cliente) => {
      const items = produtos.flatMap((product) => quantidades.map((quantity) => ({ product, quantity })));
      const antes = priceOrder({ customer: cliente, date: data, tables: todas, items });
      const restritas = comoOServidorCarrega(cliente, ['p1', 'p2', 'p4']);
      expect(restritas.length).toBeLessThan(todas.length);
      expect(priceOrder({ customer: cliente, date: data, tables: restritas, items })).toEqual(antes);
      // nor the order the tables or the breaks come in
      const invertidas = [...restritas]
        .reverse()
        .map((t) => ({ ...t, itens: t.itens.map((i) => ({ ...i, faixas: [...i.faixas].reverse() })) }));
      expect(priceOrder({ customer: cliente, date: data, tables: invertidas, items })).toEqual(antes);
    },
  );

  it.each(datas)('breaks loaded only for the winning items (itensVencedores) on %s', (data) => {
    // what precos/preco.service.ts does: tables without breaks, the winners named by the engine,
    // their breaks filled in, then priceOrder on the same index
    const items = produtos.flatMap((product) => quantidades.map((quantity) => ({ product, quantity })));
    const antes = priceOrder({ customer: CLIENTE, date: data, tables: todas, items });
    const semFaixas = comoOServidorCarrega(CLIENTE, ['p1', 'p2', 'p4']).map((t) => ({
      ...t,
      itens: t.itens.map((i) => ({ ...i, faixas: [] as FaixaPreco[] })),
    }));
    const pedido = { customer: CLIENTE, date: data, tables: indexTables(semFaixas), items };
    const vencedores = itensVencedores(pedido);
    expect(vencedores.filter((v) => v !== null).length).toBeGreaterThan(0);
    for (const v of vencedores)
      if (v)
        v.item.faixas = todas
          .find((t) => t.id === v.tabelaId)!
          .itens.find((i) => i.produto_id === v.item.produto_id)!.faixas;
    expect(priceOrder(pedido)).toEqual(antes);
  });

  it('the case exercises every part of the trace', () => {
    const r = priceOrder({
      customer: CLIENTE,
      date: '2026-04-01',
      tables: comoOServidorCarrega(CLIENTE, ['p1', 'p2']),
      items: [
        { product: produtos[0]!, quantity: '30.000' },
        { product: produtos[1]!, quantity: '12.000' },
      ],
    });
    // p1: the list ended on 31/03, the grupo conflict (Rede Alfa before Rede Beta) wins:
    // 6,5000 × 1,35 = 8,775 -> 8,78
    expect(r[0]!.preco).toBe('8.78');
    expect(r[0]!.trace.conflito).toContain('Rede Alfa e Rede Beta');
    expect(r[0]!.trace.candidatos.map((c) => [c.tabelaId, c.situacao])).toEqual([
      ['a', 'ignorada'],
      ['d', 'aplicada'],
      ['c', 'perdeu'],
      ['g', 'ignorada'],
      ['f', 'ignorada'],
      ['h', 'perdeu'],
      ['k', 'perdeu'],
      ['j', 'perdeu'],
    ]);
    // p2 has no custo médio: Rede Alfa is ignored, Rede Beta wins: 20,00 × 0,93 = 18,60
    expect(r[1]!.preco).toBe('18.60');
    expect(r[1]!.trace.candidatos[0]).toMatchObject({ tabelaId: 'd', situacao: 'ignorada' });
  });
});
