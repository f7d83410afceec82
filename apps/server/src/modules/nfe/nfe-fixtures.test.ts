import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  OFFICIAL_NFE_SCHEMAS_DIR,
  SHARED_DIR,
  type TestContext,
} from '../../test/test-app.ts';
import { chama, type Json } from '../financeiro/financeiro-test-support.ts';
import { verificaAssinaturaNfe } from './assinatura.ts';
import { analisaNfe } from './leitura.ts';
import { validaNfeXsd } from './xsd.ts';

// The real NF-e of ../shared/fixtures/nfe (MANIFEST section 1), read in place — never copied into
// the project: item counts, totals, duplicatas, rastro, signature (cross-checked with Debian's
// xmlsec1 when installed), XSD result, refusals and alerts. Skipped when ../shared is absent.

const DIR = path.join(SHARED_DIR, 'fixtures/nfe');
// Real documents carry the newest groups: they are checked against the official package, in place.
const presente = fs.existsSync(DIR) && !!OFFICIAL_NFE_SCHEMAS_DIR;
if (!presente)
  console.warn(
    `nfe-fixtures.test: ${DIR} ou ${path.join(SHARED_DIR, 'nfe/schemas/PL_010_V1.30')} ausente — testes com NF-e reais pulados`,
  );

const xmlsec = (() => {
  try {
    execFileSync('xmlsec1', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

type Esperado = {
  arquivo: string;
  det: number;
  vNF: string;
  dup: number;
  rastro: number;
  assinatura: 'valida' | 'invalida' | 'ausente';
  xsd: boolean;
  recusa?: RegExp;
  alerta?: RegExp;
  emit?: string;
};

// From MANIFEST section 1 (table and per-file facts).
const casos: Esperado[] = [
  {
    arquivo: 'oca_41170706117473000150550010000463201612756527-procNFe.xml',
    det: 1,
    vNF: '84.90',
    dup: 0,
    rastro: 0,
    assinatura: 'valida',
    xsd: true,
    alerta: /homologação/,
  },
  {
    arquivo: 'nfelib_35180834128745000152550010000476491552806942-nfe.xml',
    det: 16,
    vNF: '879.68',
    dup: 1,
    rastro: 0,
    assinatura: 'invalida',
    xsd: true,
  },
  {
    arquivo: 'nfelib_35180834128745000152550010000476861118934859-nfe.xml',
    det: 41,
    vNF: '3251.92',
    dup: 1,
    rastro: 0,
    assinatura: 'invalida',
    xsd: true,
  },
  {
    arquivo: 'nfelib_26180875335849000115550010000016871192213331-nfe.xml',
    det: 3,
    vNF: '5780.00',
    dup: 2,
    rastro: 0,
    assinatura: 'invalida',
    xsd: true,
    alerta: /dígito verificador \(cDV\) na chave é 1, no XML é 9/,
  },
  {
    arquivo: 'sped-nfe_nfe_layout4_com_prot.xml',
    det: 1,
    vNF: '500.00',
    dup: 1,
    rastro: 0,
    assinatura: 'invalida',
    xsd: true,
    alerta: /soma das duplicatas \(R\$ 1,00\) difere/,
  },
  {
    arquivo: 'sped-da_tests_nfe.xml',
    det: 41,
    vNF: '238643.07',
    dup: 7,
    rastro: 0,
    assinatura: 'invalida',
    xsd: true,
    alerta: /protocolo de autorização é de outra chave/,
  },
  {
    arquivo: 'sped-da_cancelada_55_new.xml',
    det: 2,
    vNF: '581.55',
    dup: 1,
    rastro: 0,
    assinatura: 'invalida',
    xsd: false,
    recusa: /cancelada/,
  },
  {
    arquivo: 'nfelib_nfe_reforma_tributaria.xml',
    det: 1,
    vNF: '164746.81',
    dup: 3,
    rastro: 0,
    assinatura: 'invalida',
    xsd: true,
    alerta: /CNPJ do emitente na chave é 07933914000154/,
  },
  {
    arquivo: 'bfr_danfe_cnpj_alfanumerico.xml',
    det: 1,
    vNF: '1950.00',
    dup: 0,
    rastro: 0,
    assinatura: 'ausente',
    xsd: false,
    emit: 'XT9CDVWJ000172',
  },
  {
    arquivo: 'bfr_nfe_big_font_size.xml',
    det: 12,
    vNF: '1950.00',
    dup: 2,
    rastro: 4,
    assinatura: 'ausente',
    xsd: false,
    alerta: /soma dos itens \(R\$ 10190,00\)/,
  },
];

describe.skipIf(!presente)('NF-e reais (../shared/fixtures/nfe)', () => {
  const ler = (f: string) => fs.readFileSync(path.join(DIR, f));

  it.each(casos)('$arquivo', (c) => {
    const bytes = ler(c.arquivo);
    expect(validaNfeXsd(OFFICIAL_NFE_SCHEMAS_DIR, bytes).valido).toBe(c.xsd);
    const assinatura = verificaAssinaturaNfe(bytes.toString('utf8'));
    expect(assinatura.status).toBe(c.assinatura);
    if (c.recusa) {
      expect(() => analisaNfe(OFFICIAL_NFE_SCHEMAS_DIR, bytes)).toThrow(c.recusa);
      return;
    }
    const a = analisaNfe(OFFICIAL_NFE_SCHEMAS_DIR, bytes);
    expect(a.nota.itens.length).toBe(c.det);
    expect(a.nota.total.vNF).toBe(c.vNF);
    expect(a.nota.cobr.dup.length).toBe(c.dup);
    expect(a.nota.itens.reduce((s, i) => s + i.rastro.length, 0)).toBe(c.rastro);
    if (c.alerta) expect(a.alertas.join('\n')).toMatch(c.alerta);
    if (c.emit) expect(a.nota.emit.documento).toBe(c.emit);
  });

  it('OCA: signature valid while its certificate is expired (reported apart)', () => {
    const a = verificaAssinaturaNfe(ler(casos[0]!.arquivo).toString('utf8'));
    expect(a.status).toBe('valida');
    expect(a.certificado).toMatchObject({
      titular: 'UNIMAKE SOLUCOES CORPORATIVAS LTDA EPP:06117473000150',
      emissor: 'AC SAFEWEB RFB',
      vencido: true,
    });
  });

  it('an XSD error names the element path', () => {
    const r = validaNfeXsd(OFFICIAL_NFE_SCHEMAS_DIR, ler('sped-da_cancelada_55_new.xml'));
    expect(r.erros[0]).toMatch(/^\/nfeProc\/retEvento \(linha 307\): /);
    const b = validaNfeXsd(OFFICIAL_NFE_SCHEMAS_DIR, ler('bfr_nfe_big_font_size.xml'));
    expect(b.erros[0]).toMatch(/^\/NFe\/infNFe\/det\[1\]\/prod\/rastro\[1\]\/dVal /);
  });

  it('an edited byte breaks the valid signature', () => {
    const xml = ler(casos[0]!.arquivo).toString('utf8').replace('<qCom>1', '<qCom>2');
    expect(verificaAssinaturaNfe(xml)).toMatchObject({ status: 'invalida' });
  });

  it.skipIf(!xmlsec)('agrees with xmlsec1 on every signed file', () => {
    for (const c of casos.filter((x) => x.assinatura !== 'ausente')) {
      let ok: boolean;
      try {
        execFileSync(
          'xmlsec1',
          [
            '--verify',
            '--insecure',
            '--id-attr:Id',
            'http://www.portalfiscal.inf.br/nfe:infNFe',
            '--enabled-key-data',
            'x509',
            path.join(DIR, c.arquivo),
          ],
          { stdio: 'ignore' },
        );
        ok = true;
      } catch {
        ok = false;
      }
      expect([c.arquivo, ok]).toEqual([c.arquivo, c.assinatura === 'valida']);
    }
  });
});

describe.skipIf(!presente)('importação das NF-e reais pela API', () => {
  let t: TestContext;
  let tok: string;
  beforeAll(async () => {
    t = await createTestApp({ NFE_SCHEMAS_DIR: OFFICIAL_NFE_SCHEMAS_DIR as string });
    tok = (await t.signIn(['estoque'])).token;
  });
  afterAll(() => t?.close());

  it('imports each (cancelled one refused), then refuses them all again', async () => {
    const arquivos = casos.map((c) => ({
      nome: c.arquivo,
      conteudo_base64: fs.readFileSync(path.join(DIR, c.arquivo)).toString('base64'),
    }));
    const r = await chama(t, tok, 'POST', '/api/estoque/entradas/importar', { arquivos });
    expect(r.status).toBe(200);
    for (const [i, c] of casos.entries()) {
      const res: Json = r.body.resultados[i];
      if (c.recusa) {
        expect(res).toMatchObject({ ok: false });
        expect(res.mensagem).toMatch(c.recusa);
        continue;
      }
      // Both BrazilFiscalReport samples carry the same chave in infNFe Id: the second is a duplicate.
      if (c.arquivo === 'bfr_nfe_big_font_size.xml') {
        expect(res.mensagem).toBe('NF-e já importada (chave 35200159594315000157550010000000022062777169).');
        continue;
      }
      expect(res.ok).toBe(true);
      expect(res.entrada).toMatchObject({
        valor_nota: c.vNF,
        itens_total: c.det,
        assinatura: c.assinatura,
        xsd_valido: c.xsd,
      });
      expect(res.entrada.duplicatas.length).toBe(c.dup);
    }
    const again = await chama(t, tok, 'POST', '/api/estoque/entradas/importar', {
      arquivos: arquivos.slice(0, 2),
    });
    expect(again.body.resultados.map((x: Json) => x.mensagem)).toEqual([
      'NF-e já importada (chave 41170706117473000150550010000463201612756527).',
      'NF-e já importada (chave 35180834128745000152550010000476491552806942).',
    ]);
  });

  it('big font file: rastro lots kept per item, CX and qTrib in UN kept for the conversion', async () => {
    const antes = await chama(t, tok, 'GET', '/api/estoque/entradas?q=XT9CDVWJ000172');
    expect(antes.body.items.map((x: Json) => x.emitente_documento)).toEqual(['XT9CDVWJ000172']);
    // the receipt of the same chave is deleted (rascunho), then the other file imports
    const del = await t.request('DELETE', `/api/estoque/entradas/${antes.body.items[0].id}`, { token: tok });
    expect(del.status).toBe(204);
    const arquivo = 'bfr_nfe_big_font_size.xml';
    const r = await chama(t, tok, 'POST', '/api/estoque/entradas/importar', {
      arquivos: [
        { nome: arquivo, conteudo_base64: fs.readFileSync(path.join(DIR, arquivo)).toString('base64') },
      ],
    });
    expect(r.body.resultados[0].ok).toBe(true);
    const e = await chama(t, tok, 'GET', `/api/estoque/entradas/${r.body.resultados[0].entrada.id}`);
    const i1 = e.body.itens[0];
    expect(i1).toMatchObject({
      c_prod: 'ITE-002',
      u_com: 'CX',
      q_com: '12.0000',
      u_trib: 'UN',
      q_trib: '240.0000',
    });
    expect(i1.lotes.map((l: Json) => [l.numero, l.quantidade, l.validade])).toEqual([
      ['10252024', '200.000', '2027-01-25'],
      ['20252025', '100.000', '2028-07-12'],
    ]);
  });
});
