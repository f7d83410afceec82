import { execFileSync, spawnSync } from 'node:child_process';
import { createPrivateKey, createPublicKey, X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import { geraAcTeste, geraPfxTeste } from '../../test/pfx-teste.ts';
import { CertificadoInvalido, certificadoMensagens, lePfx } from './certificado.ts';

const CNPJ_ALFA = '12ABC34501DE35';
const ac = geraAcTeste();
const legado = geraPfxTeste({ cnpj: CNPJ_ALFA, razaoSocial: 'DISTRIBUIDORA TESTE LTDA', ac, senha: 's3nh@' });

function erro(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(CertificadoInvalido);
    return (err as Error).message;
  }
  throw new Error('não lançou');
}

const temOpenssl = spawnSync('openssl', ['version']).status === 0;

describe('geraPfxTeste: an ICP-Brasil-like e-CNPJ A1', () => {
  it('the certificate has the ICP-Brasil subject, the CNPJ otherName, key usages, issued by the CA', () => {
    const x = new X509Certificate(legado.certPem);
    expect(x.subject).toContain('CN=DISTRIBUIDORA TESTE LTDA:12ABC34501DE35');
    expect(x.subject).toContain('O=ICP-Brasil');
    expect(x.subject).toContain('C=BR');
    expect(x.issuer).toContain('CN=AC TESTE PLATAFORMA ERP RFB v5');
    expect(x.verify(new X509Certificate(ac.certPem).publicKey)).toBe(true);
    expect(x.keyUsage).toEqual(expect.arrayContaining(['1.3.6.1.5.5.7.3.2', '1.3.6.1.5.5.7.3.4']));
    const c = forge.pki.certificateFromPem(legado.certPem);
    const ku = c.getExtension('keyUsage') as { digitalSignature: boolean; keyEncipherment: boolean };
    expect(ku.digitalSignature && ku.keyEncipherment).toBe(true);
    expect(createPublicKey(legado.keyPem).asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(legado.chainPem).toEqual([ac.certPem]);
  });

  it('node:crypto (OpenSSL 3 without the legacy provider) refuses the legacy file and reads the modern one', () => {
    expect(() => tls.createSecureContext({ pfx: legado.pfx, passphrase: legado.senha })).toThrow(
      /Unsupported PKCS12/i,
    );
    const moderno = geraPfxTeste({ cnpj: CNPJ_ALFA, razaoSocial: 'X', ac, legado: false });
    expect(() => tls.createSecureContext({ pfx: moderno.pfx, passphrase: moderno.senha })).not.toThrow();
  });

  it.skipIf(!temOpenssl)(
    'openssl pkcs12: RC2-40 certificates + 3DES shrouded key + SHA-1 MAC, read only with -legacy',
    () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pfx-'));
      const f = path.join(dir, 'a1.pfx');
      fs.writeFileSync(f, legado.pfx);
      const sem = spawnSync('openssl', [
        'pkcs12',
        '-info',
        '-noout',
        '-in',
        f,
        '-passin',
        `pass:${legado.senha}`,
      ]);
      expect(sem.status).not.toBe(0);
      expect(sem.stderr.toString()).toMatch(/RC2-40-CBC/);
      const com = spawnSync('openssl', [
        'pkcs12',
        '-info',
        '-noout',
        '-legacy',
        '-in',
        f,
        '-passin',
        `pass:${legado.senha}`,
      ]);
      fs.rmSync(dir, { recursive: true });
      expect(com.status).toBe(0);
      const info = com.stdout.toString() + com.stderr.toString();
      expect(info).toMatch(/MAC: sha1, Iteration 2048/);
      expect(info).toMatch(/PKCS7 Encrypted data: pbeWithSHA1And40BitRC2-CBC/);
      expect(info).toMatch(/Shrouded Keybag: pbeWithSHA1And3-KeyTripleDES-CBC/);
    },
  );
});

describe('lePfx', () => {
  it('reads the legacy file: key, certificate, chain, titular, CNPJ from the otherName, issuer, validity', () => {
    const validoDe = new Date('2026-01-10T12:00:00Z');
    const validoAte = new Date('2027-01-10T12:00:00Z');
    const g = geraPfxTeste({
      cnpj: CNPJ_ALFA,
      razaoSocial: 'DISTRIBUIDORA TESTE LTDA',
      ac,
      validoDe,
      validoAte,
    });
    const lido = lePfx(g.pfx, g.senha);
    expect(lido.titular).toBe('DISTRIBUIDORA TESTE LTDA');
    expect(lido.cnpj).toBe(CNPJ_ALFA);
    expect(lido.emissor).toBe('AC TESTE PLATAFORMA ERP RFB v5');
    expect(lido.valido_de).toBe('2026-01-10T12:00:00.000Z');
    expect(lido.valido_ate).toBe('2027-01-10T12:00:00.000Z');
    expect(lido.certPem.replace(/\r/g, '')).toBe(g.certPem.replace(/\r/g, ''));
    expect(lido.chainPem).toHaveLength(1);
    // the same private key
    const a = createPrivateKey(lido.keyPem).export({ format: 'jwk' });
    const b = createPrivateKey(g.keyPem).export({ format: 'jwk' });
    expect(a.n).toBe(b.n);
    expect(a.d).toBe(b.d);
  });

  it('reads the modern (PBES2/AES-256) file too', () => {
    const g = geraPfxTeste({ cnpj: '11222333000181', razaoSocial: 'EMPRESA MODERNA SA', ac, legado: false });
    const lido = lePfx(g.pfx, g.senha);
    expect(lido.cnpj).toBe('11222333000181');
    expect(lido.titular).toBe('EMPRESA MODERNA SA');
  });

  it.skipIf(!temOpenssl)('reads a file exported by OpenSSL 3 with -legacy', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pfx-'));
    try {
      fs.writeFileSync(path.join(dir, 'k.pem'), legado.keyPem);
      fs.writeFileSync(path.join(dir, 'c.pem'), legado.certPem);
      for (const extra of [['-legacy'], []]) {
        execFileSync('openssl', [
          'pkcs12',
          '-export',
          ...extra,
          '-inkey',
          path.join(dir, 'k.pem'),
          '-in',
          path.join(dir, 'c.pem'),
          '-out',
          path.join(dir, 'o.pfx'),
          '-passout',
          'pass:abc',
        ]);
        const lido = lePfx(fs.readFileSync(path.join(dir, 'o.pfx')), 'abc');
        expect(lido.cnpj).toBe(CNPJ_ALFA);
      }
    } finally {
      fs.rmSync(dir, { recursive: true });
    }
  });

  it('without the otherName the CNPJ comes from the CN', () => {
    const g = geraPfxTeste({ cnpj: '11222333000181', razaoSocial: 'SEM SAN LTDA', ac, semOtherName: true });
    const lido = lePfx(g.pfx, g.senha);
    expect(lido.cnpj).toBe('11222333000181');
    expect(lido.titular).toBe('SEM SAN LTDA');
  });

  it('errors in pt-BR: wrong password, not a PFX, no private key', () => {
    expect(erro(() => lePfx(legado.pfx, 'errada'))).toBe(certificadoMensagens.senhaIncorreta);
    expect(erro(() => lePfx(Buffer.from('isto não é um pfx'), 'x'))).toBe(certificadoMensagens.invalido);
    expect(erro(() => lePfx(Buffer.alloc(0), 'x'))).toBe(certificadoMensagens.invalido);
    expect(erro(() => lePfx(Buffer.from(legado.certPem), legado.senha))).toBe(certificadoMensagens.invalido);
    const soCert = forge.pkcs12.toPkcs12Asn1(null, [forge.pki.certificateFromPem(legado.certPem)], 'abc', {
      algorithm: '3des',
    });
    const der = Buffer.from(forge.asn1.toDer(soCert).getBytes(), 'binary');
    expect(erro(() => lePfx(der, 'abc'))).toBe(certificadoMensagens.semChave);
    // truncated file
    expect(erro(() => lePfx(legado.pfx.subarray(0, 200), legado.senha))).toBe(certificadoMensagens.invalido);
  });
});
