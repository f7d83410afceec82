import { describe, expect, it } from 'vitest';
import { devolucaoCompraCreateSchema, devolucaoVendaCreateSchema } from './devolucao.schema.ts';
import { destinoSugerido, MOTIVOS_DEVOLUCAO, motivoDevolucaoLabels } from './motivos.ts';

const NOTA = '6f1c2a0e-8d2b-4c3a-9f0e-1a2b3c4d5e6f';
const ITEM = '0b7e3c1d-2a4f-4e5b-8c6d-7e8f9a0b1c2d';

const mensagens = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('devolucaoVendaCreateSchema', () => {
  it('reads a return typed in pt-BR (quantity "1,5", unit in lower case)', () => {
    const r = devolucaoVendaCreateSchema.parse({
      nota_id: NOTA,
      itens: [{ item_id: ITEM, quantidade: '1,5', unidade: 'cx', motivo: 'avaria', destino: 'avaria' }],
      observacao: '  ',
    });
    expect(r).toEqual({
      nota_id: NOTA,
      itens: [{ item_id: ITEM, quantidade: '1.500', unidade: 'CX', motivo: 'avaria', destino: 'avaria' }],
      observacao: null,
    });
  });

  it('answers pt-BR messages on every field', () => {
    const r = devolucaoVendaCreateSchema.safeParse({
      nota_id: 'x',
      itens: [{ item_id: 'abc', quantidade: '0', unidade: 'C-X', motivo: 'quebrado', destino: 'lixo' }],
    });
    expect(mensagens(r)).toEqual([
      'nota_id: Nota fiscal inválida',
      'itens.0.item_id: Item inválido',
      'itens.0.quantidade: Quantidade a devolver deve ser maior que zero',
      'itens.0.unidade: Unidade deve ter apenas letras e números',
      'itens.0.motivo: Motivo da devolução inválido',
      'itens.0.destino: Destino do estoque inválido',
    ]);
  });

  it('needs at least one item, and an observação when a reason is «Outro»', () => {
    expect(mensagens(devolucaoVendaCreateSchema.safeParse({ nota_id: NOTA, itens: [] }))).toEqual([
      'itens: Informe ao menos um item a devolver',
    ]);
    const outro = {
      nota_id: NOTA,
      itens: [{ item_id: ITEM, quantidade: '1', unidade: 'UN', motivo: 'outro', destino: 'normal' }],
    };
    expect(mensagens(devolucaoVendaCreateSchema.safeParse(outro))).toEqual([
      'observacao: Descreva o motivo na observação quando o motivo for «Outro»',
    ]);
    expect(
      devolucaoVendaCreateSchema.safeParse({ ...outro, observacao: 'Cliente fechou a loja' }).success,
    ).toBe(true);
  });

  it('accepts one item in several lines (part to avaria, part to normal stock)', () => {
    const r = devolucaoVendaCreateSchema.safeParse({
      nota_id: NOTA,
      itens: [
        { item_id: ITEM, quantidade: '2', unidade: 'UN', motivo: 'avaria', destino: 'avaria' },
        { item_id: ITEM, quantidade: '1', unidade: 'CX', motivo: 'recusa_entrega', destino: 'normal' },
      ],
    });
    expect(r.success).toBe(true);
  });
});

describe('devolucaoCompraCreateSchema', () => {
  it('takes the goods receipt, the items and an optional location and lot', () => {
    const r = devolucaoCompraCreateSchema.parse({
      entrada_id: NOTA,
      itens: [
        { item_id: ITEM, quantidade: 3, unidade: 'UN', motivo: 'vencido', local_id: '', lote_id: null },
      ],
    });
    expect(r.itens[0]).toEqual({
      item_id: ITEM,
      quantidade: '3.000',
      unidade: 'UN',
      motivo: 'vencido',
      local_id: null,
      lote_id: null,
    });
    expect(mensagens(devolucaoCompraCreateSchema.safeParse({ itens: [] }))).toEqual([
      'entrada_id: Entrada é obrigatória',
      'itens: Informe ao menos um item a devolver',
    ]);
  });
});

describe('motivos', () => {
  it('has a pt-BR label for every reason and suggests the avaria stock for damaged or expired goods', () => {
    expect(MOTIVOS_DEVOLUCAO.map((m) => motivoDevolucaoLabels[m])).toEqual([
      'Avaria',
      'Produto vencido',
      'Erro de pedido',
      'Recusa na entrega',
      'Desistência',
      'Outro',
    ]);
    expect(MOTIVOS_DEVOLUCAO.map(destinoSugerido)).toEqual([
      'avaria',
      'avaria',
      'normal',
      'normal',
      'normal',
      'normal',
    ]);
  });
});
