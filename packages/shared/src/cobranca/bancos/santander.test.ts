import { describe, expect, it } from 'vitest';
import { validarBoleto } from '../boleto.ts';
import { type CasoBoleto, conferirCasos, FONTE_REINICIO } from '../casos-teste.ts';
import { dvNossoNumeroSantander } from './santander.ts';

const BRC = 'brcobranca spec/brcobranca/boleto/santander_spec.rb';
const conta = { banco: '033', agencia: '0059', conta: '013000123', carteira: '102', convenio: '1899775' };
const dados = { sequencial: '9000026', vencimento: '2011-10-09', valor: '25.00', emissao: '2011-10-01' };

describe('Santander: nosso número DV', () => {
  it.each([
    ['566612457800', '2', BRC],
    ['90002720', '7', BRC],
    ['1961005', '0', BRC],
    // by hand: 9000026 from the right 6·2 2·3 0 0 0 0 9·8 = 12+6+72 = 90, 90 mod 11 = 2, 11 − 2 = 9
    ['000009000026', '9', `${BRC} (campo livre) + hand`],
  ])('%s → %s (%s)', (numero, dv) => {
    expect(dvNossoNumeroSantander(numero)).toBe(dv);
  });
});

const casos: CasoBoleto[] = [
  {
    nome: 'carteira 102',
    fonte: BRC,
    carteira: conta,
    dados,
    nossoNumero: '000009000026-9',
    campoLivre: '9189977500000900002690102',
    codigoBarras: '03399511500000025009189977500000900002690102',
    linha: '03399.18997 77500.000904 00026.901025 9 51150000002500',
    agenciaCodigo: '0059 / 1899775',
  },
  {
    nome: 'carteira 102, R$ 54,00',
    fonte: BRC,
    carteira: conta,
    dados: { ...dados, sequencial: '9000272', vencimento: '2012-09-08', valor: '54.00' },
    campoLivre: '9189977500000900027250102',
    codigoBarras: '03393545000000054009189977500000900027250102',
    linha: '03399.18997 77500.000904 00272.501024 3 54500000005400',
  },
  {
    nome: 'carteira 102, another peer',
    fonte: 'eduardocereto/pyboleto tests/test_banco_santander.py',
    carteira: { ...conta, agencia: '1333', convenio: '0707077' },
    dados: { ...dados, sequencial: '1234567', vencimento: '2012-07-22', valor: '2952.95' },
    nossoNumero: '000001234567-9',
    codigoBarras: '03395540200002952959070707700000123456790102',
    linha: '03399.07073 07700.000123 34567.901029 5 54020000295295',
  },
  {
    nome: 'after the restart: 2026-01-01',
    fonte: FONTE_REINICIO,
    carteira: conta,
    dados: { ...dados, vencimento: '2026-01-01' },
    codigoBarras: '03394131300000025009189977500000900002690102',
    linha: '03399.18997 77500.000904 00026.901025 4 13130000002500',
  },
];

describe('Santander: boletos', () => {
  conferirCasos(casos);
});

describe('Santander: what the bank requires', () => {
  it('names the field that is wrong', () => {
    expect(validarBoleto({ ...conta, carteira: '103' }, dados)).toEqual([
      {
        campo: 'carteira',
        mensagem: 'Carteira: o valor 103 não é aceito no Santander (valores aceitos: 101, 102, 104, 201).',
      },
    ]);
    expect(validarBoleto({ ...conta, convenio: '18997751' }, dados)).toEqual([
      {
        campo: 'convenio',
        mensagem: 'Código do beneficiário: no máximo 7 dígitos no Santander (informado 8).',
      },
    ]);
  });
});
