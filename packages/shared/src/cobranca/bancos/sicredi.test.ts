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

  it(`byte 9 and the printed agência/código (tomas-stefano/boleto_bancario spec/boleto_bancario/core/sicredi_spec.rb)`, () => {
    const c = { ...conta, agencia: '4927', posto: '99', convenio: '24837' };
    expect(
      gerarBoleto(c, { ...dados, sequencial: 772_815, emissao: '2015-01-01' }).nossoNumero.impresso,
    ).toBe('15/972815-9');
    const d = { ...conta, agencia: '7190', posto: '2', convenio: '25439' };
    expect(gerarBoleto(d, dados).agenciaCodigoBeneficiario).toBe('7190.02.25439');
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
    // byte 8, sequencial 99999 → our sequential (8 − 2) × 100000 + 99999 = 699999
    nome: 'registered, byte 8, another peer',
    fonte: 'tomas-stefano/boleto_bancario spec/boleto_bancario/core/sicredi_spec.rb',
    carteira: { ...conta, agencia: '37', posto: '5', convenio: '2481' },
    dados: { sequencial: 699_999, vencimento: '2006-10-29', valor: '894.56', emissao: '2016-01-15' },
    codigoBarras: '74899330900000894561116899999200370502481106',
    linha: '74891.11687 99999.200373 05024.811068 9 33090000089456',
  },
  {
    // byte 3, sequencial 87264 → 187264
    nome: 'tipo 3, byte 3, another peer',
    fonte: 'tomas-stefano/boleto_bancario spec/boleto_bancario/core/sicredi_spec.rb',
    carteira: { ...conta, agencia: '8136', posto: '34', convenio: '62918', carteira: '3' },
    dados: { sequencial: 187_264, vencimento: '2006-10-29', valor: '8013.65', emissao: '2015-06-30' },
    codigoBarras: '74894330900008013653115387264581363462918104',
    linha: '74893.11535 87264.581361 34629.181040 4 33090000801365',
  },
  {
    // nosso número 18/324121-9: year 18, byte 3, sequencial 24121 → 124121 (python-boleto takes the
    // year as typed, we take it from the emission day)
    nome: 'tipo 1, byte 3, a third peer',
    fonte: 'Trust-Code/python-boleto tests/test_banco_sicredi.py',
    carteira: { ...conta, agencia: '0434', posto: '08', convenio: '36699' },
    dados: { sequencial: 124_121, vencimento: '2018-01-25', valor: '90.75', emissao: '2018-01-02' },
    nossoNumero: '18/324121-9',
    codigoBarras: '74891741500000090751118324121904340836699106',
    linha: '74891.11836 24121.904346 08366.991068 1 74150000009075',
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
