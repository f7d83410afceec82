import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, chaveDe32Bytes, loadConfig } from '../../config.ts';
import {
  ARQUIVO_CHAVE,
  CofreErro,
  cifra,
  cofreMensagens,
  configuraCofre,
  decifra,
} from './certificado-cofre.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cofre-'));
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
  // back to the tests' key for the other files of this worker
  configuraCofre({ nodeEnv: 'test', dataDir: dir, certificadoChave: undefined });
});

const HEX = 'a'.repeat(64);
const B64 = Buffer.alloc(32, 7).toString('base64');

describe('CERTIFICADO_CHAVE_CRIPTOGRAFIA', () => {
  it('accepts 32 bytes as 64 hex digits or base64, refuses anything else at start-up', () => {
    expect(chaveDe32Bytes(HEX)?.length).toBe(32);
    expect(chaveDe32Bytes(B64)?.equals(Buffer.alloc(32, 7))).toBe(true);
    expect(chaveDe32Bytes('curta')).toBeNull();
    expect(chaveDe32Bytes(Buffer.alloc(31).toString('base64'))).toBeNull();
    expect(
      loadConfig({ CERTIFICADO_CHAVE_CRIPTOGRAFIA: B64 }).certificadoChave?.equals(Buffer.alloc(32, 7)),
    ).toBe(true);
    expect(() => loadConfig({ CERTIFICADO_CHAVE_CRIPTOGRAFIA: 'senha123' })).toThrow(ConfigError);
    expect(() => loadConfig({ CERTIFICADO_CHAVE_CRIPTOGRAFIA: 'senha123' })).toThrow(
      /openssl rand -base64 32/,
    );
  });
});

describe('cofre (AES-256-GCM)', () => {
  it('round-trips, binds the value to its purpose, detects tampering and a changed key', () => {
    configuraCofre({ nodeEnv: 'production', dataDir: dir, certificadoChave: Buffer.from(HEX, 'hex') });
    const guardado = cifra('certificado_chave', '-----BEGIN PRIVATE KEY-----\nabc\n');
    expect(guardado).toMatch(/^v1:[0-9a-f]{8}:/);
    expect(guardado).not.toContain('PRIVATE');
    expect(decifra('certificado_chave', guardado).toString()).toBe('-----BEGIN PRIVATE KEY-----\nabc\n');
    // two encryptions differ (random IV)
    expect(cifra('certificado_chave', 'x')).not.toBe(cifra('certificado_chave', 'x'));
    expect(() => decifra('csrt', guardado)).toThrow(cofreMensagens.valorDanificado);
    const partes = guardado.split(':');
    const adulterado = [...partes.slice(0, 4), Buffer.from('outro conteúdo').toString('base64')].join(':');
    expect(() => decifra('certificado_chave', adulterado)).toThrow(CofreErro);
    configuraCofre({ nodeEnv: 'production', dataDir: dir, certificadoChave: Buffer.from(B64, 'base64') });
    expect(() => decifra('certificado_chave', guardado)).toThrow(cofreMensagens.chaveMudou);
  });

  it('without the variable: a key generated once in DATA_DIR (mode 0600) and reused; a warning names it', () => {
    const avisos: string[] = [];
    const logger = { info: (m: string) => avisos.push(m), warn: (m: string) => avisos.push(m) };
    configuraCofre({ nodeEnv: 'development', dataDir: dir, certificadoChave: undefined }, logger as never);
    const arquivo = path.join(dir, ARQUIVO_CHAVE);
    expect(fs.existsSync(arquivo)).toBe(true);
    expect(fs.statSync(arquivo).mode & 0o777).toBe(0o600);
    const guardado = cifra('csrt', 'segredo');
    const conteudo = fs.readFileSync(arquivo, 'utf8');
    configuraCofre({ nodeEnv: 'development', dataDir: dir, certificadoChave: undefined }, logger as never);
    expect(fs.readFileSync(arquivo, 'utf8')).toBe(conteudo);
    expect(decifra('csrt', guardado).toString()).toBe('segredo');
    expect(avisos).toHaveLength(1);
    expect(avisos[0]).toMatch(/CERTIFICADO_CHAVE_CRIPTOGRAFIA não definida.*certificado-a1\.key/);
  });
});
