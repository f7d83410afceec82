import { describe, expect, it } from 'vitest';
import { gerarBoleto, validarBoleto } from '../boleto.ts';
import { type CasoBoleto, conferirCasos, FONTE_REINICIO } from '../casos-teste.ts';
import { dvAgenciaContaBradesco, dvNossoNumeroBradesco } from './bradesco.ts';

const BRC = 'brcobranca spec/brcobranca/boleto/bradesco_spec.rb';
const conta = {
  banco: '237',
  agencia: '1172',
  agenciaDv: 'P',
  conta: '0403005',
  contaDv: '2',
  carteira: '06',
};
const dados = { sequencial: '75896452', vencimento: '2009-04-30', valor: '2952.95', emissao: '2009-04-30' };

describe('Bradesco: check digits', () => {
  it.each([
    ['0255', '0'],
    ['0943', '1'],
    ['1467', '2'],
    ['0794', '3'],
    ['0155', '4'],
    ['0650', '5'],
    ['0199', '6'],
    ['1425', '7'],
    ['2839', '8'],
    ['2332', '9'],
    ['0121', 'P'],
    ['4042', '8'],
    ['0325620', '0'],
    ['0284025', '1'],
    ['0238069', '2'],
    ['0135323', '3'],
    ['0010667', '4'],
    ['0420571', '5'],
    ['0510701', '6'],
    ['0420536', '7'],
    ['0012500', '8'],
    ['0010673', '9'],
    ['0019669', 'P'],
    ['0301357', 'P'],
    ['0061900', '0'],
    ['0001448', '6'],
  ])(`agência/conta %s → %s (${BRC})`, (digitos, dv) => {
    expect(dvAgenciaContaBradesco(digitos)).toBe(dv);
  });

  it.each([
    ['06', '00000000525', 'P'],
    ['09', '00000000001', '1'],
    ['19', '00000000002', '8'],
    ['19', '00000000006', '0'],
    ['19', '00000000001', 'P'],
  ])(`nosso número %s/%s → %s (${BRC})`, (carteira, numero, dv) => {
    expect(dvNossoNumeroBradesco(carteira, numero)).toBe(dv);
  });

  it(`prints carteira/nosso número-DV (${BRC})`, () => {
    expect(
      gerarBoleto({ ...conta, carteira: '06' }, { ...dados, sequencial: 525 }).nossoNumero.impresso,
    ).toBe('06/00000000525-P');
  });
});

const casos: CasoBoleto[] = [
  {
    nome: 'carteira 06',
    fonte: BRC,
    carteira: conta,
    dados,
    campoLivre: '1172060007589645204030050',
    codigoBarras: '23795422300002952951172060007589645204030050',
    linha: '23791.17209 60007.589645 52040.300502 5 42230000295295',
    agenciaCodigo: '1172-P / 0403005-2',
  },
  {
    nome: 'carteira 03',
    fonte: BRC,
    carteira: { ...conta, agencia: '4042', agenciaDv: '8', conta: '61900', contaDv: '0', carteira: '03' },
    dados: { ...dados, sequencial: '777700168', vencimento: '2008-02-02', valor: '135.00' },
    campoLivre: '4042030077770016800619000',
    codigoBarras: '23791377000000135004042030077770016800619000',
    linha: '23794.04201 30077.770011 68006.190000 1 37700000013500',
    agenciaCodigo: '4042-8 / 0061900-0',
  },
  {
    // pyboleto types the agência as "278-0" and never checks it (the barcode has no agência DV); the
    // rule above (brcobranca's table) gives 0278 → 2·4 + 7·3 + 8·2 = 45, 45 mod 11 = 1 → 10 → "P".
    // Conta by hand: 0039232 → 2·2+3·3+2·4+9·5+3·6 = 84, 84 mod 11 = 7, 11 − 7 = 4, as pyboleto prints.
    nome: 'carteira 06, another peer',
    fonte: 'eduardocereto/pyboleto tests/test_banco_bradesco.py',
    carteira: { ...conta, agencia: '278', agenciaDv: 'P', conta: '39232', contaDv: '4' },
    dados: { ...dados, sequencial: '2125525', vencimento: '2011-02-05', valor: '8280.00' },
    codigoBarras: '23794486900008280000278060000212552500392320',
    linha: '23790.27804 60000.212559 25003.923205 4 48690000828000',
  },
  {
    nome: 'after the restart: 2026-01-01',
    fonte: FONTE_REINICIO,
    carteira: conta,
    dados: { ...dados, vencimento: '2026-01-01' },
    codigoBarras: '23796131300002952951172060007589645204030050',
    linha: '23791.17209 60007.589645 52040.300502 6 13130000295295',
  },
];

describe('Bradesco: boletos', () => {
  conferirCasos(casos);
});

describe('Bradesco: what the bank requires', () => {
  it('names the field that is wrong', () => {
    expect(validarBoleto({ ...conta, agenciaDv: '0', contaDv: '0' }, dados)).toEqual([
      { campo: 'agenciaDv', mensagem: 'Dígito da agência não confere: calculado P, informado 0.' },
      { campo: 'contaDv', mensagem: 'Dígito da conta não confere: calculado 2, informado 0.' },
    ]);
    expect(validarBoleto({ ...conta, agenciaDv: 'X' }, dados)).toEqual([
      { campo: 'agenciaDv', mensagem: 'Dígito da agência inválido: X (0 a 9 ou P).' },
    ]);
    expect(validarBoleto({ ...conta, conta: '04.030-05' }, dados)).toEqual([
      { campo: 'conta', mensagem: 'Conta: só números (informado 04.030-05).' },
    ]);
  });
});
