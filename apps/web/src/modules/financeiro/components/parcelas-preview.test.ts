import { describe, expect, it } from 'vitest';
import { condicaoDoFormulario, previewParcelas } from './parcelas-preview.ts';

describe('previewParcelas', () => {
  it('28/35/42 from 12/01/2027 moves the Carnaval date and keeps the remainder cent first', () => {
    const r = previewParcelas({ tipo: 'dias', dias: '28/35/42' }, '100.00', '2027-01-12');
    expect(r).toEqual({
      ok: true,
      linhas: [
        expect.objectContaining({
          numero: 1,
          total: 3,
          vencimento: '2027-02-10',
          ajustada_de: '2027-02-09',
          valor: '33.34',
          ajuste: '09/02/2027 (Carnaval (terça-feira)) → 10/02/2027',
        }),
        expect.objectContaining({ numero: 2, vencimento: '2027-02-16', valor: '33.33', ajuste: null }),
        expect.objectContaining({ numero: 3, vencimento: '2027-02-23', valor: '33.33', ajuste: null }),
      ],
    });
  });

  it('N parcelas a cada X dias with an entrada', () => {
    const r = previewParcelas(
      {
        tipo: 'parcelas',
        parcelas: '2',
        intervalo_dias: '30',
        primeiro_vencimento_dias: '',
        entrada_percentual: '30',
      },
      '1.000,01',
      '2026-11-23',
    );
    if (!r.ok) throw new Error(r.mensagem);
    expect(r.linhas.map((l) => [l.numero, l.vencimento, l.valor, l.entrada])).toEqual([
      [1, '2026-11-23', '300.00', true],
      [2, '2026-12-23', '350.01', false],
      [3, '2027-01-22', '350.00', false],
    ]);
  });

  it('answers the pt-BR reason instead of throwing', () => {
    expect(previewParcelas({ tipo: 'dias', dias: '60/30' }, '100', '2026-11-23')).toEqual({
      ok: false,
      mensagem: 'Os prazos devem estar em ordem crescente, sem repetir',
    });
    expect(previewParcelas({ tipo: 'dias', dias: '30' }, 'abc', '2026-11-23')).toEqual({
      ok: false,
      mensagem: 'Informe um valor de exemplo',
    });
    expect(previewParcelas({ tipo: 'dias', dias: '30/60/90' }, '0.02', '2026-11-23')).toEqual({
      ok: false,
      mensagem: 'Valor insuficiente para 3 parcelas: cada parcela deve ter ao menos R$ 0,01',
    });
    expect(condicaoDoFormulario({ tipo: 'parcelas', parcelas: '' })).toEqual({
      mensagem: 'Informe o número de parcelas',
    });
  });
});
