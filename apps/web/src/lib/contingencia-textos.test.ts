import { describe, expect, it } from 'vitest';
import { podeEncerrarContingencia, TELA_CONTINGENCIA, textosContingencia } from './contingencia-textos.ts';

describe('textosContingencia', () => {
  it('names the authoriser, since when (Brasília time) and how the contingency ends', () => {
    expect(
      textosContingencia({
        uf: 'SP',
        autorizador: 'SVCAN',
        inicio: '2026-11-28T17:05:00.000Z',
        justificativa: 'SEFAZ SP indisponivel: Não foi possível falar com a SEFAZ: ECONNRESET',
      }),
    ).toEqual({
      titulo: 'Contingência SVC-AN desde 28/11/2026 às 14:05',
      detalhe:
        'A SEFAZ SP não respondeu e as NF-e estão sendo autorizadas pelo SVC-AN. O sistema volta ao normal sozinho na primeira transmissão em que a SEFAZ SP responder; um administrador ou usuário do Comercial pode verificar e sair da contingência em Notas Fiscais de Saída.',
      resumo: 'NF-e autorizadas pelo SVC-AN; volta ao normal quando a SEFAZ SP responder.',
      motivo: 'SEFAZ SP indisponivel: Não foi possível falar com a SEFAZ: ECONNRESET',
    });
    expect(
      textosContingencia({
        uf: 'PR',
        autorizador: 'SVCRS',
        inicio: '2026-11-28T17:05:00.000Z',
        justificativa: 'x',
      }).titulo,
    ).toBe('Contingência SVC-RS desde 28/11/2026 às 14:05');
  });

  it('who ends it and where: admin and comercial, on Notas Fiscais de Saída', () => {
    expect(TELA_CONTINGENCIA).toBe('/notasfiscais/saida#contingencia');
    expect(['admin', 'comercial', 'estoque', 'financeiro'].map((r) => podeEncerrarContingencia([r]))).toEqual(
      [true, true, false, false],
    );
  });
});
