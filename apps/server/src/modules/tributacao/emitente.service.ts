import { CRTS, type Crt, type Emitente, isUf, REGIMES_PIS_COFINS, type RegimePisCofins } from '@erp/shared';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appSettings } from '../configuracoes/configuracoes.tables.ts';
import { settingDefaults } from '../configuracoes/settings.service.ts';

// The company as the tax engine sees it (the NF-e emitente): UF, CRT, PIS/COFINS regime and
// whether the ICMS leaves the PIS/COFINS base — company settings (app_settings) until the fiscal
// settings screen of the NF-e issue edits them. A stored value the engine cannot use falls back
// to the default (SP, regime normal, não cumulativo, ICMS excluded).

const ehCrt = (v: unknown): v is Crt => (CRTS as readonly unknown[]).includes(v);
const ehRegime = (v: unknown): v is RegimePisCofins => (REGIMES_PIS_COFINS as readonly unknown[]).includes(v);

/** The settings the emitente is read from. */
export const CHAVES_EMITENTE = [
  'empresa_uf',
  'empresa_crt',
  'empresa_regime_pis_cofins',
  'empresa_exclui_icms_pis_cofins',
] as const;

/** The emitente from the stored values of CHAVES_EMITENTE (a missing or unusable one: the default). */
export function emitenteDe(valores: Partial<Record<(typeof CHAVES_EMITENTE)[number], unknown>>): Emitente {
  const { empresa_uf: uf, empresa_crt: crt, empresa_regime_pis_cofins: regime } = valores;
  const exclui = valores.empresa_exclui_icms_pis_cofins;
  // a jsonb text of digits ("3") may come back as a number (the driver parses it again)
  const crtTexto = typeof crt === 'number' ? String(crt) : crt;
  return {
    uf: isUf(uf) ? uf : (settingDefaults.empresa_uf as Emitente['uf']),
    crt: ehCrt(crtTexto) ? crtTexto : (settingDefaults.empresa_crt as Crt),
    regimePisCofins: ehRegime(regime)
      ? regime
      : (settingDefaults.empresa_regime_pis_cofins as RegimePisCofins),
    excluiIcmsBasePisCofins:
      typeof exclui === 'boolean' ? exclui : settingDefaults.empresa_exclui_icms_pis_cofins,
  };
}

export async function emitenteDaEmpresa(db: Db): Promise<Emitente> {
  // one round trip for the four settings (an order save and an NF-e read them on every call)
  const rows = await db
    .select({ chave: appSettings.chave, valor: appSettings.valor })
    .from(appSettings)
    .where(inArray(appSettings.chave, [...CHAVES_EMITENTE]));
  return emitenteDe(Object.fromEntries(rows.map((r) => [r.chave, r.valor])));
}
