import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type ConfiguracaoFiscal,
  cfopDaDevolucao,
  computeItemTaxes,
  type ImpostosItem,
  type PartesOperacao,
  type RegraTributacaoInput,
  regraTributacaoSchema,
  validaChave,
  valoresDaDevolucao,
  valoresDoItem,
} from '@erp/shared';
import { describe, expect, it } from 'vitest';
import { pacoteNpm } from '../../../lib/pacote-schemas.ts';
import { geraAcTeste, geraPfxTeste } from '../../../test/pfx-teste.ts';
import { OFFICIAL_NFE_SCHEMAS_DIR } from '../../../test/test-app.ts';
import { assinaXml } from '../../nfe/assinador.ts';
import { verificaAssinaturaNfe } from '../../nfe/assinatura.ts';
import { PACOTE_NFE } from '../../nfe/pacote-nfe.ts';
import { validaNfeXsd } from '../../nfe/xsd.ts';
import { dadosNfeDevolucao, type EntradaNfeDevolucao } from '../dados-nfe-devolucao.ts';
import { montaChave } from './chave.ts';
import { montaNfe } from './monta-nfe.ts';
import type { DadosNfe } from './tipos.ts';

// Issue 32's hand-worked example on the NF-e de devolução: 10 × 33,33 sold with ICMS 18 %, ST MVA
// 40 % at 18 %, IPI 10 %, PIS/COFINS and IBS/CBS 2026 (the real tax engine), half returned — our
// own NF-e de entrada (finNFe 4, tpNF 0, NFref = the original chave), inside SP (CFOP 1.411) and
// from MG (2.411); and a devolução de compra to a supplier (tpNF 1, CFOP 5.202). Each is XSD-valid
// against the official package, signed so that our verifier and xmlsec1 accept it, and every tax
// of the return item and of ICMSTot is checked to the cent as exact XML text.

const xmlsec = (() => {
  try {
    execFileSync('xmlsec1', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
if (!xmlsec) console.warn('nfe-devolucao.test: xmlsec1 ausente — verificação independente pulada');
if (!OFFICIAL_NFE_SCHEMAS_DIR)
  console.warn('nfe-devolucao.test: ../shared/nfe/schemas/PL_010_V1.30 ausente — validação XSD pulada');

// what a fresh install validates with (decision record 0006): every CNPJ here is digits-only
const NPM_NFE_SCHEMAS_DIR = pacoteNpm(PACOTE_NFE)!.dir;

const ac = geraAcTeste();
const pfx = geraPfxTeste({ cnpj: '12345678000195', razaoSocial: 'DISTRIBUIDORA EXEMPLO LTDA', ac });

const CONFIG: ConfiguracaoFiscal = {
  emitente: {
    cnpj: '12345678000195',
    ie: '110042490114',
    im: '12345',
    cnae: '4639701',
    crt: '3',
    razao_social: 'Distribuidora Exemplo Ltda',
    fantasia: 'Exemplo',
    endereco: {
      logradouro: 'Rua das Flores',
      numero: '100',
      complemento: 'Galpão 2',
      bairro: 'Centro',
      codigo_municipio: '3550308',
      municipio: 'São Paulo',
      uf: 'SP',
      cep: '01001000',
      telefone: '1133334444',
    },
  },
  ambiente: 'homologacao',
  responsavel_tecnico: {
    cnpj: '12345678000195',
    contato: 'Suporte Plataforma ERP',
    email: 'suporte@plataforma.example',
    fone: '11999998888',
    id_csrt: null,
    csrt: null,
  },
  informacoes_complementares: null,
  regime: { regime_pis_cofins: 'nao_cumulativo', exclui_icms_base_pis_cofins: true },
  series: [],
};

const MUN: Record<string, { cMun: string; xMun: string }> = {
  SP: { cMun: '3550308', xMun: 'São Paulo' },
  MG: { cMun: '3106200', xMun: 'Belo Horizonte' },
};

function destinatario(uf: 'SP' | 'MG', documento = '11222333000181'): DadosNfe['dest'] {
  return {
    documento,
    xNome: 'Cliente Exemplo S.A.',
    ender: {
      xLgr: 'Avenida Brasil',
      nro: '2000',
      xBairro: 'Jardim',
      cMun: MUN[uf]!.cMun,
      xMun: MUN[uf]!.xMun,
      UF: uf,
      CEP: '30130000',
      fone: '3132221111',
    },
    indIEDest: '1',
    IE: uf === 'SP' ? '110042490114' : '0623079040081',
    email: 'compras@cliente.example',
  };
}

function impostos(
  regra: Partial<RegraTributacaoInput>,
  ufDest: string,
  q: string,
  vUn: string,
): ImpostosItem {
  const partes: PartesOperacao = {
    emitente: { uf: 'SP', crt: '3', regimePisCofins: 'nao_cumulativo', excluiIcmsBasePisCofins: true },
    destinatario: { uf: ufDest, indIEDest: '1', indFinal: '0' } as PartesOperacao['destinatario'],
    operacao: 'venda',
    sentido: 'saida',
  };
  const r = regraTributacaoSchema.parse({
    descricao: 'Exemplo',
    operacao: 'venda',
    crt: '3',
    cst_pis: '01',
    cst_cofins: '01',
    cst_ibs_cbs: '000',
    c_class_trib: '000001',
    ...regra,
  });
  return computeItemTaxes(
    { quantidade: q, valorUnitario: vUn, origem: '0', ncm: '22021000' },
    { id: 'r', ...r },
    partes,
  );
}

/** The chave of the original note (our sale nº 500, or the supplier's nº 7788). */
function chaveOriginal(cnpj: string, nNF: number): string {
  return montaChave({
    cUF: '35',
    dhEmi: new Date('2026-11-10T13:00:00Z'),
    cnpj,
    serie: 1,
    nNF,
    tpEmis: '1',
    cNF: '31415926',
  }).chave;
}

const CHAVE_VENDA = chaveOriginal('12345678000195', 500);
const CHAVE_COMPRA = chaveOriginal('49929194000284', 7788);

// the hand-worked sale: inside SP (5.403) or to MG (6.403)
const REGRA_ST = { cst_icms: '10', p_mva_st: '40', p_icms_st: '18', cst_ipi: '50', p_ipi: '10' };
const VENDA_SP = impostos({ ...REGRA_ST, cfop: '5403' }, 'SP', '10', '33.33');
const VENDA_MG = impostos({ ...REGRA_ST, cfop: '6403', destino: 'MG' }, 'MG', '10', '33.33');

function entradaVenda(original: ImpostosItem, uf: 'SP' | 'MG', nNF: number): EntradaNfeDevolucao {
  const cfop = cfopDaDevolucao('venda', original.CFOP, true);
  if (!cfop.ok) throw new Error(cfop.mensagem);
  return {
    sentido: 'venda',
    config: CONFIG,
    dest: destinatario(uf),
    indFinal: '0',
    chavesReferenciadas: [CHAVE_VENDA],
    numeracao: { serie: 1, nNF, dhEmi: new Date('2026-11-25T14:00:00Z') },
    itens: [
      {
        cProd: 'REFRI-350',
        cEAN: '7891234567895',
        xProd: 'Refrigerante lata 350 ml',
        NCM: '22021000',
        CEST: '0300700',
        uCom: 'UN',
        qCom: '5',
        impostosOriginais: original,
        qComOriginal: '10',
        valores: valoresDaDevolucao({ qCom: '10', valores: valoresDoItem(original) }, '5'),
        cfop: cfop.cfop,
      },
    ],
    infCpl: 'Motivo: avaria.',
  };
}

function xmlsecAceita(xml: string): boolean {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nfe-devolucao-'));
  try {
    fs.writeFileSync(path.join(dir, 'nfe.xml'), xml);
    fs.writeFileSync(path.join(dir, 'ac.pem'), ac.certPem);
    execFileSync(
      'xmlsec1',
      [
        '--verify',
        '--id-attr:Id',
        'http://www.portalfiscal.inf.br/nfe:infNFe',
        '--trusted-pem',
        path.join(dir, 'ac.pem'),
        path.join(dir, 'nfe.xml'),
      ],
      { stdio: 'pipe' },
    );
    return true;
  } catch {
    return false;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const corta = (xml: string, tag: string) => xml.match(new RegExp(`<${tag}[ >].*?</${tag}>`))?.[0];

/** Built, signed, XSD-valid, both verifiers accept it. */
function emite(dados: DadosNfe): { assinado: string; chave: string } {
  const { xml, chave } = montaNfe(dados);
  expect(validaChave(chave)).toBeNull();
  const assinado = assinaXml(xml, { tag: 'infNFe', keyPem: pfx.keyPem, certPem: pfx.certPem });
  if (OFFICIAL_NFE_SCHEMAS_DIR) {
    const r = validaNfeXsd(OFFICIAL_NFE_SCHEMAS_DIR, new TextEncoder().encode(assinado));
    expect(r.erros).toEqual([]);
    expect(r.valido).toBe(true);
  }
  expect(validaNfeXsd(NPM_NFE_SCHEMAS_DIR, new TextEncoder().encode(assinado)).erros).toEqual([]);
  expect(verificaAssinaturaNfe(assinado).status).toBe('valida');
  if (xmlsec) expect(xmlsecAceita(assinado)).toBe(true);
  return { assinado, chave };
}

const IBSCBS_TOT = (vBC: string, vIBSUF: string, vCBS: string) =>
  `<IBSCBSTot><vBCIBSCBS>${vBC}</vBCIBSCBS><gIBS><gIBSUF><vDif>0.00</vDif><vDevTrib>0.00</vDevTrib><vIBSUF>${vIBSUF}</vIBSUF></gIBSUF><gIBSMun><vDif>0.00</vDif><vDevTrib>0.00</vDevTrib><vIBSMun>0.00</vIBSMun></gIBSMun><vIBS>${vIBSUF}</vIBS><vCredPres>0.00</vCredPres><vCredPresCondSus>0.00</vCredPresCondSus></gIBS><gCBS><vDif>0.00</vDif><vDevTrib>0.00</vDevTrib><vCBS>${vCBS}</vCBS><vCredPres>0.00</vCredPres><vCredPresCondSus>0.00</vCredPresCondSus></gCBS></IBSCBSTot>`;

const PROD_REFRI = (cfop: string) =>
  `<prod><cProd>REFRI-350</cProd><cEAN>7891234567895</cEAN><xProd>Refrigerante lata 350 ml</xProd><NCM>22021000</NCM><CEST>0300700</CEST><CFOP>${cfop}</CFOP><uCom>UN</uCom><qCom>5.0000</qCom><vUnCom>33.33</vUnCom><vProd>166.65</vProd><cEANTrib>7891234567895</cEANTrib><uTrib>UN</uTrib><qTrib>5.0000</qTrib><vUnTrib>33.33</vUnTrib><indTot>1</indTot></prod>`;

describe('NF-e de devolução de venda (our entrada): the hand-worked example, half returned', () => {
  it('inside SP: CFOP 1.411, every tax of the README «half» column, IPI in impostoDevol, NFref', () => {
    const dados = dadosNfeDevolucao(entradaVenda(VENDA_SP, 'SP', 900));
    const { assinado } = emite(dados);
    const ide = corta(assinado, 'ide') ?? '';
    expect(ide).toContain('<natOp>Devolução de venda</natOp><mod>55</mod><serie>1</serie><nNF>900</nNF>');
    expect(ide).toContain('<tpNF>0</tpNF><idDest>1</idDest>');
    expect(ide).toContain('<finNFe>4</finNFe><indFinal>0</indFinal><indPres>9</indPres>');
    expect(ide).toMatch(
      new RegExp(
        `<verProc>Plataforma ERP 1.0</verProc><NFref><refNFe>${CHAVE_VENDA}</refNFe></NFref></ide>$`,
      ),
    );
    // 5 of 10: vProd 166,65; ICMS 59,99/2 = 29,995 → 30,00; vBCST 256,64, ST 16,20 (rates and MVA
    // of the original); PIS/COFINS base 273,31/2 = 136,655 → 136,66, 2,26, 10,39; IBS/CBS base
    // 124,02, 0,13, 1,12; the IPI 33,33/2 = 16,665 → 16,67 in impostoDevol with pDevol 50 — no IPI group
    expect(corta(assinado, 'det')).toBe(
      `<det nItem="1">${PROD_REFRI('1411')}<imposto><ICMS><ICMS10><orig>0</orig><CST>10</CST><modBC>3</modBC><vBC>166.65</vBC><pICMS>18.0000</pICMS><vICMS>30.00</vICMS><modBCST>4</modBCST><pMVAST>40.0000</pMVAST><vBCST>256.64</vBCST><pICMSST>18.0000</pICMSST><vICMSST>16.20</vICMSST></ICMS10></ICMS>` +
        '<PIS><PISAliq><CST>01</CST><vBC>136.66</vBC><pPIS>1.6500</pPIS><vPIS>2.26</vPIS></PISAliq></PIS><COFINS><COFINSAliq><CST>01</CST><vBC>136.66</vBC><pCOFINS>7.6000</pCOFINS><vCOFINS>10.39</vCOFINS></COFINSAliq></COFINS>' +
        '<IBSCBS><CST>000</CST><cClassTrib>000001</cClassTrib><gIBSCBS><vBC>124.02</vBC><gIBSUF><pIBSUF>0.1000</pIBSUF><vIBSUF>0.13</vIBSUF></gIBSUF><gIBSMun><pIBSMun>0.0000</pIBSMun><vIBSMun>0.00</vIBSMun></gIBSMun><vIBS>0.13</vIBS><gCBS><pCBS>0.9000</pCBS><vCBS>1.12</vCBS></gCBS></gIBSCBS></IBSCBS></imposto>' +
        '<impostoDevol><pDevol>50.00</pDevol><IPI><vIPIDevol>16.67</vIPIDevol></IPI></impostoDevol></det>',
    );
    // vNF = 166,65 + 16,20 (ST) + 16,67 (IPI devolvido) = 199,52 — the README's vItem of the half
    expect(corta(assinado, 'total')).toBe(
      '<total><ICMSTot><vBC>166.65</vBC><vICMS>30.00</vICMS><vICMSDeson>0.00</vICMSDeson><vFCP>0.00</vFCP><vBCST>256.64</vBCST><vST>16.20</vST><vFCPST>0.00</vFCPST><vFCPSTRet>0.00</vFCPSTRet><vProd>166.65</vProd><vFrete>0.00</vFrete><vSeg>0.00</vSeg><vDesc>0.00</vDesc><vII>0.00</vII><vIPI>0.00</vIPI><vIPIDevol>16.67</vIPIDevol><vPIS>2.26</vPIS><vCOFINS>10.39</vCOFINS><vOutro>0.00</vOutro><vNF>199.52</vNF></ICMSTot>' +
        `${IBSCBS_TOT('124.02', '0.13', '1.12')}</total>`,
    );
    expect(assinado).toContain(
      '<transp><modFrete>9</modFrete></transp><pag><detPag><tPag>90</tPag><vPag>0.00</vPag></detPag></pag><infAdic>',
    );
    expect(corta(assinado, 'infCpl')).toBe(
      `<infCpl>Devolução referente à NF-e chave ${CHAVE_VENDA}. Valor do IPI devolvido: R$ 16,67. Motivo: avaria.</infCpl>`,
    );
    expect(assinado).not.toContain('<cobr>');
  });

  it('from MG (interstate): CFOP 2.411, idDest 2, the original 12 % and adjusted MVA kept', () => {
    // the original to MG: ICMS 333,30 × 12 % = 39,996 → 40,00; MVA adjusted 1,40 × 0,88 / 0,82 − 1
    // = 50,24 %; vBCST 366,63 × 1,5024 = 550,82; ST 550,82 × 18 % = 99,15 − 40,00 = 59,15; PIS/COFINS
    // base 293,30 → 4,84 / 22,29; IBS/CBS base 333,30 − 4,84 − 22,29 − 40,00 = 266,17 → 0,27 / 2,40
    expect([VENDA_MG.ICMS.vICMS, VENDA_MG.ICMS.pMVAST, VENDA_MG.ICMS.vBCST, VENDA_MG.ICMS.vICMSST]).toEqual([
      '40.00',
      '50.2400',
      '550.82',
      '59.15',
    ]);
    expect([VENDA_MG.PIS.vPIS, VENDA_MG.COFINS.vCOFINS, VENDA_MG.IBSCBS?.vBC, VENDA_MG.vItem]).toEqual([
      '4.84',
      '22.29',
      '266.17',
      '425.78',
    ]);
    const { assinado } = emite(dadosNfeDevolucao(entradaVenda(VENDA_MG, 'MG', 901)));
    expect(corta(assinado, 'ide')).toContain('<tpNF>0</tpNF><idDest>2</idDest>');
    expect(corta(assinado, 'ide')).toContain(`<NFref><refNFe>${CHAVE_VENDA}</refNFe></NFref>`);
    // half: 20,00; 275,41; 59,15/2 = 29,575 → 29,58; 146,65 → 2,42 / 11,145 → 11,15; 133,085 → 133,09,
    // 0,135 → 0,14, 1,20; IPI 16,67; vNF 166,65 + 29,58 + 16,67 = 212,90
    expect(corta(assinado, 'det')).toBe(
      `<det nItem="1">${PROD_REFRI('2411')}<imposto><ICMS><ICMS10><orig>0</orig><CST>10</CST><modBC>3</modBC><vBC>166.65</vBC><pICMS>12.0000</pICMS><vICMS>20.00</vICMS><modBCST>4</modBCST><pMVAST>50.2400</pMVAST><vBCST>275.41</vBCST><pICMSST>18.0000</pICMSST><vICMSST>29.58</vICMSST></ICMS10></ICMS>` +
        '<PIS><PISAliq><CST>01</CST><vBC>146.65</vBC><pPIS>1.6500</pPIS><vPIS>2.42</vPIS></PISAliq></PIS><COFINS><COFINSAliq><CST>01</CST><vBC>146.65</vBC><pCOFINS>7.6000</pCOFINS><vCOFINS>11.15</vCOFINS></COFINSAliq></COFINS>' +
        '<IBSCBS><CST>000</CST><cClassTrib>000001</cClassTrib><gIBSCBS><vBC>133.09</vBC><gIBSUF><pIBSUF>0.1000</pIBSUF><vIBSUF>0.14</vIBSUF></gIBSUF><gIBSMun><pIBSMun>0.0000</pIBSMun><vIBSMun>0.00</vIBSMun></gIBSMun><vIBS>0.14</vIBS><gCBS><pCBS>0.9000</pCBS><vCBS>1.20</vCBS></gCBS></gIBSCBS></IBSCBS></imposto>' +
        '<impostoDevol><pDevol>50.00</pDevol><IPI><vIPIDevol>16.67</vIPIDevol></IPI></impostoDevol></det>',
    );
    expect(corta(assinado, 'total')).toBe(
      '<total><ICMSTot><vBC>166.65</vBC><vICMS>20.00</vICMS><vICMSDeson>0.00</vICMSDeson><vFCP>0.00</vFCP><vBCST>275.41</vBCST><vST>29.58</vST><vFCPST>0.00</vFCPST><vFCPSTRet>0.00</vFCPSTRet><vProd>166.65</vProd><vFrete>0.00</vFrete><vSeg>0.00</vSeg><vDesc>0.00</vDesc><vII>0.00</vII><vIPI>0.00</vIPI><vIPIDevol>16.67</vIPIDevol><vPIS>2.42</vPIS><vCOFINS>11.15</vCOFINS><vOutro>0.00</vOutro><vNF>212.90</vNF></ICMSTot>' +
        `${IBSCBS_TOT('133.09', '0.14', '1.20')}</total>`,
    );
  });
});

describe('NF-e de devolução de compra (our saída to the supplier)', () => {
  // The supplier's note (nº 7788, inside SP, regime normal): item A 12 × 8,75 = 105,00 with ICMS 18 %
  // (18,90), IPI 5 % (5,25), PIS 86,10 × 1,65 % = 1,42, COFINS 6,54, IBS/CBS base 78,14 → 0,08 / 0,70;
  // item B 6 × 4,00 = 24,00, ICMS 4,32, no IPI, PIS 19,68 → 0,32, COFINS 1,50, IBS/CBS 17,86 → 0,02 / 0,16.
  const A = impostos({ cfop: '5102', cst_icms: '00', cst_ipi: '50', p_ipi: '5' }, 'SP', '12', '8.75');
  const B = impostos({ cfop: '5102', cst_icms: '00' }, 'SP', '6', '4.00');

  it('4 of 12 of A and all 6 of B: tpNF 1, CFOP 5.202, IPI of A in impostoDevol, totals to the cent', () => {
    expect([A.vProd, A.ICMS.vICMS, A.IPI?.vIPI, A.PIS.vPIS, A.COFINS.vCOFINS, A.IBSCBS?.vBC]).toEqual([
      '105.00',
      '18.90',
      '5.25',
      '1.42',
      '6.54',
      '78.14',
    ]);
    expect([B.vProd, B.ICMS.vICMS, B.IPI, B.PIS.vPIS, B.COFINS.vCOFINS, B.IBSCBS?.vBC]).toEqual([
      '24.00',
      '4.32',
      null,
      '0.32',
      '1.50',
      '17.86',
    ]);
    const cfop = cfopDaDevolucao('compra', '5102');
    expect(cfop).toEqual({ ok: true, cfop: '5202' });
    const item = (o: ImpostosItem, cProd: string, q: string, qOrig: string) => ({
      cProd,
      xProd: `Produto ${cProd}`,
      NCM: '22021000',
      uCom: 'CX',
      qCom: q,
      impostosOriginais: o,
      qComOriginal: qOrig,
      valores: valoresDaDevolucao({ qCom: qOrig, valores: valoresDoItem(o) }, q),
      cfop: '5202',
    });
    const dados = dadosNfeDevolucao({
      sentido: 'compra',
      config: CONFIG,
      dest: { ...destinatario('SP', '49929194000284'), xNome: 'Fornecedor Exemplo Ltda' },
      indFinal: '0',
      chavesReferenciadas: [CHAVE_COMPRA],
      numeracao: { serie: 1, nNF: 902, dhEmi: new Date('2026-11-25T14:00:00Z') },
      itens: [item(A, 'A', '4', '12'), item(B, 'B', '6', '6')],
      vol: [{ qVol: 2, esp: 'CAIXA' }],
    });
    const { assinado } = emite(dados);
    const ide = corta(assinado, 'ide') ?? '';
    expect(ide).toContain('<natOp>Devolução de compra</natOp>');
    expect(ide).toContain('<tpNF>1</tpNF><idDest>1</idDest>');
    expect(ide).toContain('<finNFe>4</finNFe>');
    expect(ide).toContain(`<NFref><refNFe>${CHAVE_COMPRA}</refNFe></NFref></ide>`);
    const dets = assinado.match(/<det nItem=.*?<\/det>/g) ?? [];
    // A × 4/12: 35,00; ICMS 6,30; PIS base 28,70 → 0,47355 → 0,47; COFINS 2,18; IBS/CBS 26,0466 → 26,05,
    // 0,03, 0,2333 → 0,23; IPI 1,75 in impostoDevol with pDevol 33,33
    expect(dets[0]).toBe(
      '<det nItem="1"><prod><cProd>A</cProd><cEAN>SEM GTIN</cEAN><xProd>Produto A</xProd><NCM>22021000</NCM><CFOP>5202</CFOP><uCom>CX</uCom><qCom>4.0000</qCom><vUnCom>8.75</vUnCom><vProd>35.00</vProd><cEANTrib>SEM GTIN</cEANTrib><uTrib>CX</uTrib><qTrib>4.0000</qTrib><vUnTrib>8.75</vUnTrib><indTot>1</indTot></prod>' +
        '<imposto><ICMS><ICMS00><orig>0</orig><CST>00</CST><modBC>3</modBC><vBC>35.00</vBC><pICMS>18.0000</pICMS><vICMS>6.30</vICMS></ICMS00></ICMS>' +
        '<PIS><PISAliq><CST>01</CST><vBC>28.70</vBC><pPIS>1.6500</pPIS><vPIS>0.47</vPIS></PISAliq></PIS><COFINS><COFINSAliq><CST>01</CST><vBC>28.70</vBC><pCOFINS>7.6000</pCOFINS><vCOFINS>2.18</vCOFINS></COFINSAliq></COFINS>' +
        '<IBSCBS><CST>000</CST><cClassTrib>000001</cClassTrib><gIBSCBS><vBC>26.05</vBC><gIBSUF><pIBSUF>0.1000</pIBSUF><vIBSUF>0.03</vIBSUF></gIBSUF><gIBSMun><pIBSMun>0.0000</pIBSMun><vIBSMun>0.00</vIBSMun></gIBSMun><vIBS>0.03</vIBS><gCBS><pCBS>0.9000</pCBS><vCBS>0.23</vCBS></gCBS></gIBSCBS></IBSCBS></imposto>' +
        '<impostoDevol><pDevol>33.33</pDevol><IPI><vIPIDevol>1.75</vIPIDevol></IPI></impostoDevol></det>',
    );
    // B in full (the last return takes everything): no IPI, no impostoDevol
    expect(dets[1]).toBe(
      '<det nItem="2"><prod><cProd>B</cProd><cEAN>SEM GTIN</cEAN><xProd>Produto B</xProd><NCM>22021000</NCM><CFOP>5202</CFOP><uCom>CX</uCom><qCom>6.0000</qCom><vUnCom>4.00</vUnCom><vProd>24.00</vProd><cEANTrib>SEM GTIN</cEANTrib><uTrib>CX</uTrib><qTrib>6.0000</qTrib><vUnTrib>4.00</vUnTrib><indTot>1</indTot></prod>' +
        '<imposto><ICMS><ICMS00><orig>0</orig><CST>00</CST><modBC>3</modBC><vBC>24.00</vBC><pICMS>18.0000</pICMS><vICMS>4.32</vICMS></ICMS00></ICMS>' +
        '<PIS><PISAliq><CST>01</CST><vBC>19.68</vBC><pPIS>1.6500</pPIS><vPIS>0.32</vPIS></PISAliq></PIS><COFINS><COFINSAliq><CST>01</CST><vBC>19.68</vBC><pCOFINS>7.6000</pCOFINS><vCOFINS>1.50</vCOFINS></COFINSAliq></COFINS>' +
        '<IBSCBS><CST>000</CST><cClassTrib>000001</cClassTrib><gIBSCBS><vBC>17.86</vBC><gIBSUF><pIBSUF>0.1000</pIBSUF><vIBSUF>0.02</vIBSUF></gIBSUF><gIBSMun><pIBSMun>0.0000</pIBSMun><vIBSMun>0.00</vIBSMun></gIBSMun><vIBS>0.02</vIBS><gCBS><pCBS>0.9000</pCBS><vCBS>0.16</vCBS></gCBS></gIBSCBS></IBSCBS></imposto></det>',
    );
    // Σ: vProd 59,00, ICMS 10,62, PIS 0,79, COFINS 3,68, vIPIDevol 1,75, vNF 59,00 + 1,75 = 60,75
    expect(corta(assinado, 'total')).toBe(
      '<total><ICMSTot><vBC>59.00</vBC><vICMS>10.62</vICMS><vICMSDeson>0.00</vICMSDeson><vFCP>0.00</vFCP><vBCST>0.00</vBCST><vST>0.00</vST><vFCPST>0.00</vFCPST><vFCPSTRet>0.00</vFCPSTRet><vProd>59.00</vProd><vFrete>0.00</vFrete><vSeg>0.00</vSeg><vDesc>0.00</vDesc><vII>0.00</vII><vIPI>0.00</vIPI><vIPIDevol>1.75</vIPIDevol><vPIS>0.79</vPIS><vCOFINS>3.68</vCOFINS><vOutro>0.00</vOutro><vNF>60.75</vNF></ICMSTot>' +
        `${IBSCBS_TOT('43.91', '0.05', '0.39')}</total>`,
    );
    expect(corta(assinado, 'transp')).toBe(
      '<transp><modFrete>9</modFrete><vol><qVol>2</qVol><esp>CAIXA</esp></vol></transp>',
    );
    expect(corta(assinado, 'infCpl')).toBe(
      `<infCpl>Devolução referente à NF-e chave ${CHAVE_COMPRA}. Valor do IPI devolvido: R$ 1,75.</infCpl>`,
    );
  });
});

describe('refusals', () => {
  it('no chave, a bad chave, a quantity that is not the valores’, more than the original', () => {
    const base = entradaVenda(VENDA_SP, 'SP', 903);
    expect(() => dadosNfeDevolucao({ ...base, chavesReferenciadas: [] })).toThrow('sem chave referenciada');
    expect(() =>
      dadosNfeDevolucao({ ...base, chavesReferenciadas: [`${CHAVE_VENDA.slice(0, 43)}0`] }),
    ).toThrow('chave referenciada inválida');
    const item = base.itens[0]!;
    expect(() => dadosNfeDevolucao({ ...base, itens: [{ ...item, qCom: '4' }] })).toThrow(
      'quantidade 4 difere da dos valores 5.000',
    );
    expect(() => dadosNfeDevolucao({ ...base, itens: [{ ...item, qComOriginal: '4' }] })).toThrow(
      'a nota original tem 4',
    );
  });

  it('montaNfe refuses impostoDevol outside a return note and a vIPIDevol total that is not the sum', () => {
    const dados = dadosNfeDevolucao(entradaVenda(VENDA_SP, 'SP', 904));
    expect(() => montaNfe({ ...dados, ide: { ...dados.ide, finNFe: '1' } })).toThrow('finNFe 4');
    const t = dados.totais;
    expect(() =>
      montaNfe({ ...dados, totais: { ...t, ICMSTot: { ...t.ICMSTot, vIPIDevol: '16.66' } } }),
    ).toThrow('ICMSTot.vIPIDevol 16.66 difere da soma dos itens 16.67');
  });
});

describe('timing', () => {
  it('build + sign + validate one return note: median of 20 (issue target < 100 ms; printed only)', () => {
    const vezes: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      const { xml } = montaNfe(dadosNfeDevolucao(entradaVenda(VENDA_SP, 'SP', 1000 + i)));
      const assinado = assinaXml(xml, { tag: 'infNFe', keyPem: pfx.keyPem, certPem: pfx.certPem });
      if (OFFICIAL_NFE_SCHEMAS_DIR)
        validaNfeXsd(OFFICIAL_NFE_SCHEMAS_DIR, new TextEncoder().encode(assinado));
      vezes.push(performance.now() - t0);
    }
    vezes.sort((a, b) => a - b);
    const mediana = (vezes[9]! + vezes[10]!) / 2;
    console.log(
      `nfe-devolucao: build + sign${OFFICIAL_NFE_SCHEMAS_DIR ? ' + XSD' : ''} median of 20 = ${mediana.toFixed(1)} ms (min ${vezes[0]!.toFixed(1)}, max ${vezes[19]!.toFixed(1)})`,
    );
    expect(vezes).toHaveLength(20);
  });
});
