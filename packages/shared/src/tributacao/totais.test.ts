import { describe, expect, it } from 'vitest';
import { computeItemTaxes } from './calculo-item.ts';
import { partes, regra } from './fixtures.test-util.ts';
import { ratear } from './rateio.ts';
import { totalize } from './totais.ts';

describe('totalize', () => {
  it('an SP → MG order: freight apportioned by vProd, totals = sums of the rounded items', () => {
    const paraMg = partes({ destinatario: { uf: 'MG' } });
    const st = regra({ cfop: '6403', destino: 'interestadual', cst_icms: '10', p_mva_st: '40' });
    const normal = regra({ cfop: '6102', destino: 'interestadual' });
    // vProd 120,00 + 99,99 + 80,01 = 300,00; freight 10,00 → 4,00 / 3,333 / 2,667 → floors 4,00 +
    // 3,33 + 2,66 and the cent left to the largest remainder (2,667): 4,00 / 3,33 / 2,67.
    const frete = ratear('10.00', ['120.00', '99.99', '80.01']);
    expect(frete).toEqual(['4.00', '3.33', '2.67']);
    const itens = [
      // A: 124,00; ICMS 12 % 14,88; MVA 50,24 %: vBCST 186,2976 → 186,30, ST 33,534 → 33,53 − 14,88
      // = 18,65; PIS 109,12 × 1,65 % = 1,80; COFINS 8,29; IBS/CBS base 124,00 − 1,80 − 8,29 − 14,88
      // = 99,03: IBS 0,10, CBS 0,89. vItem 142,65.
      computeItemTaxes(
        { quantidade: '24', valorUnitario: '5', frete: frete[0], origem: '0', ncm: '22021000' },
        st,
        paraMg,
      ),
      // B: 103,32; ICMS 12,3984 → 12,40; PIS 90,92 × 1,65 % = 1,50; COFINS 6,91; IBS/CBS base
      // 82,51: IBS 0,08, CBS 0,74. vItem 103,32.
      computeItemTaxes(
        { quantidade: '3', valorUnitario: '33.33', frete: frete[1], origem: '0', ncm: '21069090' },
        normal,
        paraMg,
      ),
      // C (imported, 4 %): 82,68; ICMS 3,3072 → 3,31; PIS 79,37 × 1,65 % = 1,31; COFINS 6,03;
      // IBS/CBS base 72,03: IBS 0,07, CBS 0,65. vItem 82,68.
      computeItemTaxes(
        { quantidade: '1', valorUnitario: '80.01', frete: frete[2], origem: '1', ncm: '84713012' },
        normal,
        paraMg,
      ),
    ];
    expect(itens.map((i) => [i.ICMS.vICMS, i.ICMS.vICMSST, i.PIS.vPIS, i.COFINS.vCOFINS, i.vItem])).toEqual([
      ['14.88', '18.65', '1.80', '8.29', '142.65'],
      ['12.40', '0.00', '1.50', '6.91', '103.32'],
      ['3.31', '0.00', '1.31', '6.03', '82.68'],
    ]);
    expect(totalize(itens)).toEqual({
      ICMSTot: {
        vBC: '310.00',
        vICMS: '30.59',
        vICMSDeson: '0.00',
        vFCPUFDest: '0.00',
        vICMSUFDest: '0.00',
        vICMSUFRemet: '0.00',
        vFCP: '0.00',
        vBCST: '186.30',
        vST: '18.65',
        vFCPST: '0.00',
        vFCPSTRet: '0.00',
        vProd: '300.00',
        vFrete: '10.00',
        vSeg: '0.00',
        vDesc: '0.00',
        vII: '0.00',
        vIPI: '0.00',
        vIPIDevol: '0.00',
        vPIS: '4.61',
        vCOFINS: '21.23',
        vOutro: '0.00',
        // 300,00 + 18,65 + 10,00 = 328,65 = 142,65 + 103,32 + 82,68
        vNF: '328.65',
      },
      IBSCBSTot: { vBCIBSCBS: '253.57', vIBSUF: '0.25', vIBSMun: '0.00', vIBS: '0.25', vCBS: '2.28' },
      vCredICMSSN: '0.00',
    });
  });

  it('sums the rounded items, not a recomputation over the document', () => {
    // Three items of 1,03: ICMS 0,1854 → 0,19 each, 0,57 in total (18 % of 3,09 would be 0,56).
    const item = computeItemTaxes(
      { quantidade: '1', valorUnitario: '1.03', origem: '0', ncm: '21069090' },
      regra(),
      partes(),
    );
    const t = totalize([item, item, item]);
    expect(t.ICMSTot.vICMS).toBe('0.57');
    expect(t.ICMSTot.vBC).toBe('3.09');
  });

  it('sums DIFAL, IPI, discounts and the Simples Nacional credit', () => {
    const rj = partes({ destinatario: { uf: 'RJ', indIEDest: '9', indFinal: '1' } });
    const r = regra({ cfop: '6108', cst_ipi: '50', p_ipi: '5' });
    // 1: 1.000,00 − 100,00 = 900,00; IPI 45,00; DIFAL base 945,00 × 8 % = 75,60, FCP 2 % 18,90.
    // 2: 0,99; IPI 0,0495 → 0,05; base 1,04 × 8 % = 0,0832 → 0,08; FCP 0,0208 → 0,02.
    const itens = [
      computeItemTaxes(
        { quantidade: '1', valorUnitario: '1000', desconto: '100', origem: '0', ncm: '85167920' },
        r,
        rj,
      ),
      computeItemTaxes({ quantidade: '1', valorUnitario: '0.99', origem: '0', ncm: '85167920' }, r, rj),
    ];
    const t = totalize(itens).ICMSTot;
    expect([t.vICMSUFDest, t.vFCPUFDest, t.vICMSUFRemet, t.vIPI, t.vDesc, t.vNF]).toEqual([
      '75.68',
      '18.92',
      '0.00',
      '45.05',
      '100.00',
      // 1.000,99 − 100,00 + 45,05
      '946.04',
    ]);

    const sn = regra({
      crt: '1',
      cst_icms: null,
      csosn: '101',
      p_cred_sn: '2.56',
      cst_pis: '49',
      cst_cofins: '49',
      cst_ibs_cbs: null,
      c_class_trib: null,
    });
    const doSimples = partes({ emitente: { crt: '1' } });
    // 99,00 × 2,56 % = 2,5344 → 2,53; 10,00 × 2,56 % = 0,256 → 0,26.
    const credito = totalize([
      computeItemTaxes({ quantidade: '1', valorUnitario: '99', origem: '0', ncm: '21069090' }, sn, doSimples),
      computeItemTaxes({ quantidade: '1', valorUnitario: '10', origem: '0', ncm: '21069090' }, sn, doSimples),
    ]);
    expect(credito.vCredICMSSN).toBe('2.79');
    expect(credito.IBSCBSTot).toBeNull();
  });
});
