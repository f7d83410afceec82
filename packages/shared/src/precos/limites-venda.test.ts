import { describe, expect, it } from 'vitest';
import { type DescontoLinha, verificaDescontoVendedor, verificaPrecoMinimo } from './limites-venda.ts';

const nb = (s: string) => s.replaceAll('R$ ', 'R$\u00a0');

describe('seller desconto máximo', () => {
  it.each([
    // máximo, desconto -> allowed, or the reason
    ['10.00', { percentual: '10.00' }, null],
    ['10.00', { percentual: '9.99' }, null],
    [
      '10.00',
      { percentual: '10.01' },
      'Desconto de 10,01 % acima do máximo do vendedor (10 %): exige liberação.',
    ],
    ['0.00', { percentual: '0.5' }, 'Desconto de 0,5 % acima do máximo do vendedor (0 %): exige liberação.'],
    ['10.00', { precoTabela: '7.00', precoPraticado: '6.30' }, null], // exactly 10 %
    [
      '10.00',
      { precoTabela: '10.00', precoPraticado: '8.99' },
      'Desconto de 10,1 % acima do máximo do vendedor (10 %): exige liberação.',
    ],
    // 1 / 9,99 = 10,01001 %
    [
      '10.00',
      { precoTabela: '9.99', precoPraticado: '8.99' },
      'Desconto de 10,01 % acima do máximo do vendedor (10 %): exige liberação.',
    ],
    ['10.00', { precoTabela: '33.33', precoPraticado: '30.00' }, null], // 9,990999 %
    // 10,00001 %: above the maximum, so shown with the decimals that say so
    [
      '10.00',
      { precoTabela: '100000.00', precoPraticado: '89999.99' },
      'Desconto de 10,00001 % acima do máximo do vendedor (10 %): exige liberação.',
    ],
    ['12.50', { precoTabela: '10.00', precoPraticado: '8.75' }, null], // 12,5 %
    ['5.00', { precoTabela: '10.00', precoPraticado: '11.00' }, null], // above the table: always allowed
    ['5.00', { precoTabela: '0.00', precoPraticado: '0.00' }, null],
  ] as [string, DescontoLinha, string | null][])('máximo %s, %j', (maximo, desconto, motivo) => {
    expect(verificaDescontoVendedor(maximo, desconto)).toEqual(
      motivo === null ? { permitido: true } : { permitido: false, motivo },
    );
  });
});

describe('preço mínimo', () => {
  it.each([
    ['7.50', '7.50', null],
    ['7.51', '7.50', null],
    ['7.49', '7.50', 'Preço R$ 7,49 abaixo do preço mínimo R$ 7,50: exige liberação.'],
    ['1000', '1234.5', 'Preço R$ 1.000,00 abaixo do preço mínimo R$ 1.234,50: exige liberação.'],
    ['0.01', null, null],
  ])('%s against %s', (preco, minimo, motivo) => {
    expect(verificaPrecoMinimo(preco, minimo)).toEqual(
      motivo === null ? { permitido: true } : { permitido: false, motivo: nb(motivo) },
    );
  });
});
