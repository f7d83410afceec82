import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import bwipjs from 'bwip-js/node';
import { afterAll, describe, expect, it } from 'vitest';
import { paginasPdf, temPoppler } from '../../../test/pdf-texto.ts';
import { chaveEmGrupos } from '../../nfe/danfe/formato.ts';
import { TITULO } from './cabecalho.ts';
import { geraDamdfePdf } from './damdfe.ts';
import { mdfeExemplo } from './damdfe-exemplo.ts';
import { simbolosPdf, temZbar } from './damdfe-test-support.ts';
import { MdfeIlegivel } from './leitura.ts';
import { HOMOLOGACAO } from './marcas.ts';
import { barrasChave } from './simbolos.ts';

// The DAMDFE of the example mdfeProc (damdfe-exemplo.ts) read back: the text with pdftotext, the
// QR code and the chave's CODE-128 decoded with zbarimg from a 200 dpi rendering (pdftoppm).

if (!temPoppler) console.warn('damdfe.test: pdftotext (poppler-utils) ausente — DAMDFE não lido de volta');
if (!temZbar)
  console.warn('damdfe.test: zbarimg ausente (apt-get install zbar-tools) — símbolos não decodificados');

const dir = mkdtempSync(join(tmpdir(), 'damdfe-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const texto = async (xml: string) => {
  const paginas = paginasPdf(await geraDamdfePdf(xml));
  return { paginas, tudo: paginas.join('\n') };
};

describe('the chave barcode', () => {
  it('is CODE-128 in set C throughout: 277 modules for 44 digits', () => {
    const { chave } = mdfeExemplo();
    const { barras, modulos } = barrasChave(chave);
    expect(modulos).toBe(277);
    expect(barras[0]).toEqual([0, 2]); // start C: 2 1 1 2 3 2
    expect(() => barrasChave('123')).toThrow('Chave de acesso inválida');
  });
});

describe.runIf(temPoppler)('DAMDFE read back', () => {
  it('prints the layout fields with pt-BR formats', async () => {
    const e = mdfeExemplo();
    const { paginas, tudo } = await texto(e.xml);
    expect(paginas).toHaveLength(1);
    const linhas = tudo.split('\n').map((l) => l.replace(/\s+/g, ' ').trim());
    const tem = (s: string) => expect(tudo).toContain(s);
    tem(TITULO);
    tem(HOMOLOGACAO);
    tem('Distribuidora Paraná Alimentos Ltda.');
    tem('CNPJ: 12.345.678/0001-95');
    tem('IE: 9012345678');
    tem('RNTRC: 45123456');
    tem('Rua João Negrão, 1250 - Galpão 3');
    tem('Rebouças - CEP 80230-150');
    tem('Fone: (41) 3322-1100');
    // identification row: modelo, série, número, FL, emissão, UFs
    expect(linhas).toContain('58 1 000.000.123 1/1 29/11/2026 08:15:00 PR RS');
    tem(chaveEmGrupos(e.chave));
    expect(chaveEmGrupos(e.chave)).toBe('4126 1112 3456 7800 0195 5800 1000 0001 2311 0000 1235');
    tem('941260000012345 - 29/11/2026 08:20:31');
    tem('MODAL RODOVIÁRIO DE CARGA');
    // CIOT, qtd. CT-e, qtd. NF-e, peso, valor
    expect(linhas).toContain('123456789012 0 5 1.234,5678 R$ 45.678,90');
    tem('PESO TOTAL (KG)');
    tem('Alimentos não perecíveis');
    tem('Carga geral');
    // vehicles and drivers side by side
    expect(linhas).toContain('ABC1D23 45123456 PR 01234567890 529.982.247-25 João da Silva Pereira');
    expect(linhas).toContain('RST4E56 45123456 PR 09876543210 111.444.777-35 Maria Aparecida Souza');
    // vale-pedágio: responsável, fornecedora, comprovante, valor
    expect(linhas).toContain('12.345.678/0001-95 11.222.333/0001-81 000987654321 R$ 87,40');
    tem('PR > SC > RS');
    tem('4106902 - Curitiba');
    tem('Emitente do MDF-e - 12.345.678/0001-95');
    tem('Seguradora Exemplo S.A. - 60.701.190/0001-04');
    tem('APL-2026-00042');
    tem('AV202611290001');
    tem('Carga 2026/000123 — conferir os lacres na saída e na chegada.');
    tem('Lacres: L-000123');
    tem('DOCUMENTOS FISCAIS VINCULADOS (5)');
    tem('Descarregamento em 4314902 - Porto Alegre: 3 NF-e');
    tem('Descarregamento em 4305108 - Caxias do Sul: 2 NF-e');
    for (const c of e.chaves) tem(`NF-e ${chaveEmGrupos(c)}`);
    expect(e.chaves[0]).toBe('41261112345678000195550010000045011700045014');
  });

  it.runIf(temZbar)(
    'the QR code decodes to the exact qrCodMDFe URL and the barcode to the chave',
    async () => {
      const e = mdfeExemplo();
      expect(simbolosPdf(await geraDamdfePdf(e.xml))).toEqual([
        [`CODE-128:${e.chave}`, `QR-Code:${e.qrCode}`],
      ]);
      expect(e.qrCode).toBe(
        'https://dfe-portal.svrs.rs.gov.br/mdfe/qrCode?chMDFe=41261112345678000195580010000001231100001235&tpAmb=2',
      );
    },
  );

  it.runIf(temZbar)(
    'a contingência QR code, with the 344-character signature, still decodes exactly',
    async () => {
      const e = mdfeExemplo({ tpEmis: '2', semProtocolo: true });
      expect(e.qrCode).toMatch(/&sign=[A-Za-z0-9+/]{342}==$/);
      expect(simbolosPdf(await geraDamdfePdf(e.xml))).toEqual([
        [`CODE-128:${e.chave}`, `QR-Code:${e.qrCode}`],
      ]);
    },
  );

  it('produção has no homologação notice; contingência and a missing protocol are announced', async () => {
    const producao = await texto(mdfeExemplo({ tpAmb: '1' }).xml);
    expect(producao.tudo).not.toContain('SEM VALOR FISCAL');
    expect(producao.tudo).not.toContain('CONTINGÊNCIA');
    expect(producao.tudo).not.toContain('NÃO AUTORIZADO');

    const conting = await texto(mdfeExemplo({ tpAmb: '1', tpEmis: '2', semProtocolo: true }).xml);
    const uma = conting.tudo.replace(/\s+/g, ' ');
    expect(uma).toContain(
      'EMISSÃO EM CONTINGÊNCIA Emitido em contingência. Autorização necessária dentro de 168 horas após esta emissão (29/11/2026 08:15:00).',
    );
    expect(uma).toContain('Emitido em contingência (sem protocolo)');
    expect(uma).not.toContain('NÃO AUTORIZADO');
    // authorised afterwards: the notice stays, the 168-hour line gives way to the protocol
    const depois = (await texto(mdfeExemplo({ tpAmb: '1', tpEmis: '2' }).xml)).tudo;
    expect(depois).toContain('EMISSÃO EM CONTINGÊNCIA');
    expect(depois).not.toContain('168 horas');
    expect(depois).toContain('941260000012345 - 29/11/2026 08:20:31');
    expect(mdfeExemplo({ tpEmis: '2' }).chave.charAt(34)).toBe('2');

    const semProt = await texto(mdfeExemplo({ tpAmb: '1', semProtocolo: true }).xml);
    expect(semProt.tudo).toContain('MDF-e NÃO AUTORIZADO PELA SEFAZ — SEM VALOR PARA O TRANSPORTE');
  });

  it('a 200-note MDF-e continues on 3 sheets, every chave printed once, FL n/3, under 1 s', async () => {
    const e = mdfeExemplo({ notas: [120, 80] });
    await geraDamdfePdf(mdfeExemplo().xml); // warm-up: fonts and modules loaded
    const t0 = performance.now();
    const pdf = await geraDamdfePdf(e.xml);
    const ms = performance.now() - t0;
    console.log(`damdfe.test: DAMDFE de 200 NF-e em ${ms.toFixed(0)} ms`);
    expect(ms).toBeLessThan(1000);
    const paginas = paginasPdf(pdf);
    expect(paginas).toHaveLength(3);
    const tudo = paginas.join('\n');
    for (const c of e.chaves) expect(tudo.split(chaveEmGrupos(c)).length - 1, c).toBe(1);
    paginas.forEach((p, i) => {
      expect(p).toContain(TITULO);
      expect(p).toContain(chaveEmGrupos(e.chave));
      expect(p.replace(/\s+/g, ' ')).toContain(`000.000.123 ${i + 1}/3`);
    });
    expect(paginas[1]).toContain('(continuação)');
    expect(tudo).toContain('Descarregamento em 4314902 - Porto Alegre: 120 NF-e');
    expect(tudo).toContain('Descarregamento em 4305108 - Caxias do Sul: 80 NF-e');
  });
});

describe.runIf(temPoppler)('a bare MDFe (signed, not yet sent)', () => {
  it('prints with the not-authorised notice, or the contingency one when tpEmis is 2', async () => {
    const nua = (x: string) => x.replace(/^[\s\S]*?(<MDFe[ >][\s\S]*<\/MDFe>)[\s\S]*$/, '$1');
    const normal = (await texto(nua(mdfeExemplo({ tpAmb: '1' }).xml))).tudo;
    expect(normal).toContain('MDF-e NÃO AUTORIZADO PELA SEFAZ');
    expect(normal).toContain('MDF-e sem protocolo de autorização');
    const conting = (await texto(nua(mdfeExemplo({ tpAmb: '1', tpEmis: '2' }).xml))).tudo;
    expect(conting).toContain('EMISSÃO EM CONTINGÊNCIA');
    expect(conting).toContain('168 horas');
    expect(conting).not.toContain('NÃO AUTORIZADO');
  });
});

describe.runIf(temPoppler)('long observações', () => {
  it('are cut on the first sheet, never pushed onto a page of their own', async () => {
    // infCpl at its 5,000 characters and infAdFisco at its 2,000: more than the box can hold
    const frases = (n: number, de: string) =>
      Array.from({ length: n }, (_, i) => `${de} ${i + 1}: conferir volumes e lacres na entrega.`).join(' ');
    const cpl = frases(90, 'Observação');
    const fisco = frases(36, 'Fisco');
    expect([cpl.length <= 5000, fisco.length <= 2000]).toEqual([true, true]);
    const e = mdfeExemplo();
    const xml = e.xml.replace(
      /<infCpl>[^<]*<\/infCpl>/,
      `<infAdFisco>${fisco}</infAdFisco><infCpl>${cpl}</infCpl>`,
    );
    const { paginas, tudo } = await texto(xml);
    expect(paginas[0]).toContain('Observação 1: conferir volumes e lacres na entrega.');
    expect(paginas[0]).toContain('Observação 90: conferir volumes e lacres na entrega.');
    expect(paginas[0]).toContain('Informações de interesse do fisco: Fisco 1:');
    expect(tudo).not.toContain('Fisco 36:');
    // the documents start on the first sheet under the box and continue on the second
    expect(paginas).toHaveLength(2);
    expect(paginas[0]).toContain(chaveEmGrupos(e.chaves[0]!));
    expect(paginas[1]).not.toContain('Fisco');
    for (const c of e.chaves) expect(tudo).toContain(chaveEmGrupos(c));
  });
});

describe.runIf(temPoppler)('the logo', () => {
  it('is drawn beside the emitente (one image in the PDF; the symbols are vectors)', async () => {
    const logo = await bwipjs.toBuffer({ bcid: 'datamatrix', text: 'LOGO', scale: 4 });
    const base = join(dir, 'logo');
    writeFileSync(`${base}.pdf`, await geraDamdfePdf(mdfeExemplo().xml, { logo }));
    writeFileSync(`${base}-sem.pdf`, await geraDamdfePdf(mdfeExemplo().xml));
    // pdfimages -list: two header lines, then one row per image (its alpha mask is a "smask" row)
    const imagens = (f: string) =>
      execFileSync('pdfimages', ['-list', f], { encoding: 'utf8' })
        .split('\n')
        .slice(2)
        .filter((l) => l.trim().split(/\s+/)[2] === 'image').length;
    expect(imagens(`${base}.pdf`)).toBe(1);
    expect(imagens(`${base}-sem.pdf`)).toBe(0);
    expect(paginasPdf(await geraDamdfePdf(mdfeExemplo().xml, { logo })).join('')).toContain(
      'Distribuidora Paraná Alimentos Ltda.',
    );
  });
});

describe('bad input', () => {
  it('refuses what is not an MDF-e', async () => {
    await expect(geraDamdfePdf('<nfeProc><NFe/></nfeProc>')).rejects.toThrow(MdfeIlegivel);
    await expect(geraDamdfePdf('<mdfeProc')).rejects.toThrow(MdfeIlegivel);
    await expect(geraDamdfePdf('<!DOCTYPE x><MDFe/>')).rejects.toThrow('DOCTYPE');
  });
});
