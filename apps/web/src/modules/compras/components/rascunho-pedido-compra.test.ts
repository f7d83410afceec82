import { describe, expect, it } from 'vitest';
import {
  corpoDoRascunho,
  errosDoRascunho,
  errosDoServidor,
  type LinhaPedidoCompra,
  novaLinha,
  quantidadeBase,
  type RascunhoPedidoCompra,
  rascunhoVazio,
  totaisDoRascunho,
  unidadeInicial,
  unidadesDoProduto,
  valorDaLinha,
} from './rascunho-pedido-compra.ts';

const cafe = {
  id: 'p1',
  codigo: 'CAF500',
  nome: 'Café 500 g',
  unidade: 'UN',
  embalagens: [
    { unidade: 'UN', fator: '1' },
    { unidade: 'CX', fator: '12', padrao_compra: true },
  ],
};
const linha = (patch: Partial<LinhaPedidoCompra>): LinhaPedidoCompra => ({ ...novaLinha(), ...patch });

describe('purchase order draft', () => {
  it('starts a product in its purchase packaging and lists the base unit first', () => {
    expect(unidadeInicial(cafe)).toBe('CX');
    expect(unidadeInicial({ ...cafe, embalagens: [] })).toBe('UN');
    expect(unidadesDoProduto(cafe).map((e) => e.unidade)).toEqual(['UN', 'CX']);
  });

  it('values a line as quantity × price rounded to the cent, and in the base unit', () => {
    // 3 CX × R$ 59,905 = 179,715 → 179,72 (half away from zero)
    const l = linha({ produto: cafe, unidade: 'CX', quantidade: '3', preco: '59,905' });
    expect(valorDaLinha(l)).toBe('179.72');
    expect(quantidadeBase(l)).toBe('36.000');
    expect(valorDaLinha(linha({ produto: cafe, unidade: 'CX', quantidade: '0', preco: '1' }))).toBeNull();
  });

  it('adds the lines and the freight; an incomplete line is counted apart', () => {
    const r: RascunhoPedidoCompra = {
      ...rascunhoVazio(),
      frete: '40,5',
      linhas: [
        linha({ produto: cafe, unidade: 'CX', quantidade: '100', preco: '60' }),
        linha({ produto: cafe, unidade: 'UN', quantidade: '1,5', preco: '5,333' }),
        linha({ produto: cafe, unidade: 'UN', quantidade: '', preco: '5' }),
      ],
    };
    // 6000.00 + round(7.9995) = 8.00
    expect(totaisDoRascunho(r)).toEqual({
      produtos: '6008.00',
      frete: '40.50',
      total: '6048.50',
      incompletas: 1,
    });
  });

  it('says what is missing on the fields, and sends the lines with a product', () => {
    const vazio = rascunhoVazio();
    expect(errosDoRascunho(vazio)).toEqual({
      fornecedor_id: 'Escolha o fornecedor.',
      itens: 'Inclua ao menos um item no pedido de compra.',
    });
    const l = linha({ produto: cafe, unidade: 'CX', quantidade: '2', preco: '0' });
    const r = { ...vazio, fornecedorId: 'f1', linhas: [l] };
    expect(errosDoRascunho(r)).toEqual({
      [`${l.chave}.preco`]: 'Informe o preço negociado do item (maior que zero).',
    });
    expect(corpoDoRascunho({ ...r, previsao: '2026-12-10' })).toEqual({
      fornecedor_id: 'f1',
      condicao_pagamento_id: null,
      frete: '0',
      observacao: null,
      previsao_entrega: '2026-12-10',
      itens: [{ produto_id: 'p1', unidade: 'CX', quantidade: '2', preco: '0', previsao_entrega: null }],
    });
  });

  it("puts the server's itens.N errors on the N-th line sent", () => {
    const a = linha({ produto: cafe, unidade: 'CX', quantidade: '1', preco: '1' });
    const b = linha({ produto: cafe, unidade: 'PCT', quantidade: '1', preco: '1' });
    const r = { ...rascunhoVazio(), linhas: [a, b] };
    expect(
      errosDoServidor(
        {
          'itens.1.unidade': ['A unidade PCT não é a unidade base nem uma embalagem de Café 500 g.'],
          frete: ['x'],
        },
        r,
      ),
    ).toEqual({
      [`${b.chave}.unidade`]: 'A unidade PCT não é a unidade base nem uma embalagem de Café 500 g.',
      frete: 'x',
    });
  });
});
