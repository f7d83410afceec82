import { describe, expect, it } from 'vitest';
import { validarBoleto } from '../boleto.ts';
import { type CasoBoleto, conferirCasos, FONTE_REINICIO } from '../casos-teste.ts';
import { dvModulo11BancoDoBrasil } from './banco-do-brasil.ts';

const BRC = 'brcobranca spec/brcobranca/boleto/banco_brasil_spec.rb';
const conta = { banco: '001', agencia: '4042', agenciaDv: '8', conta: '61900', contaDv: '0', carteira: '18' };

describe('Banco do Brasil: check digits', () => {
  it.each([
    ['4042', '8', BRC],
    ['0719', '6', BRC],
    ['0548', '7', BRC],
    ['00061900', '0', BRC],
    ['00001448', '6', BRC],
    ['12387989000004042', '4', `${BRC} (nosso número)`],
    ['12387989000061900', '7', `${BRC} (nosso número)`],
    ['12387989000000719', '2', `${BRC} (nosso número)`],
    // by hand: 6·2 = 12, 12 mod 11 = 1, 11 − 1 = 10 → "X"
    ['0006', 'X', 'hand'],
  ])('%s → %s (%s)', (digitos, dv) => {
    expect(dvModulo11BancoDoBrasil(digitos)).toBe(dv);
  });
});

const casos: CasoBoleto[] = [
  {
    nome: 'convênio 7, nosso número 17 without DV',
    fonte: BRC,
    carteira: { ...conta, convenio: '1238798' },
    dados: { sequencial: '7777700168', vencimento: '2008-02-03', valor: '135.00', emissao: '2008-02-01' },
    nossoNumero: '12387987777700168',
    campoLivre: '0000001238798777770016818',
    codigoBarras: '00193377100000135000000001238798777770016818',
    linha: '00190.00009 01238.798779 77700.168188 3 37710000013500',
    agenciaCodigo: '4042-8 / 00061900-0',
  },
  {
    nome: 'convênio 7, R$ 723,56',
    fonte: BRC,
    carteira: { ...conta, convenio: '1238798' },
    dados: { sequencial: 7777700168n, vencimento: '2008-02-03', valor: '723.56', emissao: '2008-02-01' },
    codigoBarras: '00195377100000723560000001238798777770016818',
    linha: '00190.00009 01238.798779 77700.168188 5 37710000072356',
  },
  {
    // nosso número DV by hand: 12387901234 weighs 4·2+3·3+2·4+1·5+0·6+9·7+7·8+8·9+3·2+2·3+1·4 = 237,
    // 237 mod 11 = 6, 11 − 6 = 5
    nome: 'convênio 6, nosso número 11 with DV',
    fonte: `${BRC}; DV by hand`,
    carteira: { ...conta, convenio: '123879' },
    dados: { sequencial: 1234, vencimento: '2008-02-01', valor: '135.00', emissao: '2008-02-01' },
    nossoNumero: '12387901234-5',
    campoLivre: '1238790123440420006190018',
    codigoBarras: '00192376900000135001238790123440420006190018',
    linha: '00191.23876 90123.440423 00061.900189 2 37690000013500',
  },
  {
    // DV by hand: 12380123456 weighs 12+15+16+15+12+7+0+72+6+6+4 = 165 = 15 × 11 → resto 0 → "0"
    nome: 'convênio 4, nosso número 11 with DV',
    fonte: `${BRC}; DV by hand`,
    carteira: { ...conta, convenio: '1238' },
    dados: { sequencial: '123456', vencimento: '2008-02-01', valor: '135.00', emissao: '2008-02-01' },
    nossoNumero: '12380123456-0',
    campoLivre: '1238012345640420006190018',
    codigoBarras: '00191376900000135001238012345640420006190018',
    linha: '00191.23801 12345.640424 00061.900189 1 37690000013500',
  },
  {
    // agência/conta DVs by hand (pyboleto does not print them): 9999 → 9·(5+4+3+2) = 126, 126 mod 11 = 5,
    // 11 − 5 = 6; 00099999 → 9·(6+5+4+3+2) = 180, 180 mod 11 = 4, 11 − 4 = 7
    nome: 'convênio 7, another peer',
    fonte: 'eduardocereto/pyboleto tests/test_banco_do_brasil.py',
    carteira: {
      ...conta,
      agencia: '9999',
      agenciaDv: '6',
      conta: '99999',
      contaDv: '7',
      convenio: '7777777',
    },
    dados: { sequencial: '87654', vencimento: '2011-03-08', valor: '2952.95', emissao: '2011-03-08' },
    codigoBarras: '00196490000002952950000007777777000008765418',
    linha: '00190.00009 07777.777009 00087.654182 6 49000000295295',
  },
  {
    nome: 'after the restart: 2026-01-01',
    fonte: FONTE_REINICIO,
    carteira: { ...conta, convenio: '1238798' },
    dados: { sequencial: '7777700168', vencimento: '2026-01-01', valor: '135.00', emissao: '2025-12-01' },
    codigoBarras: '00197131300000135000000001238798777770016818',
    linha: '00190.00009 01238.798779 77700.168188 7 13130000013500',
  },
  {
    // general DV by hand: the 43 digits weigh 649 = 59 × 11, resto 0, 11 → 1
    nome: 'after the restart: 2025-02-23, fator 1001, general DV 11 → 1',
    fonte: 'hand',
    carteira: { ...conta, convenio: '1238798' },
    dados: { sequencial: '7777700168', vencimento: '2025-02-23', valor: '135.00', emissao: '2025-02-01' },
    codigoBarras: '00191100100000135000000001238798777770016818',
    linha: '00190.00009 01238.798779 77700.168188 1 10010000013500',
  },
];

describe('Banco do Brasil: boletos', () => {
  conferirCasos(casos);
});

describe('Banco do Brasil: what the bank requires', () => {
  const dados = { sequencial: 1, vencimento: '2026-01-01', valor: '10.00', emissao: '2025-12-01' };
  it('names the field that is wrong', () => {
    expect(validarBoleto({ ...conta, agenciaDv: '7', convenio: '1238798' }, dados)).toEqual([
      { campo: 'agenciaDv', mensagem: 'Dígito da agência não confere: calculado 8, informado 7.' },
    ]);
    expect(validarBoleto({ ...conta, contaDv: 'X', convenio: '1238798' }, dados)).toEqual([
      { campo: 'contaDv', mensagem: 'Dígito da conta não confere: calculado 0, informado X.' },
    ]);
    expect(validarBoleto({ ...conta, convenio: '12345' }, dados)).toEqual([
      { campo: 'convenio', mensagem: 'Convênio: 4, 6 ou 7 dígitos no Banco do Brasil (informado 5).' },
    ]);
    expect(validarBoleto({ ...conta, carteira: '19', convenio: '1238798' }, dados)).toEqual([
      {
        campo: 'carteira',
        mensagem:
          'Carteira: o valor 19 não é aceito no Banco do Brasil (valores aceitos: 11, 12, 15, 16, 17, 18, 31, 51).',
      },
    ]);
    expect(validarBoleto({ ...conta, agenciaDv: '', convenio: '1238798' }, dados)).toEqual([
      { campo: 'agenciaDv', mensagem: 'Dígito da agência: obrigatório para o Banco do Brasil.' },
    ]);
  });

  it('the nosso número fits the convênio: 5 digits with convênio 6', () => {
    expect(validarBoleto({ ...conta, convenio: '123879' }, { ...dados, sequencial: 99999 })).toEqual([]);
    expect(validarBoleto({ ...conta, convenio: '123879' }, { ...dados, sequencial: 100000 })).toEqual([
      {
        campo: 'nossoNumero',
        mensagem:
          'Nosso número acima do máximo da carteira no Banco do Brasil (99999); peça ao banco uma nova carteira ou convênio.',
      },
    ]);
  });
});
