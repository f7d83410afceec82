import { execFileSync } from 'node:child_process';
import { createVerify, X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type CargaParaMdfe, dvChave, montaChaveMdfe, planejaMdfes } from '@erp/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { geraPfxTeste } from '../../../test/pfx-teste.ts';
import { TEST_MDFE_SCHEMAS_DIR } from '../../../test/test-app.ts';
import { validaMdfeXsd } from '../xsd-mdfe.ts';
import { assinaMdfe, MdfeInvalidoXsd, montaAssinaValida } from './assina-mdfe.ts';
import {
  assinaEventoMdfe,
  eventoCancelamentoMdfe,
  eventoEncerramentoMdfe,
  eventoInclusaoCondutorMdfe,
  eventoInclusaoDfeMdfe,
  idEventoMdfe,
} from './eventos-mdfe.ts';
import { chaveNfeExemplo, exemploDadosMdfe } from './exemplo-mdfe.ts';
import { MontaMdfeErro, montaMdfe } from './monta-mdfe.ts';
import { montaMdfeProc, montaProcEventoMdfe } from './proc-mdfe.ts';
import { assinaturaQrCodeMdfe } from './qrcode-mdfe.ts';
import type { DadosMdfe } from './tipos.ts';

const dir = TEST_MDFE_SCHEMAS_DIR;
if (!dir)
  console.warn(
    'mdfe-xml.test: ../shared/mdfe/schemas/PL_MDFe_300a ou MDFE_SCHEMAS_DIR ausente — testes pulados',
  );

const temBinario = (bin: string, arg: string) => {
  try {
    execFileSync(bin, [arg], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
const xmllint = temBinario('xmllint', '--version');
const xmlsec = temBinario('xmlsec1', '--version');
if (!xmllint) console.warn('mdfe-xml.test: xmllint ausente — validação pela CLI pulada');
if (!xmlsec) console.warn('mdfe-xml.test: xmlsec1 ausente — verificação da assinatura pela CLI pulada');

const NS = 'http://www.portalfiscal.inf.br/mdfe';
const CNPJ = '12345678000195';
const pfx = geraPfxTeste({ cnpj: CNPJ, razaoSocial: 'Distribuidora Exemplo Ltda' });
const cert = { keyPem: pfx.keyPem, certPem: pfx.certPem };
const tmp = mkdtempSync(path.join(tmpdir(), 'mdfe-xml-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

let n = 0;
function arquivo(xml: string): string {
  const f = path.join(tmp, `doc${++n}.xml`);
  writeFileSync(f, xml);
  return f;
}

/** xmllint --schema: null when valid, else its output. */
function lint(xml: string, xsd: string): string | null {
  try {
    execFileSync('xmllint', ['--noout', '--schema', path.join(dir!, xsd), arquivo(xml)], { stdio: 'pipe' });
    return null;
  } catch (e) {
    return String((e as { stderr?: Buffer }).stderr ?? e);
  }
}

function xmlsecVerifica(xml: string, elemento: string): boolean {
  try {
    execFileSync(
      'xmlsec1',
      [
        '--verify',
        '--insecure',
        '--id-attr:Id',
        `${NS}:${elemento}`,
        '--enabled-key-data',
        'x509',
        arquivo(xml),
      ],
      { stdio: 'ignore' },
    );
    return true;
  } catch {
    return false;
  }
}

/** The rodo part with the namespace, to validate against the modal schema on its own. */
const parteRodo = (xml: string) =>
  /<rodo>[\s\S]*<\/rodo>/.exec(xml)![0].replace('<rodo>', `<rodo xmlns="${NS}">`);

// Five notes, two UFs, three municípios (hand-worked totals below).
const CARGA: CargaParaMdfe = {
  ufCarregamento: 'SP',
  municipioCarregamento: { codigo: '3550308', nome: 'São Paulo' },
  notas: [
    {
      chave: chaveNfeExemplo(1),
      uf: 'SP',
      codigoMunicipio: '3550308',
      nomeMunicipio: 'São Paulo',
      pesoBrutoKg: '1250.5',
      valorTotal: '1000.10',
    },
    {
      chave: chaveNfeExemplo(2),
      uf: 'MG',
      codigoMunicipio: '3170107',
      nomeMunicipio: 'Uberaba',
      pesoBrutoKg: '300.125',
      valorTotal: '250.05',
    },
    {
      chave: chaveNfeExemplo(3),
      uf: 'SP',
      codigoMunicipio: '3509502',
      nomeMunicipio: 'Campinas',
      pesoBrutoKg: '80.0004',
      valorTotal: '500',
    },
    {
      chave: chaveNfeExemplo(4),
      uf: 'SP',
      codigoMunicipio: '3550308',
      nomeMunicipio: 'São Paulo',
      pesoBrutoKg: '19.3746',
      valorTotal: '99.99',
    },
    {
      chave: chaveNfeExemplo(5),
      uf: 'MG',
      codigoMunicipio: '3170107',
      nomeMunicipio: 'Uberaba',
      pesoBrutoKg: '0.875',
      valorTotal: '0.01',
    },
  ],
};

function dadosDoPlano(i: number, extra: Partial<DadosMdfe> = {}): DadosMdfe {
  const p = planejaMdfes(CARGA)[i]!;
  return {
    ...exemploDadosMdfe({ nMDF: 10 + i }),
    ufIni: p.ufIni,
    ufFim: p.ufFim,
    municipiosCarregamento: p.municipiosCarregamento,
    percurso: p.percurso,
    descargas: p.descargas,
    totais: { qNFe: p.qNFe, vCarga: p.vCarga, qCarga: p.qCarga },
    ...extra,
  };
}

describe('planejaMdfes on a load for two UFs and three municípios', () => {
  it('one MDF-e per UF de descarregamento, notes grouped by município in delivery order, exact totals', () => {
    const plano = planejaMdfes(CARGA);
    expect(plano).toEqual([
      {
        ufIni: 'SP',
        ufFim: 'SP',
        municipiosCarregamento: [{ codigo: '3550308', nome: 'São Paulo' }],
        percurso: [],
        descargas: [
          {
            codigoMunicipio: '3550308',
            nomeMunicipio: 'São Paulo',
            chaves: [chaveNfeExemplo(1), chaveNfeExemplo(4)],
          },
          { codigoMunicipio: '3509502', nomeMunicipio: 'Campinas', chaves: [chaveNfeExemplo(3)] },
        ],
        qNFe: 3,
        // 1250.5 + 80.0004 + 19.3746 = 1349.875; 1000.10 + 500 + 99.99 = 1600.09
        qCarga: '1349.8750',
        vCarga: '1600.09',
      },
      {
        ufIni: 'SP',
        ufFim: 'MG',
        municipiosCarregamento: [{ codigo: '3550308', nome: 'São Paulo' }],
        percurso: [],
        descargas: [
          {
            codigoMunicipio: '3170107',
            nomeMunicipio: 'Uberaba',
            chaves: [chaveNfeExemplo(2), chaveNfeExemplo(5)],
          },
        ],
        qNFe: 2,
        // 300.125 + 0.875 = 301; 250.05 + 0.01 = 250.06
        qCarga: '301.0000',
        vCarga: '250.06',
      },
    ]);
  });
});

describe('chave MDF-e', () => {
  it('check digit by hand: 3526 1112345678000195 58 001 000000123 1 87650432', () => {
    // weights 2..9 from the right over the 43 positions: sum = 735, 735 mod 11 = 9, DV = 11 − 9 = 2
    const { chave, cDV } = montaChaveMdfe({
      cUF: '35',
      dhEmi: '2026-11-29T08:00:00-03:00',
      cnpj: CNPJ,
      serie: 1,
      nMDF: 123,
      tpEmis: '1',
      cMDF: '87650432',
    });
    expect(chave).toBe(`3526111234567800019558001000000123187650432${cDV}`);
    expect(cDV).toBe('2');
    expect(dvChave(chave.slice(0, 43))).toBe(2);
  });
});

describe.skipIf(!dir)('MDF-e XML: build, sign, validate', () => {
  it('both planned MDF-e are XSD-valid (validaMdfeXsd, rodo included), signed, and verified by xmlsec1', () => {
    for (const i of [0, 1]) {
      const { xml, chave } = montaAssinaValida(dadosDoPlano(i), cert, dir);
      expect(xml).toContain(`<infMDFe versao="3.00" Id="MDFe${chave}">`);
      expect(validaMdfeXsd(dir, xml)).toEqual({ valido: true, erros: [] });
      // schema order: infMDFe, infMDFeSupl, Signature
      expect(xml.indexOf('</infMDFe><infMDFeSupl>')).toBeGreaterThan(0);
      expect(xml.indexOf('</infMDFeSupl><Signature')).toBeGreaterThan(0);
      expect(xml).toContain(
        `<qrCodMDFe>https://dfe-portal.svrs.rs.gov.br/mdfe/qrCode?chMDFe=${chave}&amp;tpAmb=2</qrCodMDFe>`,
      );
      if (xmlsec) expect(xmlsecVerifica(xml, 'infMDFe')).toBe(true);
      if (xmlsec) expect(xmlsecVerifica(xml.replace('<qNFe>', '<qNFe>1'), 'infMDFe')).toBe(false);
    }
    const sp = montaMdfe(dadosDoPlano(0)).xml;
    expect(sp).toContain('<UFIni>SP</UFIni><UFFim>SP</UFFim>');
    expect(sp).toContain(
      `<infMunDescarga><cMunDescarga>3550308</cMunDescarga><xMunDescarga>São Paulo</xMunDescarga><infNFe><chNFe>${chaveNfeExemplo(1)}</chNFe></infNFe><infNFe><chNFe>${chaveNfeExemplo(4)}</chNFe></infNFe></infMunDescarga><infMunDescarga><cMunDescarga>3509502</cMunDescarga>`,
    );
    expect(sp).toContain(
      '<tot><qNFe>3</qNFe><vCarga>1600.09</vCarga><cUnid>01</cUnid><qCarga>1349.8750</qCarga></tot>',
    );
  });

  it.skipIf(!xmllint)(
    'xmllint --schema accepts the MDFe (mdfe_v3.00.xsd) and its rodo (modal schema)',
    () => {
      const { xml } = montaAssinaValida(dadosDoPlano(1, { percurso: [] }), cert, dir);
      expect(lint(xml, 'mdfe_v3.00.xsd')).toBeNull();
      expect(lint(parteRodo(xml), 'mdfeModalRodoviario_v3.00.xsd')).toBeNull();
      // and the CLI does refuse a broken one
      expect(lint(xml.replace('<tpAmb>2</tpAmb>', '<tpAmb>9</tpAmb>'), 'mdfe_v3.00.xsd')).toMatch(/tpAmb/);
      expect(lint(parteRodo(xml).replace('<tara>4500</tara>', ''), 'mdfeModalRodoviario_v3.00.xsd')).toMatch(
        /tara/,
      );
    },
  );

  it('a long route: SP → RS crosses PR and SC; a third-party truck with trailer, CIOT, vale-pedágio, contratante', () => {
    const base = dadosDoPlano(0);
    const dados: DadosMdfe = {
      ...base,
      ufFim: 'RS',
      percurso: ['PR', 'SC'],
      descargas: [
        {
          codigoMunicipio: '4314902',
          nomeMunicipio: 'Porto Alegre',
          chaves: [chaveNfeExemplo(9), chaveNfeExemplo(10)],
        },
      ],
      totais: { qNFe: 2, vCarga: '10.00', qCarga: '0' },
      tpTransp: '2',
      rodo: {
        rntrc: '12345678',
        ciot: [{ ciot: '123456789012', documento: '52998224725' }],
        valePedagio: [
          { cnpjFornecedor: '11222333000181', nCompra: '998877', valor: '45.6', tpValePed: '01' },
        ],
        contratantes: [{ nome: 'Cliente Contratante', documento: '11222333000181' }],
        veiculo: {
          placa: 'XYZ-9876',
          taraKg: 7000,
          tpRod: '03',
          tpCar: '00',
          uf: 'PR',
          proprietario: {
            documento: '52998224725',
            rntrc: '87654321',
            nome: 'João Autônomo',
            ie: 'ISENTO',
            uf: 'PR',
            tpProp: '1',
          },
        },
        reboques: [{ placa: 'REB1A23', taraKg: 6000, capacidadeKg: 30000, tpCar: '02', uf: 'PR' }],
        condutores: [
          { nome: 'José da Silva', cpf: '529.982.247-25' },
          { nome: 'Maria Souza', cpf: '11144477735' },
        ],
      },
      seguros: [{ respSeg: '2', responsavelDocumento: '11222333000181', nAver: [] }],
      lacres: ['L-1', 'L-2'],
      autXML: ['11222333000181'],
      responsavelTecnico: {
        cnpj: '11222333000181',
        contato: 'Suporte',
        email: 'suporte@exemplo.com.br',
        fone: '1133334444',
      },
    };
    const { xml } = montaAssinaValida(dados, cert, dir);
    expect(xml).toContain(
      '<UFFim>RS</UFFim><infMunCarrega><cMunCarrega>3550308</cMunCarrega><xMunCarrega>São Paulo</xMunCarrega></infMunCarrega><infPercurso><UFPer>PR</UFPer></infPercurso><infPercurso><UFPer>SC</UFPer></infPercurso>',
    );
    expect(xml).toContain(
      '<prop><CPF>52998224725</CPF><RNTRC>87654321</RNTRC><xNome>João Autônomo</xNome><IE>ISENTO</IE><UF>PR</UF><tpProp>1</tpProp></prop>',
    );
    expect(xml).toContain(
      '<veicReboque><placa>REB1A23</placa><tara>6000</tara><capKG>30000</capKG><tpCar>02</tpCar><UF>PR</UF></veicReboque>',
    );
    if (xmllint) expect(lint(parteRodo(xml), 'mdfeModalRodoviario_v3.00.xsd')).toBeNull();
  });

  it('carga lotação (one NF-e) writes infLotacao, and refuses without the CEPs', () => {
    const um = exemploDadosMdfe({ notas: 1 });
    expect(() => montaMdfe(um)).toThrow(MontaMdfeErro);
    const { xml } = montaAssinaValida(
      {
        ...um,
        produtoPredominante: {
          ...um.produtoPredominante!,
          lotacao: { cepCarregamento: '01001000', cepDescarregamento: '13010-000' },
        },
      },
      cert,
      dir,
    );
    expect(xml).toContain(
      '<infLotacao><infLocalCarrega><CEP>01001000</CEP></infLocalCarrega><infLocalDescarrega><CEP>13010000</CEP></infLocalDescarrega></infLotacao>',
    );
  });

  it('contingência (tpEmis 2): the QR code carries sign = the chave signed with the certificate (RSA-SHA1, base64)', () => {
    const { xml, chave } = montaAssinaValida({ ...exemploDadosMdfe(), tpEmis: '2' }, cert, dir);
    expect(chave[34]).toBe('2');
    const qr = /<qrCodMDFe>([^<]+)<\/qrCodMDFe>/.exec(xml)![1]!.replaceAll('&amp;', '&');
    const sign = new URL(qr).searchParams.get('sign')!.replaceAll(' ', '+');
    expect(qr.startsWith(`https://dfe-portal.svrs.rs.gov.br/mdfe/qrCode?chMDFe=${chave}&tpAmb=2&sign=`)).toBe(
      true,
    );
    expect(sign).toBe(assinaturaQrCodeMdfe(chave, pfx.keyPem));
    const pub = new X509Certificate(pfx.certPem).publicKey;
    expect(createVerify('RSA-SHA1').update(chave).verify(pub, sign, 'base64')).toBe(true);
    expect(() => montaMdfe({ ...exemploDadosMdfe(), tpEmis: '2' })).toThrow(/contingência/);
  });

  it('an alphanumeric CNPJ: the chave DV works, but PL_MDFe_300a refuses the Id (pattern MDFe[0-9]{44})', () => {
    const alfa = '12ABC34501DE35';
    const d = exemploDadosMdfe({ cnpj: alfa });
    const { xml, chave } = montaMdfe(d);
    expect(chave.slice(6, 20)).toBe(alfa);
    expect(String(dvChave(chave.slice(0, 43)))).toBe(chave[43]);
    const r = validaMdfeXsd(dir, assinaMdfe(xml, cert));
    expect(r.valido).toBe(false);
    expect(r.erros.some((e) => e.includes('Id'))).toBe(true);
    expect(() => montaAssinaValida(d, cert, dir)).toThrow(MdfeInvalidoXsd);
  });

  it('mdfeProc keeps the signed MDFe and the protMDFe byte for byte, valid on procMDFe and still verifiable', () => {
    const { xml, chave } = montaAssinaValida(dadosDoPlano(0), cert, dir);
    const prot = `<protMDFe versao="3.00"><infProt Id="MDFe935260000000123"><tpAmb>2</tpAmb><verAplic>RS20261129</verAplic><chMDFe>${chave}</chMDFe><dhRecbto>2026-11-29T08:00:05-03:00</dhRecbto><nProt>935260000000123</nProt><digVal>${/<DigestValue>([^<]+)</.exec(xml)![1]}</digVal><cStat>100</cStat><xMotivo>Autorizado o uso do MDF-e</xMotivo></infProt></protMDFe>`;
    const proc = montaMdfeProc(`<?xml version="1.0" encoding="UTF-8"?>${xml}`, prot);
    expect(proc).toBe(
      `<?xml version="1.0" encoding="UTF-8"?><mdfeProc xmlns="${NS}" versao="3.00">${xml}${prot}</mdfeProc>`,
    );
    expect(validaMdfeXsd(dir, proc)).toEqual({ valido: true, erros: [] });
    if (xmllint) expect(lint(proc, 'procMDFe_v3.00.xsd')).toBeNull();
    if (xmlsec) expect(xmlsecVerifica(proc, 'infMDFe')).toBe(true);
  });
});

describe.skipIf(!dir)('MDF-e events: every one XSD-valid after signing', () => {
  const chave = montaMdfe(exemploDadosMdfe()).chave;
  const cab = (nSeqEvento = 1) => ({
    chave,
    tpAmb: '2' as const,
    cnpj: CNPJ,
    dhEvento: new Date('2026-11-29T15:00:00Z'),
    nSeqEvento,
  });
  const eventos: [string, string, string][] = [
    [
      'cancelamento',
      '110111',
      eventoCancelamentoMdfe(cab(), {
        nProt: '935260000000123',
        xJust: 'Viagem desistida pelo cliente & reprogramada',
      }),
    ],
    [
      'encerramento',
      '110112',
      eventoEncerramentoMdfe(cab(), {
        nProt: '935260000000123',
        dtEnc: '2026-11-30',
        uf: 'MG',
        codigoMunicipio: '3170107',
      }),
    ],
    [
      'inclusão de condutor',
      '110114',
      eventoInclusaoCondutorMdfe(cab(2), { xNome: 'Maria Souza', cpf: '111.444.777-35' }),
    ],
    [
      'inclusão de DF-e',
      '110115',
      eventoInclusaoDfeMdfe(cab(3), {
        nProt: '935260000000123',
        municipioCarregamento: { codigo: '3550308', nome: 'São Paulo' },
        documentos: [
          {
            codigoMunicipioDescarga: '3509502',
            nomeMunicipioDescarga: 'Campinas',
            chNFe: chaveNfeExemplo(7),
          },
          {
            codigoMunicipioDescarga: '3550308',
            nomeMunicipioDescarga: 'São Paulo',
            chNFe: chaveNfeExemplo(8),
          },
        ],
      }),
    ],
  ];

  it.each(eventos)('%s (%s)', (_nome, tp, xml) => {
    const assinado = assinaEventoMdfe(xml, cert);
    expect(assinado).toContain(
      `<infEvento Id="${idEventoMdfe(tp, chave, Number(/<nSeqEvento>(\d+)</.exec(xml)![1]))}">`,
    );
    expect(assinado).toContain('</infEvento><Signature');
    expect(validaMdfeXsd(dir, assinado)).toEqual({ valido: true, erros: [] });
    if (xmllint) {
      expect(lint(assinado, 'eventoMDFe_v3.00.xsd')).toBeNull();
      const det = /<detEvento versaoEvento="3.00">([\s\S]*)<\/detEvento>/.exec(assinado)![1]!;
      const nome = /^<(\w+)/.exec(det)![1]!;
      const xsd = {
        evCancMDFe: 'evCancMDFe_v3.00.xsd',
        evEncMDFe: 'evEncMDFe_v3.00.xsd',
        evIncCondutorMDFe: 'evIncCondutorMDFe_v3.00.xsd',
        evIncDFeMDFe: 'evInclusaoDFeMDFe_v3.00.xsd',
      }[nome]!;
      expect(lint(det.replace(`<${nome}>`, `<${nome} xmlns="${NS}">`), xsd)).toBeNull();
    }
    if (xmlsec) expect(xmlsecVerifica(assinado, 'infEvento')).toBe(true);
  });

  it('Id = ID + tpEvento + chave + nSeqEvento (2 digits)', () => {
    expect(idEventoMdfe('110112', chave, 1)).toBe(`ID110112${chave}01`);
    expect(idEventoMdfe('110114', chave, 12)).toBe(`ID110114${chave}12`);
  });

  it('procEventoMDFe = the signed event + retEventoMDFe as received, valid on procEventoMDFe', () => {
    const ev = assinaEventoMdfe(eventos[1]![2], cert);
    const ret = `<retEventoMDFe versao="3.00"><infEvento Id="ID935260000000456"><tpAmb>2</tpAmb><verAplic>RS20261129</verAplic><cOrgao>35</cOrgao><cStat>135</cStat><xMotivo>Evento registrado e vinculado a MDF-e</xMotivo><chMDFe>${chave}</chMDFe><tpEvento>110112</tpEvento><xEvento>Encerramento</xEvento><nSeqEvento>1</nSeqEvento><dhRegEvento>2026-11-30T10:00:00-03:00</dhRegEvento><nProt>935260000000456</nProt></infEvento></retEventoMDFe>`;
    const proc = montaProcEventoMdfe(ev, ret);
    expect(proc).toBe(
      `<?xml version="1.0" encoding="UTF-8"?><procEventoMDFe xmlns="${NS}" versao="3.00">${ev}${ret}</procEventoMDFe>`,
    );
    expect(validaMdfeXsd(dir, proc)).toEqual({ valido: true, erros: [] });
    if (xmlsec) expect(xmlsecVerifica(proc, 'infEvento')).toBe(true);
  });
});
