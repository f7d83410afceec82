import { type CertificadoA1Info, type EnviarCertificado, validadeCertificado } from '@erp/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { type Actor, writeTx } from '../../lib/audit-context.ts';
import { AppError } from '../../lib/errors.ts';
import { appSettings } from '../configuracoes/configuracoes.tables.ts';
import { CertificadoInvalido, certificadoMensagens, lePfx } from './certificado.ts';
import { cifra, decifra } from './certificado-cofre.ts';
import { certificadosA1, fiscalSegredos } from './fiscal.tables.ts';

// The company's A1 certificate: upload (read with lePfx, the key and the PFX encrypted into
// fiscal_segredos, the public part into certificados_a1), metadata for the screen, removal, and the
// decrypted reader for the NF-e signature and the SEFAZ client. The password is used to open the
// file and forgotten: never stored, never logged.

export const SEGREDO_CHAVE = 'certificado_chave';
export const SEGREDO_PFX = 'certificado_pfx';

export type CertificadoA1 = {
  keyPem: string;
  certPem: string;
  chainPem: string[];
  titular: string;
  cnpj: string | null;
  valido_ate: string;
};

const separaPems = (texto: string): string[] =>
  texto.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----\r?\n?/g) ?? [];

async function cnpjDoEmitente(db: Db | Tx): Promise<string | null> {
  const [row] = await db
    .select({ valor: appSettings.valor })
    .from(appSettings)
    .where(eq(appSettings.chave, 'fiscal_emitente'));
  const cnpj = (row?.valor as { cnpj?: unknown } | undefined)?.cnpj;
  return typeof cnpj === 'string' ? cnpj : null;
}

export async function infoCertificado(db: Db | Tx, agora = new Date()): Promise<CertificadoA1Info | null> {
  const [c] = await db.select().from(certificadosA1).limit(1);
  if (!c) return null;
  const emitente = await cnpjDoEmitente(db);
  return {
    titular: c.titular,
    cnpj: c.cnpj,
    emissor: c.emissor,
    numero_serie: c.numeroSerie,
    valido_de: c.validoDe.toISOString(),
    valido_ate: c.validoAte.toISOString(),
    enviado_em: c.createdAt.toISOString(),
    validade: validadeCertificado(c.validoDe, c.validoAte, agora),
    cnpj_diferente_do_emitente: Boolean(emitente && c.cnpj && emitente !== c.cnpj),
  };
}

/** Stores a read certificate (the service of the upload route and of the demo seed). */
export async function guardaCertificado(
  tx: Tx,
  pfx: Buffer,
  lido: ReturnType<typeof lePfx>,
  enviadoPor: string | null,
): Promise<void> {
  await tx.delete(certificadosA1);
  await tx.insert(certificadosA1).values({
    titular: lido.titular,
    cnpj: lido.cnpj,
    emissor: lido.emissor,
    numeroSerie: lido.numero_serie,
    validoDe: new Date(lido.valido_de),
    validoAte: new Date(lido.valido_ate),
    certPem: lido.certPem,
    cadeiaPem: lido.chainPem.join(''),
    enviadoPor,
  });
  for (const [chave, valorCifrado] of [
    [SEGREDO_CHAVE, cifra(SEGREDO_CHAVE, lido.keyPem)],
    [SEGREDO_PFX, cifra(SEGREDO_PFX, pfx)],
  ] as const) {
    await tx
      .insert(fiscalSegredos)
      .values({ chave, valorCifrado })
      .onConflictDoUpdate({ target: fiscalSegredos.chave, set: { valorCifrado, updatedAt: new Date() } });
  }
}

export async function enviaCertificado(
  db: Db,
  actor: Actor,
  input: EnviarCertificado,
): Promise<CertificadoA1Info> {
  const pfx = Buffer.from(input.conteudo_base64.replace(/\s/g, ''), 'base64');
  let lido: ReturnType<typeof lePfx>;
  try {
    lido = lePfx(pfx, input.senha);
  } catch (err) {
    if (!(err instanceof CertificadoInvalido)) throw err;
    const campo = err.message === certificadoMensagens.senhaIncorreta ? 'senha' : 'conteudo_base64';
    throw new AppError('unprocessable', err.message, { fields: { [campo]: [err.message] } });
  }
  await writeTx(db, actor, (tx) => guardaCertificado(tx, pfx, lido, actor.userId));
  return (await infoCertificado(db)) as CertificadoA1Info;
}

export async function removeCertificado(db: Db, actor: Actor): Promise<void> {
  await writeTx(db, actor, async (tx) => {
    await tx.delete(certificadosA1);
    await tx.delete(fiscalSegredos).where(inArray(fiscalSegredos.chave, [SEGREDO_CHAVE, SEGREDO_PFX]));
  });
}

/**
 * The A1 certificate decrypted in memory, for the NF-e signature and the SEFAZ client (mutual TLS):
 * null when none was uploaded. Throws CofreErro (pt-BR) when the server's key changed since the upload.
 */
export async function carregaCertificadoA1(db: Db | Tx): Promise<CertificadoA1 | null> {
  const [c] = await db.select().from(certificadosA1).limit(1);
  if (!c) return null;
  const [segredo] = await db
    .select({ v: fiscalSegredos.valorCifrado })
    .from(fiscalSegredos)
    .where(sql`${fiscalSegredos.chave} = ${SEGREDO_CHAVE}`);
  if (!segredo) return null;
  return {
    keyPem: decifra(SEGREDO_CHAVE, segredo.v).toString('utf8'),
    certPem: c.certPem,
    chainPem: separaPems(c.cadeiaPem),
    titular: c.titular,
    cnpj: c.cnpj,
    valido_ate: c.validoAte.toISOString(),
  };
}
