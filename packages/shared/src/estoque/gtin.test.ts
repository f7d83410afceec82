import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { gtinDigito, gtinOpcional, gtinProduto, isValidGtin, normalizaGtin } from './gtin.ts';

// Check digits worked by hand (GS1 mod-10: weights 3,1,3,… from the right of the body):
//   EAN-13 400638133393|1: 3·3+9+3·3+3+3·3+1+3·8+3+3·6+0+3·0+4 = 89 -> 1
//   UPC-A  03600029145|2: 3·5+4+3·1+9+3·2+0+3·0+0+3·6+3+3·0 = 58 -> 2
//   EAN-8  9638507|4: 3·7+0+3·5+8+3·3+6+3·9 = 86 -> 4
//   EAN-13 789100031550|7: 3·0+5+3·5+1+3·3+0+3·0+0+3·1+9+3·8+7 = 73 -> 7
//   GTIN-14 1789100031550|4: the same plus 3·1 = 76 -> 4
describe('GTIN check digit', () => {
  it.each([
    ['400638133393', 1],
    ['03600029145', 2],
    ['9638507', 4],
    ['789100031550', 7],
    ['1789100031550', 4],
  ])('digit of %s is %i', (corpo, digito) => {
    expect(gtinDigito(corpo)).toBe(digito);
  });

  it.each([
    ['4006381333931', true],
    ['036000291452', true],
    ['96385074', true],
    ['7891000315507', true],
    ['17891000315504', true],
    ['7891000315508', false],
    ['96385075', false],
    ['1234567', false], // 7 digits
    ['123456789', false], // 9 digits
    ['78910003155070', false], // 14 digits, wrong digit
    ['7891000315507a', false],
  ])('%s valid: %s', (gtin, valid) => {
    expect(isValidGtin(gtin)).toBe(valid);
  });
});

describe('GTIN fields', () => {
  const produto = z.object({ gtin: gtinProduto });
  const embalagem = z.object({ gtin: gtinOpcional });
  const erros = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message);

  it.each([
    ['', 'SEM GTIN'],
    [undefined, 'SEM GTIN'],
    [null, 'SEM GTIN'],
    ['sem gtin', 'SEM GTIN'],
    ['  Sem   GTIN ', 'SEM GTIN'],
    ['789 1000 315507', '7891000315507'],
    ['7891000-315507', '7891000315507'],
  ])('product GTIN %j -> %s', (input, out) => {
    expect(produto.parse({ gtin: input }).gtin).toBe(out);
  });

  it('gives pt-BR field errors', () => {
    expect(erros(produto.safeParse({ gtin: '7891000315508' }))).toEqual([
      'GTIN inválido: dígito verificador não confere',
    ]);
    expect(erros(produto.safeParse({ gtin: '12345' }))).toEqual([
      'GTIN deve ter 8, 12, 13 ou 14 dígitos, ou ser "SEM GTIN"',
    ]);
    expect(erros(produto.safeParse({ gtin: 'ABC' }))).toEqual([
      'GTIN deve ter 8, 12, 13 ou 14 dígitos, ou ser "SEM GTIN"',
    ]);
    expect(erros(embalagem.safeParse({ gtin: '17891000315505' }))).toEqual([
      'GTIN inválido: dígito verificador não confere',
    ]);
  });

  it('a packaging without GTIN is null', () => {
    expect(embalagem.parse({ gtin: '' }).gtin).toBeNull();
    expect(embalagem.parse({}).gtin).toBeNull();
    expect(embalagem.parse({ gtin: 'SEM GTIN' }).gtin).toBeNull();
    expect(embalagem.parse({ gtin: '17891000315504' }).gtin).toBe('17891000315504');
  });

  it('normalises typed text', () => {
    expect(normalizaGtin(' 0789-1000 ')).toBe('07891000');
  });
});
