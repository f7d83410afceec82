import { describe, expect, it } from 'vitest';
import { diferencasPedido } from './diferencas-pedido.ts';

const item = (produto_id: string, preco: string) => ({ produto_id, nome: `Produto ${produto_id}`, preco });

describe('diferencasPedido', () => {
  it.each([
    ['nothing changed', [item('a', '10.00')], '20.00', [item('a', '10.00')], '20.00', [], []],
    [
      'a price and the total (2 × 10,00 → 2 × 12,50)',
      [item('a', '10.00')],
      '20.00',
      [item('a', '12.50')],
      '25.00',
      [],
      [
        'Preço de Produto a mudou de R$\u00a010,00 para R$\u00a012,50',
        'Total do pedido mudou de R$\u00a020,00 para R$\u00a025,00',
      ],
    ],
    ['10 and 10.00 are the same price', [item('a', '10')], '20', [item('a', '10.00')], '20.00', [], []],
    [
      'stock and credit blockers',
      [item('a', '10.00')],
      '20.00',
      [item('a', '10.00')],
      '20.00',
      [
        { tipo: 'estoque' as const, motivo: 'Produto a: pedido 2, disponível 0' },
        { tipo: 'credito' as const, motivo: 'Limite excedido' },
      ],
      ['Estoque insuficiente: bloqueado (Produto a: pedido 2, disponível 0)', 'Bloqueado: Limite excedido'],
    ],
  ])('%s', (_caso, dItens, dTotal, sItens, sTotal, bloqueios, esperado) => {
    expect(
      diferencasPedido({ total: dTotal, itens: dItens }, { total: sTotal, itens: sItens }, bloqueios),
    ).toEqual(esperado);
  });
});
