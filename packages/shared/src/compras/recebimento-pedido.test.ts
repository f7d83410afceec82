import { describe, expect, it } from 'vitest';
import {
  casaItensComPedido,
  comparaRecebimento,
  type LinhaPedidoRecebimento,
  type ToleranciaRecebimento,
} from './recebimento-pedido.ts';

// Figures worked out by hand in the comments. Tolerances: quantity 10 %, price 5 %.
// The order: L1 100 UN of A at 10.00, L2 50 UN of B at 4.00.

const TOL: ToleranciaRecebimento = { quantidade_percentual: '10', preco_percentual: '5' };

function pedido(
  antesL1 = '0',
  antesL2 = '0',
  extra: Partial<LinhaPedidoRecebimento> = {},
): LinhaPedidoRecebimento[] {
  return [
    {
      id: 'L1',
      produto: 'A',
      quantidade_pedida: '100',
      quantidade_recebida_antes: antesL1,
      preco: '10.0000',
      ...extra,
    },
    { id: 'L2', produto: 'B', quantidade_pedida: '50', quantidade_recebida_antes: antesL2, preco: '4.0000' },
  ];
}

const resumo = (l: { recebidaAgora: string; recebidaTotal: string; restante: string; situacao: string }) => [
  l.recebidaAgora,
  l.recebidaTotal,
  l.restante,
  l.situacao,
];

describe('comparaRecebimento', () => {
  it('partial receipt: the rest stays open; a price within tolerance passes', () => {
    // L1: 60 of 100 → rest 40, parcial; L2: 50 of 50 at 4.10 → (4.10 − 4.00) × 100 ÷ 4 = +2.50 % ≤ 5 %
    const r = comparaRecebimento({
      linhasPedido: pedido(),
      itensNota: [
        { produto: 'A', quantidade: '60', preco: '10.00' },
        { produto: 'B', quantidade: '50', preco: '4.10' },
      ],
      tolerancia: TOL,
    });
    const [l1, l2] = r.linhas;
    expect(resumo(l1!)).toEqual(['60.000', '60.000', '40.000', 'parcial']);
    expect([l1!.precoNota, l1!.diferencaPrecoPercentual, l1!.divergencias]).toEqual(['10.0000', '0.00', []]);
    expect(resumo(l2!)).toEqual(['50.000', '50.000', '0.000', 'atendida']);
    expect([l2!.precoNota, l2!.diferencaPrecoPercentual, l2!.exigeJustificativa]).toEqual([
      '4.1000',
      '2.50',
      false,
    ]);
    expect([r.statusPedido, r.exigeJustificativa, r.itensSemPedido]).toEqual([
      'parcialmente_recebido',
      false,
      [],
    ]);
  });

  it('price divergence over tolerance requires a justification', () => {
    // 10.80 vs 10.00 → +8.00 % > 5 %; 3.76 vs 4.00 → −6.00 % beyond −5 %
    const r = comparaRecebimento({
      linhasPedido: pedido(),
      itensNota: [
        { produto: 'A', quantidade: '60', preco: '10.80' },
        { produto: 'B', quantidade: '50', preco: '3.76' },
      ],
      tolerancia: TOL,
    });
    const [l1, l2] = r.linhas;
    expect([l1!.diferencaPrecoPercentual, l1!.exigeJustificativa]).toEqual(['8.00', true]);
    expect(l1!.divergencias).toEqual([
      {
        codigo: 'preco_acima',
        mensagem:
          'Preço acima do pedido: R$ 10,80 na nota contra R$ 10,00 no pedido (+8,00 %, tolerância 5 %). Justifique ou peça a correção ao fornecedor',
      },
    ]);
    expect(l2!.diferencaPrecoPercentual).toBe('-6.00');
    expect(l2!.divergencias.map((d) => d.codigo)).toEqual(['preco_abaixo']);
    expect([r.statusPedido, r.exigeJustificativa]).toEqual(['parcialmente_recebido', true]);
  });

  it('exactly at the price tolerance passes', () => {
    // 10.50 vs 10.00 → +5.00 % = tolerance
    const r = comparaRecebimento({
      linhasPedido: pedido(),
      itensNota: [{ produto: 'A', quantidade: '100', preco: '10.50' }],
      tolerancia: TOL,
    });
    expect([r.linhas[0]!.diferencaPrecoPercentual, r.linhas[0]!.divergencias]).toEqual(['5.00', []]);
  });

  it('a second receipt completes the order', () => {
    // before: L1 60, L2 50. Now L1 40 → 100 of 100, rest 0; L2 untouched but already complete
    const r = comparaRecebimento({
      linhasPedido: pedido('60', '50'),
      itensNota: [{ produto: 'A', quantidade: '40', preco: '10.00' }],
      tolerancia: TOL,
    });
    const [l1, l2] = r.linhas;
    expect(resumo(l1!)).toEqual(['40.000', '100.000', '0.000', 'atendida']);
    expect(resumo(l2!)).toEqual(['0.000', '50.000', '0.000', 'atendida']);
    expect([l2!.precoNota, l2!.diferencaPrecoPercentual]).toEqual([null, null]);
    expect(r.statusPedido).toBe('recebido');
  });

  it('a line closed short counts as done', () => {
    // L1 received 60 before and closed short at 60 (40 no longer expected); L2 gets its 50 now
    const r = comparaRecebimento({
      linhasPedido: pedido('60', '0', { encerrada: true }),
      itensNota: [{ produto: 'B', quantidade: '50', preco: '4.00' }],
      tolerancia: TOL,
    });
    expect(resumo(r.linhas[0]!)).toEqual(['0.000', '60.000', '0.000', 'encerrada']);
    expect(resumo(r.linhas[1]!)).toEqual(['50.000', '50.000', '0.000', 'atendida']);
    expect(r.statusPedido).toBe('recebido');
  });

  it.each([
    // received, excess %, divergent?  — 110 of 100 is +10 % = tolerance; 112 is +12 %
    ['110', false],
    ['112', true],
  ])('quantity above the order: %s of 100', (qtd, diverge) => {
    const r = comparaRecebimento({
      linhasPedido: pedido(),
      itensNota: [{ produto: 'A', quantidade: qtd, preco: '10.00' }],
      tolerancia: TOL,
    });
    const l1 = r.linhas[0]!;
    expect([l1.restante, l1.situacao, l1.exigeJustificativa]).toEqual(['0.000', 'atendida', diverge]);
    if (diverge)
      expect(l1.divergencias).toEqual([
        {
          codigo: 'quantidade_acima',
          mensagem:
            'Quantidade acima do pedido: 112 recebidas de 100 pedidas (+12,00 %, tolerância 10 %). Justifique ou corrija a quantidade',
        },
      ]);
    // L2 not received yet: the order is partially received
    expect(r.statusPedido).toBe('parcialmente_recebido');
  });

  it('the excess counts what was received before', () => {
    // 95 before + 20 now = 115 of 100 → +15 % > 10 %
    const r = comparaRecebimento({
      linhasPedido: pedido('95'),
      itensNota: [{ produto: 'A', quantidade: '20', preco: '10.00' }],
      tolerancia: TOL,
    });
    expect(r.linhas[0]!.divergencias[0]?.mensagem).toBe(
      'Quantidade acima do pedido: 115 recebidas de 100 pedidas (+15,00 %, tolerância 10 %). Justifique ou corrija a quantidade',
    );
  });

  it('an item without an order line requires a justification; nothing received leaves the status', () => {
    const r = comparaRecebimento({
      linhasPedido: pedido(),
      itensNota: [{ produto: 'Z', quantidade: '3', preco: '7.50' }],
      tolerancia: TOL,
    });
    expect(r.itensSemPedido).toEqual([
      {
        produto: 'Z',
        quantidade: '3',
        preco: '7.50',
        divergencia: {
          codigo: 'item_sem_pedido',
          mensagem:
            'Item sem linha em aberto no pedido de compra (3 a R$ 7,50): justifique ou retire do recebimento',
        },
      },
    ]);
    expect([r.statusPedido, r.exigeJustificativa]).toEqual([null, true]);
  });
});

describe('casaItensComPedido', () => {
  it('fills the lines of a product in order; the excess goes to the last open line', () => {
    // A ordered in L1 (60) and L2 (40). Item 70 @ 10 → L1 60, L2 10; item 40 @ 11 → L1 is full, L2 (the
    // last open line) takes all 40 (its rest 30 + 10 excess). L2 gets 50: weighted price (10 × 10 + 40 × 11) ÷ 50 = 540 ÷ 50 = 10.80
    const linhas: LinhaPedidoRecebimento[] = [
      { id: 'L1', produto: 'A', quantidade_pedida: '60', quantidade_recebida_antes: '0', preco: '10.0000' },
      { id: 'L2', produto: 'A', quantidade_pedida: '40', quantidade_recebida_antes: '0', preco: '10.0000' },
      {
        id: 'L3',
        produto: 'C',
        quantidade_pedida: '5',
        quantidade_recebida_antes: '0',
        preco: '1.0000',
        encerrada: true,
      },
    ];
    const itens = [
      { produto: 'A', quantidade: '70', preco: '10.00' },
      { produto: 'A', quantidade: '40', preco: '11.00' },
      { produto: 'C', quantidade: '1', preco: '1.00' },
    ];
    expect(casaItensComPedido(linhas, itens)).toEqual({
      alocacoes: [
        { linhaId: 'L1', quantidade: '60.000', preco: '10.00' },
        { linhaId: 'L2', quantidade: '10.000', preco: '10.00' },
        { linhaId: 'L2', quantidade: '40.000', preco: '11.00' },
      ],
      semPedido: [{ produto: 'C', quantidade: '1', preco: '1.00' }],
    });
    const r = comparaRecebimento({ linhasPedido: linhas, itensNota: itens, tolerancia: TOL });
    const l2 = r.linhas[1]!;
    // L2: 50 of 40 → +25 % > 10 %; price 10.80 vs 10.00 → +8.00 % > 5 %
    expect([l2.recebidaAgora, l2.precoNota, l2.diferencaPrecoPercentual]).toEqual([
      '50.000',
      '10.8000',
      '8.00',
    ]);
    expect(l2.divergencias.map((d) => d.codigo)).toEqual(['quantidade_acima', 'preco_acima']);
    // L3 closed short with nothing received, L1 and L2 complete → recebido
    expect(r.statusPedido).toBe('recebido');
  });
});
