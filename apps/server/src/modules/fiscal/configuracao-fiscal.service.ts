import {
  AMBIENTES_NFE,
  type AmbienteNfe,
  type ConfiguracaoFiscal,
  type ConfiguracaoFiscalResposta,
  CRTS,
  type Crt,
  type configuracaoFiscalEntradaSchema,
  type EmitenteFiscal,
  fiscalMensagens,
  isUf,
  REGIMES_PIS_COFINS,
  type RegimeFiscal,
  type RegimePisCofins,
} from '@erp/shared';
import { inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { type Actor, writeTx } from '../../lib/audit-context.ts';
import { AppError } from '../../lib/errors.ts';
import { appSettings } from '../configuracoes/configuracoes.tables.ts';
import { settingDefaults } from '../configuracoes/settings.service.ts';
import { cifra, decifra } from './certificado-cofre.ts';
import { fiscalSegredos } from './fiscal.tables.ts';
import { listaSeries } from './series.service.ts';

// The fiscal settings as the other modules read them (carregaConfiguracaoFiscal) and as the screen
// edits them. Storage: app_settings keys — fiscal_emitente (the emitente without CRT and UF),
// fiscal_ambiente, fiscal_responsavel_tecnico (without the CSRT), fiscal_informacoes_complementares —
// plus the tax engine's own keys, edited here and not duplicated: empresa_crt, empresa_uf (= the
// address's UF), empresa_regime_pis_cofins, empresa_exclui_icms_pis_cofins. The CSRT is a secret:
// encrypted in fiscal_segredos, never answered (only "configurado").

export type ConfiguracaoFiscalEntrada = z.output<typeof configuracaoFiscalEntradaSchema>;

const CHAVES = [
  'fiscal_emitente',
  'fiscal_ambiente',
  'fiscal_responsavel_tecnico',
  'fiscal_informacoes_complementares',
  'empresa_uf',
  'empresa_crt',
  'empresa_regime_pis_cofins',
  'empresa_exclui_icms_pis_cofins',
] as const;
type Chave = (typeof CHAVES)[number];

type EmitenteGuardado = Omit<EmitenteFiscal, 'crt' | 'endereco'> & {
  endereco: Omit<EmitenteFiscal['endereco'], 'uf'>;
};
type ResponsavelGuardado = {
  cnpj: string;
  contato: string;
  email: string;
  fone: string;
  id_csrt: string | null;
};

export const SEGREDO_CSRT = 'csrt';

async function leChaves(db: Db | Tx): Promise<Partial<Record<Chave, unknown>>> {
  const rows = await db
    .select({ chave: appSettings.chave, valor: appSettings.valor })
    .from(appSettings)
    .where(inArray(appSettings.chave, [...CHAVES]));
  return Object.fromEntries(rows.map((r) => [r.chave, r.valor]));
}

const ehCrt = (v: unknown): v is Crt => (CRTS as readonly unknown[]).includes(v);

function regimeDe(v: Partial<Record<Chave, unknown>>): RegimeFiscal {
  const regime = v.empresa_regime_pis_cofins;
  const exclui = v.empresa_exclui_icms_pis_cofins;
  return {
    regime_pis_cofins: (REGIMES_PIS_COFINS as readonly unknown[]).includes(regime)
      ? (regime as RegimePisCofins)
      : (settingDefaults.empresa_regime_pis_cofins as RegimePisCofins),
    exclui_icms_base_pis_cofins:
      typeof exclui === 'boolean' ? exclui : settingDefaults.empresa_exclui_icms_pis_cofins,
  };
}

function emitenteDe(v: Partial<Record<Chave, unknown>>): EmitenteFiscal | null {
  const e = v.fiscal_emitente as EmitenteGuardado | undefined;
  if (!e || typeof e !== 'object') return null;
  // a jsonb text of digits ("3") may come back as a number
  const crt = typeof v.empresa_crt === 'number' ? String(v.empresa_crt) : v.empresa_crt;
  const uf = isUf(v.empresa_uf)
    ? v.empresa_uf
    : (settingDefaults.empresa_uf as EmitenteFiscal['endereco']['uf']);
  return {
    ...e,
    crt: ehCrt(crt) ? crt : (settingDefaults.empresa_crt as Crt),
    endereco: { ...e.endereco, uf },
  };
}

function ambienteDe(v: Partial<Record<Chave, unknown>>): AmbienteNfe {
  return (AMBIENTES_NFE as readonly unknown[]).includes(v.fiscal_ambiente)
    ? (v.fiscal_ambiente as AmbienteNfe)
    : 'homologacao';
}

/**
 * The ambiente the NF-e go out in, as saved in Configurações Fiscais (homologação until an admin
 * confirms produção); null while the fiscal settings were never saved (no NF-e can be issued yet).
 * The shell's environment badge follows it.
 */
export async function ambienteFiscal(db: Db | Tx): Promise<AmbienteNfe | null> {
  const v = await leChaves(db);
  return v.fiscal_ambiente === undefined ? null : ambienteDe(v);
}

async function csrtGuardado(db: Db | Tx): Promise<string | null> {
  const [row] = await db
    .select({ v: fiscalSegredos.valorCifrado })
    .from(fiscalSegredos)
    .where(sql`${fiscalSegredos.chave} = ${SEGREDO_CSRT}`);
  return row ? row.v : null;
}

/** What the screen shows (GET /api/fiscal/configuracao): the CSRT only as configurado or not. */
export async function leConfiguracaoFiscal(db: Db): Promise<ConfiguracaoFiscalResposta> {
  const v = await leChaves(db);
  const resp = v.fiscal_responsavel_tecnico as ResponsavelGuardado | undefined;
  const csrt = await csrtGuardado(db);
  return {
    emitente: emitenteDe(v),
    ambiente: ambienteDe(v),
    responsavel_tecnico: resp ? { ...resp, csrt_configurado: csrt !== null } : null,
    informacoes_complementares:
      typeof v.fiscal_informacoes_complementares === 'string' ? v.fiscal_informacoes_complementares : null,
    regime: regimeDe(v),
    series: await listaSeries(db),
  };
}

/**
 * The fiscal settings for the NF-e (emissão, SEFAZ): the emitente, ambiente, responsável técnico
 * with the decrypted CSRT, séries. 422 with a pt-BR message while the emitente was never saved.
 */
export async function carregaConfiguracaoFiscal(db: Db | Tx): Promise<ConfiguracaoFiscal> {
  const v = await leChaves(db);
  const emitente = emitenteDe(v);
  if (!emitente) throw new AppError('unprocessable', fiscalMensagens.emitenteNaoConfigurado);
  const resp = v.fiscal_responsavel_tecnico as ResponsavelGuardado | undefined;
  const csrtCifrado = resp ? await csrtGuardado(db) : null;
  return {
    emitente,
    ambiente: ambienteDe(v),
    responsavel_tecnico: resp
      ? { ...resp, csrt: csrtCifrado ? decifra(SEGREDO_CSRT, csrtCifrado).toString('utf8') : null }
      : null,
    informacoes_complementares:
      typeof v.fiscal_informacoes_complementares === 'string' ? v.fiscal_informacoes_complementares : null,
    regime: regimeDe(v),
    series: await listaSeries(db as Db),
  };
}

async function grava(tx: Tx, chave: Chave, valor: unknown) {
  // app_settings.valor is NOT NULL: an emptied setting is removed (its reader answers the default)
  if (valor === null || valor === undefined) {
    await tx.delete(appSettings).where(sql`${appSettings.chave} = ${chave}`);
    return;
  }
  await tx
    .insert(appSettings)
    .values({ chave, valor })
    .onConflictDoUpdate({ target: appSettings.chave, set: { valor, updatedAt: new Date() } });
}

/** PUT /api/fiscal/configuracao: everything in one transaction (audited per key by the app_settings trigger). */
export async function salvaConfiguracaoFiscal(
  db: Db,
  actor: Actor,
  input: ConfiguracaoFiscalEntrada,
): Promise<ConfiguracaoFiscalResposta> {
  await writeTx(db, actor, async (tx) => {
    const atual = await leChaves(tx);
    if (
      input.ambiente === 'producao' &&
      ambienteDe(atual) !== 'producao' &&
      input.confirmar_producao !== true
    ) {
      throw new AppError('unprocessable', fiscalMensagens.confirmarProducao, {
        fields: { confirmar_producao: [fiscalMensagens.confirmarProducao] },
      });
    }
    const { crt, endereco, ...emitente } = input.emitente;
    const { uf, ...enderecoSemUf } = endereco;
    await grava(tx, 'fiscal_emitente', { ...emitente, endereco: enderecoSemUf } satisfies EmitenteGuardado);
    await grava(tx, 'empresa_crt', crt);
    await grava(tx, 'empresa_uf', uf);
    await grava(tx, 'empresa_regime_pis_cofins', input.regime.regime_pis_cofins);
    await grava(tx, 'empresa_exclui_icms_pis_cofins', input.regime.exclui_icms_base_pis_cofins);
    await grava(tx, 'fiscal_ambiente', input.ambiente);
    await grava(tx, 'fiscal_informacoes_complementares', input.informacoes_complementares);

    const r = input.responsavel_tecnico;
    if (!r) {
      await tx.delete(appSettings).where(sql`${appSettings.chave} = 'fiscal_responsavel_tecnico'`);
      await tx.delete(fiscalSegredos).where(sql`${fiscalSegredos.chave} = ${SEGREDO_CSRT}`);
      return;
    }
    await grava(tx, 'fiscal_responsavel_tecnico', {
      cnpj: r.cnpj,
      contato: r.contato,
      email: r.email,
      fone: r.fone,
      id_csrt: r.id_csrt,
    } satisfies ResponsavelGuardado);
    if (r.remover_csrt) {
      await tx.delete(fiscalSegredos).where(sql`${fiscalSegredos.chave} = ${SEGREDO_CSRT}`);
    } else if (r.csrt) {
      const valorCifrado = cifra(SEGREDO_CSRT, r.csrt);
      await tx
        .insert(fiscalSegredos)
        .values({ chave: SEGREDO_CSRT, valorCifrado })
        .onConflictDoUpdate({ target: fiscalSegredos.chave, set: { valorCifrado, updatedAt: new Date() } });
    }
    if (!r.id_csrt && !r.remover_csrt && (r.csrt || (await csrtGuardado(tx)))) {
      throw new AppError('validation_failed', fiscalMensagens.csrtSemId, {
        fields: { 'responsavel_tecnico.id_csrt': [fiscalMensagens.csrtSemId] },
      });
    }
  });
  return leConfiguracaoFiscal(db);
}
