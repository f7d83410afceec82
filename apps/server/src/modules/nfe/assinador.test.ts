import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import { assinaXml } from './assinador.ts';
import { verificaAssinaturaNfe } from './assinatura.ts';

// The signer against our own verifier and against Debian's xmlsec1 (an independent implementation),
// with a CA + leaf certificate generated here (node-forge, RSA 2048).

function geraChaves() {
  const ca = forge.pki.rsa.generateKeyPair(2048);
  const caCert = forge.pki.createCertificate();
  caCert.publicKey = ca.publicKey;
  caCert.serialNumber = '01';
  caCert.validity.notBefore = new Date(Date.now() - 86400000);
  caCert.validity.notAfter = new Date(Date.now() + 365 * 86400000);
  const caAttrs = [{ name: 'commonName', value: 'AC TESTE ASSINADOR' }];
  caCert.setSubject(caAttrs);
  caCert.setIssuer(caAttrs);
  caCert.setExtensions([{ name: 'basicConstraints', cA: true }]);
  caCert.sign(ca.privateKey, forge.md.sha256.create());
  const leaf = forge.pki.rsa.generateKeyPair(2048);
  const cert = forge.pki.createCertificate();
  cert.publicKey = leaf.publicKey;
  cert.serialNumber = '02';
  cert.validity.notBefore = caCert.validity.notBefore;
  cert.validity.notAfter = caCert.validity.notAfter;
  cert.setSubject([{ name: 'commonName', value: 'EMPRESA TESTE LTDA:12345678000195' }]);
  cert.setIssuer(caAttrs);
  cert.sign(ca.privateKey, forge.md.sha256.create());
  return {
    keyPem: forge.pki.privateKeyToPem(leaf.privateKey),
    certPem: forge.pki.certificateToPem(cert),
    caPem: forge.pki.certificateToPem(caCert),
  };
}

const chaves = geraChaves();
const xmlsec = (() => {
  try {
    execFileSync('xmlsec1', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
if (!xmlsec) console.warn('assinador.test: xmlsec1 ausente — verificação independente pulada');

const ID = 'NFe35261112345678000195550010000000011123456780';
const nfe = `<NFe xmlns="http://www.portalfiscal.inf.br/nfe"><infNFe versao="4.00" Id="${ID}"><ide><cUF>35</cUF><natOp>Venda &amp; cia</natOp></ide></infNFe></NFe>`;

function xmlsecAceita(xml: string, idAttr: string): boolean {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'assinador-'));
  try {
    fs.writeFileSync(path.join(dir, 'doc.xml'), xml);
    fs.writeFileSync(path.join(dir, 'ca.pem'), chaves.caPem);
    execFileSync(
      'xmlsec1',
      [
        '--verify',
        '--id-attr:Id',
        idAttr,
        '--trusted-pem',
        path.join(dir, 'ca.pem'),
        path.join(dir, 'doc.xml'),
      ],
      { stdio: 'ignore' },
    );
    return true;
  } catch {
    return false;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('assinaXml', () => {
  it('signs infNFe: Signature right after infNFe, C14N, RSA-SHA1, URI #Id, certificate in KeyInfo', () => {
    const xml = assinaXml(nfe, { tag: 'infNFe', ...chaves });
    expect(xml).toMatch(/<\/infNFe><Signature xmlns="http:\/\/www\.w3\.org\/2000\/09\/xmldsig#">/);
    expect(xml).toMatch(/<\/Signature><\/NFe>$/);
    expect(xml).toContain('Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"');
    expect(xml).toContain('Algorithm="http://www.w3.org/2000/09/xmldsig#rsa-sha1"');
    expect(xml).toContain('Algorithm="http://www.w3.org/2000/09/xmldsig#sha1"');
    expect(xml).toContain('Algorithm="http://www.w3.org/2000/09/xmldsig#enveloped-signature"');
    expect(xml).toContain(`URI="#${ID}"`);
    expect(xml).toContain('<X509Certificate>');
    expect(xml).not.toContain('PRIVATE KEY');
    const r = verificaAssinaturaNfe(xml);
    expect(r.status).toBe('valida');
    expect(r.certificado?.titular).toBe('EMPRESA TESTE LTDA:12345678000195');
  });

  it('an edited signed document is rejected by our verifier', () => {
    const xml = assinaXml(nfe, { tag: 'infNFe', ...chaves }).replace('<cUF>35</cUF>', '<cUF>41</cUF>');
    expect(verificaAssinaturaNfe(xml).status).toBe('invalida');
  });

  it('refuses a document without the element or its Id', () => {
    expect(() => assinaXml('<NFe/>', { tag: 'infNFe', ...chaves })).toThrow(/infNFe/);
    expect(() => assinaXml('<NFe><infNFe/></NFe>', { tag: 'infNFe', ...chaves })).toThrow(/Id/);
  });

  it.skipIf(!xmlsec)('xmlsec1 accepts the NFe signature (trusting the test CA) and rejects an edit', () => {
    const xml = assinaXml(nfe, { tag: 'infNFe', ...chaves });
    expect(xmlsecAceita(xml, 'http://www.portalfiscal.inf.br/nfe:infNFe')).toBe(true);
    expect(
      xmlsecAceita(xml.replace('Venda &amp; cia', 'Venda'), 'http://www.portalfiscal.inf.br/nfe:infNFe'),
    ).toBe(false);
  });

  it.skipIf(!xmlsec)('signs infEvento and infInut the same way (xmlsec1 accepts)', () => {
    const evento = `<envEvento xmlns="http://www.portalfiscal.inf.br/nfe" versao="1.00"><idLote>1</idLote><evento versao="1.00"><infEvento Id="ID1101113526111234567800019555001000000001112345678001"><cOrgao>35</cOrgao></infEvento></evento></envEvento>`;
    const e = assinaXml(evento, { tag: 'infEvento', ...chaves });
    expect(e).toMatch(/<\/infEvento><Signature [^>]+>.*<\/Signature><\/evento>/);
    expect(xmlsecAceita(e, 'http://www.portalfiscal.inf.br/nfe:infEvento')).toBe(true);
    const inut = `<inutNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><infInut Id="ID35261234567800019555001000000010000000020"><tpAmb>2</tpAmb></infInut></inutNFe>`;
    const i = assinaXml(inut, { tag: 'infInut', ...chaves });
    expect(i).toMatch(/<\/infInut><Signature [^>]+>.*<\/Signature><\/inutNFe>$/);
    expect(xmlsecAceita(i, 'http://www.portalfiscal.inf.br/nfe:infInut')).toBe(true);
  });
  // assinaXml replaces three whole-document steps of SignedXml on its own instance (see
  // aceleraAssinatura): the result must be the very bytes plain xml-crypto gives.
  it('gives the same bytes as plain xml-crypto (NFe with many items, evento, inutNFe, a comment inside)', () => {
    const det = Array.from(
      { length: 60 },
      (_, i) =>
        `<det nItem="${i + 1}"><prod><cProd>P${i}</cProd><xProd>Parafuso &lt;M8&gt; &amp; porca "${i}"</xProd><vProd>10.00</vProd></prod><imposto><ICMS><ICMS00><orig>0</orig></ICMS00></ICMS></imposto></det>`,
    ).join('');
    const grande = `<NFe xmlns="http://www.portalfiscal.inf.br/nfe"><infNFe versao="4.00" Id="${ID}"><ide><cUF>35</cUF></ide>${det}<infAdic><infCpl>a	b  c</infCpl></infAdic></infNFe></NFe>`;
    const comentario = grande.replace('<ide>', '<!-- rascunho --><ide>');
    const evento = `<envEvento xmlns="http://www.portalfiscal.inf.br/nfe" versao="1.00"><idLote>1</idLote><evento versao="1.00"><infEvento Id="ID1101113526111234567800019555001000000001112345678001"><cOrgao>35</cOrgao></infEvento></evento></envEvento>`;
    const inut = `<inutNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><infInut Id="ID35261234567800019555001000000010000000020"><tpAmb>2</tpAmb></infInut></inutNFe>`;
    const casos = [
      [nfe, 'infNFe'],
      [grande, 'infNFe'],
      [comentario, 'infNFe'],
      [`<?xml version="1.0" encoding="UTF-8"?>${grande}`, 'infNFe'],
      [evento, 'infEvento'],
      [inut, 'infInut'],
    ] as const;
    for (const [xml, tag] of casos) {
      const rapido = assinaXml(xml, { tag, ...chaves });
      expect(rapido).toBe(assinaXml(xml, { tag, ...chaves, xmlCryptoPuro: true }));
      // the input's bytes are kept around the appended Signature
      expect(rapido.replace(/<Signature [\s\S]*<\/Signature>/, '')).toBe(xml);
      if (tag === 'infNFe') expect(verificaAssinaturaNfe(rapido).status).toBe('valida');
    }
  });

  it.skipIf(!xmlsec)('xmlsec1 accepts a many-item NFe and one with a comment inside infNFe', () => {
    const det = Array.from(
      { length: 60 },
      (_, i) => `<det nItem="${i + 1}"><prod><xProd>Item &amp; ${i}</xProd></prod></det>`,
    ).join('');
    const grande = `<NFe xmlns="http://www.portalfiscal.inf.br/nfe"><infNFe versao="4.00" Id="${ID}"><ide><cUF>35</cUF></ide>${det}</infNFe></NFe>`;
    const idAttr = 'http://www.portalfiscal.inf.br/nfe:infNFe';
    expect(xmlsecAceita(assinaXml(grande, { tag: 'infNFe', ...chaves }), idAttr)).toBe(true);
    const comentario = grande.replace('<ide>', '<!-- rascunho --><ide>');
    expect(xmlsecAceita(assinaXml(comentario, { tag: 'infNFe', ...chaves }), idAttr)).toBe(true);
  });
});
