import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type Config, loadConfig } from '../../config.ts';
import type { Logger } from '../../lib/logger.ts';

// Encryption at rest of the fiscal secrets (A1 private key, PFX, CSRT): AES-256-GCM with a key from
// the server's configuration (CERTIFICADO_CHAVE_CRIPTOGRAFIA). Without it, a key generated once and
// kept in a file of DATA_DIR (mode 0600) — never in the database beside the ciphertext. Under
// NODE_ENV=test without the variable, a fixed test key (the tests' servers and seeds agree on it
// whatever DATA_DIR they use). Decision record: docs/decisions/0003-certificado-a1-criptografia.md.
//
// Stored form: "v1:<key id>:<iv>:<tag>:<ciphertext>" (base64), the key id = first 8 hex digits of
// SHA-256(key), so a changed key is told apart from a damaged value. The purpose of each value
// ("certificado_chave", "csrt", ...) is the GCM additional data: a value cannot be moved to another slot.

export const ARQUIVO_CHAVE = 'certificado-a1.key';
const CHAVE_TESTE = createHash('sha256').update('plataforma-erp: chave de teste do certificado A1').digest();

export const cofreMensagens = {
  chaveMudou:
    'Não foi possível decifrar o certificado digital: a chave de criptografia (CERTIFICADO_CHAVE_CRIPTOGRAFIA) não é a mesma com que ele foi guardado. Envie o certificado novamente.',
  valorDanificado: 'Não foi possível decifrar o certificado digital guardado: o valor está danificado.',
} as const;

export class CofreErro extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CofreErro';
  }
}

type Chave = { chave: Buffer; id: string; origem: string };
let atual: Chave | null = null;
/** The key whose origin was last reported in the log (once per key, by the first call with a logger). */
let informada: string | null = null;

const idDe = (chave: Buffer) => createHash('sha256').update(chave).digest('hex').slice(0, 8);

function chaveDoArquivo(dataDir: string): Buffer {
  const arquivo = path.join(dataDir, ARQUIVO_CHAVE);
  const le = () => {
    const b = Buffer.from(fs.readFileSync(arquivo, 'utf8').trim(), 'base64');
    if (b.length !== 32) throw new Error(`${arquivo}: a chave deve ter 32 bytes em base64`);
    return b;
  };
  if (fs.existsSync(arquivo)) return le();
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx': another process creating it at the same instant keeps its key, we read it back
    fs.writeFileSync(arquivo, `${randomBytes(32).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return le();
}

/** Resolves the key from the configuration (called by createApp; also lazily by the first use). */
export function configuraCofre(
  config: Pick<Config, 'certificadoChave' | 'dataDir' | 'nodeEnv'>,
  logger?: Pick<Logger, 'info' | 'warn'>,
): void {
  let chave: Chave;
  if (config.certificadoChave) {
    chave = {
      chave: config.certificadoChave,
      id: idDe(config.certificadoChave),
      origem: 'CERTIFICADO_CHAVE_CRIPTOGRAFIA',
    };
  } else if (config.nodeEnv === 'test') {
    chave = { chave: CHAVE_TESTE, id: idDe(CHAVE_TESTE), origem: 'chave fixa de teste' };
  } else {
    const arquivo = path.join(config.dataDir, ARQUIVO_CHAVE);
    const b = chaveDoArquivo(config.dataDir);
    chave = { chave: b, id: idDe(b), origem: arquivo };
  }
  atual = chave;
  if (logger && informada !== chave.id && config.nodeEnv !== 'test') {
    informada = chave.id;
    if (config.certificadoChave)
      logger.info('certificado A1: chave de criptografia de CERTIFICADO_CHAVE_CRIPTOGRAFIA');
    else
      logger.warn(
        `certificado A1: CERTIFICADO_CHAVE_CRIPTOGRAFIA não definida; usando a chave gerada em ${chave.origem}. Em produção defina a variável (openssl rand -base64 32) e guarde-a fora do servidor do banco.`,
      );
  }
}

function chaveAtual(): Chave {
  if (!atual) configuraCofre(loadConfig());
  return atual as Chave;
}

export function cifra(finalidade: string, valor: string | Buffer): string {
  const { chave, id } = chaveAtual();
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', chave, iv);
  c.setAAD(Buffer.from(finalidade, 'utf8'));
  const ct = Buffer.concat([
    c.update(typeof valor === 'string' ? Buffer.from(valor, 'utf8') : valor),
    c.final(),
  ]);
  return ['v1', id, iv.toString('base64'), c.getAuthTag().toString('base64'), ct.toString('base64')].join(
    ':',
  );
}

export function decifra(finalidade: string, guardado: string): Buffer {
  const { chave, id } = chaveAtual();
  const partes = guardado.split(':');
  if (partes.length !== 5 || partes[0] !== 'v1') throw new CofreErro(cofreMensagens.valorDanificado);
  const [, idGuardado, iv, tag, ct] = partes as [string, string, string, string, string];
  if (idGuardado !== id) throw new CofreErro(cofreMensagens.chaveMudou);
  try {
    const d = createDecipheriv('aes-256-gcm', chave, Buffer.from(iv, 'base64'));
    d.setAAD(Buffer.from(finalidade, 'utf8'));
    d.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([d.update(Buffer.from(ct, 'base64')), d.final()]);
  } catch {
    throw new CofreErro(cofreMensagens.valorDanificado);
  }
}
