import type { GrupoCofins, GrupoIbsCbs, GrupoIcmsUfDest, GrupoIpi, GrupoPis } from '@erp/shared';
import { Decimal } from '@erp/shared';
import { el, grupo } from './xml-texto.ts';

// Groups IPI (O01), PIS (Q01), COFINS (S01), ICMSUFDest (NA01) and IBSCBS (UB12, TTribNFe of
// DFeTiposBasicos) of an item, from the tax engine's groups.

const IPI_TRIBUTADO = ['00', '49', '50', '99'];

export function ipiXml(g: GrupoIpi | null): string {
  if (!g) return '';
  const corpo = IPI_TRIBUTADO.includes(g.CST)
    ? grupo('IPITrib', [el('CST', g.CST), el('vBC', g.vBC), el('pIPI', g.pIPI), el('vIPI', g.vIPI)])
    : grupo('IPINT', [el('CST', g.CST)]);
  return grupo('IPI', [el('cEnq', g.cEnq || '999'), corpo]);
}

const ALIQ = ['01', '02'];
const NT = ['04', '05', '06', '07', '08', '09'];

function contribuicao(nome: 'PIS' | 'COFINS', cst: string, vBC: string, p: string, v: string): string {
  if (ALIQ.includes(cst))
    return grupo(nome, [
      grupo(`${nome}Aliq`, [el('CST', cst), el('vBC', vBC), el(`p${nome}`, p), el(`v${nome}`, v)]),
    ]);
  if (NT.includes(cst)) return grupo(nome, [grupo(`${nome}NT`, [el('CST', cst)])]);
  return grupo(nome, [
    grupo(`${nome}Outr`, [el('CST', cst), el('vBC', vBC), el(`p${nome}`, p), el(`v${nome}`, v)]),
  ]);
}

export const pisXml = (g: GrupoPis) => contribuicao('PIS', g.CST, g.vBC, g.pPIS, g.vPIS);
export const cofinsXml = (g: GrupoCofins) => contribuicao('COFINS', g.CST, g.vBC, g.pCOFINS, g.vCOFINS);

export function icmsUfDestXml(g: GrupoIcmsUfDest | null): string {
  if (!g) return '';
  return grupo('ICMSUFDest', [
    el('vBCUFDest', g.vBCUFDest),
    el('vBCFCPUFDest', g.vBCFCPUFDest),
    el('pFCPUFDest', g.pFCPUFDest),
    el('pICMSUFDest', g.pICMSUFDest),
    el('pICMSInter', g.pICMSInter),
    el('pICMSInterPart', g.pICMSInterPart),
    el('vFCPUFDest', g.vFCPUFDest),
    el('vICMSUFDest', g.vICMSUFDest),
    el('vICMSUFRemet', g.vICMSUFRemet),
  ]);
}

/** CST 400 (isenção) and 410 (imunidade, não incidência) carry no gIBSCBS. */
const SEM_GRUPO = ['400', '410'];

export function ibsCbsXml(g: GrupoIbsCbs | null): string {
  if (!g) return '';
  const reduz = !Decimal.of(g.pRedAliq).isZero();
  const red = (pEfet: string) =>
    reduz ? grupo('gRed', [el('pRedAliq', g.pRedAliq), el('pAliqEfet', pEfet)]) : '';
  const gIBSCBS = SEM_GRUPO.includes(g.CST)
    ? ''
    : grupo('gIBSCBS', [
        el('vBC', g.vBC),
        grupo('gIBSUF', [el('pIBSUF', g.pIBSUF), red(g.pAliqEfetIBSUF), el('vIBSUF', g.vIBSUF)]),
        grupo('gIBSMun', [el('pIBSMun', g.pIBSMun), red(g.pAliqEfetIBSMun), el('vIBSMun', g.vIBSMun)]),
        el('vIBS', g.vIBS),
        grupo('gCBS', [el('pCBS', g.pCBS), red(g.pAliqEfetCBS), el('vCBS', g.vCBS)]),
      ]);
  return grupo('IBSCBS', [el('CST', g.CST), el('cClassTrib', g.cClassTrib), gIBSCBS]);
}
