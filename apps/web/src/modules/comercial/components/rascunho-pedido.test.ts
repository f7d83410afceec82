import { describe, expect, it } from 'vitest';
import type { PedidoDetalhe } from '../api/comercial-api.ts';
import { escolhaDireta, type ProdutoBuscado } from './produto-escolha.ts';
import {
  cabecalhoVazio,
  corpoDoPedido,
  embalagemPadrao,
  errosDaLinha,
  type Linha,
  mudaLinhas,
  opcoesEmbalagem,
  type Rascunho,
  rascunhoDoPedido,
} from './rascunho-pedido.ts';

const refri: ProdutoBuscado = {
  id: 'p1',
  codigo: 'P00001',
  nome: 'Refrigerante Cola 2 L',
  unidade: 'UN',
  gtin: '7891000000017',
  embalagens: [
    { unidade: 'UN', fator: '1', gtin: '7891000000017' },
    { unidade: 'CX', fator: '12', gtin: '17891000000014', padrao_venda: true },
  ],
};
const queijo: ProdutoBuscado = { id: 'p2', codigo: 'P00002', nome: 'Queijo', unidade: 'KG', embalagens: [] };

describe('the order being typed', () => {
  it('starts a line in the packaging for sales, else the base unit; lists the base unit first', () => {
    expect(embalagemPadrao(refri)).toBe('CX');
    expect(embalagemPadrao(queijo)).toBe('KG');
    expect(opcoesEmbalagem(refri)).toEqual([
      { value: 'UN', label: 'UN' },
      { value: 'CX', label: 'CX (12 UN)' },
    ]);
  });

  it('sends the body of pedidoCreateSchema, empty texts as the server defaults', () => {
    const r: Rascunho = {
      cliente: { id: 'c1', nome: 'Cliente' },
      cabecalho: { ...cabecalhoVazio, desconto: '1,5', data_entrega: '2026-12-01' },
      linhas: [
        {
          key: 'a',
          produto: refri,
          embalagem: 'CX',
          quantidade: ' 2 ',
          preco: '8,49',
          precoManual: false,
          desconto_tipo: 'percentual',
          desconto: '',
        },
      ],
    };
    expect(corpoDoPedido(r, 3)).toEqual({
      cliente_id: 'c1',
      vendedor_id: null,
      condicao_pagamento_id: null,
      forma_pagamento_id: null,
      tabela_preco_id: null,
      data_entrega: '2026-12-01',
      modalidade_frete: '0',
      frete: '0',
      desconto_tipo: 'percentual',
      desconto: '1,5',
      observacoes_internas: '',
      observacoes_nota: '',
      itens: [
        {
          produto_id: 'p1',
          embalagem: 'CX',
          quantidade: '2',
          preco: '8,49',
          desconto_tipo: 'percentual',
          desconto: '0',
        },
      ],
      versao: 3,
    });
  });

  it('brings a saved order back as typed text (pt-BR), the packaging factor from the base quantity', () => {
    const p = {
      cliente_id: 'c1',
      cliente_nome: 'Cliente',
      vendedor_id: null,
      condicao_pagamento_id: 'cp',
      forma_pagamento_id: null,
      tabela_preco_id: null,
      data_entrega: null,
      modalidade_frete: '9',
      frete: '48.50',
      desconto_tipo: 'valor',
      desconto: '0.00',
      observacoes_internas: null,
      observacoes_nota: 'NF',
      itens: [
        {
          id: 'i1',
          produto_id: 'p1',
          produto_codigo: 'P00001',
          produto_nome: 'Refrigerante',
          embalagem: 'CX',
          quantidade: '2.000',
          quantidade_base: '24.000',
          unidade: 'UN',
          preco: '8.00',
          preco_tabela: '8.49',
          desconto_tipo: 'percentual',
          desconto: '5.00',
        },
      ],
    } as unknown as PedidoDetalhe;
    const r = rascunhoDoPedido(p);
    expect(r.cabecalho).toMatchObject({
      condicao_pagamento_id: 'cp',
      modalidade_frete: '9',
      frete: '48,50',
      desconto: '',
    });
    expect(r.linhas[0]).toMatchObject({
      key: 'i1',
      embalagem: 'CX',
      quantidade: '2',
      preco: '8,00',
      precoManual: true,
      desconto: '5',
      produto: { unidade: 'UN', embalagens: [{ unidade: 'CX', fator: '12' }] },
    });
  });

  it("maps the server's field errors onto each line", () => {
    const fields = {
      'itens.1.quantidade': ['Quantidade em CX não aceita casas decimais'],
      cliente_id: ['x'],
    };
    expect(errosDaLinha(fields, 1)).toEqual({ quantidade: 'Quantidade em CX não aceita casas decimais' });
    expect(errosDaLinha(fields, 0)).toEqual({});
  });

  it('changes only the lines a patch is answered for; no patch keeps the same draft', () => {
    const linha = (key: string, preco: string): Linha => ({
      key,
      produto: refri,
      embalagem: 'CX',
      quantidade: '1',
      preco,
      precoManual: false,
      desconto_tipo: 'percentual',
      desconto: '',
    });
    const r: Rascunho = {
      cliente: null,
      cabecalho: cabecalhoVazio,
      linhas: [linha('a', ''), linha('b', '')],
    };
    const depois = mudaLinhas(r, (l) => (l.key === 'b' ? { preco: '9,90' } : null));
    expect(depois.linhas.map((l) => l.preco)).toEqual(['', '9,90']);
    expect(depois.linhas[0]).toBe(r.linhas[0]);
    expect(r.linhas[1]!.preco).toBe('');
    expect(mudaLinhas(r, () => null)).toBe(r);
    expect(mudaLinhas(r, (_, i) => (i === 0 ? { quantidade: '3' } : null)).linhas[0]!.quantidade).toBe('3');
  });
});

describe('adding a product by code or scanner', () => {
  it.each([
    ['P00001', 'p1', undefined],
    ['p00001', 'p1', undefined],
    ['7891000000017', 'p1', undefined],
    ['07891000000017', 'p1', undefined],
    ['17891000000014', 'p1', 'CX'],
  ])('%s → product %s in %s', (texto, id, embalagem) => {
    const r = escolhaDireta(texto, [queijo, refri]);
    expect(r?.produto.id).toBe(id);
    expect(r?.embalagem).toBe(embalagem);
  });

  it('the only product found is added; several without an exact match wait for a choice', () => {
    expect(escolhaDireta('quei', [queijo])?.produto.id).toBe('p2');
    expect(escolhaDireta('r', [queijo, refri])).toBeNull();
  });
});
