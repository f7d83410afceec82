import { devolucaoMensagens } from '@erp/shared';
import { describe, expect, it } from 'vitest';
import type { EntradaOrigem } from '../api/devolucoes-compra-api.ts';
import {
  confereLinha,
  corpoDaDevolucao,
  errosDoRascunho,
  errosDoServidor,
  rascunhoVazio,
  semErros,
  totalEstimado,
  unidadesDoItem,
} from './rascunho-devolucao-compra.ts';

// A receipt of 120 UN of granola (CX = 12 UN, 24 returned before) and 30 UN of honey in two lots
// (L-A 10, all returned; L-B 20).
const entrada: EntradaOrigem = {
  entrada_id: '00000000-0000-4000-8000-000000000001',
  numero: 1001,
  serie: 1,
  chave: '35260334128745000152550010000010011123456780',
  emissao: '2026-03-10T13:00:00.000Z',
  fornecedor_id: 'f1',
  fornecedor_nome: 'Alimentos Granola Ltda',
  fornecedor_documento: '34128745000152',
  valor_nota: '1263.70',
  situacao: 'parcialmente_devolvida',
  itens: [
    {
      item_id: 'i1',
      n_item: 1,
      produto_id: 'p1',
      codigo: 'GRA800',
      nome: 'Granola 800g',
      c_prod: 'GR-800',
      x_prod: 'GRANOLA 800G CX 12',
      u_com: 'CX',
      q_com: '10.0000',
      unidade: 'UN',
      casas_decimais: 0,
      embalagens: [{ sigla: 'CX', fator: '12.0000', casas_decimais: 0 }],
      quantidade: '120.000',
      devolvida: '24.000',
      saldo: '96.000',
      custo_unitario: '5.3500',
      cfop: '5102',
      valor_total: '642.00',
      valor_unitario: '5.3500',
      local_id: 'l1',
      local_nome: 'Depósito principal',
      lotes: [],
    },
    {
      item_id: 'i2',
      n_item: 2,
      produto_id: 'p2',
      codigo: 'MEL1',
      nome: 'Mel 1kg',
      c_prod: 'MEL-1',
      x_prod: 'MEL 1KG',
      u_com: 'UN',
      q_com: '30.0000',
      unidade: 'UN',
      casas_decimais: 0,
      embalagens: [],
      quantidade: '30.000',
      devolvida: '10.000',
      saldo: '20.000',
      custo_unitario: '20.0000',
      cfop: '5102',
      valor_total: '600.00',
      valor_unitario: '20.0000',
      local_id: 'l1',
      local_nome: 'Depósito principal',
      lotes: [
        {
          lote_id: 'la',
          numero: 'L-A',
          validade: '2027-01-01',
          quantidade: '10.000',
          saldo: '0.000',
          local_id: 'l1',
          local_nome: 'Depósito principal',
        },
        {
          lote_id: 'lb',
          numero: 'L-B',
          validade: '2027-02-01',
          quantidade: '20.000',
          saldo: '20.000',
          local_id: 'l1',
          local_nome: 'Depósito principal',
        },
      ],
    },
  ],
};

describe('rascunho de devolução de compra', () => {
  it('units: the base unit, then the packagings with their factor', () => {
    expect(unidadesDoItem(entrada.itens[0]!)).toEqual([
      { sigla: 'UN', rotulo: 'UN' },
      { sigla: 'CX', rotulo: 'CX (12 UN)' },
    ]);
  });

  it('checks a line as the server does: in boxes, over the saldo, over the chosen lot', () => {
    const r = rascunhoVazio(entrada);
    expect(confereLinha(entrada.itens[0]!, r.linhas.i1)).toBeNull();
    const ok = confereLinha(entrada.itens[0]!, { ...r.linhas.i1!, quantidade: '2', unidade: 'CX' });
    expect(ok).toMatchObject({ ok: true, linha: { quantidadeBase: '24.000' } });
    expect(confereLinha(entrada.itens[0]!, { ...r.linhas.i1!, quantidade: '9', unidade: 'CX' })).toEqual({
      ok: false,
      erro: 'Item «GRA800 - Granola 800g»: a devolver 9 CX (108 UN), disponível 8 CX (96 UN).',
    });
    expect(confereLinha(entrada.itens[1]!, { ...r.linhas.i2!, quantidade: '1', lote_id: 'la' })).toEqual({
      ok: false,
      erro: 'Item «MEL1 - Mel 1kg»: já foi todo devolvido no lote L-A.',
    });
    expect(
      confereLinha(entrada.itens[1]!, { ...r.linhas.i2!, quantidade: '5', lote_id: 'lb' }),
    ).toMatchObject({
      ok: true,
    });
  });

  it('the body: only typed lines, the default reason, empty lot and location as null; the estimate', () => {
    const r = rascunhoVazio(entrada);
    expect(errosDoRascunho(entrada, r).geral).toBe(devolucaoMensagens.semItens);
    r.padrao = 'avaria';
    r.linhas.i2 = { ...r.linhas.i2!, quantidade: '3', lote_id: 'lb' };
    expect(semErros(errosDoRascunho(entrada, r))).toBe(true);
    const { corpo, itemDaLinha } = corpoDaDevolucao(entrada, r);
    expect(corpo).toEqual({
      entrada_id: entrada.entrada_id,
      itens: [
        { item_id: 'i2', quantidade: '3', unidade: 'UN', motivo: 'avaria', local_id: null, lote_id: 'lb' },
      ],
      observacao: null,
    });
    expect(totalEstimado(entrada, r)).toBe('60.00');
    expect(errosDoServidor({ 'itens.0.quantidade': ['excede'], observacao: ['obs'] }, itemDaLinha)).toEqual({
      itens: { i2: 'excede' },
      observacao: 'obs',
    });
  });

  it('«Outro» asks for the observação', () => {
    const r = rascunhoVazio(entrada);
    r.linhas.i1 = { ...r.linhas.i1!, quantidade: '1', motivo: 'outro' };
    expect(errosDoRascunho(entrada, r).observacao).toBe(devolucaoMensagens.observacaoOutro);
  });
});
