import { getHolidays } from '@brazilian-utils/brazilian-utils';
import { describe, expect, it } from 'vitest';
import { addDays } from '../dates.ts';
import {
  diaDaSemana,
  feriadoNacional,
  feriadosNacionais,
  isBusinessDay,
  nextBusinessDay,
  pascoa,
} from './dias-uteis.ts';

describe('pascoa (anonymous Gregorian algorithm)', () => {
  it.each([
    [1818, '1818-03-22'], // the earliest possible date
    [1943, '1943-04-25'], // the latest possible date
    [2000, '2000-04-23'],
    [2019, '2019-04-21'],
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2028, '2028-04-16'],
    [2038, '2038-04-25'],
    [2285, '2285-03-22'],
  ])('%i → %s', (ano, data) => {
    expect(pascoa(ano)).toBe(data);
  });

  it('refuses a year outside the Gregorian calendar', () => {
    expect(() => pascoa(1500)).toThrow();
    expect(() => pascoa(2027.5)).toThrow();
  });
});

describe('feriadosNacionais', () => {
  it('2027: fixed ones and those from Easter (28 March), in date order', () => {
    expect(feriadosNacionais(2027)).toEqual([
      { data: '2027-01-01', nome: 'Confraternização Universal' },
      { data: '2027-02-08', nome: 'Carnaval (segunda-feira)' },
      { data: '2027-02-09', nome: 'Carnaval (terça-feira)' },
      { data: '2027-03-26', nome: 'Sexta-feira Santa' },
      { data: '2027-04-21', nome: 'Tiradentes' },
      { data: '2027-05-01', nome: 'Dia do Trabalho' },
      { data: '2027-05-27', nome: 'Corpus Christi' },
      { data: '2027-09-07', nome: 'Independência do Brasil' },
      { data: '2027-10-12', nome: 'Nossa Senhora Aparecida' },
      { data: '2027-11-02', nome: 'Finados' },
      { data: '2027-11-15', nome: 'Proclamação da República' },
      { data: '2027-11-20', nome: 'Dia Nacional de Zumbi e da Consciência Negra' },
      { data: '2027-12-25', nome: 'Natal' },
    ]);
  });

  it('20 November is national from 2024 on', () => {
    expect(feriadoNacional('2023-11-20')).toBeNull();
    expect(isBusinessDay('2023-11-20')).toBe(true); // a Monday
    expect(feriadoNacional('2024-11-20')).toBe('Dia Nacional de Zumbi e da Consciência Negra');
    expect(isBusinessDay('2024-11-20')).toBe(false); // a Wednesday
  });

  it('agrees with the holidays of @brazilian-utils (another implementation) from 2024 to 2099', () => {
    const local = (d: Date) =>
      `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    for (let ano = 2024; ano <= 2099; ano++) {
      const deles = getHolidays(ano);
      expect(pascoa(ano)).toBe(local(deles.find((h) => h.name === 'Páscoa')!.date));
      // They list Carnaval Tuesday only (the federal calendar's ponto facultativo); the banks do
      // not open on the Monday either.
      const esperado = [
        ...deles.filter((h) => h.type === 'national' || h.type === 'optional').map((h) => local(h.date)),
        addDays(pascoa(ano), -48),
      ].sort();
      expect(feriadosNacionais(ano).map((f) => f.data)).toEqual(esperado);
    }
  });
});

describe('business days', () => {
  it('diaDaSemana counts from Sunday, as Date#getDay', () => {
    expect(diaDaSemana('2027-02-07')).toBe(0);
    expect(diaDaSemana('2027-02-08')).toBe(1);
    expect(diaDaSemana('2027-02-13')).toBe(6);
    expect(() => diaDaSemana('2027-02-30')).toThrow();
  });

  it.each([
    ['a Wednesday stays', '2027-02-10', '2027-02-10'],
    ['Carnaval Monday → Wednesday', '2027-02-08', '2027-02-10'],
    ['Carnaval Tuesday → Wednesday', '2027-02-09', '2027-02-10'],
    ['the Saturday before Carnaval → Wednesday', '2027-02-06', '2027-02-10'],
    ['Sexta-feira Santa → Monday', '2027-03-26', '2027-03-29'],
    ['Tiradentes on a Wednesday → Thursday', '2027-04-21', '2027-04-22'],
    ['Corpus Christi (Thursday) → Friday', '2027-05-27', '2027-05-28'],
    ['Christmas on a Friday → Monday', '2026-12-25', '2026-12-28'],
    ['New Year on a Friday → Monday', '2027-01-01', '2027-01-04'],
    ['Consciência Negra on a Friday → Monday', '2026-11-20', '2026-11-23'],
    ['a Sunday → Monday', '2026-11-22', '2026-11-23'],
    ['31 December is a business day', '2026-12-31', '2026-12-31'],
  ])('nextBusinessDay: %s', (_caso, dia, esperado) => {
    expect(nextBusinessDay(dia)).toBe(esperado);
  });
});
