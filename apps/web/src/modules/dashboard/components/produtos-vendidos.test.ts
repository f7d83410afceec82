import { describe, expect, it } from 'vitest';
import { cartaoProdutosVendidos } from './produtos-vendidos.ts';

describe('"Produtos Mais Vendidos" card', () => {
  it.each([
    [
      189,
      'Arroz Tipo 1',
      {
        unidade: 'produtos',
        dica: 'diferentes vendidos no mês',
        maisVendido: 'Mais vendido: Arroz Tipo 1',
      },
    ],
    [
      1,
      'Café 500g',
      { unidade: 'produto', dica: 'diferente vendido no mês', maisVendido: 'Mais vendido: Café 500g' },
    ],
    [0, null, { unidade: 'produtos', dica: 'diferentes vendidos no mês', maisVendido: null }],
  ])('%i, %s → %j', (n, mais, esperado) => {
    expect(cartaoProdutosVendidos(n, mais)).toEqual(esperado);
  });
});
