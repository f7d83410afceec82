import { describe, expect, it } from 'vitest';
import { gerarBoleto, validarBoleto } from '../boleto.ts';
import { type CasoBoleto, conferirCasos, FONTE_REINICIO } from '../casos-teste.ts';

const BRC = 'brcobranca spec/brcobranca/boleto/sicredi_spec.rb';
const conta = { banco: '748', agencia: '0710', posto: '65', conta: '61900', carteira: '1', convenio: '129' };
const dados = { sequencial: '8879', vencimento: '2016-08-22', valor: '195.57', emissao: '2016-08-22' };

describe('Sicredi: nosso número', () => {
  it(`ano/byte + sequencial-DV (${BRC})`, () => {
    expect(gerarBoleto(conta, dados).nossoNumero.impresso).toBe('16/208879-3');
    const outro = { ...conta, agencia: '0165', posto: '02', convenio: '00623' };
    expect(
      gerarBoleto(outro, { ...dados, sequencial: 3, vencimento: '2007-08-26', emissao: '2007-08-26' })
        .nossoNumero.impresso,
    ).toBe('07/200003-1');
  });

  it('by hand: the DV of 0710 65 00129 16 2 08879', () => {
    // from the right, weights 2..9 cycling: 9·2 7·3 8·4 8·5 0·6 2·7 6·8 1·9 | 9·2 2·3 1·4 0·5 0·6 5·7 6·8 0·9 | 1·2 7·3 0·4
    // = 18+21+32+40+0+14+48+9 + 18+6+4+0+0+35+48+0 + 2+21+0 = 316; 316 mod 11 = 8; 11 − 8 = 3.
    expect(gerarBoleto(conta, dados).nossoNumero.dv).toBe('3');
  });

  it('the sequential runs over the bytes 2–9 (799,999 a year), then refuses', () => {
    expect(gerarBoleto(conta, { ...dados, sequencial: 100_000 }).nossoNumero.numero).toBe('16300000');
    expect(gerarBoleto(conta, { ...dados, sequencial: 799_999 }).nossoNumero.numero).toBe('16999999');
    expect(validarBoleto(conta, { ...dados, sequencial: 800_000 })).toEqual([
      {
        campo: 'nossoNumero',
        mensagem:
          'Nosso número acima do máximo da carteira no Sicredi (799999); peça ao banco uma nova carteira ou convênio.',
      },
    ]);
  });
});

const casos: CasoBoleto[] = [
  {
    nome: 'tipo de cobrança 3',
    fonte: BRC,
    carteira: { ...conta, carteira: '3' },
    dados,
    campoLivre: '3116208879307106500129105',
    linha: '74893.11626 08879.307109 65001.291056 1 68940000019557',
    agenciaCodigo: '0710.65.00129',
  },
  {
    nome: 'tipo de cobrança 1, case 1',
    fonte: BRC,
    carteira: conta,
    dados,
    campoLivre: '1116208879307106500129101',
    codigoBarras: '74891689400000195571116208879307106500129101',
    linha: '74891.11620 08879.307109 65001.291015 1 68940000019557',
  },
  {
    nome: 'case 2',
    fonte: BRC,
    carteira: conta,
    dados: { ...dados, sequencial: '08902', vencimento: '2016-07-25', valor: '700.00' },
    campoLivre: '1116208902107106500129100',
    linha: '74891.11620 08902.107104 65001.291007 3 68660000070000',
  },
  {
    nome: 'case 3',
    fonte: BRC,
    carteira: conta,
    dados: { ...dados, sequencial: '8896', vencimento: '2016-07-25', valor: '700.00' },
    campoLivre: '1116208896307106500129107',
    linha: '74891.11620 08896.307108 65001.291072 1 68660000070000',
  },
  {
    nome: 'case 4',
    fonte: BRC,
    carteira: conta,
    dados: { ...dados, sequencial: '8899', vencimento: '2016-07-25', valor: '700.00' },
    campoLivre: '1116208899807106500129103',
    linha: '74891.11620 08899.807104 65001.291031 6 68660000070000',
  },
  {
    nome: 'case 5',
    fonte: BRC,
    carteira: conta,
    dados: { ...dados, sequencial: '8878', vencimento: '2016-07-25', valor: '195.58' },
    campoLivre: '1116208878507106500129106',
    linha: '74891.11620 08878.507105 65001.291064 1 68660000019558',
  },
  {
    nome: 'case 6',
    fonte: BRC,
    carteira: conta,
    dados: { ...dados, sequencial: '9048', vencimento: '2016-08-26', valor: '222.00' },
    campoLivre: '1116209048807106500129103',
    linha: '74891.11620 09048.807102 65001.291031 8 68980000022200',
  },
  {
    nome: 'after the restart: 2026-01-01',
    fonte: FONTE_REINICIO,
    carteira: conta,
    dados: { ...dados, vencimento: '2026-01-01' },
    codigoBarras: '74898131300000195571116208879307106500129101',
    linha: '74891.11620 08879.307109 65001.291015 8 13130000019557',
  },
];

describe('Sicredi: boletos', () => {
  conferirCasos(casos);
});

describe('Sicredi: what the bank requires', () => {
  it('names the field that is wrong', () => {
    expect(validarBoleto({ ...conta, posto: '' }, dados)).toEqual([
      { campo: 'posto', mensagem: 'Posto: obrigatório para o Sicredi.' },
    ]);
    expect(validarBoleto({ ...conta, convenio: '123456' }, dados)).toEqual([
      {
        campo: 'convenio',
        mensagem: 'Código do beneficiário: no máximo 5 dígitos no Sicredi (informado 6).',
      },
    ]);
  });
});
