import type { PagamentoNfe } from './tipos.ts';
import { el, elTexto, grupo } from './xml-texto.ts';

// Group pag (YA01): one detPag per form of payment with its tPag; vTroco when paid over vNF.

export function pagXml(pag: PagamentoNfe[], vTroco?: string | null): string {
  return grupo('pag', [
    ...pag.map((p) =>
      grupo('detPag', [
        p.indPag ? el('indPag', p.indPag) : '',
        el('tPag', p.tPag),
        p.tPag === '99' ? elTexto('xPag', p.xPag || 'Outros', 60) : '',
        el('vPag', p.vPag),
      ]),
    ),
    vTroco ? el('vTroco', vTroco) : '',
  ]);
}
