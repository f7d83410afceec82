import { describe, expect, it } from 'vitest';
import { Decimal } from '../decimal.ts';
import { type ItemRateio, ratearCentros, rateioMensagens, verificaRateio } from './rateio-centros.ts';

const itens = (...percentuais: string[]): ItemRateio[] =>
  percentuais.map((percentual, i) => ({ centro_custo_id: `c${i + 1}`, percentual }));

describe('ratearCentros', () => {
  it.each<[string, string, string[], string[]]>([
    // exact shares 33,3333 / 33,3333 / 33,3334 → floors 33,33 × 3 = 99,99; the cent to the
    // largest remainder (0,0034 of the third).
    ['thirds with 4 decimals', '100.00', ['33.3333', '33.3333', '33.3334'], ['33.33', '33.33', '33.34']],
    ['thirds with 2 decimals', '10.00', ['33.33', '33.33', '33.34'], ['3.33', '3.33', '3.34']],
    ['exact shares', '1000.00', ['50', '30', '20'], ['500.00', '300.00', '200.00']],
    // one cent, equal remainders: the larger weight, then the earlier centre.
    ['one cent over halves', '0.01', ['50', '50'], ['0.01', '0.00']],
    // 1.234,57 × 12,5 % = 154,32125; × 37,5 % = 462,96375; × 50 % = 617,285 → 154,32 + 462,96 +
    // 617,28 = 1.234,56; the cent to the largest remainder: 0,5 cent of the third (0,125 and
    // 0,375 cent of the others).
    ['uneven', '1234.57', ['12.5', '37.5', '50'], ['154.32', '462.96', '617.29']],
    ['one centre', '99.99', ['100'], ['99.99']],
  ])('%s', (_caso, total, percentuais, valores) => {
    const r = ratearCentros(total, itens(...percentuais));
    expect(r).toEqual({
      ok: true,
      partes: valores.map((valor, i) => ({
        centro_custo_id: `c${i + 1}`,
        percentual: percentuais[i],
        valor,
      })),
    });
    expect(Decimal.sum(valores).toFixed(2)).toBe(total);
  });

  it.each([
    ['a sum below 100', itens('33.3333', '33.3333', '33.3333'), rateioMensagens.soma('99.9999'), 'rateio'],
    ['a sum above 100', itens('60', '50'), rateioMensagens.soma('110'), 'rateio'],
    ['no centre', [], rateioMensagens.semCentros, 'rateio'],
    ['a zero share', itens('100', '0'), rateioMensagens.percentualPositivo, 'rateio.1.percentual'],
    ['five decimals', itens('33.33333', '66.66667'), rateioMensagens.casas, 'rateio.0.percentual'],
    [
      'a repeated centre',
      [
        { centro_custo_id: 'c1', percentual: '50' },
        { centro_custo_id: 'c1', percentual: '50' },
      ],
      rateioMensagens.centroRepetido,
      'rateio.1.centro_custo_id',
    ],
  ])('refuses %s', (_caso, rateio, mensagem, campo) => {
    expect(verificaRateio(rateio)).toEqual({ ok: false, mensagem, campo });
    expect(ratearCentros('100.00', rateio)).toEqual({ ok: false, mensagem, campo });
  });

  it('the sum message shows the sum in pt-BR', () => {
    expect(rateioMensagens.soma('99.9999')).toBe('A soma dos percentuais deve ser 100 % (está em 99,9999 %)');
  });
});
