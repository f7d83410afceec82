import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Decimal, normalizaChave, validaChave } from '@erp/shared';
import { describe, expect, it } from 'vitest';
import { pacoteNpm } from '../../../lib/pacote-schemas.ts';
import { geraAcTeste, geraPfxTeste } from '../../../test/pfx-teste.ts';
import { OFFICIAL_NFE_SCHEMAS_DIR } from '../../../test/test-app.ts';
import { assinaXml } from '../../nfe/assinador.ts';
import { verificaAssinaturaNfe } from '../../nfe/assinatura.ts';
import { PACOTE_NFE } from '../../nfe/pacote-nfe.ts';
import { leNfe } from '../../nfe/parser.ts';
import { validaNfeXsd } from '../../nfe/xsd.ts';
import { geraCnf, montaChave } from './chave.ts';
import { type CenarioNfe, dadosNfeExemplo } from './exemplo-nfe.ts';
import { dataHoraNfe } from './ide.ts';
import { montaNfe } from './monta-nfe.ts';
import { XNOME_HOMOLOGACAO } from './tipos.ts';
import { decVar } from './xml-texto.ts';

// The matrix of the issue: every generated NF-e valid against the official XSD (PL_010, read in
// place from ../shared) and signed so that our verifier AND Debian's xmlsec1 accept it; totals equal
// to the sums of the items to the cent.

const xmlsec = (() => {
  try {
    execFileSync('xmlsec1', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
if (!xmlsec) console.warn('nfe-matriz.test: xmlsec1 ausente — verificação independente pulada');
// The matrix's emitente has an alphanumeric CNPJ: checked against the official package, read in place.
if (!OFFICIAL_NFE_SCHEMAS_DIR)
  console.warn('nfe-matriz.test: ../shared/nfe/schemas/PL_010_V1.30 ausente — validação XSD pulada');

const NPM_NFE_SCHEMAS_DIR = pacoteNpm(PACOTE_NFE)!.dir;

const ac = geraAcTeste();
const pfx = geraPfxTeste({ cnpj: '12345678000195', razaoSocial: 'DISTRIBUIDORA EXEMPLO LTDA', ac });

const CENARIOS: CenarioNfe[] = [
  { nome: 'interna, contribuinte, regime normal (CST 00)' },
  {
    nome: 'interestadual MG, contribuinte, ST (CST 10)',
    ufDest: 'MG',
    regra: { cfop: '6403', destino: 'MG', cst_icms: '10', p_mva_st: '40' },
    frete: '6.00',
  },
  {
    nome: 'interestadual BA, não contribuinte (CPF), DIFAL',
    ufDest: 'BA',
    indIEDest: '9',
    regra: { cfop: '6108', destino: 'interestadual', tipo_destinatario: 'nao_contribuinte' },
  },
  {
    nome: 'consumidor final contribuinte, IPI 10 %',
    indIEDest: '1',
    indFinal: '1',
    regra: { cst_ipi: '50', c_enq: '999', p_ipi: '10' },
  },
  {
    nome: 'isento de IE (indIEDest 2)',
    indIEDest: '2',
    ufDest: 'PR',
    regra: { cfop: '6102', destino: 'interestadual' },
  },
  { nome: 'Simples Nacional CSOSN 101 com crédito', crt: '1', regra: { csosn: '101', p_cred_sn: '2.56' } },
  {
    nome: 'Simples Nacional CSOSN 201 com ST',
    crt: '1',
    ufDest: 'MG',
    regra: { cfop: '6403', destino: 'MG', csosn: '201', p_mva_st: '40', p_cred_sn: '1.25' },
  },
  { nome: 'Simples Nacional CSOSN 900', crt: '1', regra: { csosn: '900', p_icms: '18' } },
  {
    nome: 'CST 20 com redução e IBS/CBS reduzidos (CST 200)',
    regra: {
      cst_icms: '20',
      p_red_bc: '33.33',
      cst_ibs_cbs: '200',
      c_class_trib: '200003',
      p_red_aliq: '60',
    },
  },
  {
    nome: 'CST 40 e IBS/CBS isento (CST 400)',
    regra: { cst_icms: '40', cst_ibs_cbs: '400', c_class_trib: '400001' },
  },
  { nome: 'CST 60, PIS/COFINS 04', regra: { cst_icms: '60', cst_pis: '04', cst_cofins: '04' } },
  {
    nome: 'CST 70 (redução + ST)',
    ufDest: 'MG',
    regra: { cfop: '6403', destino: 'MG', cst_icms: '70', p_red_bc: '10', p_mva_st: '35' },
  },
  { nome: 'CST 90 com ICMS próprio', regra: { cst_icms: '90', p_icms: '12' } },
  { nome: '60 itens, 6 parcelas', itens: 60, parcelas: [30, 60, 90, 120, 150, 180] },
  {
    nome: 'CNPJ alfanumérico no emitente e no destinatário',
    cnpjEmitente: '12ABC34501DE35',
    documentoDest: 'Z1X2Y3W4000159',
  },
  { nome: 'produção (tpAmb 1): nome do destinatário verdadeiro, CSRT', tpAmb: '1', csrt: true },
];

function xmlsecAceita(xml: string): boolean {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nfe-matriz-'));
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

const soma = (vs: string[]) => vs.reduce((a, v) => a.plus(v), Decimal.ZERO).toFixed(2);

describe('NF-e matrix: XSD-valid, signed, totals = sums', () => {
  it.each(CENARIOS.map((c, i) => [c.nome, c, i] as const))('%s', (_nome, cenario, i) => {
    const dados = dadosNfeExemplo(cenario, { nNF: 1000 + i });
    const { xml, chave } = montaNfe(dados);
    expect(validaChave(chave)).toBeNull();
    const assinado = assinaXml(xml, { tag: 'infNFe', keyPem: pfx.keyPem, certPem: pfx.certPem });
    if (OFFICIAL_NFE_SCHEMAS_DIR) {
      const r = validaNfeXsd(OFFICIAL_NFE_SCHEMAS_DIR, new TextEncoder().encode(assinado));
      expect(r.erros).toEqual([]);
      expect(r.valido).toBe(true);
    }
    // the npm default of a fresh install (digits-only TCnpj) accepts every scenario without an
    // alphanumeric CNPJ (decision record 0006)
    if (!/[A-Z]/.test(`${cenario.cnpjEmitente ?? ''}${cenario.documentoDest ?? ''}`))
      expect(validaNfeXsd(NPM_NFE_SCHEMAS_DIR, new TextEncoder().encode(assinado)).erros).toEqual([]);
    expect(verificaAssinaturaNfe(assinado).status).toBe('valida');
    if (xmlsec) expect(xmlsecAceita(assinado)).toBe(true);

    // read back: totals are the sums of the items, to the cent
    const nfe = leNfe(assinado);
    const t = nfe.total;
    expect(nfe.itens).toHaveLength(dados.itens.length);
    expect(t.vProd).toBe(soma(nfe.itens.map((d) => d.vProd)));
    expect(t.vNF).toBe(soma(dados.itens.map((x) => x.impostos.vItem)));
    expect(t.vICMS).toBe(soma(dados.itens.map((x) => x.impostos.ICMS.vICMS)));
    expect(t.vST).toBe(soma(dados.itens.map((x) => x.impostos.ICMS.vICMSST)));
    expect(t.vIPI).toBe(soma(dados.itens.map((x) => x.impostos.IPI?.vIPI ?? '0')));
    expect(t.vPIS).toBe(soma(dados.itens.map((x) => x.impostos.PIS.vPIS)));
    expect(t.vCOFINS).toBe(soma(dados.itens.map((x) => x.impostos.COFINS.vCOFINS)));
    if (dados.totais.IBSCBSTot) {
      expect(t.vCBS).toBe(soma(dados.itens.map((x) => x.impostos.IBSCBS?.vCBS ?? '0')));
      expect(t.vIBS).toBe(soma(dados.itens.map((x) => x.impostos.IBSCBS?.vIBS ?? '0')));
    }
    // duplicatas add up to the invoice
    expect(soma(dados.cobr?.dup.map((d) => d.vDup) ?? [])).toBe(t.vNF);
    // homologação: the fixed recipient name
    expect(assinado.includes(`<xNome>${XNOME_HOMOLOGACAO}</xNome>`)).toBe(dados.ide.tpAmb === '2');
    expect(assinado).not.toContain('PRIVATE KEY');
  });

  it('60 items: 60 det, 6 dup', () => {
    const dados = dadosNfeExemplo(CENARIOS[13]!, { nNF: 77 });
    const xml = montaNfe(dados).xml;
    expect(xml.match(/<det nItem=/g)?.length).toBe(60);
    expect(xml.match(/<dup>/g)?.length).toBe(6);
  });
});

describe('chave and formats', () => {
  it('chave: cUF + AAMM (São Paulo) + CNPJ + 55 + série + nNF + tpEmis + cNF + DV', () => {
    const { chave, cDV } = montaChave({
      cUF: '35',
      dhEmi: new Date('2026-12-01T02:00:00Z'), // still November in São Paulo
      cnpj: '12.ABC.345/01DE-35',
      serie: 1,
      nNF: 42,
      tpEmis: '1',
      cNF: '48213907',
    });
    expect(chave.slice(0, 43)).toBe(`352611${'12ABC34501DE35'}55001000000042148213907`);
    expect(chave).toHaveLength(44);
    expect(chave[43]).toBe(cDV);
    expect(validaChave(normalizaChave(chave))).toBeNull();
  });

  it('the DV agrees with real chaves (the MANIFEST fixtures are checked in nfe/chave.test.ts)', () => {
    // 35180834128745000152550010000476491552806942 (nfelib fixture): rebuilt from its parts
    const { chave } = montaChave({
      cUF: '35',
      dhEmi: new Date('2018-08-15T12:00:00-03:00'),
      cnpj: '34128745000152',
      serie: 1,
      nNF: 47649,
      tpEmis: '1',
      cNF: '55280694',
    });
    expect(chave).toBe('35180834128745000152550010000476491552806942');
  });

  it('cNF: 8 digits, never equal to nNF', () => {
    const seq = [42, 42, 7];
    expect(geraCnf(42, () => seq.shift() ?? 1)).toBe('00000007');
    expect(geraCnf(1)).toMatch(/^\d{8}$/);
  });

  it('dhEmi with the São Paulo offset', () => {
    expect(dataHoraNfe(new Date('2026-11-23T12:30:05Z'))).toBe('2026-11-23T09:30:05-03:00');
  });

  it('variable decimals (vUnCom)', () => {
    expect(decVar('10', 2, 10)).toBe('10.00');
    expect(decVar('10.123456', 2, 10)).toBe('10.123456');
    expect(decVar('0.5', 2, 10)).toBe('0.50');
  });
});
