import { describe, expect, it } from 'vitest';
import { type CarteiraCobranca, ErroCobranca } from './banco.ts';
import { BANCOS_COBRANCA, regrasCobranca } from './bancos.ts';
import { gerarBoleto, lerBoleto, validarBoleto, validarCarteira } from './boleto.ts';

const bb = {
  banco: '001',
  agencia: '4042',
  agenciaDv: '8',
  conta: '61900',
  contaDv: '0',
  carteira: '18',
  convenio: '1238798',
};
const dados = { sequencial: 1, vencimento: '2026-01-01', valor: '135.00', emissao: '2025-12-01' };

describe('the banks', () => {
  it('seven banks, one rules object each, found by COMPE code', () => {
    expect(BANCOS_COBRANCA.map((b) => b.codigo)).toEqual(['001', '341', '237', '104', '033', '756', '748']);
    expect(regrasCobranca('1')?.nome).toBe('Banco do Brasil');
    expect(regrasCobranca('33')?.nome).toBe('Santander');
    expect(regrasCobranca('999')).toBeNull();
    expect(regrasCobranca('abc')).toBeNull();
    expect(regrasCobranca(null)).toBeNull();
  });

  it('every bank describes its fields with a pt-BR label and a size', () => {
    for (const b of BANCOS_COBRANCA) {
      expect(b.layouts.length).toBeGreaterThan(0);
      for (const regra of Object.values(b.campos)) {
        expect(regra.rotulo).toMatch(/^[A-ZÁÉÍÓÚÇ]/);
        expect(regra.tamanho).toBeGreaterThan(0);
      }
    }
  });
});

describe('validation', () => {
  it('a bank without cobrança here', () => {
    expect(validarCarteira({ ...bb, banco: '077' }).erros).toEqual([
      { campo: 'banco', mensagem: 'Banco 077 sem cobrança registrada neste sistema.' },
    ]);
  });

  it('trims, upper-cases and pads what was typed', () => {
    const { carteira, erros } = validarCarteira({
      ...bb,
      agencia: ' 4042 ',
      conta: '61900',
      convenio: '1238798',
    });
    expect(erros).toEqual([]);
    expect(carteira?.conta).toBe('00061900');
    expect(validarCarteira({ ...bb, agencia: '0006', agenciaDv: 'x' }).erros).toEqual([]);
  });

  it('every error at once, each naming its field; gerarBoleto throws them all and returns nothing', () => {
    const d = { sequencial: 0, vencimento: '2026-02-30', valor: '10.001', emissao: 'ontem' };
    const erros = validarBoleto({ ...bb, conta: 'abc' }, d);
    expect(erros.map((e) => e.campo)).toEqual(['conta', 'nossoNumero', 'vencimento', 'valor', 'emissao']);
    expect(erros.map((e) => e.mensagem)).toEqual([
      'Conta: só números (informado ABC).',
      'Nosso número inválido: 0 (um número inteiro a partir de 1).',
      'Vencimento inválido: 2026-02-30 (use AAAA-MM-DD).',
      'O valor do boleto tem no máximo 2 casas decimais.',
      'Data de emissão inválida: ontem.',
    ]);
    let lancado: unknown;
    try {
      gerarBoleto({ ...bb, conta: 'abc' }, d);
    } catch (e) {
      lancado = e;
    }
    expect(lancado).toBeInstanceOf(ErroCobranca);
    expect((lancado as ErroCobranca).erros).toEqual(erros);
  });

  it('a due date the factor cannot hold', () => {
    expect(validarBoleto(bb, { ...dados, vencimento: '2049-10-14' })).toEqual([
      {
        campo: 'vencimento',
        mensagem:
          'Vencimento posterior a 13/10/2049, o último dia que o fator de vencimento FEBRABAN representa.',
      },
    ]);
  });

  it('a sequential as text, number or bigint gives the same boleto', () => {
    const a = gerarBoleto(bb, { ...dados, sequencial: '42' });
    expect(gerarBoleto(bb, { ...dados, sequencial: 42 })).toEqual(a);
    expect(gerarBoleto(bb, { ...dados, sequencial: 42n })).toEqual(a);
    expect(validarBoleto(bb, { ...dados, sequencial: 1.5 })[0]?.campo).toBe('nossoNumero');
    expect(validarBoleto(bb, { ...dados, sequencial: '-1' })[0]?.campo).toBe('nossoNumero');
  });
});

describe('before and after the 2025-02-22 restart, every bank', () => {
  const carteiras: CarteiraCobranca[] = [
    bb,
    { banco: '341', agencia: '0810', conta: '53678', contaDv: '9', carteira: '109' },
    { banco: '237', agencia: '4042', agenciaDv: '8', conta: '61900', contaDv: '0', carteira: '09' },
    { banco: '104', agencia: '1825', carteira: '1', convenio: '245274' },
    { banco: '033', agencia: '0059', carteira: '101', convenio: '1899775' },
    { banco: '756', agencia: '4327', carteira: '1', convenio: '229385' },
    { banco: '748', agencia: '0710', posto: '65', carteira: '1', convenio: '129' },
  ];
  it.each(carteiras.map((c) => [c.banco, c] as const))(
    '%s: 2025-02-21 is 9999, 2025-02-22 is 1000, same campo livre',
    (_b, c) => {
      const antes = gerarBoleto(c, { ...dados, vencimento: '2025-02-21', emissao: '2025-02-01' });
      const depois = gerarBoleto(c, { ...dados, vencimento: '2025-02-22', emissao: '2025-02-01' });
      expect(antes.codigoBarras.slice(5, 9)).toBe('9999');
      expect(depois.codigoBarras.slice(5, 9)).toBe('1000');
      expect(depois.linhaDigitavel.slice(33, 37)).toBe('1000');
      expect(depois.campoLivre).toBe(antes.campoLivre);
    },
  );
});

describe('reading a boleto back (linha or barcode)', () => {
  it('published linhas of every bank, with the date their issue day implies', () => {
    const casos: [string, string, string, string, string][] = [
      // linha, read on, banco, valor, vencimento — brcobranca's specs (banco_brasil, itau, bradesco,
      // caixa campo livre, santander, sicoob, sicredi) and itau_spec's 2029 case
      ['00190.00009 01238.798779 77700.168188 3 37710000013500', '2008-02-01', '001', '135.00', '2008-02-03'],
      ['34191.75124 34567.840813 05367.890000 1 43290000000000', '2009-08-01', '341', '0.00', '2009-08-14'],
      [
        '34191.09008 01015.271248 80212.460002 4 25480000675787',
        '2029-05-01',
        '341',
        '6757.87',
        '2029-05-20',
      ],
      [
        '23791.17209 60007.589645 52040.300502 5 42230000295295',
        '2009-04-30',
        '237',
        '2952.95',
        '2009-04-30',
      ],
      ['03399.18997 77500.000904 00026.901025 9 51150000002500', '2011-10-01', '033', '25.00', '2011-10-09'],
      ['75691.43279 01022.938508 00000.240010 2 67080000005000', '2016-02-16', '756', '50.00', '2016-02-18'],
      ['74891.11620 09048.807102 65001.291031 8 68980000022200', '2016-08-22', '748', '222.00', '2016-08-26'],
      // after the restart (README: computed independently), read in 2025
      ['10492.45275 40000.100046 00000.000174 6 13130000001000', '2025-11-29', '104', '10.00', '2026-01-01'],
    ];
    for (const [linha, em, banco, valor, vencimento] of casos) {
      const r = lerBoleto(linha, em);
      expect(r.erro).toBeUndefined();
      if (r.erro !== undefined) continue;
      expect(r.boleto).toMatchObject({ banco, valor, vencimento });
      expect(r.boleto.linhaDigitavel).toBe(linha.replace(/\D/g, ''));
      expect(lerBoleto(r.boleto.codigoBarras, em)).toEqual(r);
    }
  });

  it('a factor names two dates since the restart: the reference decides', () => {
    const linha = '00190.00009 01238.798779 77700.168188 3 37710000013500'; // fator 3771
    expect(lerBoleto(linha, '2008-01-01')).toMatchObject({ boleto: { vencimento: '2008-02-03' } });
    expect(lerBoleto(linha, '2032-01-01')).toMatchObject({ boleto: { vencimento: '2032-09-24' } });
  });

  it('refuses, in pt-BR, what is not a boleto', () => {
    // last digit 8 → 9: by hand the 43 digits now leave resto 10, DV 11 − 10 = 1
    expect(lerBoleto('00193377100000135000000001238798777770016819', '2026-01-01')).toEqual({
      erro: 'Dígito verificador do código de barras inválido: calculado 1, informado 3.',
    });
    expect(lerBoleto('123', '2026-01-01')).toEqual({
      erro: 'A linha digitável deve ter 47 dígitos (tem 3).',
    });
  });
});
