import { describe, expect, it } from 'vitest';
import { montaNfeXml } from '../entradas/nfe-exemplo.ts';
import { icmsNoNossoRegime, impostosDaNotaDoFornecedor, itemComSt } from './impostos-entrada.ts';

// The supplier's item taxes read back from its NF-e XML (a devolução de compra repeats them), and
// the ICMS group mapped to the company's regime when the supplier's is the other one.

const xml = montaNfeXml({
  cnpjEmitente: '34128745000152',
  nomeEmitente: 'Alimentos Granola Ltda',
  numero: 77,
  dhEmi: '2026-11-20T10:00:00-03:00',
  itens: [
    { cProd: 'A', xProd: 'A', uCom: 'UN', qCom: '10.0000', vUnCom: '20.0000000000', vIPI: '10.00' },
    {
      cProd: 'B',
      xProd: 'B',
      uCom: 'CX',
      qCom: '2.0000',
      vUnCom: '50.0000000000',
      vICMSST: '7.20',
      vDesc: '1.00',
    },
  ],
});

describe('impostosDaNotaDoFornecedor', () => {
  it('reads every group of each det as the tax engine names them; vItem as the NF-e rule', () => {
    const { itens, cabecalho } = impostosDaNotaDoFornecedor(xml, '3');
    expect(cabecalho).toEqual({ indFinal: '0' });
    const a = itens.get(1)!;
    expect(a).toMatchObject({
      CFOP: '5102',
      vProd: '200.00',
      vDesc: '0.00',
      vItem: '210.00',
      ICMSUFDest: null,
      IBSCBS: null,
    });
    expect(a.ICMS).toMatchObject({
      orig: '0',
      CST: '00',
      CSOSN: null,
      modBC: '3',
      vBC: '200.00',
      pICMS: '18.00',
      vICMS: '36.00',
    });
    expect(a.IPI).toEqual({ CST: '50', cEnq: '999', vBC: '200.00', pIPI: '5.00', vIPI: '10.00' });
    expect(a.PIS).toEqual({ CST: '07', vBC: '0.00', pPIS: '0.0000', vPIS: '0.00' });
    expect(itemComSt(a)).toBe(false);
    const b = itens.get(2)!;
    // 100,00 − 1,00 + ST 7,20; IPI não tributado (IPINT 53)
    expect(b).toMatchObject({ vProd: '100.00', vDesc: '1.00', vItem: '106.20' });
    expect(b.ICMS).toMatchObject({ CST: '10', vICMSST: '7.20', vBCST: '100.00', modBCST: '4' });
    expect(b.IPI).toMatchObject({ CST: '53', vIPI: '0.00' });
    expect(itemComSt(b)).toBe(true);
  });

  it('in the Simples (CRT 1) the supplier’s CST becomes our CSOSN: 00 → 900 with its values, 10 → 900 with ST', () => {
    const { itens } = impostosDaNotaDoFornecedor(xml, '1');
    expect(itens.get(1)!.ICMS).toMatchObject({
      CST: null,
      CSOSN: '900',
      vBC: '200.00',
      vICMS: '36.00',
      vCredICMSSN: '0.00',
    });
    expect(itens.get(2)!.ICMS).toMatchObject({ CST: null, CSOSN: '900', vICMSST: '7.20' });
  });
});

describe('icmsNoNossoRegime', () => {
  const base = impostosDaNotaDoFornecedor(xml, '3').itens.get(1)!.ICMS;
  it('CST 60 → CSOSN 500 and 41 → 400 without values, for a company in the Simples', () => {
    expect(icmsNoNossoRegime({ ...base, CST: '60' }, '1', '200.00')).toMatchObject({
      CSOSN: '500',
      vBC: '0.00',
      vICMS: '0.00',
    });
    expect(
      icmsNoNossoRegime({ ...base, CST: '41', vBC: '0.00', vICMS: '0.00', modBC: null }, '1', '200.00'),
    ).toMatchObject({ CSOSN: '400', CST: null });
  });

  it('a Simples supplier’s credit (CSOSN 101) is reversed as CST 90 ICMS: base the operation, rate pCredSN', () => {
    const sn = {
      ...base,
      CST: null,
      CSOSN: '101' as const,
      modBC: null,
      vBC: '0.00',
      pICMS: '0.0000',
      vICMS: '0.00',
      pCredSN: '2.5600',
      vCredICMSSN: '5.12',
    };
    expect(icmsNoNossoRegime(sn, '3', '200.00')).toMatchObject({
      CST: '90',
      CSOSN: null,
      modBC: '3',
      vBC: '200.00',
      pICMS: '2.5600',
      vICMS: '5.12',
      pCredSN: '0.0000',
      vCredICMSSN: '0.00',
    });
    expect(
      icmsNoNossoRegime({ ...sn, CSOSN: '500', pCredSN: '0.0000', vCredICMSSN: '0.00' }, '3', '200.00'),
    ).toMatchObject({ CST: '60' });
    expect(
      icmsNoNossoRegime({ ...sn, CSOSN: '102', pCredSN: '0.0000', vCredICMSSN: '0.00' }, '3', '200.00'),
    ).toMatchObject({ CST: '90', vBC: '0.00' });
  });

  it('same regime: untouched', () => {
    expect(icmsNoNossoRegime(base, '3', '200.00')).toBe(base);
  });
});
