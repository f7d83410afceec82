import type { NotaNfe } from '../parser.ts';
import type { Danfe } from './caixa.ts';

// The marks printed across the products area (MOC): homologação → "SEM VALOR FISCAL" and
// "NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO"; a note without an authorisation protocol → "SEM VALOR
// FISCAL" / "NF-e NÃO AUTORIZADA PELA SEFAZ"; a cancelled one (event 110111 accepted) → "NF-e CANCELADA".

export function autorizada(n: NotaNfe): boolean {
  return !!n.protNFe && ['100', '150'].includes(n.protNFe.cStat ?? '');
}

export function cancelada(n: NotaNfe): boolean {
  return n.eventos.some((e) => e.tpEvento === '110111' && ['135', '136', '155'].includes(e.cStat ?? ''));
}

/** The lines of the mark (empty when the note is an authorised one in produção). */
export function textosMarca(n: NotaNfe): string[] {
  if (cancelada(n)) return ['NF-e CANCELADA', ...(n.ide.tpAmb === '2' ? ['SEM VALOR FISCAL'] : [])];
  if (n.ide.tpAmb === '2') return ['SEM VALOR FISCAL', 'NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO'];
  if (!autorizada(n)) return ['SEM VALOR FISCAL', 'NF-e NÃO AUTORIZADA PELA SEFAZ'];
  return [];
}

/** Writes the mark centred in the band [y0, y1] of the current page. */
export function marca(d: Danfe, y0: number, y1: number) {
  const linhas = textosMarca(d.nota);
  if (!linhas.length) return;
  const { doc } = d.pdf;
  const [principal, ...resto] = linhas;
  const y = y0 + (y1 - y0) / 2 - 24;
  doc.save().fillOpacity(0.28).fillColor('#b00000');
  doc
    .font('Helvetica-Bold')
    .fontSize(34)
    .text(principal!, d.x, y, { width: d.w, align: 'center', lineBreak: false });
  doc.fontSize(12);
  resto.forEach((l, i) => {
    doc.text(l, d.x, y + 40 + i * 15, { width: d.w, align: 'center', lineBreak: false });
  });
  doc.restore();
  doc.fillColor('#000');
}
