import { describe, expect, it } from 'vitest';
import {
  type LinhaProgresso,
  mensagemTentativaInterrompida,
  situacaoFaturamento,
  TENTATIVA_PERDIDA_MS,
} from './faturamento-situacao.ts';

// The progress of «Faturar carga» per order, from the live note and the worker's recorded outcome.

const agora = Date.parse('2026-11-23T12:00:00Z');
const ha = (ms: number) => new Date(agora - ms).toISOString();
const linha = (l: Partial<LinhaProgresso>): LinhaProgresso => ({
  nota_id: null,
  nota_status: null,
  nota_c_stat: null,
  x_motivo: null,
  registro: null,
  c_stat: null,
  mensagem: null,
  tentativas: null,
  iniciado_em: null,
  ...l,
});
const nota = (status: string, c_stat: string | null = null, x_motivo: string | null = null) => ({
  nota_id: 'n1',
  nota_status: status,
  nota_c_stat: c_stat,
  x_motivo,
});

const casos: [string, Partial<LinhaProgresso>, Record<string, unknown>][] = [
  [
    'nothing recorded, no note: pendente, not queued',
    {},
    { situacao: 'pendente', na_fila: false, pode_reprocessar: false, tentativas: 0, mensagem: null },
  ],
  ['queued', { registro: 'pendente' }, { situacao: 'pendente', na_fila: true, pode_reprocessar: false }],
  [
    'transient failure waiting for its retry keeps its reason',
    { registro: 'pendente', tentativas: 1, mensagem: 'Nova tentativa em instantes: SEFAZ fora' },
    {
      situacao: 'pendente',
      na_fila: true,
      tentativas: 1,
      mensagem: 'Nova tentativa em instantes: SEFAZ fora',
      pode_reprocessar: false,
    },
  ],
  [
    'attempt running',
    { registro: 'processando', tentativas: 1, iniciado_em: ha(5_000) },
    { situacao: 'processando', na_fila: true, pode_reprocessar: false },
  ],
  [
    'authorised note wins over a running attempt (the worker is finishing)',
    { ...nota('autorizada', '100'), registro: 'processando', iniciado_em: ha(1_000) },
    { situacao: 'autorizada', na_fila: true, c_stat: '100', pode_reprocessar: false },
  ],
  [
    'authorised and done',
    { ...nota('autorizada', '100'), registro: 'autorizada', tentativas: 2 },
    { situacao: 'autorizada', na_fila: false, tentativas: 2, pode_reprocessar: false },
  ],
  [
    'rejected by SEFAZ: its cStat and reason, retry by hand',
    { ...nota('rejeitada', '225', 'Rejeição: Falha no Schema XML'), registro: 'rejeitada' },
    {
      situacao: 'rejeitada',
      c_stat: '225',
      mensagem: 'Rejeição: Falha no Schema XML',
      na_fila: false,
      pode_reprocessar: true,
    },
  ],
  [
    'not invoiceable (409/422): the recorded message',
    { registro: 'erro', mensagem: 'O pedido ainda não foi conferido.' },
    { situacao: 'erro', mensagem: 'O pedido ainda não foi conferido.', pode_reprocessar: true },
  ],
  [
    'retries spent, no message recorded',
    { registro: 'erro' },
    { situacao: 'erro', mensagem: 'Falha no processamento.', pode_reprocessar: true },
  ],
  [
    'an attempt cut long ago and not resumed: error, retry by hand',
    { registro: 'processando', tentativas: 3, iniciado_em: ha(TENTATIVA_PERDIDA_MS + 1) },
    { situacao: 'erro', na_fila: false, mensagem: mensagemTentativaInterrompida, pode_reprocessar: true },
  ],
  [
    'a cut attempt on a rejected note shows the rejection',
    {
      ...nota('rejeitada', '225', 'Rejeição X'),
      registro: 'processando',
      iniciado_em: ha(TENTATIVA_PERDIDA_MS + 1),
    },
    { situacao: 'rejeitada', mensagem: 'Rejeição X', na_fila: false, pode_reprocessar: true },
  ],
];

describe('situação de cada pedido no faturamento da carga', () => {
  it.each(casos)('%s', (_nome, entrada, esperado) => {
    expect(situacaoFaturamento(linha(entrada), agora)).toMatchObject(esperado);
  });
});
