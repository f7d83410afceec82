import { Decimal } from '@erp/shared';
import { cofinsXml, ibsCbsXml, icmsUfDestXml, ipiXml, pisXml } from './federais.ts';
import { icmsXml } from './icms.ts';
import type { ItemNfe } from './tipos.ts';
import { dec, decVar, el, elOpc, elTexto, grupo, soDigitos } from './xml-texto.ts';

// Group det (H01): prod (I01), imposto (M01) and, in a return note, impostoDevol (UA01) of each
// item. The values of prod that are money (vProd, vDesc, vFrete, …) and every tax come from the tax
// engine's ImpostosItem as they are.

/** TDec_1302Opc: a money field that is left out when zero. */
const opcional = (tag: string, v: string) => (Decimal.of(v).isZero() ? '' : el(tag, v));

function gtin(v: string | null | undefined): string {
  const d = soDigitos(v);
  return [8, 12, 13, 14].includes(d.length) ? d : 'SEM GTIN';
}

export function detXml(item: ItemNfe, nItem: number): string {
  const t = item.impostos;
  const unidade = item.uCom.trim().slice(0, 6) || 'UN';
  const qCom = dec(item.qCom, 4);
  const vUnCom = decVar(item.vUnCom, 2, 10);
  const cest = soDigitos(item.CEST);
  const prod = grupo('prod', [
    elTexto('cProd', item.cProd, 60),
    el('cEAN', gtin(item.cEAN)),
    elTexto('xProd', item.xProd, 120),
    el('NCM', soDigitos(item.NCM).padEnd(8, '0').slice(0, 8)),
    cest.length === 7 ? el('CEST', cest) : '',
    el('CFOP', t.CFOP),
    elTexto('uCom', unidade, 6),
    el('qCom', qCom),
    el('vUnCom', vUnCom),
    el('vProd', t.vProd),
    el('cEANTrib', gtin(item.cEAN)),
    elTexto('uTrib', unidade, 6),
    el('qTrib', qCom),
    el('vUnTrib', vUnCom),
    opcional('vFrete', t.vFrete),
    opcional('vSeg', t.vSeg),
    opcional('vDesc', t.vDesc),
    opcional('vOutro', t.vOutro),
    el('indTot', '1'),
    elTexto('xPed', item.xPed, 15),
    item.xPed && item.nItemPed ? elOpc('nItemPed', String(item.nItemPed).padStart(6, '0').slice(-6)) : '',
  ]);
  const imposto = grupo('imposto', [
    icmsXml(t.ICMS),
    ipiXml(t.IPI),
    pisXml(t.PIS),
    cofinsXml(t.COFINS),
    icmsUfDestXml(t.ICMSUFDest),
    ibsCbsXml(t.IBSCBS),
  ]);
  // impostoDevol (UA01) comes after imposto and before infAdProd
  const devol = item.impostoDevol
    ? grupo('impostoDevol', [
        el('pDevol', dec(item.impostoDevol.pDevol, 2)),
        grupo('IPI', [el('vIPIDevol', dec(item.impostoDevol.vIPIDevol, 2))]),
      ])
    : '';
  return `<det nItem="${nItem}">${prod}${imposto}${devol}${elTexto('infAdProd', item.infAdProd, 500)}</det>`;
}
