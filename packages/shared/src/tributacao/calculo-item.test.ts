import { describe, expect, it } from 'vitest';
import { cfopDaOperacao, computeItemTaxes, type ItemTributavel } from './calculo-item.ts';
import { CASO_ICMS_18_SP, CASOS_IMPOSTOS, confereImpostos } from './casos-teste.ts';
import { partes, regra } from './fixtures.test-util.ts';

// The engine's must-hold cases (casos-teste.ts: every expected value worked out by hand to the
// cent, the same cases the server's API test takes) and the engine's other rules.

describe('computeItemTaxes', () => {
  it.each(CASOS_IMPOSTOS)('$nome', ({ regra: r, partes: p, item, espera }) => {
    confereImpostos(computeItemTaxes(item, r, p), espera);
  });

  it('answers every value of the item with the NF-e field names (ICMS 18 % inside SP)', () => {
    const { item, regra: r, partes: p, completo } = CASO_ICMS_18_SP;
    expect(computeItemTaxes(item, r, p)).toEqual(completo);
  });

  it('rounds vProd = qCom × vUnCom half away from zero and keeps the rest from it', () => {
    // 3 × 0,335 = 1,005 → 1,01; ICMS 1,01 × 18 % = 0,1818 → 0,18.
    const res = computeItemTaxes(
      { quantidade: '3', valorUnitario: '0.335', origem: '0', ncm: '21069090' },
      regra(),
      partes(),
    );
    expect(res.vProd).toBe('1.01');
    expect(res.ICMS.vICMS).toBe('0.18');
  });

  it('takes the interstate rate by region pair and origin, whatever the destination UF', () => {
    const r = regra({ cfop: '6102', destino: 'interestadual' });
    const rate = (uf: 'MG' | 'BA' | 'ES' | 'GO' | 'PR', origem: '0' | '2' | '3' | '6' | '8') =>
      computeItemTaxes(
        { quantidade: '1', valorUnitario: '100', origem, ncm: '84713012' },
        r,
        partes({ destinatario: { uf } }),
      ).ICMS.pICMS;
    expect([rate('MG', '0'), rate('PR', '0'), rate('BA', '0'), rate('ES', '0'), rate('GO', '0')]).toEqual([
      '12.0000',
      '12.0000',
      '7.0000',
      '7.0000',
      '7.0000',
    ]);
    expect([rate('MG', '2'), rate('BA', '3'), rate('GO', '8'), rate('BA', '6')]).toEqual([
      '4.0000',
      '4.0000',
      '4.0000',
      '7.0000',
    ]);
  });

  it('uses one CFOP for any destination: 5 inside the state, 6 between states', () => {
    const r = regra({ cfop: '5102' });
    const item: ItemTributavel = { quantidade: '1', valorUnitario: '10', origem: '0', ncm: '21069090' };
    expect(computeItemTaxes(item, r, partes({ destinatario: { uf: 'MG' } })).CFOP).toBe('6102');
    expect(computeItemTaxes(item, r, partes()).CFOP).toBe('5102');
    expect(cfopDaOperacao('6403', true)).toBe('5403');
    expect(cfopDaOperacao('1202', false)).toBe('2202');
  });

  it('gives no DIFAL to a contributor, inside the state, or from the Simples Nacional', () => {
    const item: ItemTributavel = { quantidade: '1', valorUnitario: '100', origem: '0', ncm: '85167920' };
    const r = regra({ cfop: '6102' });
    expect(computeItemTaxes(item, r, partes({ destinatario: { uf: 'BA' } })).ICMSUFDest).toBeNull();
    expect(
      computeItemTaxes(item, r, partes({ destinatario: { uf: 'BA', indIEDest: '1', indFinal: '1' } }))
        .ICMSUFDest,
    ).toBeNull();
    expect(
      computeItemTaxes(item, r, partes({ destinatario: { indIEDest: '9', indFinal: '1' } })).ICMSUFDest,
    ).toBeNull();
    const sn = regra({ crt: '1', cst_icms: null, csosn: '102', cst_pis: '49', cst_cofins: '49' });
    expect(
      computeItemTaxes(
        item,
        sn,
        partes({ emitente: { crt: '1' }, destinatario: { uf: 'BA', indIEDest: '9', indFinal: '1' } }),
      ).ICMSUFDest,
    ).toBeNull();
  });

  it('keeps the ICMS in the PIS/COFINS base when the company does not exclude it', () => {
    // 130,00 × 1,65 % = 2,145 → 2,15; × 7,6 % = 9,88.
    const res = computeItemTaxes(
      {
        quantidade: '10',
        valorUnitario: '12.50',
        desconto: '5.00',
        frete: '10.00',
        origem: '0',
        ncm: '21069090',
      },
      regra(),
      partes({ emitente: { excluiIcmsBasePisCofins: false } }),
    );
    expect(res.PIS).toEqual({ CST: '01', vBC: '130.00', pPIS: '1.6500', vPIS: '2.15' });
    expect(res.COFINS).toEqual({ CST: '01', vBC: '130.00', pCOFINS: '7.6000', vCOFINS: '9.88' });
  });

  it('refuses a rule of the other regime and money with more than 2 decimals', () => {
    const item: ItemTributavel = { quantidade: '1', valorUnitario: '10', origem: '0', ncm: '21069090' };
    expect(() => computeItemTaxes(item, regra(), partes({ emitente: { crt: '1' } }))).toThrow(/CRT/);
    expect(() => computeItemTaxes({ ...item, frete: '1.005' }, regra(), partes())).toThrow(/frete/);
    expect(() => computeItemTaxes({ ...item, desconto: '10.01' }, regra(), partes())).toThrow(/desconto/);
  });
});
