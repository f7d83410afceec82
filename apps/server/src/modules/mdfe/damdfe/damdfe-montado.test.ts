import { describe, expect, it } from 'vitest';
import { paginasPdf, temPoppler } from '../../../test/pdf-texto.ts';
import { geraPfxTeste } from '../../../test/pfx-teste.ts';
import { chaveEmGrupos } from '../../nfe/danfe/formato.ts';
import { assinaMdfe } from '../xml/assina-mdfe.ts';
import { chaveNfeExemplo, exemploDadosMdfe } from '../xml/exemplo-mdfe.ts';
import { montaMdfe } from '../xml/monta-mdfe.ts';
import { montaMdfeProc } from '../xml/proc-mdfe.ts';
import { urlQrCodeMdfe } from '../xml/qrcode-mdfe.ts';
import { geraDamdfePdf } from './damdfe.ts';
import { simbolosPdf, temZbar } from './damdfe-test-support.ts';

// The DAMDFE of an MDF-e made by the project's own builder (xml/): built, signed with a test A1,
// wrapped in mdfeProc with a protocol as SEFAZ answers it — what the emission stores and prints.

if (!temPoppler)
  console.warn('damdfe-montado.test: pdftotext (poppler-utils) ausente — DAMDFE não lido de volta');

const pfx = geraPfxTeste({ cnpj: '12345678000195', razaoSocial: 'Distribuidora Exemplo Ltda' });
const cert = { keyPem: pfx.keyPem, certPem: pfx.certPem };

function mdfeProc(tpEmis: '1' | '2') {
  const dados = { ...exemploDadosMdfe({ notas: 6, nMDF: 42 }), tpEmis };
  const { xml, chave } = montaMdfe(dados, { chavePrivadaPem: pfx.keyPem });
  const prot = `<protMDFe versao="3.00"><infProt Id="MDFe941260000099999"><tpAmb>2</tpAmb><verAplic>RS20240710092044</verAplic><chMDFe>${chave}</chMDFe><dhRecbto>2026-11-29T08:05:12-03:00</dhRecbto><nProt>941260000099999</nProt><digVal>AAAAAAAAAAAAAAAAAAAAAAAAAAA=</digVal><cStat>100</cStat><xMotivo>Autorizado o uso do MDF-e</xMotivo></infProt></protMDFe>`;
  return { xml: montaMdfeProc(assinaMdfe(xml, cert), prot), chave };
}

describe.runIf(temPoppler)('DAMDFE of a built mdfeProc', () => {
  it('prints the builder’s document: chave, protocol, totals, vehicle, driver and each NF-e by município', async () => {
    const { xml, chave } = mdfeProc('1');
    const pdf = await geraDamdfePdf(xml);
    const paginas = paginasPdf(pdf);
    expect(paginas).toHaveLength(1);
    const tudo = paginas[0]!;
    const linhas = tudo.split('\n').map((l) => l.replace(/\s+/g, ' ').trim());
    expect(tudo).toContain('Distribuidora Exemplo Ltda');
    expect(tudo).toContain('CNPJ: 12.345.678/0001-95');
    expect(tudo).toContain(chaveEmGrupos(chave));
    expect(tudo).toContain('941260000099999 - 29/11/2026 08:05:12');
    expect(tudo).toContain('SEM VALOR FISCAL — EMITIDO EM AMBIENTE DE HOMOLOGAÇÃO');
    expect(linhas).toContain('58 1 000.000.042 1/1 29/11/2026 08:00:00 SP SP');
    // 6 notes: peso 11.125 + … + 16.125 kg, valor 101.35 + … + 106.35
    expect(linhas.some((l) => l.endsWith('0 6 81,7500 R$ 623,10'))).toBe(true);
    expect(tudo).toContain('ABC1D23');
    expect(tudo).toContain('529.982.247-25');
    expect(tudo).toContain('José da Silva & Filhos');
    expect(tudo).toContain('Carga 123 <teste>');
    expect(linhas).toContain('SP 3550308 - São Paulo'); // percurso of an intrastate trip, município de carregamento
    for (const m of ['3550308 - São Paulo', '3509502 - Campinas', '3548708 - São Bernardo do Campo'])
      expect(tudo).toContain(`Descarregamento em ${m}: 2 NF-e`);
    for (let i = 1; i <= 6; i++) expect(tudo).toContain(`NF-e ${chaveEmGrupos(chaveNfeExemplo(i))}`);
    if (temZbar)
      expect(simbolosPdf(pdf)).toEqual([[`CODE-128:${chave}`, `QR-Code:${urlQrCodeMdfe(chave, '2', '1')}`]]);
  });

  it.runIf(temZbar)(
    'in contingência the QR code gives back the URL with the certificate’s signature',
    async () => {
      const { xml, chave } = mdfeProc('2');
      const url = urlQrCodeMdfe(chave, '2', '2', pfx.keyPem);
      expect(url).toContain('&sign=');
      expect(simbolosPdf(await geraDamdfePdf(xml))).toEqual([[`CODE-128:${chave}`, `QR-Code:${url}`]]);
    },
  );
});
