import { z } from 'zod';
import type { Verificacao } from '../precos/limites-venda.ts';

// The rules of talking to SEFAZ about an outgoing NF-e (#20), as pure functions: what a cStat means
// for the note, the cancellation window, the CC-e sequence, the inutilização range, and the
// bodies of the routes (pt-BR messages).

/** What an answer's cStat does to the note. */
export type DesfechoSefaz = 'autorizada' | 'denegada' | 'duplicidade' | 'rejeitada' | 'indisponivel';

/** 100/150 authorised (150 = late); 110/301/302/303 denied; 204 duplicity (query and adopt); 108/109 service down. */
export function desfechoDoCStat(cStat: string): DesfechoSefaz {
  if (cStat === '100' || cStat === '150') return 'autorizada';
  if (['110', '301', '302', '303'].includes(cStat)) return 'denegada';
  if (cStat === '204') return 'duplicidade';
  if (cStat === '108' || cStat === '109') return 'indisponivel';
  return 'rejeitada';
}

/** Events registered: 135 (vinculado), 136 (não vinculado), 155 (cancelamento fora de prazo homologado). */
export const eventoRegistrado = (cStat: string) => ['135', '136', '155'].includes(cStat);

/** The legal window of the cancelamento: 24 hours from the authorisation. */
export const PRAZO_CANCELAMENTO_HORAS = 24;

export const sefazMensagens = {
  justificativaCurta: 'A justificativa deve ter ao menos 15 caracteres.',
  justificativaLonga: 'A justificativa deve ter no máximo 255 caracteres.',
  correcaoCurta: 'A correção deve ter ao menos 15 caracteres.',
  correcaoLonga: 'A correção deve ter no máximo 1000 caracteres.',
  prazoCancelamento: `Prazo de cancelamento expirado: a nota só pode ser cancelada até ${PRAZO_CANCELAMENTO_HORAS} horas após a autorização.`,
  limiteCce: 'Limite de 20 cartas de correção por nota atingido.',
  faixaInvertida: 'O número final deve ser maior ou igual ao inicial.',
  faixaLonga: 'A faixa de inutilização pode ter no máximo 10.000 números.',
  numeroInvalido: 'Número deve ser um inteiro entre 1 e 999.999.999.',
  serieInvalida: 'Série deve ser um inteiro entre 0 e 999.',
} as const;

/** Whether the note (authorised at `autorizadaEm`) may still be cancelled at `agora`. */
export function podeCancelarNoPrazo(autorizadaEm: Date, agora: Date): Verificacao {
  const limite = autorizadaEm.getTime() + PRAZO_CANCELAMENTO_HORAS * 3600_000;
  return agora.getTime() <= limite
    ? { permitido: true }
    : { permitido: false, motivo: sefazMensagens.prazoCancelamento };
}

/** The next nSeqEvento of a CC-e after the ones registered (1 for the first; at most 20). */
export function proximaSequenciaCce(registradas: readonly number[]): number | null {
  const proxima = registradas.length ? Math.max(...registradas) + 1 : 1;
  return proxima > 20 ? null : proxima;
}

/**
 * The text of an event field as SEFAZ takes it: ISO-8859-1 printable, no line breaks, blanks
 * collapsed. Accents are kept (the schemas accept them).
 */
export const textoEvento = (s: string) => s.replace(/\s+/g, ' ').trim();

const justificativa = z
  .string({ error: sefazMensagens.justificativaCurta })
  .transform(textoEvento)
  .pipe(z.string().min(15, sefazMensagens.justificativaCurta).max(255, sefazMensagens.justificativaLonga));

export const cancelarNotaSchema = z.object({ justificativa });
export type CancelarNota = z.output<typeof cancelarNotaSchema>;

export const cartaCorrecaoSchema = z.object({
  correcao: z
    .string({ error: sefazMensagens.correcaoCurta })
    .transform(textoEvento)
    .pipe(z.string().min(15, sefazMensagens.correcaoCurta).max(1000, sefazMensagens.correcaoLonga)),
});
export type CartaCorrecao = z.output<typeof cartaCorrecaoSchema>;

const numeroNota = z.coerce
  .number({ error: sefazMensagens.numeroInvalido })
  .int(sefazMensagens.numeroInvalido)
  .min(1, sefazMensagens.numeroInvalido)
  .max(999_999_999, sefazMensagens.numeroInvalido);

export const inutilizacaoSchema = z
  .object({
    serie: z.coerce
      .number({ error: sefazMensagens.serieInvalida })
      .int(sefazMensagens.serieInvalida)
      .min(0, sefazMensagens.serieInvalida)
      .max(999, sefazMensagens.serieInvalida),
    numero_inicial: numeroNota,
    numero_final: numeroNota,
    justificativa,
  })
  .superRefine((v, ctx) => {
    if (v.numero_final < v.numero_inicial)
      ctx.addIssue({ code: 'custom', path: ['numero_final'], message: sefazMensagens.faixaInvertida });
    else if (v.numero_final - v.numero_inicial >= 10_000)
      ctx.addIssue({ code: 'custom', path: ['numero_final'], message: sefazMensagens.faixaLonga });
  });
export type InutilizacaoFaixa = z.output<typeof inutilizacaoSchema>;

/** Tipos of the rows of notas_fiscais_eventos written by the SEFAZ exchanges, with their labels. */
export const tipoEventoNotaLabels: Record<string, string> = {
  assinatura: 'Assinatura',
  envio: 'Envio à SEFAZ',
  timeout: 'SEFAZ sem resposta',
  consulta: 'Consulta à SEFAZ',
  consulta_pendente: 'Consulta sem resultado (nota ainda em processamento)',
  autorizacao: 'Autorização',
  rejeicao: 'Rejeição',
  denegacao: 'Denegação',
  contingencia: 'Contingência',
  cancelamento: 'Cancelamento',
  cancelamento_recusado: 'Cancelamento recusado',
  cce: 'Carta de correção',
  cce_recusada: 'Carta de correção recusada',
  inutilizacao: 'Inutilização',
  email: 'E-mail ao cliente',
};
