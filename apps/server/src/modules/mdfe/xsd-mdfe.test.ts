import { describe, expect, it } from 'vitest';
import { TEST_MDFE_SCHEMAS_DIR } from '../../test/test-app.ts';
import { mdfeXsdMessages } from './pacote-mdfe.ts';
import { validaMdfeXsd } from './xsd-mdfe.ts';

const dir = TEST_MDFE_SCHEMAS_DIR;
if (!dir)
  console.warn(
    'xsd-mdfe.test: ../shared/mdfe/schemas/PL_MDFe_300a ou MDFE_SCHEMAS_DIR ausente — testes pulados',
  );

const NS = 'http://www.portalfiscal.inf.br/mdfe';

describe.skipIf(!dir)('validaMdfeXsd', () => {
  it('validates a status request and refuses a malformed one, naming the path', () => {
    const ok = `<consStatServMDFe xmlns="${NS}" versao="3.00"><tpAmb>2</tpAmb><xServ>STATUS</xServ></consStatServMDFe>`;
    expect(validaMdfeXsd(dir, ok)).toEqual({ valido: true, erros: [] });
    const r = validaMdfeXsd(dir, ok.replace('<tpAmb>2</tpAmb>', '<tpAmb>9</tpAmb>'));
    expect(r.valido).toBe(false);
    expect(r.erros[0]).toMatch(/^\/consStatServMDFe\/tpAmb/);
  });

  it('validates the event detail under detEvento against its own schema', () => {
    const ev = (det: string) =>
      `<eventoMDFe xmlns="${NS}" versao="3.00"><infEvento Id="ID1101123525111234567800019558001000000001100000000101"><cOrgao>35</cOrgao><tpAmb>2</tpAmb><CNPJ>12345678000195</CNPJ><chMDFe>35251112345678000195580010000000011000000001</chMDFe><dhEvento>2025-11-28T10:00:00-03:00</dhEvento><tpEvento>110112</tpEvento><nSeqEvento>1</nSeqEvento><detEvento versaoEvento="3.00">${det}</detEvento></infEvento></eventoMDFe>`;
    const bom = `<evEncMDFe><descEvento>Encerramento</descEvento><nProt>935250000000001</nProt><dtEnc>2025-11-28</dtEnc><cUF>35</cUF><cMun>3550308</cMun></evEncMDFe>`;
    const semMun = bom.replace('<cMun>3550308</cMun>', '');
    // the root schema skips detEvento's content: only the detail's own schema catches the missing cMun
    const r = validaMdfeXsd(dir, ev(semMun));
    expect(r.valido).toBe(false);
    expect(r.erros.some((e) => e.startsWith('evEncMDFe: ') && e.includes('cMun'))).toBe(true);
  });

  it('refuses to validate without the folder, with the message that says what to configure', () => {
    expect(() => validaMdfeXsd(undefined, '<MDFe/>')).toThrow(mdfeXsdMessages.semPasta);
  });
});
