import type { EmitenteNfe, Endereco } from './tipos.ts';
import { documento, el, elOpc, elTexto, grupo, soDigitos } from './xml-texto.ts';

// Groups emit (C01) and the address type TEnderEmi / TEndereco.

export function enderecoXml(tag: 'enderEmit' | 'enderDest', e: Endereco): string {
  const cep = soDigitos(e.CEP);
  const fone = soDigitos(e.fone);
  return grupo(tag, [
    elTexto('xLgr', e.xLgr, 60),
    elTexto('nro', e.nro || 'S/N', 60),
    elTexto('xCpl', e.xCpl, 60),
    elTexto('xBairro', e.xBairro, 60),
    el('cMun', e.cMun),
    elTexto('xMun', e.xMun, 60),
    el('UF', e.UF),
    cep.length === 8 ? el('CEP', cep) : '',
    el('cPais', '1058'),
    el('xPais', 'Brasil'),
    fone.length >= 6 && fone.length <= 14 ? el('fone', fone) : '',
  ]);
}

export function emitXml(e: EmitenteNfe): string {
  const im = e.IM?.trim() ? e.IM.trim() : null;
  return grupo('emit', [
    el('CNPJ', documento(e.CNPJ)),
    elTexto('xNome', e.xNome, 60),
    elTexto('xFant', e.xFant, 60),
    enderecoXml('enderEmit', e.ender),
    el('IE', soDigitos(e.IE) || 'ISENTO'),
    // CNAE goes only with IM (schema: sequence IM, CNAE optional together)
    im ? elTexto('IM', im, 15) : '',
    im ? elOpc('CNAE', soDigitos(e.CNAE) || null) : '',
    el('CRT', e.CRT),
  ]);
}
