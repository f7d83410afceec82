import { describe, expect, it } from 'vitest';
import { colunasComissoes, comissoesQuerySchema } from './comissoes.schema.ts';
import {
  colunasDevolucoes,
  devolucoesRelatorioQuerySchema,
  filtroDaLinhaDevolucoes,
} from './devolucoes-relatorio.schema.ts';

describe('Comissões schema and columns', () => {
  it('defaults: per seller, by commission earned, descending, 25 a page', () => {
    expect(comissoesQuerySchema.parse({})).toEqual({
      visao: 'vendedor',
      sort: 'ganha',
      dir: 'desc',
      page: 1,
      pageSize: 25,
    });
  });

  it('refuses an inverted period and an unknown view in pt-BR', () => {
    const r = comissoesQuerySchema.safeParse({ de: '2026-03-31', ate: '2026-03-01', visao: 'x' });
    expect(r.success).toBe(false);
    const msgs = r.error!.issues.map((i) => i.message);
    expect(msgs).toContain('Visão inválida');
  });

  it.each([
    ['vendedor', false, ['rotulo', 'percentual', 'ganha', 'paga', 'a_pagar', 'estorno', 'a_ganhar']],
    ['titulo', false, ['rotulo', 'vendedor', 'data', 'ganha', 'paga', 'a_pagar', 'estorno', 'a_ganhar']],
    // one seller's statement: the seller heads it, no seller column
    ['titulo', true, ['rotulo', 'data', 'ganha', 'paga', 'a_pagar', 'estorno', 'a_ganhar']],
  ] as const)('view %s (one seller: %s)', (visao, um, chaves) => {
    expect(colunasComissoes(visao, um).map((c) => c.chave)).toEqual(chaves);
  });

  it('every figure has a total; the texts do not', () => {
    for (const c of colunasComissoes('titulo')) expect(Boolean(c.total)).toBe(c.tipo === 'dinheiro');
  });
});

describe('Devoluções e cancelamentos schema, columns and drill-down', () => {
  it('defaults: by reason, by total, descending', () => {
    const q = devolucoesRelatorioQuerySchema.parse({});
    expect([q.agrupar, q.sort, q.dir]).toEqual(['motivo', 'valor_total', 'desc']);
  });

  it.each([
    ['motivo', 'cancelamento:Preço', { motivo: 'cancelamento:Preço' }],
    ['vendedor', '', { vendedor_id: 'sem' }],
    ['vendedor', 'abc', { vendedor_id: 'abc' }],
    ['cliente', 'c1', { cliente_id: 'c1' }],
    ['documento', 'd1', null],
  ] as const)('a %s row %j opens %j', (agrupar, chave, filtro) => {
    expect(filtroDaLinhaDevolucoes(agrupar, chave)).toEqual(filtro);
  });

  it('the documents view lists each document with its values only', () => {
    expect(colunasDevolucoes('documento').map((c) => c.chave)).toEqual([
      'rotulo',
      'data',
      'cliente',
      'vendedor',
      'motivos',
      'valor_devolvido',
      'valor_cancelado',
      'valor_total',
    ]);
  });
});
