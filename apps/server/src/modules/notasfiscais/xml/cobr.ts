import type { CobrNfe } from './tipos.ts';
import { el, elTexto, grupo } from './xml-texto.ts';

// Group cobr (Y01): the invoice (fat) and its instalments (dup), as the finance rule generated them.

export function cobrXml(c: CobrNfe | null): string {
  if (!c) return '';
  return grupo('cobr', [
    grupo('fat', [
      elTexto('nFat', c.nFat, 60),
      el('vOrig', c.vOrig),
      el('vDesc', c.vDesc),
      el('vLiq', c.vLiq),
    ]),
    ...c.dup
      .slice(0, 120)
      .map((d) => grupo('dup', [el('nDup', d.nDup), el('dVenc', d.dVenc), el('vDup', d.vDup)])),
  ]);
}
