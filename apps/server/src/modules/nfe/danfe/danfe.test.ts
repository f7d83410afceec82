import fs from 'node:fs';
import path from 'node:path';
import bwipjs from 'bwip-js/node';
import { describe, expect, it, vi } from 'vitest';
import { paginasPdf, temPoppler } from '../../../test/pdf-texto.ts';
import { SHARED_DIR } from '../../../test/test-app.ts';
import { opcoesCodigoBarras } from './codigo-barras.ts';
import { geraDanfePdf } from './danfe.ts';
import { chaveEmGrupos, numeroNota } from './formato.ts';

// The DANFE of real NF-e (../shared/fixtures/nfe, MANIFEST section 1, read in place), read back with
// pdftotext: chave in groups, número, totals, names, sheets, the marks; the barcode through bwip-js.

const chamadasBwip = vi.hoisted(() => [] as Array<Record<string, unknown>>);
vi.mock('bwip-js/node', async (original) => {
  const real = (await original()) as { default: typeof bwipjs };
  const toBuffer = (opts: Record<string, unknown>) => {
    chamadasBwip.push(opts);
    return real.default.toBuffer(opts as never);
  };
  return { ...real, default: { ...real.default, toBuffer } };
});

const DIR = path.join(SHARED_DIR, 'fixtures/nfe');
const presente = fs.existsSync(DIR) && temPoppler;
if (!fs.existsSync(DIR)) console.warn(`danfe.test: ${DIR} ausente — DANFE das NF-e reais não testado`);
if (!temPoppler) console.warn('danfe.test: pdftotext (poppler-utils) ausente — DANFE não lido de volta');

const xml = (f: string) => fs.readFileSync(path.join(DIR, f), 'utf8');
const texto = async (x: string) => {
  const paginas = paginasPdf(await geraDanfePdf(x));
  return { paginas, tudo: paginas.join('\n') };
};

type Caso = {
  arquivo: string;
  chave: string;
  nNF: string;
  folhas: number;
  emitente: string;
  destinatario: string;
  /** vNF, vProd, vICMS as printed. */
  totais: string[];
  presentes?: string[];
  marcas: string[];
};

const CASOS: Caso[] = [
  {
    arquivo: 'oca_41170706117473000150550010000463201612756527-procNFe.xml',
    chave: '41170706117473000150550010000463201612756527',
    nNF: '46320',
    folhas: 1,
    emitente: 'UNIMAKE SOLUCOES CORPORATIVAS LTDA',
    destinatario: 'NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL',
    totais: ['84,90', '0,00'],
    presentes: [
      '141170000487910 - 12/07/2017 10:03:59',
      'VENDA PRODUC.DO ESTABELEC',
      '06.117.473/0001-50',
      'CSOSN',
      '0101',
    ],
    marcas: ['SEM VALOR FISCAL', 'NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO'],
  },
  {
    arquivo: 'nfelib_35180834128745000152550010000476491552806942-nfe.xml',
    chave: '35180834128745000152550010000476491552806942',
    nNF: '47649',
    folhas: 1,
    emitente: 'Alimentos Ltda.',
    destinatario: 'DANIELA - ME',
    totais: ['879,68', '871,03', '97,39', '467,99', '47,95', '40,70', '1,40'],
    presentes: ['GRANOLA TRADICIONAL 800G', '17/09/2018', 'TRANSP E LOG LTDA ERELI', '52,110', '49,350'],
    marcas: [],
  },
  {
    arquivo: 'nfelib_35180834128745000152550010000476861118934859-nfe.xml',
    chave: '35180834128745000152550010000476861118934859',
    nNF: '47686',
    folhas: 2,
    emitente: 'Alimentos Ltda.',
    destinatario: 'COMERCIAL LTDA',
    totais: ['3.251,92', '3.115,23', '353,56', '263,58'],
    presentes: ['EXTRATO DE SOJA LEITE 500G (#)', '462,24'],
    marcas: [],
  },
  {
    arquivo: 'sped-da_tests_nfe.xml',
    chave: '94567341576807000161550010000699161000436194',
    nNF: '69916',
    folhas: 2,
    emitente: '',
    destinatario: '',
    totais: ['238.643,07'],
    marcas: [],
  },
  {
    arquivo: 'nfelib_nfe_reforma_tributaria.xml',
    chave: '15231207933914000154550010006643501427015088',
    nNF: '664350',
    folhas: 1,
    emitente: 'Contribuinte A',
    destinatario: 'Contribuinte B',
    totais: ['164.746,81', '158.106,35', '18.972,77'],
    presentes: ['VALOR DO IBS', 'VALOR DA CBS'],
    marcas: [],
  },
  {
    arquivo: 'sped-da_cancelada_55_new.xml',
    chave: '35210258716523000119550000000573661346317847',
    nNF: '57366',
    folhas: 1,
    emitente: '',
    destinatario: '',
    totais: ['581,55'],
    marcas: ['NF-e CANCELADA'],
  },
];

describe.skipIf(!presente)('DANFE of the real NF-e fixtures', () => {
  for (const c of CASOS)
    it(`${c.arquivo}: chave, número, totals, names, ${c.folhas} folha(s), marks`, async () => {
      const { paginas, tudo } = await texto(xml(c.arquivo));
      expect(paginas.length).toBe(c.folhas);
      expect(tudo).toContain(chaveEmGrupos(c.chave));
      expect(tudo).toContain(`Nº ${numeroNota(c.nNF)}`);
      paginas.forEach((p, i) => {
        // every sheet repeats the header: DANFE box with its folha, the chave
        expect(p).toContain(`FOLHA ${i + 1}/${c.folhas}`);
        expect(p).toContain(chaveEmGrupos(c.chave));
        expect(p).toContain('Documento Auxiliar da Nota');
      });
      for (const v of c.totais) expect(paginas[0]).toContain(v);
      for (const s of c.presentes ?? []) expect(tudo).toContain(s);
      if (c.emitente) expect(paginas[0]).toContain(c.emitente);
      if (c.destinatario) expect(paginas[0]).toContain(c.destinatario);
      const bruto = c.marcas.length ? paginasPdf(await geraDanfePdf(xml(c.arquivo)), 'raw')[0] : '';
      for (const m of c.marcas) expect(bruto).toContain(m);
      if (!c.marcas.length) expect(tudo).not.toContain('SEM VALOR FISCAL');
      for (const bloco of [
        'RECEBEMOS DE',
        'DATA DE RECEBIMENTO',
        'IDENTIFICAÇÃO E ASSINATURA DO RECEBEDOR',
        'IDENTIFICAÇÃO DO EMITENTE',
        '0 - ENTRADA',
        '1 - SAÍDA',
        'Consulta de autenticidade no portal nacional da NF-e',
        'PROTOCOLO DE AUTORIZAÇÃO DE USO',
        'NATUREZA DA OPERAÇÃO',
        'INSCRIÇÃO ESTADUAL DO SUBST. TRIBUTÁRIO',
        'DESTINATÁRIO / REMETENTE',
        'CÁLCULO DO IMPOSTO',
        'TRANSPORTADOR / VOLUMES TRANSPORTADOS',
        'DADOS DOS PRODUTOS / SERVIÇOS',
        'DADOS ADICIONAIS',
        'INFORMAÇÕES COMPLEMENTARES',
        'RESERVADO AO FISCO',
      ])
        expect(paginas[0]).toContain(bloco);
    });

  it('41 items continue on folha 2 under the repeated header; every item printed once', async () => {
    const { paginas } = await texto(xml('nfelib_35180834128745000152550010000476861118934859-nfe.xml'));
    expect(paginas[1]).toContain('FOLHA 2/2');
    expect(paginas[1]).toContain('DADOS DOS PRODUTOS / SERVIÇOS (continuação)');
    expect(paginas[1]).not.toContain('RECEBEMOS DE');
    const linhasDeItem =
      paginas.join('\n').match(/^\s*\d{4}\s+\S.*\s(5101|5401|5405|5102|5403)\s+UN\s/gm) ?? [];
    expect(linhasDeItem.length).toBe(41);
  });

  it('a note without the authorisation protocol is marked SEM VALOR FISCAL — NF-e não autorizada', async () => {
    const proc = xml('nfelib_35180834128745000152550010000476491552806942-nfe.xml');
    const nfe = /<NFe[\s>][\s\S]*<\/NFe>/.exec(proc)![0];
    const pdf = await geraDanfePdf(`<?xml version="1.0" encoding="UTF-8"?>${nfe}`);
    const tudo = paginasPdf(pdf, 'raw').join('\n');
    expect(tudo).toContain('SEM VALOR FISCAL');
    expect(tudo).toContain('NF-e NÃO AUTORIZADA PELA SEFAZ');
    expect(tudo).not.toContain('135180555849149');
  });

  it('the barcode: bwip-js code128 with the 44 digits (all in code set C) and an image in the PDF', async () => {
    chamadasBwip.length = 0;
    const chave = '41170706117473000150550010000463201612756527';
    const pdf = await geraDanfePdf(xml('oca_41170706117473000150550010000463201612756527-procNFe.xml'));
    expect(chamadasBwip).toHaveLength(1);
    expect(chamadasBwip[0]).toMatchObject({ bcid: 'code128', text: chave });
    expect(pdf.toString('latin1')).toMatch(/\/Subtype\s*\/Image/);
    // 44 digits in set C are 22 symbols: start C + 22 + check = 24 symbols of 6 bars/spaces, stop 7
    const [simbolo] = bwipjs.raw('code128', chave, '') as Array<{ sbs: number[] }>;
    expect(simbolo!.sbs.length).toBe(24 * 6 + 7);
    // the start symbol is Start C (code 105: 2 1 1 2 3 2)
    expect(simbolo!.sbs.slice(0, 6)).toEqual([2, 1, 1, 2, 3, 2]);
  });
});

describe('DANFE barcode options', () => {
  it('refuses a chave that is not 44 characters', () => {
    expect(() => opcoesCodigoBarras('123')).toThrow('Chave de acesso inválida');
    expect(opcoesCodigoBarras('4'.repeat(44))).toMatchObject({ bcid: 'code128', text: '4'.repeat(44) });
  });
});
