import { comNcmOficial, produtoCreateSchema } from '@erp/shared';
import { describe, expect, it } from 'vitest';
import { lerNcmArquivo, tabelaNcm } from './ncm-tabela.ts';

describe('official NCM table (data/ncm.json)', () => {
  it('ships the whole hierarchy with its source', () => {
    const arquivo = lerNcmArquivo();
    expect(arquivo.pacote).toBe('br-data@1.0.1');
    expect(arquivo.licenca).toBe('MIT');
    expect(arquivo.publicacao).toBe('2016-08-01');
    expect(arquivo.nos).toHaveLength(14_569);
    expect(tabelaNcm().totalSelecionaveis).toBe(10_072);
  });

  it('knows the 8-digit codes only, with their path chapter › position › item', () => {
    const t = tabelaNcm();
    expect(t.existe('22030000')).toBe(true);
    expect(t.existe('2203')).toBe(false);
    expect(t.existe('22039999')).toBe(false);
    expect(t.item('22030000')).toEqual({
      codigo: '22030000',
      descricao: 'Cervejas de malte.',
      caminho: 'Bebidas, líquidos alcoólicos e vinagres › Cervejas de malte',
    });
    expect(t.item('22042911')?.caminho).toBe(
      [
        'Bebidas, líquidos alcoólicos e vinagres',
        'Vinhos de uvas frescas, incluindo os vinhos enriquecidos com álcool; mostos de uvas, excluindo os da posição 20.09',
        'Outros vinhos; mostos de uvas cuja fermentação tenha sido impedida ou interrompida por adição de álcool',
        'Outros',
        'Vinhos',
        'Em recipientes de capacidade não superior a 5 l',
      ].join(' › '),
    );
  });

  it('searches by code prefix and by words of the path, accents ignored', () => {
    const t = tabelaNcm();
    expect(t.buscar('2203').map((i) => i.codigo)).toEqual(['22030000']);
    expect(t.buscar('2204.21').map((i) => i.codigo)).toEqual(['22042100']);
    expect(t.buscar('cerveja malte').map((i) => i.codigo)).toEqual(['22030000']);
    const uisques = t.buscar('UISQUES', 50).map((i) => i.codigo);
    expect(uisques).toEqual(['22083010', '22083020', '22083090']);
  });

  it('refuses on the product a well-formed code that is not in the table', () => {
    const schema = comNcmOficial(produtoCreateSchema, (c) => tabelaNcm().existe(c));
    const base = { codigo: 'P1', nome: 'Cerveja Pilsen 350 ml', unidade: 'UN' };
    expect(schema.safeParse({ ...base, ncm: '2203.00.00' }).success).toBe(true);
    const r = schema.safeParse({ ...base, ncm: '2203.00.99' });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['ncm', 'NCM não encontrado na tabela oficial'],
    ]);
  });
});
