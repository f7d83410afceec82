import { describe, expect, it } from 'vitest';
import { type CarteiraCobranca, ErroCobranca } from './banco.ts';
import { BANCOS_COBRANCA, regrasCobranca } from './bancos.ts';
import { gerarBoleto, validarBoleto, validarCarteira } from './boleto.ts';

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
