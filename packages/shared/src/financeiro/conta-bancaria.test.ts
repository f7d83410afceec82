import { getPixKeyInfo } from '@brazilian-utils/brazilian-utils';
import { describe, expect, it } from 'vitest';
import { bancoPorCodigo, buscarBancos, listarBancos, rotuloBanco } from './bancos.ts';
import { normalizaChavePix, TIPOS_CHAVE_PIX, type TipoChavePix } from './chave-pix.ts';
import {
  extratoComSaldo,
  saldoConta,
  valorMovimentoDaBaixa,
  valorMovimentoDoEstorno,
} from './conta-bancaria.ts';
import { BANCOS_FONTE } from './data/bancos.ts';

describe('bank list (Banco Central STR participants)', () => {
  it('has the large banks with their COMPE and ISPB', () => {
    expect(
      ['001', '033', '104', '237', '341', '077', '260', '336', '748', '756'].map((c) => {
        const b = bancoPorCodigo(c)!;
        return [b.codigo, b.ispb];
      }),
    ).toEqual([
      ['001', '00000000'],
      ['033', '90400888'],
      ['104', '00360305'],
      ['237', '60746948'],
      ['341', '60701190'],
      ['077', '00416968'],
      ['260', '18236120'],
      ['336', '31872495'],
      ['748', '01181521'],
      ['756', '02038232'],
    ]);
    expect(bancoPorCodigo('1')?.nome).toBe('Banco do Brasil S.A.');
    expect(rotuloBanco(bancoPorCodigo(341)!)).toBe('341 - ITAÚ UNIBANCO S.A.');
  });

  it('codes and ISPBs are unique and well formed, sorted by code; the source is recorded', () => {
    const bancos = listarBancos();
    expect(bancos.length).toBeGreaterThan(400);
    expect(new Set(bancos.map((b) => b.codigo)).size).toBe(bancos.length);
    expect(new Set(bancos.map((b) => b.ispb)).size).toBe(bancos.length);
    expect(
      bancos.every((b) => /^\d{3}$/.test(b.codigo) && /^\d{8}$/.test(b.ispb) && b.nome === b.nome.trim()),
    ).toBe(true);
    expect(bancos.map((b) => b.codigo)).toEqual(bancos.map((b) => b.codigo).sort());
    expect(BANCOS_FONTE.pacote).toMatch(/^@brazilian-utils\/brazilian-utils@\d/);
    expect(BANCOS_FONTE.geradoEm).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('unknown codes', () => {
    expect(bancoPorCodigo('000')).toBeNull();
    expect(bancoPorCodigo('9999')).toBeNull();
    expect(bancoPorCodigo('34A')).toBeNull();
    expect(bancoPorCodigo(null)).toBeNull();
  });

  it('search by code prefix or by words of the name, accents ignored', () => {
    expect(buscarBancos('341').map((b) => b.codigo)).toEqual(['341']);
    expect(buscarBancos('itau unibanco').map((b) => b.codigo)).toContain('341');
    expect(buscarBancos('caixa economica').map((b) => b.codigo)).toContain('104');
    expect(buscarBancos('')).toHaveLength(20);
  });
});

describe('chave PIX', () => {
  it.each<[TipoChavePix, string, string]>([
    ['cpf', '529.982.247-25', '52998224725'],
    ['cnpj', '11.222.333/0001-81', '11222333000181'],
    ['cnpj', '12.abc.345/01de-35', '12ABC34501DE35'], // alphanumeric CNPJ
    ['email', ' Financeiro@Empresa.com.BR ', 'financeiro@empresa.com.br'],
    ['telefone', '+55 (11) 98765-4321', '+5511987654321'],
    ['telefone', '(11) 98765-4321', '+5511987654321'],
    ['telefone', '5511987654321', '+5511987654321'],
    ['aleatoria', '123E4567-E89B-42D3-A456-426614174000', '123e4567-e89b-42d3-a456-426614174000'],
  ])('%s %j → %s', (tipo, valor, canonica) => {
    expect(normalizaChavePix(tipo, valor)).toBe(canonica);
  });

  it.each<[TipoChavePix, string]>([
    ['cpf', '529.982.247-24'],
    ['cpf', '11987654321x'],
    ['cnpj', '11.222.333/0001-82'],
    ['email', 'sem-arroba.com.br'],
    ['email', `${'a'.repeat(70)}@empresa.com`], // 82 characters
    ['telefone', '(11) 3333-4444'], // a landline
    ['telefone', '+1 415 555 2671'],
    ['telefone', '(00) 98765-4321'], // no such DDD
    ['aleatoria', '123e4567e89b42d3a456426614174000'],
    ['aleatoria', '123e4567-e89b-42d3-a456-42661417400g'],
  ])('%s %j is not a key', (tipo, valor) => {
    expect(normalizaChavePix(tipo, valor)).toBeNull();
  });

  it('agrees with @brazilian-utils on the canonical form of valid keys', () => {
    const chaves: [TipoChavePix, string][] = [
      ['cpf', '529.982.247-25'],
      ['cnpj', '11.222.333/0001-81'],
      ['email', 'Financeiro@Empresa.com.br'],
      ['telefone', '+55 (21) 99876-5432'],
      ['aleatoria', '123e4567-e12b-12d1-a456-426655440000'],
    ];
    const tipoDeles: Record<string, TipoChavePix> = {
      cpf: 'cpf',
      cnpj: 'cnpj',
      email: 'email',
      phone: 'telefone',
      evp: 'aleatoria',
    };
    for (const [tipo, valor] of chaves) {
      const deles = getPixKeyInfo(valor)!;
      expect([tipoDeles[deles.type], deles.value]).toEqual([tipo, normalizaChavePix(tipo, valor)]);
    }
    expect(TIPOS_CHAVE_PIX).toHaveLength(5);
  });
});

describe('bank account balance', () => {
  it('saldo inicial plus the movements; the statement carries the running balance', () => {
    const movimentos = [
      { id: 1, valor: valorMovimentoDaBaixa('receber', '333.34') },
      { id: 2, valor: valorMovimentoDaBaixa('pagar', '1200.00') },
      { id: 3, valor: valorMovimentoDoEstorno(valorMovimentoDaBaixa('receber', '333.34')) },
    ];
    expect(movimentos.map((m) => m.valor)).toEqual(['333.34', '-1200.00', '-333.34']);
    expect(extratoComSaldo('1000.00', movimentos)).toEqual([
      { id: 1, valor: '333.34', saldo: '1333.34' },
      { id: 2, valor: '-1200.00', saldo: '133.34' },
      { id: 3, valor: '-333.34', saldo: '-200.00' },
    ]);
    expect(saldoConta('1000.00', movimentos)).toBe('-200.00');
    expect(saldoConta('-50.00', [])).toBe('-50.00');
  });
});
