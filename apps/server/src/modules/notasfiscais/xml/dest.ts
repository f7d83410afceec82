import { enderecoXml } from './emit.ts';
import type { DestinatarioNfe } from './tipos.ts';
import { XNOME_HOMOLOGACAO } from './tipos.ts';
import { documento, el, elTexto, grupo, soDigitos } from './xml-texto.ts';

// Group dest (E01). indIEDest: 1 contribuinte (IE required), 2 isento (no IE), 9 não contribuinte
// (no IE). In homologação the name is the fixed text SEFAZ requires (rejection 598 otherwise).

export function destXml(d: DestinatarioNfe, tpAmb: '1' | '2'): string {
  const doc = documento(d.documento);
  const ie = soDigitos(d.IE);
  return grupo('dest', [
    doc.length === 11 ? el('CPF', doc) : el('CNPJ', doc),
    elTexto('xNome', tpAmb === '2' ? XNOME_HOMOLOGACAO : d.xNome, 60),
    enderecoXml('enderDest', d.ender),
    el('indIEDest', d.indIEDest),
    d.indIEDest === '1' && ie ? el('IE', ie) : '',
    elTexto('email', d.email, 60),
  ]);
}
