import { describe, expect, it } from 'vitest';
import { conferenciaChave, dvChave, partesChave, validaChave } from './chave.ts';

describe('chave de acesso', () => {
  // Real chaves (MANIFEST section 1) and the alphanumeric-CNPJ rule (ASCII − 48).
  it.each([
    ['41170706117473000150550010000463201612756527', 7],
    ['35180834128745000152550010000476491552806942', 2],
    ['35180834128745000152550010000476861118934859', 9],
    ['26180875335849000115550010000016871192213331', 1],
    ['43180906929383000163550010000000261000010301', 1],
    ['94567341576807000161550010000699161000436194', 4],
    ['35210258716523000119550000000573661346317847', 7],
    ['15231207933914000154550010006643501427015088', 8],
    ['35200159594315000157550010000000022062777169', 9],
  ])('%s has DV %i', (chave, dv) => {
    expect(dvChave(chave.slice(0, 43))).toBe(dv);
    expect(validaChave(chave)).toBeNull();
  });

  it('values alphanumeric CNPJ characters as ASCII − 48', () => {
    // "A" counts 17: a chave with CNPJ 12ABC34501DE35 (the Receita's example) has a computable DV.
    const base = `3526011 2ABC34501DE35550010000000011123456781`.replace(' ', '').slice(0, 43);
    const dv = dvChave(base);
    expect(validaChave(`${base}${dv}`)).toBeNull();
    const chars = [...base].reduce(
      (s, c, i) => s + (c.charCodeAt(0) - 48) * [2, 3, 4, 5, 6, 7, 8, 9][(42 - i) % 8]!,
      0,
    );
    expect(dv).toBe(chars % 11 < 2 ? 0 : 11 - (chars % 11));
  });

  it('refuses a wrong DV and a bad format', () => {
    expect(validaChave('41170706117473000150550010000463201612756528')).toBe(
      'Dígito verificador da chave de acesso inválido: calculado 7, informado 8.',
    );
    expect(validaChave('4117')).toMatch(/44 posições/);
    expect(validaChave('41170706117473000150550010000463201612756a27')).toMatch(/44 posições/);
  });

  it('splits and compares with ide/emit', () => {
    const chave = '41170706117473000150550010000463201612756527';
    expect(partesChave(chave)).toEqual({
      cUF: '41',
      aamm: '1707',
      cnpj: '06117473000150',
      modelo: '55',
      serie: '001',
      nNF: '000046320',
      tpEmis: '1',
      cNF: '61275652',
      cDV: '7',
    });
    const ide = {
      cUF: '41',
      dhEmi: '2017-07-12T09:45:50-03:00',
      mod: '55',
      serie: '1',
      nNF: '46320',
      tpEmis: '1',
      cNF: '61275652',
      cDV: '7',
      emitDocumento: '06117473000150',
    };
    expect(conferenciaChave(chave, ide)).toEqual([]);
    expect(conferenciaChave(chave, { ...ide, cDV: '3', emitDocumento: '75335849000115' })).toEqual([
      'A chave de acesso não confere com a nota: o CNPJ do emitente na chave é 06117473000150, no XML é 75335849000115.',
      'A chave de acesso não confere com a nota: o dígito verificador (cDV) na chave é 7, no XML é 3.',
    ]);
  });
});
