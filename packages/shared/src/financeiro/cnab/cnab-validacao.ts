import { indiceControle } from '../ofx/ofx-validacao.ts';

// Checks that refuse a whole CNAB retorno before any of it is read (issue 29, item 5): a record of the
// wrong size, a NUL or control character, a blank line among the records, a remessa sent as a retorno.
// Without them a file of anything beginning with "0" became an import with banco "".
//
// CNAB 400: every record is exactly 400 positions (each ends with its sequential number at 395-400,
// so a right-trimmed record cannot exist). CNAB 240: records end in blanks reserved to FEBRABAN and
// real files come right-trimmed (MANIFEST §4: brcobranca's CNAB240.RET, 146-235 positions), so a line
// may be shorter than 240 — but never shorter than the last position read from its record type.

export type CnabErroEstrutura = { linha: number; mensagem: string };

/** Last position read from each CNAB 240 record type (position 8; segment at 14 for type 3). */
function minimo240(l: string): number {
  const tipo = l.slice(7, 8);
  if (tipo === '0') return 143; // file header: remessa/retorno code at 143
  if (tipo !== '3') return 14;
  const seg = l.slice(13, 14).toUpperCase();
  if (seg === 'T') return 213; // tarifa 199-213
  if (seg === 'U') return 153; // data de crédito 146-153
  return 14;
}

/** The first reason the lines are not a CNAB retorno of `formato`, or null. */
export function estruturaCnab(linhas: string[], formato: 'cnab240' | 'cnab400'): CnabErroEstrutura | null {
  const tamanho = formato === 'cnab240' ? 240 : 400;
  const layout = formato === 'cnab240' ? 'CNAB 240' : 'CNAB 400';
  for (let i = 0; i < linhas.length; i++) {
    const n = i + 1;
    let l = (linhas[i] ?? '').replace(/\r$/, '');
    if (n === linhas.length) {
      while (l.endsWith('\u001a')) l = l.slice(0, -1); // DOS end-of-file mark after the trailer
      if (l === '') break;
    }
    const p = indiceControle(l);
    if (p >= 0 || l.includes('\t') || l.includes('\f') || l.includes('\r')) {
      const i = p >= 0 ? p : l.search(/[\t\f\r]/);
      const c = l.charCodeAt(i);
      return {
        linha: n,
        mensagem: `Linha ${n}: caractere ${c === 0 ? 'nulo (NUL)' : `de controle (código ${c})`} na posição ${i + 1}; um retorno ${layout} tem só texto.`,
      };
    }
    const minimo = formato === 'cnab400' ? 400 : minimo240(l);
    if (l.length > tamanho || l.length < minimo)
      return {
        linha: n,
        mensagem:
          l.length === 0
            ? `Linha ${n}: vazia; esperado um registro de ${tamanho} posições (${layout}).`
            : `Linha ${n}: ${l.length} posições; esperado ${minimo === tamanho ? tamanho : `de ${minimo} a ${tamanho}`} (${layout}).`,
      };
  }
  const h = linhas[0] ?? '';
  const remessa = formato === 'cnab400' ? h.slice(1, 2) === '1' : h.slice(142, 143) === '1';
  if (remessa)
    return {
      linha: 1,
      mensagem: `Linha 1: o arquivo é uma remessa (${layout}), não um retorno do banco.`,
    };
  if (formato === 'cnab400' && !/^\d{3}$/.test(h.slice(76, 79)))
    return {
      linha: 1,
      mensagem: `Linha 1: código do banco (posições 77-79) "${h.slice(76, 79).trim()}"; esperado 3 dígitos.`,
    };
  return null;
}
