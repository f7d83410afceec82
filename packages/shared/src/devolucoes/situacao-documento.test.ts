import { describe, expect, it } from 'vitest';
import { situacaoDevolucaoDocumento, situacaoDevolucaoLabels } from './situacao-documento.ts';

describe('situacaoDevolucaoDocumento', () => {
  it.each([
    [[], 'nao_devolvida'],
    [[{ quantidade: '10', devolvida: '0' }], 'nao_devolvida'],
    [
      [
        { quantidade: '10', devolvida: '5' },
        { quantidade: '2', devolvida: '0' },
      ],
      'parcialmente_devolvida',
    ],
    [
      [
        { quantidade: '10', devolvida: '10' },
        { quantidade: '2', devolvida: '0' },
      ],
      'parcialmente_devolvida',
    ],
    [
      [
        { quantidade: '10', devolvida: '10.000' },
        { quantidade: '2.5', devolvida: '2.500' },
      ],
      'devolvida',
    ],
    [
      [
        { quantidade: '10', devolvida: '10' },
        { quantidade: '0', devolvida: '0' },
      ],
      'devolvida',
    ],
  ] as const)('%j → %s', (itens, esperado) => {
    expect(situacaoDevolucaoDocumento(itens)).toBe(esperado);
  });

  it('has pt-BR labels', () => {
    expect(situacaoDevolucaoLabels.parcialmente_devolvida).toBe('Parcialmente devolvida');
  });
});
