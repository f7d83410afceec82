import {
  computeItemTaxes,
  type PartesOperacao,
  type RegraTributacaoInput,
  regraTributacaoSchema,
  totalize,
} from '@erp/shared';
import { describe, expect, it } from 'vitest';
import { linhasDeImpostos, linhasDeTotal } from './impostos-linhas.ts';

// The lines of the "Simular" taxes table from the shared engine's answer (the engine's own cases,
// values worked out by hand in packages/shared/src/tributacao/casos-teste.ts).

const regra = (campos: Partial<RegraTributacaoInput>) => ({
  id: 'r1',
  ...regraTributacaoSchema.parse({
    descricao: 'Regra',
    operacao: 'venda',
    crt: '3',
    cfop: '5102',
    cst_icms: '00',
    cst_pis: '01',
    cst_cofins: '01',
    cst_ibs_cbs: '000',
    c_class_trib: '000001',
    ...campos,
  }),
});

const partes = (destinatario: Partial<PartesOperacao['destinatario']> = {}): PartesOperacao => ({
  emitente: { uf: 'SP', crt: '3', regimePisCofins: 'nao_cumulativo', excluiIcmsBasePisCofins: true },
  destinatario: { uf: 'SP', indIEDest: '1', indFinal: '0', ...destinatario },
  operacao: 'venda',
  sentido: 'saida',
});

const R = (v: string) => `R$\u00a0${v}`;

describe('linhasDeImpostos', () => {
  it('SP → MG with ST: ICMS, ICMS-ST with the MVA ajustada, PIS, COFINS, IBS and CBS', () => {
    const impostos = computeItemTaxes(
      { quantidade: '24', valorUnitario: '5', frete: '6', origem: '0', ncm: '22021000' },
      regra({ cfop: '6403', destino: 'MG', cst_icms: '10', p_mva_st: '40' }),
      partes({ uf: 'MG' }),
    );
    expect(linhasDeImpostos(impostos)).toEqual([
      {
        tributo: 'ICMS',
        detalhe: 'CST 10',
        base: { texto: R('126,00'), campo: 'vBC' },
        aliquota: { texto: '12 %', campo: 'pICMS' },
        valor: { texto: R('15,12'), campo: 'vICMS' },
      },
      {
        tributo: 'ICMS-ST',
        detalhe: 'MVA 50,24 % (pMVAST)',
        base: { texto: R('189,30'), campo: 'vBCST' },
        aliquota: { texto: '18 %', campo: 'pICMSST' },
        valor: { texto: R('18,95'), campo: 'vICMSST' },
      },
      {
        tributo: 'PIS',
        detalhe: 'CST 01',
        base: { texto: R('110,88'), campo: 'vBC' },
        aliquota: { texto: '1,65 %', campo: 'pPIS' },
        valor: { texto: R('1,83'), campo: 'vPIS' },
      },
      {
        tributo: 'COFINS',
        detalhe: 'CST 01',
        base: { texto: R('110,88'), campo: 'vBC' },
        aliquota: { texto: '7,6 %', campo: 'pCOFINS' },
        valor: { texto: R('8,43'), campo: 'vCOFINS' },
      },
      {
        tributo: 'IBS estadual',
        detalhe: 'CST 000 · cClassTrib 000001',
        base: { texto: R('100,62'), campo: 'vBC' },
        aliquota: { texto: '0,1 %', campo: 'pIBSUF' },
        valor: { texto: R('0,10'), campo: 'vIBSUF' },
      },
      {
        tributo: 'CBS',
        detalhe: 'CST 000 · cClassTrib 000001',
        base: { texto: R('100,62'), campo: 'vBC' },
        aliquota: { texto: '0,9 %', campo: 'pCBS' },
        valor: { texto: R('0,91'), campo: 'vCBS' },
      },
    ]);
    expect(linhasDeTotal(totalize([impostos]))).toEqual([
      { rotulo: 'Valor dos produtos', valor: { texto: R('120,00'), campo: 'vProd' } },
      { rotulo: 'Frete', valor: { texto: R('6,00'), campo: 'vFrete' } },
      { rotulo: 'ICMS-ST', valor: { texto: R('18,95'), campo: 'vST' } },
      { rotulo: 'Total da nota', valor: { texto: R('144,95'), campo: 'vNF' }, destaque: true },
    ]);
  });

  it('SP → RJ to a non-contributor: the DIFAL and the FCP of the destination', () => {
    const impostos = computeItemTaxes(
      { quantidade: '1', valorUnitario: '1000', origem: '0', ncm: '85167920' },
      regra({ cfop: '6108', destino: 'interestadual', tipo_destinatario: 'nao_contribuinte' }),
      partes({ uf: 'RJ', indIEDest: '9', indFinal: '1' }),
    );
    const linhas = linhasDeImpostos(impostos);
    expect(linhas.map((l) => l.tributo)).toEqual([
      'ICMS',
      'ICMS DIFAL (UF de destino)',
      'FCP da UF de destino',
      'PIS',
      'COFINS',
      'IBS estadual',
      'CBS',
    ]);
    expect(linhas[1]).toEqual({
      tributo: 'ICMS DIFAL (UF de destino)',
      detalhe: 'interna do destino menos a interestadual de 12 % (pICMSInter)',
      base: { texto: R('1.000,00'), campo: 'vBCUFDest' },
      aliquota: { texto: '20 %', campo: 'pICMSUFDest' },
      valor: { texto: R('80,00'), campo: 'vICMSUFDest' },
    });
    expect(linhas[2]!.valor).toEqual({ texto: R('20,00'), campo: 'vFCPUFDest' });
  });

  it('a code without own ICMS, monofásico PIS/COFINS and a reduced IBS/CBS', () => {
    const impostos = computeItemTaxes(
      { quantidade: '1', valorUnitario: '100', origem: '0', ncm: '22021000' },
      regra({
        cfop: '5405',
        cst_icms: '60',
        cst_pis: '04',
        cst_cofins: '04',
        cst_ibs_cbs: '200',
        c_class_trib: '200003',
        p_red_aliq: '60',
      }),
      partes(),
    );
    const linhas = linhasDeImpostos(impostos);
    expect(linhas[0]).toEqual({
      tributo: 'ICMS',
      detalhe: 'CST 60, sem destaque do imposto',
      base: null,
      aliquota: null,
      valor: null,
    });
    expect(linhas[1]).toMatchObject({ tributo: 'PIS', detalhe: 'CST 04', valor: { texto: R('0,00') } });
    // IBS/CBS base 100,00; effective rates 0,04 % and 0,36 %
    expect(linhas[3]).toEqual({
      tributo: 'IBS estadual',
      detalhe: 'CST 200 · cClassTrib 200003 · alíquota reduzida em 60 % (pRedAliq)',
      base: { texto: R('100,00'), campo: 'vBC' },
      aliquota: { texto: '0,04 %', campo: 'pAliqEfetIBSUF' },
      valor: { texto: R('0,04'), campo: 'vIBSUF' },
    });
    expect(linhas[4]!.aliquota).toEqual({ texto: '0,36 %', campo: 'pAliqEfetCBS' });
  });
});
