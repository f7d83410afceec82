import { describe, expect, it } from 'vitest';
import { parseCnab } from './parse-cnab.ts';

// Whole-file refusals of a CNAB retorno (issue 29, item 5): wrong record size, NUL lines, a blank line
// among the records, a remessa, a header without the bank code. Nothing of such a file is read.

const em = (base: string, pos: number, valor: string) =>
  base.slice(0, pos - 1) + valor + base.slice(pos - 1 + valor.length);
const header400 = em(em(' '.repeat(400), 1, '02RETORNO'), 77, '341');
const det400 = em(em(em(' '.repeat(400), 1, '1'), 109, '06'), 395, '000002');
const trailer400 = em(' '.repeat(400), 1, '9');
const header240 = em(em(' '.repeat(240), 1, '00100000'), 143, '2');

describe('CNAB refused whole', () => {
  it('CNAB 400: every record has 400 positions', () => {
    expect(parseCnab([header400, det400, trailer400].join('\n')).formato).toBe('cnab400');
    expect(parseCnab([header400, det400.slice(0, 399), trailer400].join('\n'))).toEqual({
      formato: null,
      banco: null,
      itens: [],
      erros: [{ linha: 2, mensagem: 'Linha 2: 399 posições; esperado 400 (CNAB 400).' }],
    });
    expect(parseCnab([header400, `${det400}X`, trailer400].join('\n')).erros).toEqual([
      { linha: 2, mensagem: 'Linha 2: 401 posições; esperado 400 (CNAB 400).' },
    ]);
    // the red team's file: a short header gave an import with banco ""
    expect(parseCnab([header400.slice(0, 60), det400].join('\n')).erros).toEqual([
      { linha: 1, mensagem: 'Linha 1: 60 posições; esperado 400 (CNAB 400).' },
    ]);
    expect(parseCnab(['0'.repeat(60), det400].join('\n')).erros).toEqual([
      { linha: 1, mensagem: 'Linha 1: 60 posições; esperado de 143 a 240 (CNAB 240).' },
    ]);
    expect(parseCnab([em(header400, 77, 'ABC'), det400].join('\n')).erros).toEqual([
      { linha: 1, mensagem: 'Linha 1: código do banco (posições 77-79) "ABC"; esperado 3 dígitos.' },
    ]);
  });

  it('NUL lines, blank lines among the records and remessas are refused with their line', () => {
    expect(parseCnab([header400, '\u0000'.repeat(400), trailer400].join('\n')).erros).toEqual([
      {
        linha: 2,
        mensagem: 'Linha 2: caractere nulo (NUL) na posição 1; um retorno CNAB 400 tem só texto.',
      },
    ]);
    expect(parseCnab([header400, '', trailer400].join('\n')).erros).toEqual([
      { linha: 2, mensagem: 'Linha 2: vazia; esperado um registro de 400 posições (CNAB 400).' },
    ]);
    expect(parseCnab([em(header400, 1, '01REMESSA'), det400].join('\n')).erros).toEqual([
      { linha: 1, mensagem: 'Linha 1: o arquivo é uma remessa (CNAB 400), não um retorno do banco.' },
    ]);
    expect(parseCnab([em(header240, 143, '1')].join('\n')).erros).toEqual([
      { linha: 1, mensagem: 'Linha 1: o arquivo é uma remessa (CNAB 240), não um retorno do banco.' },
    ]);
    // trailing blank lines and a DOS end-of-file mark are not records
    expect(parseCnab(`${[header400, det400, trailer400].join('\r\n')}\r\n\r\n`).formato).toBe('cnab400');
    expect(parseCnab(`${[header400, det400, trailer400].join('\r\n')}\r\n\u001a`).formato).toBe('cnab400');
  });

  it('CNAB 240: right-trimmed records pass down to the last position read; longer ones never', () => {
    const t = em(em(' '.repeat(240), 8, '3'), 14, 'T');
    const u = em(em(' '.repeat(240), 8, '3'), 14, 'U');
    expect(parseCnab([header240, t.slice(0, 213), u.slice(0, 153)].join('\n')).formato).toBe('cnab240');
    expect(parseCnab([header240, t.slice(0, 200), u].join('\n')).erros).toEqual([
      { linha: 2, mensagem: 'Linha 2: 200 posições; esperado de 213 a 240 (CNAB 240).' },
    ]);
    expect(parseCnab([header240, t, `${u}  `].join('\n')).erros).toEqual([
      { linha: 3, mensagem: 'Linha 3: 242 posições; esperado de 153 a 240 (CNAB 240).' },
    ]);
  });

  it('a CNAB 240 value beyond numeric(14,2) is a bad record, not a database error', () => {
    const t = em(em(em(' '.repeat(240), 8, '3'), 14, 'T'), 82, '999999999999999');
    const u = em(em(' '.repeat(240), 8, '3'), 14, 'U');
    expect(parseCnab([header240, t, u].join('\n')).erros).toEqual([
      { linha: 3, mensagem: 'Campo inválido (valorTitulo): registro ignorado.' },
    ]);
  });
});
