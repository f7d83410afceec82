import type { ProdutoSugestao } from '@erp/shared';
import { describe, expect, it } from 'vitest';
import type { ProdutoSugerido } from '../api/compras-api.ts';
import { arredondaEdicao, edicoesIniciais, itensDoPedido, totaisEditados } from './sugestao-edicao.ts';

const produto = (over: Partial<ProdutoSugerido>): ProdutoSugerido =>
  ({
    produtoId: 'p',
    codigo: 'C',
    nome: 'Produto',
    unidade: 'UN',
    quantidadeSugerida: '0.000',
    embalagem: { unidade: 'UN', fator: '1' },
    custoUnitario: '1.0000',
    pesoBruto: null,
    volume: null,
    alertas: [],
    ...over,
  }) as ProdutoSugestao as ProdutoSugerido;

const cx = produto({
  produtoId: 'cx',
  quantidadeSugerida: '24.000',
  embalagem: { unidade: 'CX', fator: '12' },
  custoUnitario: '2.5000',
  pesoBruto: '12.000',
});
const un = produto({ produtoId: 'un', quantidadeSugerida: '0.000', custoUnitario: '3.3333' });

describe('suggestion edits', () => {
  it('start at the suggested quantities', () => {
    expect(edicoesIniciais([cx, un])).toEqual({
      cx: { texto: '24', dica: null },
      un: { texto: '0', dica: null },
    });
  });

  it('round up to the purchase packaging on blur, saying so', () => {
    expect(arredondaEdicao(cx, '13')).toEqual({ texto: '24', dica: 'Arredondado para 2 CX (24 UN)' });
    expect(arredondaEdicao(cx, '36')).toEqual({ texto: '36', dica: null });
    // without a purchase packaging: whole base units, as the shared rule suggests them
    expect(arredondaEdicao(un, '2,5')).toEqual({ texto: '3', dica: 'Arredondado para 3 UN' });
    expect(arredondaEdicao(un, 'abc')).toEqual({ texto: 'abc', dica: 'Quantidade inválida' });
  });

  it('work the totals again: value to the cent, weight in proportion, the minimum order gap', () => {
    const edicoes = { cx: { texto: '36', dica: null }, un: { texto: '3', dica: null } };
    // 36 × 2,50 = 90,00; 3 × 3,3333 = 9,9999 → 10,00; weight 12 kg for 24 → 18 kg for 36
    expect(totaisEditados([cx, un], edicoes, '150.00')).toEqual({
      itens: 2,
      valor: '100.00',
      peso: '18.000',
      volume: '0.000',
      semPeso: 1,
      faltaParaPedidoMinimo: '50.00',
      invalidas: 0,
    });
  });

  it('turn the lines to buy into items: whole packagings in the packaging, else the base unit', () => {
    const edicoes = { cx: { texto: '36', dica: null }, un: { texto: '3', dica: null } };
    expect(itensDoPedido([cx, un], edicoes)).toEqual([
      { produto_id: 'cx', unidade: 'CX', quantidade: '3', preco: '30.0000' },
      { produto_id: 'un', unidade: 'UN', quantidade: '3.000', preco: '3.3333' },
    ]);
    expect(itensDoPedido([cx], { cx: { texto: '0', dica: null } })).toEqual([]);
  });
});
