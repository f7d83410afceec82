import { describe, expect, it } from 'vitest';
import { partes, regra } from '../tributacao/fixtures.test-util.ts';
import type { RegraTributacao } from '../tributacao/regra.schema.ts';
import { calculaPedido, type Desconto, type ItemParaCalculo } from './calculo-pedido.ts';

// Every expected value is worked out by hand in the comments. Money rounds half away from zero, once
// per value. The seller is in SP and sells to a contributor in SP (indFinal 0): ICMS 18 %, FCP 0,
// the IPI stays out of the ICMS base, ST internal (MVA 40 %, not adjusted, ICMS-ST 18 %).

const R = {
  /** Normal: CST 00, no IPI. */
  N: regra({}, 'N'),
  /** ICMS-ST: CST 10, MVA 40 %. */
  S: regra({ cfop: '5403', cst_icms: '10', p_mva_st: '40' }, 'S'),
  /** IPI 10 % (CST 50). */
  I: regra({ cst_ipi: '50', p_ipi: '10' }, 'I'),
  /** ICMS-ST with MVA 40 % and IPI 5 %. */
  SI: regra({ cfop: '5403', cst_icms: '10', p_mva_st: '40', cst_ipi: '50', p_ipi: '5' }, 'SI'),
} satisfies Record<string, RegraTributacao>;

const UN = { sigla: 'UN', casas_decimais: 0 };
const KG = { sigla: 'KG', casas_decimais: 3 };

type Linha = [
  quantidade: string,
  embalagem: string,
  fator: string,
  preco: string,
  regra: keyof typeof R,
  desconto: Desconto | null,
  pesoBruto: string,
  pesoLiquido: string,
  volume: string,
];

function item(
  [quantidade, emb, fator, preco, r, desconto, pesoBruto, pesoLiquido, volume]: Linha,
  i: number,
) {
  const base = emb === 'KG' ? KG : UN;
  return {
    produtoId: `p${i + 1}`,
    quantidade,
    embalagem: { unidade: emb, fator, casas_decimais: emb === 'KG' ? 3 : 0 },
    unidadeBase: base,
    preco,
    desconto,
    ncm: '21069090',
    origem: '0',
    pesoBruto,
    pesoLiquido,
    volume,
    regra: R[r],
  } satisfies ItemParaCalculo;
}

const pct = (valor: string): Desconto => ({ tipo: 'percentual', valor });
const reais = (valor: string): Desconto => ({ tipo: 'valor', valor });

// The 20 items. vProd = base quantity × price; item discount % rounded to the cent.
const VINTE: Linha[] = [
  // 1 Arroz 5 kg: 10 UN × 25,90 = 259,00
  ['10', 'UN', '1', '25.90', 'N', null, '5.100', '5.000', '0.006000'],
  // 2 Feijão 1 kg: 2 CX × 12 = 24 × 8,49 = 203,76; 5 % = 10,188 → 10,19
  ['2', 'CX', '12', '8.49', 'N', pct('5'), '1.020', '1.000', '0.001200'],
  // 3 Refrigerante 2 L: 5 FD × 6 = 30 × 7,99 = 239,70
  ['5', 'FD', '6', '7.99', 'S', null, '2.150', '2.000', '0.003500'],
  // 4 Cerveja lata: 10 CX × 12 = 120 × 3,19 = 382,80; R$ 12,00
  ['10', 'CX', '12', '3.19', 'S', reais('12.00'), '0.380', '0.350', '0.000400'],
  // 5 Água 500 mL: 4 FD × 12 = 48 × 1,25 = 60,00
  ['4', 'FD', '12', '1.25', 'S', null, '0.520', '0.500', '0.000600'],
  // 6 Detergente: 36 UN × 2,35 = 84,60; 3 % = 2,538 → 2,54
  ['36', 'UN', '1', '2.35', 'N', pct('3'), '0.530', '0.500', '0.000550'],
  // 7 Ventilador: 2 UN × 189,90 = 379,80; R$ 19,80
  ['2', 'UN', '1', '189.90', 'I', reais('19.80'), '4.800', '4.200', '0.054000'],
  // 8 Liquidificador: 3 UN × 129,00 = 387,00; 10 % = 38,70
  ['3', 'UN', '1', '129.00', 'I', pct('10'), '3.100', '2.700', '0.021000'],
  // 9 Queijo: 2,5 KG × 42,90 = 107,25
  ['2.5', 'KG', '1', '42.90', 'N', null, '1.000', '1.000', '0.001100'],
  // 10 Presunto: 1,755 KG × 35,99 = 63,16245 → 63,16
  ['1.755', 'KG', '1', '35.99', 'N', null, '1.000', '1.000', '0.001100'],
  // 11 Óleo de soja: 1 CX × 20 = 20 × 7,45 = 149,00
  ['1', 'CX', '20', '7.45', 'N', null, '0.960', '0.900', '0.001000'],
  // 12 Café 500 g: 3 CX × 10 = 30 × 17,89 = 536,70; 2,5 % = 13,4175 → 13,42
  ['3', 'CX', '10', '17.89', 'N', pct('2.5'), '0.520', '0.500', '0.000900'],
  // 13 Açúcar 5 kg: 8 UN × 21,50 = 172,00
  ['8', 'UN', '1', '21.50', 'N', null, '5.050', '5.000', '0.005500'],
  // 14 Sabão em pó: 12 UN × 11,99 = 143,88
  ['12', 'UN', '1', '11.99', 'N', null, '1.050', '1.000', '0.002000'],
  // 15 Chocolate: 2 CX × 24 = 48 × 4,59 = 220,32; 4 % = 8,8128 → 8,81
  ['2', 'CX', '24', '4.59', 'SI', pct('4'), '0.095', '0.090', '0.000150'],
  // 16 Biscoito: 1 CX × 30 = 30 × 2,79 = 83,70
  ['1', 'CX', '30', '2.79', 'N', null, '0.210', '0.200', '0.000400'],
  // 17 Energético: 24 UN × 8,90 = 213,60; R$ 5,00
  ['24', 'UN', '1', '8.90', 'S', reais('5.00'), '0.290', '0.250', '0.000300'],
  // 18 Pilha AA: 10 UN × 15,90 = 159,00
  ['10', 'UN', '1', '15.90', 'I', null, '0.050', '0.046', '0.000060'],
  // 19 Papel higiênico: 6 PCT × 4 = 24 × 4,25 = 102,00
  ['6', 'PCT', '4', '4.25', 'N', null, '0.400', '0.380', '0.004000'],
  // 20 Vinho tinto: 6 UN × 39,90 = 239,40; 7 % = 16,758 → 16,76
  ['6', 'UN', '1', '39.90', 'SI', pct('7'), '1.250', '0.750', '0.001300'],
];

describe('calculaPedido: a 20-item order with item and order discounts, ST and IPI', () => {
  const resultado = calculaPedido({
    itens: VINTE.map(item),
    desconto: pct('1.5'),
    frete: '48.50',
    partes: partes(),
  });
  if (!resultado.ok) throw new Error(JSON.stringify(resultado.erros));

  it('converts packagings to base units and applies the item discounts', () => {
    expect(resultado.itens.map((i) => [i.quantidadeBase, i.valorProdutos, i.descontoItem])).toEqual([
      ['10.000', '259.00', '0.00'],
      ['24.000', '203.76', '10.19'],
      ['30.000', '239.70', '0.00'],
      ['120.000', '382.80', '12.00'],
      ['48.000', '60.00', '0.00'],
      ['36.000', '84.60', '2.54'],
      ['2.000', '379.80', '19.80'],
      ['3.000', '387.00', '38.70'],
      ['2.500', '107.25', '0.00'],
      ['1.755', '63.16', '0.00'],
      ['20.000', '149.00', '0.00'],
      ['30.000', '536.70', '13.42'],
      ['8.000', '172.00', '0.00'],
      ['12.000', '143.88', '0.00'],
      ['48.000', '220.32', '8.81'],
      ['30.000', '83.70', '0.00'],
      ['24.000', '213.60', '5.00'],
      ['10.000', '159.00', '0.00'],
      ['24.000', '102.00', '0.00'],
      ['6.000', '239.40', '16.76'],
    ]);
  });

  it('allocates the order discount in proportion to each net line, adding up exactly', () => {
    // Σ vProd 4.186,67 − Σ item discounts 127,22 = net 4.059,45; 1,5 % = 60,89175 → 60,89 = 6.089 cents.
    // Share = 6.089 × net / 405.945 (cents). Floors: 3,88 2,90 3,59 5,56 0,89 1,23 5,39 5,22 1,60
    // 0,94 2,23 7,84 2,57 2,15 3,17 1,25 3,12 2,38 1,52 3,33 = 60,76; 13 cents left, one each to the
    // largest remainders: item 5 (0,9974), 19 (0,9956), 13 (0,9926), 7 (0,9845), 20 (0,9504),
    // 12 (0,8974), 17 (0,8910), 9 (0,8704), 14 (0,8138), 10 (0,7373), 16 (0,5464), 3 (0,5397),
    // 11 (0,4936); item 18 (0,4931) and the rest keep their floor.
    expect(resultado.itens.map((i) => i.descontoRateado).join(' ')).toBe(
      '3.88 2.90 3.60 5.56 0.90 1.23 5.40 5.22 1.61 0.95 ' +
        '2.24 7.85 2.58 2.16 3.17 1.26 3.13 2.38 1.53 3.34',
    );
  });

  it('apportions the freight in proportion to vProd, adding up exactly', () => {
    // 4.850 cents × vProd / 418.667. Floors: 3,00 2,36 2,77 4,43 0,69 0,98 4,39 4,48 1,24 0,73 1,72
    // 6,21 1,99 1,66 2,55 0,96 2,47 1,84 1,18 2,77 = 48,42; 8 cents left: item 7 (0,9750),
    // 16 (0,9613), 12 (0,7340), 3 (0,6777), 14 (0,6761), 11 (0,6073), 5 (0,5063), 4 (0,4503).
    expect(resultado.itens.map((i) => i.frete).join(' ')).toBe(
      '3.00 2.36 2.78 4.44 0.70 0.98 4.40 4.48 1.24 0.73 ' +
        '1.73 6.22 1.99 1.67 2.55 0.97 2.47 1.84 1.18 2.77',
    );
  });

  it('adds ICMS-ST and IPI per item from the tax engine', () => {
    // vOp = vProd − item discount − order share + freight. IPI = vOp × p. ICMS = vOp × 18 %.
    // BC-ST = (vOp + IPI) × 1,40; ST = BC-ST × 18 % − ICMS. vItem = vOp + ST + IPI.
    //  1  259,00 − 0 − 3,88 + 3,00 = 258,12                                        → 258,12
    //  2  203,76 − 10,19 − 2,90 + 2,36 = 193,03                                    → 193,03
    //  3  239,70 − 3,60 + 2,78 = 238,88; ICMS 42,9984 → 43,00; BC-ST 334,432 → 334,43;
    //     60,1974 → 60,20 − 43,00 = ST 17,20                                       → 256,08
    //  4  382,80 − 12,00 − 5,56 + 4,44 = 369,68; ICMS 66,5424 → 66,54; BC-ST 517,552 → 517,55;
    //     93,159 → 93,16 − 66,54 = ST 26,62                                        → 396,30
    //  5  60,00 − 0,90 + 0,70 = 59,80; ICMS 10,764 → 10,76; BC-ST 83,72; 15,0696 → 15,07
    //     − 10,76 = ST 4,31                                                        → 64,11
    //  6  84,60 − 2,54 − 1,23 + 0,98 = 81,81                                       → 81,81
    //  7  379,80 − 19,80 − 5,40 + 4,40 = 359,00; IPI 10 % 35,90                    → 394,90
    //  8  387,00 − 38,70 − 5,22 + 4,48 = 347,56; IPI 34,756 → 34,76                → 382,32
    //  9  107,25 − 1,61 + 1,24 = 106,88                                            → 106,88
    // 10  63,16 − 0,95 + 0,73 = 62,94                                              → 62,94
    // 11  149,00 − 2,24 + 1,73 = 148,49                                            → 148,49
    // 12  536,70 − 13,42 − 7,85 + 6,22 = 521,65                                    → 521,65
    // 13  172,00 − 2,58 + 1,99 = 171,41                                            → 171,41
    // 14  143,88 − 2,16 + 1,67 = 143,39                                            → 143,39
    // 15  220,32 − 8,81 − 3,17 + 2,55 = 210,89; IPI 5 % 10,5445 → 10,54; ICMS 37,9602 → 37,96;
    //     BC-ST (210,89 + 10,54) × 1,40 = 310,002 → 310,00; 55,80 − 37,96 = ST 17,84 → 239,27
    // 16  83,70 − 1,26 + 0,97 = 83,41                                              → 83,41
    // 17  213,60 − 5,00 − 3,13 + 2,47 = 207,94; ICMS 37,4292 → 37,43; BC-ST 291,116 → 291,12;
    //     52,4016 → 52,40 − 37,43 = ST 14,97                                       → 222,91
    // 18  159,00 − 2,38 + 1,84 = 158,46; IPI 15,846 → 15,85                       → 174,31
    // 19  102,00 − 1,53 + 1,18 = 101,65                                            → 101,65
    // 20  239,40 − 16,76 − 3,34 + 2,77 = 222,07; IPI 5 % 11,1035 → 11,10; ICMS 39,9726 → 39,97;
    //     BC-ST 233,17 × 1,40 = 326,438 → 326,44; 58,7592 → 58,76 − 39,97 = ST 18,79 → 251,96
    expect(resultado.itens.map((i) => [i.desconto, i.st, i.ipi, i.total])).toEqual([
      ['3.88', '0.00', '0.00', '258.12'],
      ['13.09', '0.00', '0.00', '193.03'],
      ['3.60', '17.20', '0.00', '256.08'],
      ['17.56', '26.62', '0.00', '396.30'],
      ['0.90', '4.31', '0.00', '64.11'],
      ['3.77', '0.00', '0.00', '81.81'],
      ['25.20', '0.00', '35.90', '394.90'],
      ['43.92', '0.00', '34.76', '382.32'],
      ['1.61', '0.00', '0.00', '106.88'],
      ['0.95', '0.00', '0.00', '62.94'],
      ['2.24', '0.00', '0.00', '148.49'],
      ['21.27', '0.00', '0.00', '521.65'],
      ['2.58', '0.00', '0.00', '171.41'],
      ['2.16', '0.00', '0.00', '143.39'],
      ['11.98', '17.84', '10.54', '239.27'],
      ['1.26', '0.00', '0.00', '83.41'],
      ['8.13', '14.97', '0.00', '222.91'],
      ['2.38', '0.00', '15.85', '174.31'],
      ['1.53', '0.00', '0.00', '101.65'],
      ['20.10', '18.79', '11.10', '251.96'],
    ]);
  });

  it('totals every figure to the cent', () => {
    // produtos  Σ vProd                                   4.186,67
    // descontos items 127,22 + order 60,89              =   188,11
    // ST        17,20 + 26,62 + 4,31 + 17,84 + 14,97 + 18,79 =  99,73
    // IPI       35,90 + 34,76 + 10,54 + 15,85 + 11,10      =   108,15
    // frete                                                  48,50
    // total     4.186,67 − 188,11 + 99,73 + 108,15 + 48,50 = 4.254,94 (= Σ vItem)
    // peso bruto  51 + 24,48 + 64,5 + 45,6 + 24,96 + 19,08 + 9,6 + 9,3 + 2,5 + 1,755 + 19,2 + 15,6
    //             + 40,4 + 12,6 + 4,56 + 6,3 + 6,96 + 0,5 + 9,6 + 7,5 = 375,995 kg
    // peso líquido 50 + 24 + 60 + 42 + 24 + 18 + 8,4 + 8,1 + 2,5 + 1,755 + 18 + 15 + 40 + 12
    //             + 4,32 + 6 + 6 + 0,46 + 9,12 + 4,5 = 354,155 kg
    // volume      0,06 + 0,0288 + 0,105 + 0,048 + 0,0288 + 0,0198 + 0,108 + 0,063 + 0,00275
    //             + 0,0019305 → 0,001931 + 0,02 + 0,027 + 0,044 + 0,024 + 0,0072 + 0,012 + 0,0072
    //             + 0,0006 + 0,096 + 0,0078 = 0,711881 m³
    expect(resultado.totais).toEqual({
      produtos: '4186.67',
      descontoItens: '127.22',
      descontoPedido: '60.89',
      descontos: '188.11',
      st: '99.73',
      fcpSt: '0.00',
      ipi: '108.15',
      frete: '48.50',
      total: '4254.94',
      pesoBruto: '375.995',
      pesoLiquido: '354.155',
      volume: '0.711881',
    });
    expect(resultado.itens[9]!.volume).toBe('0.001931');
    expect(resultado.documento.ICMSTot.vNF).toBe('4254.94');
  });
});

describe('calculaPedido: units, discounts and their field errors', () => {
  const um = (over: Partial<ItemParaCalculo> = {}): ItemParaCalculo => ({
    ...item(['1', 'UN', '1', '10.00', 'N', null, '0', '0', '0'], 0),
    ...over,
  });
  const calcula = (itens: ItemParaCalculo[], desconto: Desconto | null = null, frete = '0') =>
    calculaPedido({ itens, desconto, frete, partes: partes() });

  it.each([
    // quantity, packaging, factor, casas of the packaging, base unit -> field error
    ['1.5', 'CX', '12', 0, UN, 'Quantidade em CX não aceita casas decimais'],
    ['0.5', 'UN', '1', 0, UN, 'Quantidade em UN não aceita casas decimais'],
    ['1.2345', 'KG', '1', 3, KG, 'Quantidade em KG aceita no máximo 3 casas decimais'],
    // 0,125 PCT × 0,125 KG = 0,015625 KG: more than numeric(14,3) holds
    ['0.125', 'PCT', '0.125', 3, KG, 'Quantidade convertida para KG tem mais de 3 casas decimais'],
    // a box of 0,5 of a unit sold whole: 3 × 0,5 = 1,5 UN
    ['3', 'MEIA', '0.5', 0, UN, 'Quantidade em UN não aceita casas decimais'],
  ])('%s %s (fator %s) → %s', (quantidade, unidade, fator, casas, base, erro) => {
    const r = calcula([
      um(),
      um({ quantidade, embalagem: { unidade, fator, casas_decimais: casas }, unidadeBase: base }),
    ]);
    expect(r).toEqual({ ok: false, erros: { 'itens.1.quantidade': [erro] } });
  });

  it('refuses an item discount above its value, and a percentage above 100', () => {
    expect(calcula([um({ desconto: reais('10.01') }), um({ desconto: pct('100.01') })])).toEqual({
      ok: false,
      erros: {
        'itens.0.desconto': ['Desconto maior que o valor do item (R$\u00a010,00)'],
        'itens.1.desconto': ['Desconto deve ser no máximo 100 %'],
      },
    });
  });

  it('refuses an order discount above the net of the items', () => {
    // 2 × 10,00 − 1,00 = 19,00 net
    expect(calcula([um(), um({ desconto: reais('1.00') })], reais('19.01'))).toEqual({
      ok: false,
      erros: { desconto: ['Desconto maior que o valor dos itens (R$\u00a019,00)'] },
    });
  });

  it('gives a line to zero with 100 % and keeps it out of the order discount', () => {
    // nets 10,00 and 0,00: the whole R$ 3,00 goes to the first; freight 1,00 by vProd 10/10 → 0,50 each
    const r = calcula([um(), um({ desconto: pct('100') })], reais('3.00'), '1.00');
    if (!r.ok) throw new Error('expected ok');
    expect(r.itens.map((i) => [i.descontoItem, i.descontoRateado, i.frete, i.total])).toEqual([
      ['0.00', '3.00', '0.50', '7.50'],
      ['10.00', '0.00', '0.50', '0.50'],
    ]);
    // 20,00 − 13,00 + 1,00 = 8,00
    expect(r.totais.total).toBe('8.00');
  });

  it('an order discount in R$ equal to the net leaves only the freight', () => {
    const r = calcula([um(), um()], reais('20.00'), '2.00');
    if (!r.ok) throw new Error('expected ok');
    expect([r.totais.descontos, r.totais.frete, r.totais.total]).toEqual(['20.00', '2.00', '2.00']);
  });
});
