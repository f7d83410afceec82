import { describe, expect, it } from 'vitest';
import {
  diferencaInventario,
  indiceGtin,
  inventarioMensagens,
  leGtin,
  resumoInventario,
  somaLeitura,
} from './inventario.ts';

describe('inventory differences', () => {
  it.each([
    // sistema, contado, custo médio -> diferença, valor (by hand)
    ['36.000', '30', '6.6667', '-6.000', '-40.00'], // −40,0002
    ['10.000', '12.5', '5.0000', '2.500', '12.50'],
    ['5.000', '5', '3.3333', '0.000', '0.00'],
    ['0.000', '1', '0.0050', '1.000', '0.01'], // 0,005 -> half away from zero
    ['2.000', '0', '7.0000', '-2.000', '-14.00'],
  ])('sistema %s, contado %s at %s -> %s worth %s', (sistema, contado, custoMedio, diferenca, valor) => {
    expect(diferencaInventario({ sistema, contado, custoMedio })).toEqual({ diferenca, valor });
  });

  it('an item nobody counted is not adjusted', () => {
    expect(diferencaInventario({ sistema: '4.000', contado: null, custoMedio: '1.0000' })).toBeNull();
  });

  it('totals the values as shown', () => {
    expect(
      resumoInventario([
        { sistema: '36.000', contado: '30', custoMedio: '6.6667' },
        { sistema: '10.000', contado: '12.5', custoMedio: '5.0000' },
        { sistema: '5.000', contado: '5', custoMedio: '3.3333' },
        { sistema: '4.000', contado: null, custoMedio: '1.0000' },
      ]),
    ).toEqual({
      itens: 4,
      contados: 3,
      comDiferenca: 2,
      sobras: '12.50',
      faltas: '-40.00',
      liquido: '-27.50',
    });
  });
});

describe('scanner input', () => {
  const indice = indiceGtin([
    {
      produtoId: 'ARROZ',
      unidade: 'UN',
      gtin: '7891000315507',
      embalagens: [
        { unidade: 'CX', fator: '12', gtin: '17891000315504' },
        { unidade: 'FD', fator: '6', gtin: null },
      ],
    },
    {
      produtoId: 'FEIJAO',
      unidade: 'KG',
      gtin: 'SEM GTIN',
      embalagens: [{ unidade: 'SC', fator: '30', gtin: '96385074' }],
    },
  ]);

  it.each([
    ['7891000315507', { produtoId: 'ARROZ', unidade: 'UN', quantidade: '1.000' }],
    ['17891000315504', { produtoId: 'ARROZ', unidade: 'CX', quantidade: '12.000' }],
    ['07891000315507', { produtoId: 'ARROZ', unidade: 'UN', quantidade: '1.000' }], // read as 14 digits
    [' 96385074 ', { produtoId: 'FEIJAO', unidade: 'SC', quantidade: '30.000' }],
    ['4006381333931', null],
    ['SEM GTIN', null],
    ['', null],
    ['abc', null],
  ])('%j adds %o', (codigo, leitura) => {
    expect(leGtin(indice, codigo)).toEqual(leitura);
  });

  it('a unit GTIN adds 1 and a box GTIN adds its factor', () => {
    let contado: string | null = null;
    for (const codigo of ['17891000315504', '7891000315507', '7891000315507']) {
      const leitura = leGtin(indice, codigo);
      if (leitura) contado = somaLeitura(contado, leitura);
    }
    expect(contado).toBe('14.000');
    expect(somaLeitura('', { produtoId: 'X', unidade: 'KG', quantidade: '0.500' })).toBe('0.500');
  });

  it('says when no product has the code', () => {
    expect(inventarioMensagens.gtinNaoEncontrado('4006381333931')).toBe(
      'GTIN 4006381333931 não encontrado em nenhum produto',
    );
  });
});
