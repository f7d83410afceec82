import { describe, expect, it } from 'vitest';
import { comissaoDoPedido } from '../comercial/comissao.ts';
import { estornoDeComissao } from './estorno-comissao.ts';

describe('estornoDeComissao', () => {
  // The hand-worked sale: goods 333,30, seller at 5 % → commission 16,665 → 16,67 (base 333,30).
  const { base, valor: comissao } = comissaoDoPedido({ produtos: '333.30', descontos: '0.00' }, '5');

  it('is the order commission in the same basis as comercial/comissao.ts', () => {
    expect([base, comissao]).toEqual(['333.30', '16.67']);
  });

  it('half returned: 16,67 × 166,65 / 333,30 = 8,335 → 8,34; the other half takes 16,67 − 8,34 = 8,33', () => {
    const primeira = estornoDeComissao({ comissao, base, baseDevolvida: '166.65' });
    expect(primeira).toBe('8.34');
    expect(
      estornoDeComissao({
        comissao,
        base,
        baseDevolvida: '166.65',
        anteriores: [{ base: '166.65', estorno: primeira }],
      }),
    ).toBe('8.33');
  });

  it('three returns (99,99 + 99,99 + 133,32): 16,67 × 0,3 = 5,001 → 5,00 twice, last 6,67', () => {
    const a = estornoDeComissao({ comissao, base, baseDevolvida: '99.99' });
    const b = estornoDeComissao({
      comissao,
      base,
      baseDevolvida: '99.99',
      anteriores: [{ base: '99.99', estorno: a }],
    });
    const c = estornoDeComissao({
      comissao,
      base,
      baseDevolvida: '133.32',
      anteriores: [
        { base: '99.99', estorno: a },
        { base: '99.99', estorno: b },
      ],
    });
    expect([a, b, c]).toEqual(['5.00', '5.00', '6.67']);
  });

  it('remainder where naive rounding drifts: 10,00 over three equal thirds → 3,33 + 3,33 + 3,34', () => {
    const a = estornoDeComissao({ comissao: '10.00', base: '30.00', baseDevolvida: '10.00' });
    const b = estornoDeComissao({
      comissao: '10.00',
      base: '30.00',
      baseDevolvida: '10.00',
      anteriores: [{ base: '10.00', estorno: a }],
    });
    const c = estornoDeComissao({
      comissao: '10.00',
      base: '30.00',
      baseDevolvida: '10.00',
      anteriores: [
        { base: '10.00', estorno: a },
        { base: '10.00', estorno: b },
      ],
    });
    expect([a, b, c]).toEqual(['3.33', '3.33', '3.34']);
  });

  it('is zero without commission, base or returned base', () => {
    expect(estornoDeComissao({ comissao: '0.00', base: '100.00', baseDevolvida: '10.00' })).toBe('0.00');
    expect(estornoDeComissao({ comissao: '5.00', base: '0.00', baseDevolvida: '10.00' })).toBe('0.00');
    expect(estornoDeComissao({ comissao: '5.00', base: '100.00', baseDevolvida: '0' })).toBe('0.00');
  });
});
