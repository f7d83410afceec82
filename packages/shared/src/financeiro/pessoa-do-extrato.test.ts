import { describe, expect, it } from 'vitest';
import { documentosNoMemo, palavrasParaBuscarNome, pontosDoNomeNoMemo } from './pessoa-do-extrato.ts';

describe('the person a statement memo names', () => {
  it('finds CNPJs and CPFs, formatted or not, alphanumeric too, with valid check digits only', () => {
    expect(documentosNoMemo('PIX RECEBIDO 11.222.333/0001-81 MERCADO BOM PRECO')).toEqual(['11222333000181']);
    expect(documentosNoMemo('TED 11222333000181 CPF 529.982.247-25')).toEqual([
      '11222333000181',
      '52998224725',
    ]);
    expect(documentosNoMemo('PIX 52998224725')).toEqual(['52998224725']);
    // the alphanumeric CNPJ in force since July 2026 (example of the Receita Federal)
    expect(documentosNoMemo('PIX RECEBIDO 12.ABC.345/01DE-35')).toEqual(['12ABC34501DE35']);
    // wrong check digits, a phone number, a long account number: none
    expect(documentosNoMemo('PIX 11.222.333/0001-82 FONE 11987654321 CONTA 123456789012345')).toEqual([]);
    expect(documentosNoMemo('TRANSFERENCIAS')).toEqual([]);
    expect(documentosNoMemo(null)).toEqual([]);
  });

  it('looks up the memo words that can be a name, longest first, without the bank words', () => {
    expect(palavrasParaBuscarNome('PIX RECEBIDO PADARIA PAO QUENTE LTDA 123')).toEqual([
      'PADARIA',
      'QUENTE',
      'PAO',
    ]);
    expect(palavrasParaBuscarNome('TARIFA BANCARIA CESTA')).toEqual(['CESTA']);
  });

  it('scores a registered name by its words in the memo', () => {
    expect(pontosDoNomeNoMemo('PIX RECEBIDO PADARIA PAO QUENTE', 'Padaria Pão Quente Ltda')).toBe(3);
    expect(pontosDoNomeNoMemo('PIX RECEBIDO PADARIA CENTRAL', 'Padaria Pão Quente Ltda')).toBe(0);
    expect(pontosDoNomeNoMemo('PIX RECEBIDO ATACADAO', 'Atacadão')).toBe(1);
  });
});
