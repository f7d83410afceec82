import { describe, expect, it } from 'vitest';
import { computeItemTaxes, type ImpostosItem } from '../tributacao/calculo-item.ts';
import { partes, regra } from '../tributacao/fixtures.test-util.ts';
import {
  impostosDaDevolucao,
  paraNotaDeDevolucao,
  totalizeDevolucao,
  valoresDoItem,
} from './impostos-devolucao.ts';
import { valoresDaDevolucao } from './valores-proporcionais.ts';

// The hand-worked example of the README (valores-proporcionais.test.ts): 10 × 33,33 inside SP to a
// contributor who resells; ICMS 18 %, ST MVA 40 % at 18 %, IPI 10 %, PIS/COFINS without the ICMS
// in their base, IBS/CBS 2026 — built by the real tax engine.
const original: ImpostosItem = computeItemTaxes(
  { quantidade: '10', valorUnitario: '33.33', origem: '0', ncm: '22021000' },
  regra({ cfop: '5403', cst_icms: '10', p_mva_st: '40', p_icms_st: '18', cst_ipi: '50', p_ipi: '10' }),
  partes(),
);

const devolve = (o: ImpostosItem, qCom: string, q: string, cfop: string) =>
  impostosDaDevolucao(o, valoresDaDevolucao({ qCom, valores: valoresDoItem(o) }, q), cfop);

describe('valoresDoItem', () => {
  it('reads the README original column out of the engine groups', () => {
    expect(valoresDoItem(original)).toEqual({
      vProd: '333.30',
      vDesc: '0.00',
      vFrete: '0.00',
      vSeg: '0.00',
      vOutro: '0.00',
      vBC: '333.30',
      vICMS: '59.99',
      vBCFCP: '0.00',
      vFCP: '0.00',
      vBCST: '513.28',
      vICMSST: '32.40',
      vBCFCPST: '0.00',
      vFCPST: '0.00',
      vBCUFDest: '0.00',
      vICMSUFDest: '0.00',
      vFCPUFDest: '0.00',
      vCredICMSSN: '0.00',
      vBCIPI: '333.30',
      vIPI: '33.33',
      vBCPIS: '273.31',
      vPIS: '4.51',
      vBCCOFINS: '273.31',
      vCOFINS: '20.77',
      vBCIBSCBS: '248.03',
      vIBSUF: '0.25',
      vIBSMun: '0.00',
      vCBS: '2.23',
    });
  });
});

describe('impostosDaDevolucao — the hand-worked example', () => {
  it('half returned (5 of 10): the README «half» column, CSTs and rates of the original, CFOP 1.411', () => {
    const r = devolve(original, '10', '5', '1411');
    expect(r).toEqual({
      CFOP: '1411',
      vProd: '166.65',
      vDesc: '0.00',
      vFrete: '0.00',
      vSeg: '0.00',
      vOutro: '0.00',
      // 59,99 / 2 = 29,995 → 30,00; 513,28 / 2 = 256,64; 32,40 / 2 = 16,20
      ICMS: { ...original.ICMS, vBC: '166.65', vICMS: '30.00', vBCST: '256.64', vICMSST: '16.20' },
      ICMSUFDest: null,
      // 33,33 / 2 = 16,665 → 16,67
      IPI: { ...original.IPI, vBC: '166.65', vIPI: '16.67' },
      // 273,31 / 2 = 136,655 → 136,66; 4,51 / 2 → 2,26; 20,77 / 2 → 10,39
      PIS: { ...original.PIS, vBC: '136.66', vPIS: '2.26' },
      COFINS: { ...original.COFINS, vBC: '136.66', vCOFINS: '10.39' },
      // 248,03 / 2 → 124,02; 0,25 / 2 → 0,13; 2,23 / 2 → 1,12
      IBSCBS: {
        ...original.IBSCBS,
        vBC: '124.02',
        vIBSUF: '0.13',
        vIBSMun: '0.00',
        vIBS: '0.13',
        vCBS: '1.12',
      },
      // 166,65 + 16,20 + 16,67
      vItem: '199.52',
    });
    // what is kept, spelled out
    expect([r.ICMS.CST, r.ICMS.modBC, r.ICMS.pICMS, r.ICMS.modBCST, r.ICMS.pMVAST, r.ICMS.pICMSST]).toEqual([
      '10',
      '3',
      '18.0000',
      '4',
      '40.0000',
      '18.0000',
    ]);
    expect([r.IPI?.CST, r.IPI?.pIPI, r.PIS.CST, r.PIS.pPIS, r.COFINS.pCOFINS, r.IBSCBS?.pCBS]).toEqual([
      '50',
      '10.0000',
      '01',
      '1.6500',
      '7.6000',
      '0.9000',
    ]);
  });

  it('the other half takes the remainder (README «other half» column)', () => {
    const v1 = valoresDaDevolucao({ qCom: '10', valores: valoresDoItem(original) }, '5');
    const v2 = valoresDaDevolucao({ qCom: '10', valores: valoresDoItem(original) }, '5', [
      { quantidade: '5', valores: v1 },
    ]);
    const r = impostosDaDevolucao(original, v2, '1.411');
    expect([r.CFOP, r.vProd, r.ICMS.vICMS, r.ICMS.vBCST, r.ICMS.vICMSST, r.IPI?.vIPI]).toEqual([
      '1411',
      '166.65',
      '29.99',
      '256.64',
      '16.20',
      '16.66',
    ]);
    expect([
      r.PIS.vBC,
      r.PIS.vPIS,
      r.COFINS.vCOFINS,
      r.IBSCBS?.vBC,
      r.IBSCBS?.vIBSUF,
      r.IBSCBS?.vCBS,
    ]).toEqual(['136.65', '2.25', '10.38', '124.01', '0.12', '1.11']);
    expect(r.vItem).toBe('199.51');
  });

  it('the return note form: IPI into impostoDevol, ICMSTot.vIPI 0, vIPIDevol 16,67, vNF = Σ vItem', () => {
    const v = valoresDaDevolucao({ qCom: '10', valores: valoresDoItem(original) }, '5');
    const item = paraNotaDeDevolucao(impostosDaDevolucao(original, v, '1411'), v.pDevol);
    expect(item.impostos.IPI).toBeNull();
    expect(item.impostos.vItem).toBe('199.52');
    expect(item.impostoDevol).toEqual({ pDevol: '50.00', vIPIDevol: '16.67' });
    const t = totalizeDevolucao([item]).ICMSTot;
    // 166,65 + 16,20 (ST) + 16,67 (IPI devolvido) = 199,52
    expect([t.vProd, t.vICMS, t.vST, t.vIPI, t.vIPIDevol, t.vPIS, t.vCOFINS, t.vNF]).toEqual([
      '166.65',
      '30.00',
      '16.20',
      '0.00',
      '16.67',
      '2.26',
      '10.39',
      '199.52',
    ]);
  });
});

describe('impostosDaDevolucao — other items', () => {
  it('Simples Nacional CSOSN 201 with ST and credit, no IPI: 3 of 7', () => {
    // 7 × 12,50 = 87,50 to MG; credit 1,25 % = 1,09375 → 1,09; ST base 87,50 × 1,40 = 122,50,
    // ST 122,50 × 18 % − 87,50 × 12 % = 22,05 − 10,50 = 11,55
    const o = computeItemTaxes(
      { quantidade: '7', valorUnitario: '12.50', origem: '0', ncm: '22021000' },
      regra({
        crt: '1',
        cfop: '6403',
        destino: 'MG',
        cst_icms: null,
        csosn: '201',
        p_mva_st: '40',
        p_icms_st: '18',
        p_cred_sn: '1.25',
        cst_pis: '49',
        cst_cofins: '49',
      }),
      partes({ emitente: { crt: '1' }, destinatario: { uf: 'MG' } }),
    );
    expect([o.vProd, o.ICMS.vCredICMSSN, o.ICMS.vBCST, o.ICMS.vICMSST, o.vItem]).toEqual([
      '87.50',
      '1.09',
      '122.50',
      '11.55',
      '99.05',
    ]);
    const r = devolve(o, '7', '3', '2411');
    // × 3/7: 37,50; 0,467… → 0,47; 52,50; 4,95; vItem 37,50 + 4,95 = 42,45
    expect(r).toEqual({
      ...o,
      CFOP: '2411',
      vProd: '37.50',
      ICMS: { ...o.ICMS, vCredICMSSN: '0.47', vBCST: '52.50', vICMSST: '4.95' },
      // CST 49 keeps its base, no value: 87,50 × 3/7 = 37,50
      PIS: { ...o.PIS, vBC: '37.50' },
      COFINS: { ...o.COFINS, vBC: '37.50' },
      IBSCBS: { ...o.IBSCBS, vBC: '37.50', vIBSUF: '0.04', vIBS: '0.04', vCBS: '0.34' },
      vItem: '42.45',
    });
    expect([r.ICMS.CSOSN, r.ICMS.CST, r.ICMS.pCredSN, r.IPI]).toEqual(['201', null, '1.2500', null]);
    expect(paraNotaDeDevolucao(r, '42.86').impostoDevol).toBeNull();
  });

  it('DIFAL to a non-contributor in BA: ICMSUFDest apportioned, its FCP base with it (1 of 3)', () => {
    // 3 × 100,00 from SP to BA: ICMS 7 % = 21,00; DIFAL 300,00 × (20,5 % − 7 %) = 40,50; FCP 2 % = 6,00
    const o = computeItemTaxes(
      { quantidade: '3', valorUnitario: '100.00', origem: '0', ncm: '22021000' },
      regra({
        cfop: '6108',
        destino: 'interestadual',
        tipo_destinatario: 'nao_contribuinte',
        p_fcp_uf_dest: '2',
      }),
      partes({ destinatario: { uf: 'BA', indIEDest: '9', indFinal: '1' } }),
    );
    expect(o.ICMSUFDest).toMatchObject({
      vBCUFDest: '300.00',
      vBCFCPUFDest: '300.00',
      vFCPUFDest: '6.00',
      vICMSUFDest: '40.50',
    });
    const r = devolve(o, '3', '1', '2202');
    // one third: 100,00; FCP base with it 100,00; 2,00; 13,50
    expect(r.ICMSUFDest).toEqual({
      ...o.ICMSUFDest,
      vBCUFDest: '100.00',
      vBCFCPUFDest: '100.00',
      vFCPUFDest: '2.00',
      vICMSUFDest: '13.50',
    });
    expect([r.CFOP, r.vProd, r.ICMS.vBC, r.ICMS.vICMS, r.ICMS.pICMS]).toEqual([
      '2202',
      '100.00',
      '100.00',
      '7.00',
      '7.0000',
    ]);
  });

  it('without IBS/CBS and IPI groups the copy keeps them null', () => {
    const o = computeItemTaxes(
      { quantidade: '2', valorUnitario: '5.00', origem: '0', ncm: '22021000' },
      regra({ cst_ibs_cbs: null, c_class_trib: null }),
      partes(),
    );
    expect(o.IBSCBS).toBeNull();
    const r = devolve(o, '2', '1', '1202');
    expect([r.IBSCBS, r.IPI, r.ICMSUFDest, r.vProd, r.ICMS.vICMS, r.vItem]).toEqual([
      null,
      null,
      null,
      '5.00',
      '0.90',
      '5.00',
    ]);
  });

  it('refuses a bad CFOP and values of a group the original lacks', () => {
    const v = valoresDaDevolucao({ qCom: '10', valores: valoresDoItem(original) }, '5');
    expect(() => impostosDaDevolucao(original, v, '14110')).toThrow('CFOP da devolução inválido');
    expect(() => impostosDaDevolucao({ ...original, IPI: null }, v, '1411')).toThrow(
      'o item original não tem o grupo IPI',
    );
  });
});
