import { CRTS, type Crt, type Emitente, isUf, REGIMES_PIS_COFINS, type RegimePisCofins } from '@erp/shared';
import type { Db } from '../../db/client.ts';
import { getSetting, settingDefaults } from '../configuracoes/settings.service.ts';

// The company as the tax engine sees it (the NF-e emitente): UF, CRT, PIS/COFINS regime and
// whether the ICMS leaves the PIS/COFINS base — company settings (app_settings) until the fiscal
// settings screen of the NF-e issue edits them. A stored value the engine cannot use falls back
// to the default (SP, regime normal, não cumulativo, ICMS excluded).

const ehCrt = (v: unknown): v is Crt => (CRTS as readonly unknown[]).includes(v);
const ehRegime = (v: unknown): v is RegimePisCofins => (REGIMES_PIS_COFINS as readonly unknown[]).includes(v);

export async function emitenteDaEmpresa(db: Db): Promise<Emitente> {
  // One query after another: `db` may be a transaction's single client, where parallel queries are
  // deprecated by pg (and serialised anyway).
  const uf = await getSetting(db, 'empresa_uf');
  const crt = await getSetting(db, 'empresa_crt');
  const regime = await getSetting(db, 'empresa_regime_pis_cofins');
  const exclui = await getSetting(db, 'empresa_exclui_icms_pis_cofins');
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
