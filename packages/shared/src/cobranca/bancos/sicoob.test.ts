import { describe, expect, it } from 'vitest';
import { gerarBoleto, validarBoleto } from '../boleto.ts';
import { type CasoBoleto, conferirCasos, FONTE_REINICIO } from '../casos-teste.ts';
import { dvNossoNumeroSicoob } from './sicoob.ts';

const BRC = 'brcobranca spec/brcobranca/boleto/sicoob_spec.rb';
const conta = { banco: '756', agencia: '4327', conta: '417270', carteira: '1', convenio: '229385' };
const dados = { sequencial: '2', vencimento: '2016-02-18', valor: '50.00', emissao: '2016-02-16' };

describe('Sicoob: nosso número DV (constante 3197)', () => {
  it.each([
    ['1', '7'],
    ['2', '4'],
    ['3', '1'],
    ['4', '9'],
    ['5', '6'],
    ['6', '3'],
    ['7', '0'],
    ['8', '8'],
    ['9', '5'],
    ['10', '3'],
    ['11', '0'],
    ['12', '8'],
    ['13', '5'],
  ])(`cooperativa 4327, código 0229385, nosso número %s → %s (${BRC})`, (numero, dv) => {
    expect(dvNossoNumeroSicoob('4327', '0229385', numero)).toBe(dv);
    expect(gerarBoleto(conta, { ...dados, sequencial: numero }).nossoNumero.dv).toBe(dv);
  });

  it('worked by hand: nosso número 1', () => {
    // 4327 0000229385 0000001 weighted 3 1 9 7 3 1 9 7… from the left:
    // 4·3 3·1 2·9 7·7 | 0 0 0 0 | 2·3 2·1 9·9 3·7 | 8·3 5·1 0 0 | 0 0 0 0 | 1·3
    // = 12+3+18+49 + 6+2+81+21 + 24+5 + 3 = 224; 224 mod 11 = 4; 11 − 4 = 7.
    expect(dvNossoNumeroSicoob('4327', '0229385', '1')).toBe('7');
  });
});

const casos: CasoBoleto[] = [
  {
    nome: 'carteira 1, modalidade 01',
    fonte: `${BRC} (campo livre, linha)`,
    carteira: conta,
    dados,
    nossoNumero: '0000002-4',
    campoLivre: '1432701022938500000024001',
    codigoBarras: '75692670800000050001432701022938500000024001',
    linha: '75691.43279 01022.938508 00000.240010 2 67080000005000',
    agenciaCodigo: '4327 / 0229385',
  },
  {
    nome: 'modalidade 05',
    fonte: `${BRC} (campo livre, linha)`,
    carteira: { ...conta, agencia: '4134', conta: '10333', convenio: '148180', variacao: '05' },
    dados: { ...dados, sequencial: '110', vencimento: '2017-04-15', valor: '235.00' },
    campoLivre: '1413405014818000001104001',
    linha: '75691.41349 05014.818008 00011.040011 4 71300000023500',
  },
  {
    nome: 'after the restart: 2026-01-01',
    fonte: FONTE_REINICIO,
    carteira: conta,
    dados: { ...dados, vencimento: '2026-01-01' },
    codigoBarras: '75691131300000050001432701022938500000024001',
    linha: '75691.43279 01022.938508 00000.240010 1 13130000005000',
  },
];

describe('Sicoob: boletos', () => {
  conferirCasos(casos);
});

describe('Sicoob: what the bank requires', () => {
  it('names the field that is wrong', () => {
    expect(validarBoleto({ ...conta, carteira: '2' }, dados)).toEqual([
      { campo: 'carteira', mensagem: 'Carteira: o valor 2 não é aceito no Sicoob (valores aceitos: 1, 3).' },
    ]);
    expect(validarBoleto({ ...conta, agencia: '' }, dados)).toEqual([
      { campo: 'agencia', mensagem: 'Cooperativa (agência): obrigatório para o Sicoob.' },
    ]);
    expect(validarBoleto(conta, { ...dados, sequencial: '10000000' })[0]?.campo).toBe('nossoNumero');
  });
});
