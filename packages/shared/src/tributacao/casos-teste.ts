import { expect } from 'vitest';
import type { ImpostosItem, ItemTributavel } from './calculo-item.ts';
import { partes, regra } from './fixtures.test-util.ts';
import type { PartesOperacao } from './partes.ts';
import type { RegraTributacao } from './regra.schema.ts';

// The tax engine's must-hold cases, every expected value worked out by hand to the cent (comments):
// one source for the shared engine's test (calculo-item.test.ts) and the server's API test
// (apps/server/src/modules/tributacao/tributacao.test.ts: Simular and the order batch take the
// same items and must give the same values). For tests only: imported as
// '@erp/shared/tributacao/casos-teste', never from the package's index.
//
// Company: São Paulo, regime normal (CRT 3), PIS/COFINS não cumulativo 1,65 / 7,60 with the ICMS
// left out of their base, unless the case says otherwise. IBS/CBS 2026: CST 000, cClassTrib
// 000001, IBS UF 0,1 %, IBS Mun 0 %, CBS 0,9 % over
//   vBC IBS/CBS = vProd + vFrete + vSeg + vOutro − vDesc − vPIS − vCOFINS − vICMS − vICMSUFDest
//                 − vFCP − vFCPUFDest.

export type EsperaImpostos = {
  CFOP: string;
  ICMS: Partial<ImpostosItem['ICMS']>;
  ICMSUFDest?: ImpostosItem['ICMSUFDest'];
  IPI?: ImpostosItem['IPI'];
  PIS: Partial<ImpostosItem['PIS']>;
  COFINS: Partial<ImpostosItem['COFINS']>;
  IBSCBS: Partial<NonNullable<ImpostosItem['IBSCBS']>> | null;
  vItem: string;
};

export type CasoImpostos = {
  nome: string;
  /** The rule the case is taxed by (built through the real schema). */
  regra: RegraTributacao;
  partes: PartesOperacao;
  /** The engine's input: money and quantities as decimal text with a dot. */
  item: ItemTributavel;
  espera: EsperaImpostos;
  /** Every field of the answer, when the case pins all of them. */
  completo?: ImpostosItem;
};

/** The assertions of a case: the listed fields of each group, exactly. */
export function confereImpostos(res: ImpostosItem, espera: EsperaImpostos): void {
  expect(res.CFOP).toBe(espera.CFOP);
  expect(res.ICMS).toMatchObject(espera.ICMS);
  if (espera.ICMSUFDest !== undefined) expect(res.ICMSUFDest).toEqual(espera.ICMSUFDest);
  if (espera.IPI !== undefined) expect(res.IPI).toEqual(espera.IPI);
  expect(res.PIS).toMatchObject(espera.PIS);
  expect(res.COFINS).toMatchObject(espera.COFINS);
  if (espera.IBSCBS === null) expect(res.IBSCBS).toBeNull();
  else expect(res.IBSCBS).toMatchObject(espera.IBSCBS);
  expect(res.vItem).toBe(espera.vItem);
}

export const NCM_REFRIGERANTE = '22021000';

export const CASO_ICMS_18_SP: CasoImpostos = {
  // vProd = 10 × 12,50 = 125,00; operação = 125,00 − 5,00 + 10,00 = 130,00.
  // ICMS: 130,00 × 18 % = 23,40.
  // PIS: (130,00 − 23,40) = 106,60 × 1,65 % = 1,7589 → 1,76; COFINS: 106,60 × 7,6 % = 8,1016 → 8,10.
  // IBS/CBS base: 130,00 − 1,76 − 8,10 − 23,40 = 96,74; IBS UF 0,09674 → 0,10; CBS 0,87066 → 0,87.
  nome: 'ICMS 18 % dentro de SP',
  regra: regra(),
  partes: partes(),
  item: {
    quantidade: '10',
    valorUnitario: '12.50',
    desconto: '5.00',
    frete: '10.00',
    origem: '0',
    ncm: '21069090',
  },
  espera: {
    CFOP: '5102',
    ICMS: {
      CST: '00',
      modBC: '3',
      vBC: '130.00',
      pICMS: '18.0000',
      vICMS: '23.40',
      pFCP: '0.0000',
      vFCP: '0.00',
      modBCST: null,
      vBCST: '0.00',
      vICMSST: '0.00',
    },
    ICMSUFDest: null,
    IPI: null,
    PIS: { CST: '01', vBC: '106.60', pPIS: '1.6500', vPIS: '1.76' },
    COFINS: { CST: '01', vBC: '106.60', pCOFINS: '7.6000', vCOFINS: '8.10' },
    IBSCBS: {
      CST: '000',
      cClassTrib: '000001',
      vBC: '96.74',
      pIBSUF: '0.1000',
      vIBSUF: '0.10',
      pIBSMun: '0.0000',
      vIBSMun: '0.00',
      vIBS: '0.10',
      pCBS: '0.9000',
      vCBS: '0.87',
    },
    vItem: '130.00',
  },
  completo: {
    CFOP: '5102',
    vProd: '125.00',
    vDesc: '5.00',
    vFrete: '10.00',
    vSeg: '0.00',
    vOutro: '0.00',
    ICMS: {
      orig: '0',
      CST: '00',
      CSOSN: null,
      modBC: '3',
      vBC: '130.00',
      pRedBC: '0.0000',
      pICMS: '18.0000',
      vICMS: '23.40',
      vBCFCP: '0.00',
      pFCP: '0.0000',
      vFCP: '0.00',
      modBCST: null,
      pMVAST: '0.0000',
      pRedBCST: '0.0000',
      vBCST: '0.00',
      pICMSST: '0.0000',
      vICMSST: '0.00',
      vBCFCPST: '0.00',
      pFCPST: '0.0000',
      vFCPST: '0.00',
      pCredSN: '0.0000',
      vCredICMSSN: '0.00',
    },
    ICMSUFDest: null,
    IPI: null,
    PIS: { CST: '01', vBC: '106.60', pPIS: '1.6500', vPIS: '1.76' },
    COFINS: { CST: '01', vBC: '106.60', pCOFINS: '7.6000', vCOFINS: '8.10' },
    IBSCBS: {
      CST: '000',
      cClassTrib: '000001',
      vBC: '96.74',
      pIBSUF: '0.1000',
      vIBSUF: '0.10',
      pIBSMun: '0.0000',
      vIBSMun: '0.00',
      vIBS: '0.10',
      pCBS: '0.9000',
      vCBS: '0.87',
      pRedAliq: '0.0000',
      pAliqEfetIBSUF: '0.1000',
      pAliqEfetIBSMun: '0.0000',
      pAliqEfetCBS: '0.9000',
    },
    vItem: '130.00',
  },
};

export const CASO_ST_MG: CasoImpostos = {
  // SP → MG (Southeast to Southeast): 12 %. vProd = 24 × 5,00 = 120,00; + frete 6,00 = 126,00.
  // ICMS: 126,00 × 12 % = 15,12.
  // MVA ajustada = [(1 + 40 %) × (1 − 12 %) / (1 − 18 %)] − 1 = 1,232 / 0,82 − 1 = 50,2439 % → 50,24 %.
  // vBCST = 126,00 × 1,5024 = 189,3024 → 189,30; ICMS-ST = 189,30 × 18 % = 34,074 → 34,07;
  // vICMSST = 34,07 − 15,12 = 18,95. FCP-ST: MG has no general FCP → 0.
  // PIS: (126,00 − 15,12) = 110,88 × 1,65 % = 1,82952 → 1,83; COFINS: × 7,6 % = 8,42688 → 8,43.
  // IBS/CBS base: 126,00 − 1,83 − 8,43 − 15,12 = 100,62; IBS UF 0,10062 → 0,10; CBS 0,90558 → 0,91.
  // vItem = 126,00 + 18,95 = 144,95.
  nome: 'SP → MG 12 % com ST e MVA ajustada',
  regra: regra({ cfop: '6403', destino: 'MG', cst_icms: '10', p_mva_st: '40', ncm_prefixo: '2202' }),
  partes: partes({ destinatario: { uf: 'MG' } }),
  item: { quantidade: '24', valorUnitario: '5.00', frete: '6.00', origem: '0', ncm: NCM_REFRIGERANTE },
  espera: {
    CFOP: '6403',
    ICMS: {
      CST: '10',
      vBC: '126.00',
      pICMS: '12.0000',
      vICMS: '15.12',
      modBCST: '4',
      pMVAST: '50.2400',
      pRedBCST: '0.0000',
      vBCST: '189.30',
      pICMSST: '18.0000',
      vICMSST: '18.95',
      vBCFCPST: '0.00',
      pFCPST: '0.0000',
      vFCPST: '0.00',
    },
    ICMSUFDest: null,
    PIS: { CST: '01', vBC: '110.88', pPIS: '1.6500', vPIS: '1.83' },
    COFINS: { CST: '01', vBC: '110.88', pCOFINS: '7.6000', vCOFINS: '8.43' },
    IBSCBS: { vBC: '100.62', vIBSUF: '0.10', vIBS: '0.10', vCBS: '0.91' },
    vItem: '144.95',
  },
};

export const CASO_DIFAL_BA: CasoImpostos = {
  // SP → BA to a non-contributor (indIEDest 9, consumidor final): 7 % (Southeast → Northeast).
  // vProd = 2 × 150,00 = 300,00; + frete 20,00 = 320,00. ICMS: 320,00 × 7 % = 22,40.
  // DIFAL base única: vBCUFDest = 320,00; BA 20,5 % − 7 % = 13,5 % → 43,20; BA has no general FCP.
  // PIS: (320,00 − 22,40) = 297,60 × 1,65 % = 4,9104 → 4,91; COFINS: × 7,6 % = 22,6176 → 22,62.
  // IBS/CBS base: 320,00 − 4,91 − 22,62 − 22,40 − 43,20 = 226,87; IBS UF 0,22687 → 0,23;
  // CBS 2,04183 → 2,04. vItem = 320,00 (the DIFAL is not added to the invoice).
  nome: 'SP → BA a não contribuinte com DIFAL',
  regra: regra({ cfop: '6108', destino: 'interestadual', tipo_destinatario: 'nao_contribuinte' }),
  partes: partes({ destinatario: { uf: 'BA', indIEDest: '9', indFinal: '1' } }),
  item: { quantidade: '2', valorUnitario: '150.00', frete: '20.00', origem: '0', ncm: '85167920' },
  espera: {
    CFOP: '6108',
    ICMS: { CST: '00', vBC: '320.00', pICMS: '7.0000', vICMS: '22.40' },
    ICMSUFDest: {
      vBCUFDest: '320.00',
      vBCFCPUFDest: '0.00',
      pFCPUFDest: '0.0000',
      pICMSUFDest: '20.5000',
      pICMSInter: '7.00',
      pICMSInterPart: '100.00',
      vFCPUFDest: '0.00',
      vICMSUFDest: '43.20',
      vICMSUFRemet: '0.00',
    },
    PIS: { vBC: '297.60', vPIS: '4.91' },
    COFINS: { vBC: '297.60', vCOFINS: '22.62' },
    IBSCBS: { vBC: '226.87', vIBSUF: '0.23', vCBS: '2.04' },
    vItem: '320.00',
  },
};

export const CASO_IMPORTADO_4: CasoImpostos = {
  // Imported goods (origem 1) SP → MG: 4 % (Resolução do Senado 13/2012). 10 × 30,00 = 300,00.
  // ICMS: 300,00 × 4 % = 12,00. PIS: 288,00 × 1,65 % = 4,752 → 4,75; COFINS: × 7,6 % = 21,888 → 21,89.
  // IBS/CBS base: 300,00 − 4,75 − 21,89 − 12,00 = 261,36; IBS UF 0,26136 → 0,26; CBS 2,35224 → 2,35.
  nome: 'origem importada 4 %',
  regra: regra({ cfop: '6102', destino: 'interestadual' }),
  partes: partes({ destinatario: { uf: 'MG' } }),
  item: { quantidade: '10', valorUnitario: '30', origem: '1', ncm: '84713012' },
  espera: {
    CFOP: '6102',
    ICMS: { orig: '1', vBC: '300.00', pICMS: '4.0000', vICMS: '12.00' },
    ICMSUFDest: null,
    PIS: { vBC: '288.00', vPIS: '4.75' },
    COFINS: { vBC: '288.00', vCOFINS: '21.89' },
    IBSCBS: { vBC: '261.36', vIBSUF: '0.26', vCBS: '2.35' },
    vItem: '300.00',
  },
};

/** Every case, the table of the engine's test. */
export const CASOS_IMPOSTOS: CasoImpostos[] = [
  CASO_ICMS_18_SP,
  CASO_ST_MG,
  CASO_DIFAL_BA,
  {
    // SP → RJ to a non-contributor: 12 %. 1 × 1.000,00. ICMS 120,00.
    // DIFAL: RJ 20 % − 12 % = 8 % × 1.000,00 = 80,00; FCP RJ 2 % × 1.000,00 = 20,00.
    // PIS: 880,00 × 1,65 % = 14,52; COFINS: 880,00 × 7,6 % = 66,88.
    // IBS/CBS base: 1.000,00 − 14,52 − 66,88 − 120,00 − 80,00 − 20,00 = 698,60; IBS UF 0,6986 → 0,70;
    // CBS 6,2874 → 6,29.
    nome: 'SP → RJ a não contribuinte com DIFAL e FCP do destino',
    regra: regra({ cfop: '6108', destino: 'interestadual', tipo_destinatario: 'nao_contribuinte' }),
    partes: partes({ destinatario: { uf: 'RJ', indIEDest: '9', indFinal: '1' } }),
    item: { quantidade: '1', valorUnitario: '1000', origem: '0', ncm: '85167920' },
    espera: {
      CFOP: '6108',
      ICMS: { vBC: '1000.00', pICMS: '12.0000', vICMS: '120.00', vFCP: '0.00' },
      ICMSUFDest: {
        vBCUFDest: '1000.00',
        vBCFCPUFDest: '1000.00',
        pFCPUFDest: '2.0000',
        pICMSUFDest: '20.0000',
        pICMSInter: '12.00',
        pICMSInterPart: '100.00',
        vFCPUFDest: '20.00',
        vICMSUFDest: '80.00',
        vICMSUFRemet: '0.00',
      },
      PIS: { vPIS: '14.52' },
      COFINS: { vCOFINS: '66.88' },
      IBSCBS: { vBC: '698.60', vIBSUF: '0.70', vCBS: '6.29' },
      vItem: '1000.00',
    },
  },
  CASO_IMPORTADO_4,
  {
    // Redução de base (CST 20): 18 % with 33,3333 % off the base (carga de 12 %), inside SP, lucro
    // presumido (PIS 0,65 %, COFINS 3 %). 5 × 40,00 = 200,00.
    // vBC = 200,00 × 66,6667 % = 133,33334 → 133,33; ICMS = 133,33 × 18 % = 23,9994 → 24,00.
    // PIS: (200,00 − 24,00) = 176,00 × 0,65 % = 1,144 → 1,14; COFINS: 176,00 × 3 % = 5,28.
    // IBS/CBS base: 200,00 − 1,14 − 5,28 − 24,00 = 169,58; IBS UF 0,16958 → 0,17; CBS 1,52622 → 1,53.
    nome: 'redução de base de cálculo',
    regra: regra({ cst_icms: '20', p_icms: '18', p_red_bc: '33,3333' }),
    partes: partes({ emitente: { regimePisCofins: 'cumulativo' } }),
    item: { quantidade: '5', valorUnitario: '40', origem: '0', ncm: '19053100' },
    espera: {
      CFOP: '5102',
      ICMS: { CST: '20', pRedBC: '33.3333', vBC: '133.33', pICMS: '18.0000', vICMS: '24.00' },
      PIS: { vBC: '176.00', pPIS: '0.6500', vPIS: '1.14' },
      COFINS: { vBC: '176.00', pCOFINS: '3.0000', vCOFINS: '5.28' },
      IBSCBS: { vBC: '169.58', vIBSUF: '0.17', vCBS: '1.53' },
      vItem: '200.00',
    },
  },
  {
    // Simples Nacional (CRT 1), CSOSN 101 with crédito 2,56 %. 3 × 33,33 = 99,99 − desconto 0,99 =
    // 99,00. vCredICMSSN = 99,00 × 2,56 % = 2,5344 → 2,53. No ICMS shown; PIS/COFINS CST 49 at 0.
    nome: 'Simples Nacional CSOSN 101 com crédito',
    regra: regra({
      crt: '1',
      cst_icms: null,
      csosn: '101',
      p_cred_sn: '2,56',
      cst_pis: '49',
      cst_cofins: '49',
      cst_ibs_cbs: null,
      c_class_trib: null,
    }),
    partes: partes({ emitente: { crt: '1', regimePisCofins: 'cumulativo' } }),
    item: { quantidade: '3', valorUnitario: '33.33', desconto: '0.99', origem: '0', ncm: '34011190' },
    espera: {
      CFOP: '5102',
      ICMS: {
        CST: null,
        CSOSN: '101',
        modBC: null,
        vBC: '0.00',
        vICMS: '0.00',
        pCredSN: '2.5600',
        vCredICMSSN: '2.53',
      },
      ICMSUFDest: null,
      PIS: { CST: '49', vBC: '99.00', pPIS: '0.0000', vPIS: '0.00' },
      COFINS: { CST: '49', vBC: '99.00', pCOFINS: '0.0000', vCOFINS: '0.00' },
      IBSCBS: null,
      vItem: '99.00',
    },
  },
  {
    // Simples Nacional, CSOSN 500 (ICMS already charged by ST upstream): 12 × 4,25 = 51,00, nothing
    // computed for ICMS, no credit.
    nome: 'Simples Nacional CSOSN 500',
    regra: regra({
      crt: '1',
      cfop: '5405',
      cst_icms: null,
      csosn: '500',
      cst_pis: '49',
      cst_cofins: '49',
      cst_ibs_cbs: null,
      c_class_trib: null,
    }),
    partes: partes({ emitente: { crt: '1', regimePisCofins: 'cumulativo' } }),
    item: { quantidade: '12', valorUnitario: '4.25', origem: '0', ncm: NCM_REFRIGERANTE },
    espera: {
      CFOP: '5405',
      ICMS: {
        CSOSN: '500',
        vBC: '0.00',
        vICMS: '0.00',
        vBCST: '0.00',
        vICMSST: '0.00',
        pCredSN: '0.0000',
        vCredICMSSN: '0.00',
      },
      PIS: { vPIS: '0.00' },
      COFINS: { vCOFINS: '0.00' },
      IBSCBS: null,
      vItem: '51.00',
    },
  },
  {
    // PIS/COFINS monofásico (CST 04): the distributor resells at rate zero. 6 × 7,90 = 47,40;
    // ICMS 47,40 × 18 % = 8,532 → 8,53. PIS/COFINS: no base, no value.
    // IBS/CBS base: 47,40 − 8,53 = 38,87; IBS UF 0,03887 → 0,04; CBS 0,34983 → 0,35.
    nome: 'PIS/COFINS monofásico (CST 04)',
    regra: regra({ cst_pis: '04', cst_cofins: '04', p_pis: '1,65' }),
    partes: partes(),
    item: { quantidade: '6', valorUnitario: '7.90', origem: '0', ncm: '33049910' },
    espera: {
      CFOP: '5102',
      ICMS: { vBC: '47.40', vICMS: '8.53' },
      PIS: { CST: '04', vBC: '0.00', pPIS: '0.0000', vPIS: '0.00' },
      COFINS: { CST: '04', vBC: '0.00', pCOFINS: '0.0000', vCOFINS: '0.00' },
      IBSCBS: { vBC: '38.87', vIBSUF: '0.04', vCBS: '0.35' },
      vItem: '47.40',
    },
  },
  {
    // IPI 10 % whose base includes freight and insurance: 10 × 20,00 = 200,00 + frete 15,00 +
    // seguro 5,00 = 220,00; vIPI = 22,00. Sale for resale (indFinal 0): IPI out of the ICMS base,
    // ICMS = 220,00 × 18 % = 39,60. PIS: 180,40 × 1,65 % = 2,9766 → 2,98; COFINS: × 7,6 % =
    // 13,7104 → 13,71. IBS/CBS base: 220,00 − 2,98 − 13,71 − 39,60 = 163,71; IBS UF 0,16371 →
    // 0,16; CBS 1,47339 → 1,47. vItem = 220,00 + 22,00 = 242,00.
    nome: 'IPI com frete na base',
    regra: regra({ cst_ipi: '50', p_ipi: '10' }),
    partes: partes(),
    item: { quantidade: '10', valorUnitario: '20', frete: '15', seguro: '5', origem: '1', ncm: '84151011' },
    espera: {
      CFOP: '5102',
      ICMS: { vBC: '220.00', vICMS: '39.60' },
      IPI: { CST: '50', cEnq: '999', vBC: '220.00', pIPI: '10.0000', vIPI: '22.00' },
      PIS: { vBC: '180.40', vPIS: '2.98' },
      COFINS: { vBC: '180.40', vCOFINS: '13.71' },
      IBSCBS: { vBC: '163.71', vIBSUF: '0.16', vCBS: '1.47' },
      vItem: '242.00',
    },
  },
  {
    // The same to a contributor buying for its own use (indFinal 1): the IPI joins the ICMS base
    // (LC 87/1996 art. 13 § 2º): 242,00 × 18 % = 43,56. PIS: 176,44 × 1,65 % = 2,91126 → 2,91;
    // COFINS: × 7,6 % = 13,40944 → 13,41. IBS/CBS base: 220,00 − 2,91 − 13,41 − 43,56 = 160,12;
    // IBS UF 0,16012 → 0,16; CBS 1,44108 → 1,44.
    nome: 'IPI na base do ICMS para consumidor final',
    regra: regra({ cst_ipi: '50', p_ipi: '10' }),
    partes: partes({ destinatario: { indFinal: '1' } }),
    item: { quantidade: '10', valorUnitario: '20', frete: '15', seguro: '5', origem: '1', ncm: '84151011' },
    espera: {
      CFOP: '5102',
      ICMS: { vBC: '242.00', vICMS: '43.56' },
      ICMSUFDest: null,
      IPI: { CST: '50', cEnq: '999', vBC: '220.00', pIPI: '10.0000', vIPI: '22.00' },
      PIS: { vBC: '176.44', vPIS: '2.91' },
      COFINS: { vBC: '176.44', vCOFINS: '13.41' },
      IBSCBS: { vBC: '160.12', vIBSUF: '0.16', vCBS: '1.44' },
      vItem: '242.00',
    },
  },
  {
    // IBS/CBS 2026 on a large item: 1 × 12.345,67; ICMS 18 % = 2.222,2206 → 2.222,22.
    // PIS: 10.123,45 × 1,65 % = 167,036925 → 167,04; COFINS: × 7,6 % = 769,3822 → 769,38.
    // IBS/CBS base: 12.345,67 − 167,04 − 769,38 − 2.222,22 = 9.187,03; IBS UF 0,1 % = 9,18703 → 9,19;
    // IBS Mun 0 %; vIBS 9,19; CBS 0,9 % = 82,68327 → 82,68.
    nome: 'IBS/CBS 2026',
    regra: regra(),
    partes: partes(),
    item: { quantidade: '1', valorUnitario: '12345.67', origem: '0', ncm: '94036000' },
    espera: {
      CFOP: '5102',
      ICMS: { vBC: '12345.67', vICMS: '2222.22' },
      PIS: { vPIS: '167.04' },
      COFINS: { vCOFINS: '769.38' },
      IBSCBS: {
        CST: '000',
        cClassTrib: '000001',
        vBC: '9187.03',
        pIBSUF: '0.1000',
        vIBSUF: '9.19',
        pIBSMun: '0.0000',
        vIBSMun: '0.00',
        vIBS: '9.19',
        pCBS: '0.9000',
        vCBS: '82.68',
        pRedAliq: '0.0000',
        pAliqEfetIBSUF: '0.1000',
        pAliqEfetCBS: '0.9000',
      },
      vItem: '12345.67',
    },
  },
  {
    // IBS/CBS CST 200 (alíquota reduzida em 60 %), PIS/COFINS at rate zero (CST 06). 1 × 100,00;
    // ICMS 18,00. Base: 100,00 − 18,00 = 82,00. Effective rates: IBS UF 0,1 × 40 % = 0,04 %,
    // CBS 0,9 × 40 % = 0,36 %. IBS UF 82,00 × 0,04 % = 0,0328 → 0,03; CBS 0,2952 → 0,30.
    nome: 'IBS/CBS com redução de 60 % (CST 200)',
    regra: regra({
      cst_pis: '06',
      cst_cofins: '06',
      cst_ibs_cbs: '200',
      c_class_trib: '200003',
      p_red_aliq: '60',
    }),
    partes: partes(),
    item: { quantidade: '1', valorUnitario: '100', origem: '0', ncm: '04012010' },
    espera: {
      CFOP: '5102',
      ICMS: { vICMS: '18.00' },
      PIS: { CST: '06', vPIS: '0.00' },
      COFINS: { CST: '06', vCOFINS: '0.00' },
      IBSCBS: {
        CST: '200',
        cClassTrib: '200003',
        vBC: '82.00',
        pIBSUF: '0.1000',
        pRedAliq: '60.0000',
        pAliqEfetIBSUF: '0.0400',
        pAliqEfetIBSMun: '0.0000',
        pAliqEfetCBS: '0.3600',
        vIBSUF: '0.03',
        vIBS: '0.03',
        vCBS: '0.30',
      },
      vItem: '100.00',
    },
  },
  {
    // A Rio de Janeiro company inside RJ: ICMS 20 % + FCP 2 % (the 22 % of RJ). 1 × 100,00:
    // vICMS 20,00, vFCP 2,00. PIS: 80,00 × 1,65 % = 1,32; COFINS: 80,00 × 7,6 % = 6,08.
    // IBS/CBS base: 100,00 − 1,32 − 6,08 − 20,00 − 2,00 = 70,60; IBS UF 0,0706 → 0,07; CBS 0,6354 → 0,64.
    nome: 'FCP geral da UF (RJ) na operação interna',
    regra: regra(),
    partes: partes({ emitente: { uf: 'RJ' }, destinatario: { uf: 'RJ' } }),
    item: { quantidade: '1', valorUnitario: '100', origem: '0', ncm: '94036000' },
    espera: {
      CFOP: '5102',
      ICMS: { pICMS: '20.0000', vICMS: '20.00', vBCFCP: '100.00', pFCP: '2.0000', vFCP: '2.00' },
      PIS: { vPIS: '1.32' },
      COFINS: { vCOFINS: '6.08' },
      IBSCBS: { vBC: '70.60', vIBSUF: '0.07', vCBS: '0.64' },
      vItem: '100.00',
    },
  },
  {
    // ST inside RJ with FCP-ST (CST 10, MVA 50 %, no adjustment inside a state). 1 × 100,00.
    // Own: ICMS 20,00, FCP 2,00. vBCST = 100,00 × 1,5 = 150,00; ICMS-ST = 150,00 × 20 % − 20,00 =
    // 10,00; FCP-ST = 150,00 × 2 % − 2,00 = 1,00. vItem = 100,00 + 10,00 + 1,00 = 111,00.
    nome: 'ST interna com FCP-ST',
    regra: regra({ cfop: '5403', cst_icms: '10', p_mva_st: '50' }),
    partes: partes({ emitente: { uf: 'RJ' }, destinatario: { uf: 'RJ' } }),
    item: { quantidade: '1', valorUnitario: '100', origem: '0', ncm: NCM_REFRIGERANTE },
    espera: {
      CFOP: '5403',
      ICMS: {
        vICMS: '20.00',
        vFCP: '2.00',
        pMVAST: '50.0000',
        vBCST: '150.00',
        pICMSST: '20.0000',
        vICMSST: '10.00',
        vBCFCPST: '150.00',
        pFCPST: '2.0000',
        vFCPST: '1.00',
      },
      PIS: { vBC: '80.00' },
      COFINS: { vBC: '80.00' },
      IBSCBS: { vBC: '70.60' },
      vItem: '111.00',
    },
  },
  {
    // Simples Nacional CSOSN 201 SP → MG: MVA 40 % NOT adjusted (Convênio ICMS 35/2011). 1 × 100,00.
    // vBCST = 100,00 × 1,40 = 140,00; ICMS-ST = 140,00 × 18 % = 25,20 − the ICMS the operation
    // would bear at 12 % (12,00) = 13,20. Credit 1,25 % × 100,00 = 1,25.
    nome: 'Simples Nacional CSOSN 201 interestadual sem MVA ajustada',
    regra: regra({
      crt: '1',
      cfop: '6403',
      destino: 'interestadual',
      cst_icms: null,
      csosn: '201',
      p_mva_st: '40',
      p_cred_sn: '1.25',
      cst_pis: '49',
      cst_cofins: '49',
      cst_ibs_cbs: null,
      c_class_trib: null,
    }),
    partes: partes({ emitente: { crt: '1', regimePisCofins: 'cumulativo' }, destinatario: { uf: 'MG' } }),
    item: { quantidade: '1', valorUnitario: '100', origem: '0', ncm: NCM_REFRIGERANTE },
    espera: {
      CFOP: '6403',
      ICMS: {
        CSOSN: '201',
        vBC: '0.00',
        vICMS: '0.00',
        pMVAST: '40.0000',
        vBCST: '140.00',
        pICMSST: '18.0000',
        vICMSST: '13.20',
        pCredSN: '1.2500',
        vCredICMSSN: '1.25',
      },
      ICMSUFDest: null,
      PIS: { vPIS: '0.00' },
      COFINS: { vCOFINS: '0.00' },
      IBSCBS: null,
      vItem: '113.20',
    },
  },
];
