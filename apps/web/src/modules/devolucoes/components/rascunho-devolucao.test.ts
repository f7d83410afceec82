import { devolucaoMensagens } from '@erp/shared';
import { describe, expect, it } from 'vitest';
import type { NotaOrigem } from '../api/devolucoes-api.ts';
import {
  confereLinha,
  corpoDaDevolucao,
  destinoDaLinha,
  devolveTudo,
  errosDoRascunho,
  errosDoServidor,
  motivoDaLinha,
  mudaLinha,
  mudaPadrao,
  rascunhoMensagens,
  rascunhoVazio,
  semErros,
  totalEstimado,
  unidadesDoItem,
} from './rascunho-devolucao.ts';

// A sale note of 48 UN of a soda (CX = 12 UN, 12 returned before) and 2,5 KG of cheese.
const nota: NotaOrigem = {
  nota_id: '00000000-0000-4000-8000-000000000001',
  numero: 123,
  serie: 1,
  chave: '35261112345678000190550010000001231000001230',
  emissao: '2026-11-20T12:00:00.000Z',
  pedido_id: 'p1',
  pedido_numero: 77,
  cliente_id: 'c1',
  cliente_nome: 'Mercado Bom Preço',
  cliente_documento: '12345678000190',
  cliente_contribuinte: false,
  situacao: 'parcialmente_devolvida',
  itens: [
    {
      item_id: 'i1',
      sequencia: 1,
      produto_id: 'prod1',
      codigo: 'P00001',
      nome: 'Refrigerante Cola 2 L',
      unidade: 'UN',
      casas_decimais: 0,
      embalagens: [
        { sigla: 'UN', fator: '1.000000', casas_decimais: 0 },
        { sigla: 'CX', fator: '12.000000', casas_decimais: 0 },
      ],
      quantidade: '48.000',
      devolvida: '12.000',
      saldo: '36.000',
      cfop: '5102',
      valor_unitario: '8.4900',
      valor_total: '407.52',
    },
    {
      item_id: 'i2',
      sequencia: 2,
      produto_id: 'prod2',
      codigo: 'P00002',
      nome: 'Queijo Minas',
      unidade: 'KG',
      casas_decimais: 3,
      embalagens: [],
      quantidade: '2.500',
      devolvida: '0.000',
      saldo: '2.500',
      cfop: '5102',
      valor_unitario: '39.9000',
      valor_total: '99.75',
    },
  ],
};

describe('the return being typed', () => {
  it('offers the base unit first, then the packagings with their factor', () => {
    expect(unidadesDoItem(nota.itens[0]!).map((u) => u.rotulo)).toEqual(['UN', 'CX (12 UN)']);
    expect(unidadesDoItem(nota.itens[1]!).map((u) => u.rotulo)).toEqual(['KG']);
  });

  it('checks a line with the server’s rule: in packagings, against what is left', () => {
    const r = rascunhoVazio(nota);
    expect(confereLinha(nota.itens[0]!, r.linhas.i1)).toBeNull();
    const tres = mudaLinha(r, 'i1', { quantidade: '3', unidade: 'CX' });
    expect(confereLinha(nota.itens[0]!, tres.linhas.i1)).toEqual({
      ok: true,
      linha: { quantidadeBase: '36.000', saldoAntes: '36.000', saldoDepois: '0.000', devolveTudo: true },
    });
    const quatro = mudaLinha(r, 'i1', { quantidade: '4', unidade: 'CX' });
    expect(confereLinha(nota.itens[0]!, quatro.linhas.i1)).toEqual({
      ok: false,
      erro: 'Item «Refrigerante Cola 2 L»: a devolver 4 CX (48 UN), disponível 3 CX (36 UN).',
    });
    expect(confereLinha(nota.itens[0]!, mudaLinha(r, 'i1', { quantidade: '1,5' }).linhas.i1)).toEqual({
      ok: false,
      erro: 'Item «Refrigerante Cola 2 L»: Quantidade em UN não aceita casas decimais.',
    });
    expect(confereLinha(nota.itens[0]!, mudaLinha(r, 'i1', { quantidade: 'abc' }).linhas.i1)).toEqual({
      ok: false,
      erro: 'Quantidade inválida',
    });
    expect(confereLinha(nota.itens[1]!, mudaLinha(r, 'i2', { quantidade: '1,25' }).linhas.i2)).toMatchObject({
      ok: true,
      linha: { quantidadeBase: '1.250' },
    });
  });

  it('takes the first reason chosen as the default of the other lines; the destination follows it', () => {
    let r = rascunhoVazio(nota);
    expect(motivoDaLinha(r, 'i2')).toBe('');
    expect(destinoDaLinha(r, 'i2')).toBe('normal');
    r = mudaLinha(r, 'i1', { motivo: 'avaria' });
    expect(r.padrao).toBe('avaria');
    expect(motivoDaLinha(r, 'i2')).toBe('avaria');
    expect(destinoDaLinha(r, 'i2')).toBe('avaria');
    // a second reason on another line does not change the default
    r = mudaLinha(r, 'i2', { motivo: 'erro_pedido' });
    expect(r.padrao).toBe('avaria');
    expect(destinoDaLinha(r, 'i2')).toBe('normal');
    // a destination chosen by hand stays
    r = mudaLinha(r, 'i1', { destino: 'normal' });
    expect(destinoDaLinha(r, 'i1')).toBe('normal');
    // from a delivery the default is «Recusa na entrega»
    const entrega = rascunhoVazio(nota, 'recusa_entrega');
    expect(motivoDaLinha(entrega, 'i1')).toBe('recusa_entrega');
    expect(destinoDaLinha(entrega, 'i1')).toBe('normal');
    expect(motivoDaLinha(mudaPadrao(entrega, 'vencido'), 'i2')).toBe('vencido');
  });

  it('estimates the total from the unit value of the valid lines only', () => {
    let r = rascunhoVazio(nota, 'recusa_entrega');
    expect(totalEstimado(nota, r)).toBe('0.00');
    r = mudaLinha(r, 'i1', { quantidade: '1', unidade: 'CX' });
    r = mudaLinha(r, 'i2', { quantidade: '0,333' });
    // 12 × 8,49 + 0,333 × 39,90 = 101,88 + 13,2867
    expect(totalEstimado(nota, r)).toBe('115.17');
    r = mudaLinha(r, 'i2', { quantidade: '9' });
    expect(totalEstimado(nota, r)).toBe('101.88');
  });

  it('«Devolver tudo» fills every saldo in the base unit', () => {
    const r = devolveTudo(mudaLinha(rascunhoVazio(nota), 'i1', { unidade: 'CX' }), nota);
    expect(r.linhas.i1).toMatchObject({ quantidade: '36', unidade: 'UN' });
    expect(r.linhas.i2).toMatchObject({ quantidade: '2,5', unidade: 'KG' });
  });

  it('says what keeps the return from being saved', () => {
    let r = rascunhoVazio(nota);
    expect(errosDoRascunho(nota, r)).toEqual({ itens: {}, geral: devolucaoMensagens.semItens });
    r = mudaLinha(r, 'i1', { quantidade: '2' });
    expect(errosDoRascunho(nota, r)).toEqual({ itens: { i1: rascunhoMensagens.semMotivo } });
    r = mudaLinha(r, 'i1', { motivo: 'outro' });
    expect(errosDoRascunho(nota, r)).toEqual({ itens: {}, observacao: devolucaoMensagens.observacaoOutro });
    r = { ...r, observacao: 'Cliente fechou a loja' };
    expect(semErros(errosDoRascunho(nota, r))).toBe(true);
  });

  it('sends the lines with a quantity, in the note’s order, and maps the server’s messages back', () => {
    let r = rascunhoVazio(nota, 'recusa_entrega');
    r = mudaLinha(r, 'i2', { quantidade: ' 1,5 ', motivo: 'vencido' });
    r = mudaLinha(r, 'i1', { quantidade: '1', unidade: 'CX' });
    const { corpo, itemDaLinha } = corpoDaDevolucao(nota, r);
    expect(corpo).toEqual({
      nota_id: nota.nota_id,
      itens: [
        { item_id: 'i1', quantidade: '1', unidade: 'CX', motivo: 'recusa_entrega', destino: 'normal' },
        { item_id: 'i2', quantidade: '1,5', unidade: 'KG', motivo: 'vencido', destino: 'avaria' },
      ],
      observacao: null,
    });
    expect(itemDaLinha).toEqual(['i1', 'i2']);
    expect(
      errosDoServidor(
        {
          'itens.1.quantidade': ['Item «Queijo Minas»: a devolver 1,5 KG, disponível 1 KG.'],
          nota_id: ['x'],
        },
        itemDaLinha,
      ),
    ).toEqual({ itens: { i2: 'Item «Queijo Minas»: a devolver 1,5 KG, disponível 1 KG.' }, geral: 'x' });
  });
});
