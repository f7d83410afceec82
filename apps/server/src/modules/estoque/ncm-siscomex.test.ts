import { TabelaNcm } from '@erp/shared';
import { describe, expect, it } from 'vitest';
import { converteSiscomex, textoArquivoNcm } from './ncm-siscomex.ts';

// npm run ncm:update: the Siscomex JSON (Classif) becomes data/ncm.json.

const amostra = JSON.stringify({
  Data_Ultima_Atualizacao_NCM: 'Vigente em 21/10/2024',
  Ato: 'Resolução Gecex nº 272/2021',
  Nomenclaturas: [
    {
      Codigo: '22',
      Descricao: 'Bebidas, líquidos alcoólicos e vinagres.',
      Data_Inicio: '01/04/2022',
      Data_Fim: '31/12/9999',
    },
    {
      Codigo: '22.02',
      Descricao: 'Águas, incluindo as águas minerais…',
      Data_Inicio: '01/04/2022',
      Data_Fim: '31/12/9999',
    },
    {
      Codigo: '2202.10.00',
      Descricao: '- Águas, incluindo as águas minerais e as águas gaseificadas, adicionadas de açúcar',
      Data_Inicio: '01/04/2022',
      Data_Fim: '31/12/9999',
    },
    { Codigo: '2202.9', Descricao: '- Outras:', Data_Inicio: '01/04/2022', Data_Fim: '31/12/9999' },
    { Codigo: '2202.99.00', Descricao: '-- Outras', Data_Inicio: '01/04/2022', Data_Fim: '31/12/9999' },
    { Codigo: '2202.90.00', Descricao: '- Outras', Data_Inicio: '01/01/2012', Data_Fim: '31/12/2016' },
  ],
});

describe('NCM table from the Siscomex JSON', () => {
  it('keeps the codes in force, without dots, with the act and date of the update', () => {
    const arquivo = converteSiscomex(`\uFEFF${amostra}`, '2026-11-21');
    expect(arquivo.nos).toEqual([
      ['22', 'Bebidas, líquidos alcoólicos e vinagres.'],
      ['2202', 'Águas, incluindo as águas minerais…'],
      ['22021000', '- Águas, incluindo as águas minerais e as águas gaseificadas, adicionadas de açúcar'],
      ['22029', '- Outras:'],
      ['22029900', '-- Outras'],
    ]);
    expect(arquivo.publicacao).toBe('2024-10-21');
    expect(arquivo.fonte).toBe('Tabela NCM do Portal Único Siscomex (Resolução Gecex nº 272/2021)');
    const tabela = new TabelaNcm(
      JSON.parse(textoArquivoNcm(arquivo)).nos.map(([codigo, descricao]: string[]) => ({
        codigo,
        descricao,
      })),
    );
    expect(tabela.existe('22029900')).toBe(true);
    expect(tabela.existe('22029000')).toBe(false);
    expect(tabela.item('22029900')?.caminho).toBe(
      'Bebidas, líquidos alcoólicos e vinagres › Águas, incluindo as águas minerais… › Outras › Outras',
    );
  });

  it('refuses a file that is not the Siscomex layout, with the reason', () => {
    expect(() => converteSiscomex('{"nos": []}', '2026-11-21')).toThrow(
      'arquivo fora do formato do Siscomex: falta a lista "Nomenclaturas"',
    );
    expect(() =>
      converteSiscomex(
        JSON.stringify({
          Nomenclaturas: [
            { Codigo: '2202.1', Descricao: 'x' },
            { Codigo: 'abc', Descricao: 'y' },
          ],
        }),
        '2026-11-21',
      ),
    ).toThrow('código fora do formato: abc');
  });
});
