import { describe, expect, it } from 'vitest';
import { comissaoDoPedido } from './comissao.ts';

describe('commission', () => {
  it.each([
    // The 20-item order of calculo-pedido.test.ts: produtos 4.186,67 − descontos 188,11 = 3.998,56;
    // its ST 99,73, IPI 108,15 and freight 48,50 are left out.
    ['5.00', { percentual: '5.00', base: '3998.56', valor: '199.93' }], // 199,928 → 199,93
    ['2.5', { percentual: '2.50', base: '3998.56', valor: '99.96' }], // 99,964 → 99,96
    ['0', { percentual: '0.00', base: '3998.56', valor: '0.00' }],
    [null, { percentual: '0.00', base: '3998.56', valor: '0.00' }], // no seller
  ])('%s %%', (percentual, esperado) => {
    expect(comissaoDoPedido({ produtos: '4186.67', descontos: '188.11' }, percentual)).toEqual(esperado);
  });

  it('rounds half away from zero once', () => {
    // 10,10 × 5 % = 0,505 → 0,51
    expect(comissaoDoPedido({ produtos: '10.10', descontos: '0.00' }, '5').valor).toBe('0.51');
  });
});
