import { and, eq, isNull } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { carregaCertificadoA1 } from '../fiscal/certificado.service.ts';
import { carregaConfiguracaoFiscal } from '../fiscal/configuracao-fiscal.service.ts';
import { type ClienteSefaz, criaClienteSefaz } from '../sefaz/cliente.ts';
import { trustStoreSefaz } from '../sefaz/trust-store.ts';
import { TP_EMIS_SVC, tpAmbDe } from '../sefaz/webservices.ts';
import { sefazContingencias } from './sefaz.tables.ts';

// Everything a conversation with SEFAZ needs, read once per request: the emitente (UF, CNPJ), the
// ambiente, the A1 (client certificate + signing key), the trust store, the open contingency.

export const contextoMensagens = {
  semCertificado:
    'Certificado digital A1 não configurado: envie o certificado em Configurações fiscais antes de transmitir.',
  certificadoVencido:
    'O certificado digital A1 está vencido: envie um certificado válido em Configurações fiscais.',
} as const;

export type Contingencia = {
  id: string;
  autorizador: 'SVCAN' | 'SVCRS';
  inicio: Date;
  justificativa: string;
};

export type ContextoSefaz = {
  uf: string;
  cnpj: string;
  tpAmb: '1' | '2';
  assinante: { keyPem: string; certPem: string };
  cliente: (contingencia: boolean) => ClienteSefaz;
};

export async function contingenciaAberta(db: Db | Tx, uf: string): Promise<Contingencia | null> {
  const [c] = await db
    .select()
    .from(sefazContingencias)
    .where(and(eq(sefazContingencias.uf, uf), isNull(sefazContingencias.fim)));
  return c
    ? {
        id: c.id,
        autorizador: c.autorizador as Contingencia['autorizador'],
        inicio: c.inicio,
        justificativa: c.justificativa,
      }
    : null;
}

export const tpEmisDaContingencia = (c: Contingencia | null) => (c ? TP_EMIS_SVC[c.autorizador] : '1');

export async function contextoSefaz(db: Db | Tx, config: Config): Promise<ContextoSefaz> {
  const fiscal = await carregaConfiguracaoFiscal(db);
  const a1 = await carregaCertificadoA1(db);
  if (!a1) throw new AppError('unprocessable', contextoMensagens.semCertificado);
  if (new Date(a1.valido_ate) < new Date())
    throw new AppError('unprocessable', contextoMensagens.certificadoVencido);
  const uf = fiscal.emitente.endereco.uf;
  const ambiente = fiscal.ambiente;
  const tls = {
    certPem: a1.certPem,
    keyPem: a1.keyPem,
    chainPem: a1.chainPem,
    ca: trustStoreSefaz(config.sefazCaDir),
  };
  return {
    uf,
    cnpj: fiscal.emitente.cnpj,
    tpAmb: tpAmbDe(ambiente) as '1' | '2',
    assinante: { keyPem: a1.keyPem, certPem: a1.certPem },
    cliente: (contingencia) =>
      criaClienteSefaz({
        uf,
        ambiente,
        contingencia,
        tls,
        timeoutMs: config.sefazTimeoutMs,
        override: config.sefazUrlOverride,
        schemasDir: config.nfeSchemasDir,
      }),
  };
}
