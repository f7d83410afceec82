import { describe, expect, it } from 'vitest';
import { gerarBoleto, validarBoleto } from '../boleto.ts';
import { type CasoBoleto, conferirCasos, FONTE_REINICIO } from '../casos-teste.ts';
import { dvModulo11Caixa } from './caixa.ts';

const BRC = 'brcobranca spec/brcobranca/boleto/caixa_spec.rb';
const conta = { banco: '104', agencia: '1825', conta: '0000528', carteira: '1', convenio: '245274' };
const dados = {
  sequencial: '000000000000001',
  vencimento: '2008-02-02',
  valor: '10.00',
  emissao: '2008-02-01',
};

describe('Caixa: check digits', () => {
  it.each([
    // by hand: 245274 from the right 4·2 7·3 2·4 5·5 4·6 2·7 = 8+21+8+25+24+14 = 100, 100 mod 11 = 1,
    // 11 − 1 = 10 > 9 → 0
    ['245274', '0', `${BRC} + hand`],
    ['123456', '0', BRC],
    ['654321', '9', BRC],
    ['14000000000000001', '4', `${BRC} (nosso número)`],
  ])('%s → %s (%s)', (digitos, dv) => {
    expect(dvModulo11Caixa(digitos)).toBe(dv);
  });

  it(`agência/código do beneficiário as printed (${BRC})`, () => {
    expect(
      gerarBoleto({ ...conta, agencia: '2030', convenio: '654321' }, dados).agenciaCodigoBeneficiario,
    ).toBe('2030/654321-9');
    expect(gerarBoleto({ ...conta, convenio: '123456' }, dados).agenciaCodigoBeneficiario).toBe(
      '1825/123456-0',
    );
    // tomas-stefano/boleto_bancario caixa_spec.rb: "0235 / 162546-2"
    expect(
      gerarBoleto({ ...conta, agencia: '0235', convenio: '162546' }, dados).agenciaCodigoBeneficiario,
    ).toBe('0235/162546-2');
    // padded to 6; DV by hand: 012345 weighs 5·2+4·3+3·4+2·5+1·6 = 50, 50 mod 11 = 6, 11 − 6 = 5
    expect(gerarBoleto({ ...conta, convenio: '12345' }, dados).agenciaCodigoBeneficiario).toBe(
      '1825/012345-5',
    );
  });
});

const casos: CasoBoleto[] = [
  {
    nome: 'SIGCB, nosso número 14 + 15 digits',
    fonte: `${BRC} (nosso número, campo livre); barcode and linha computed independently (README)`,
    carteira: conta,
    dados,
    nossoNumero: '14000000000000001-4',
    campoLivre: '2452740000100040000000017',
    codigoBarras: '10497377000000010002452740000100040000000017',
    linha: '10492.45275 40000.100046 00000.000174 7 37700000001000',
    agenciaCodigo: '1825/245274-0',
  },
  {
    nome: 'SIGCB, another peer',
    fonte: 'tomas-stefano/boleto_bancario spec/boleto_bancario/core/caixa_spec.rb',
    carteira: { ...conta, agencia: '1333', convenio: '792157' },
    dados: { ...dados, sequencial: '946375189643625', vencimento: '2015-03-16', valor: '2952.95' },
    codigoBarras: '10492636900002952957921578946137541896436250',
    linha: '10497.92151 78946.137540 18964.362505 2 63690000295295',
  },
  {
    nome: 'after the restart: 2026-01-01',
    fonte: FONTE_REINICIO,
    carteira: conta,
    dados: { ...dados, vencimento: '2026-01-01' },
    codigoBarras: '10496131300000010002452740000100040000000017',
    linha: '10492.45275 40000.100046 00000.000174 6 13130000001000',
  },
];

describe('Caixa: boletos', () => {
  conferirCasos(casos);
});

describe('Caixa: what the bank requires', () => {
  it(`names the field that is wrong (${BRC}: código 6 digits, carteira 1 digit, nosso número 15)`, () => {
    expect(validarBoleto({ ...conta, convenio: '1234567' }, dados)).toEqual([
      { campo: 'convenio', mensagem: 'Código do beneficiário: no máximo 6 dígitos na Caixa (informado 7).' },
    ]);
    expect(validarBoleto({ ...conta, carteira: '24' }, dados)).toEqual([
      {
        campo: 'carteira',
        mensagem: 'Carteira (1 = cobrança registrada): no máximo 1 dígito na Caixa (informado 2).',
      },
    ]);
    expect(validarBoleto(conta, { ...dados, sequencial: '1234567891234567' })).toEqual([
      {
        campo: 'nossoNumero',
        mensagem:
          'Nosso número acima do máximo da carteira na Caixa (999999999999999); peça ao banco uma nova carteira ou convênio.',
      },
    ]);
    expect(validarBoleto({ ...conta, convenio: '' }, dados)).toEqual([
      { campo: 'convenio', mensagem: 'Código do beneficiário: obrigatório para a Caixa.' },
    ]);
  });
});
