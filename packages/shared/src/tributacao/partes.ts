import type { Uf } from '../cadastros/brasil.ts';
import type { IndicadorIe } from '../cadastros/pessoa.schema.ts';
import type { RegimePisCofins } from './data/aliquotas-federais.ts';
import {
  type Crt,
  type IndFinal,
  type OperacaoFiscal,
  type SentidoNf,
  type TipoDestinatario,
  tipoDestinatario,
} from './dominios.ts';

// The parties of an operation, as the engine needs them: the company issuing the document and
// the other party (the NF-e `dest`), plus what the operation is.

export type Emitente = {
  uf: Uf;
  crt: Crt;
  /** Regime of PIS/COFINS (lucro presumido: cumulativo; lucro real: não cumulativo). */
  regimePisCofins: RegimePisCofins;
  /**
   * Leave the ICMS of the item out of the PIS/COFINS base (STF, RE 574.706, Tema 69: the ICMS
   * shown on the invoice is not revenue). A company decision, taken with its accountant.
   */
  excluiIcmsBasePisCofins: boolean;
};

export type Destinatario = { uf: Uf; indIEDest: IndicadorIe; indFinal: IndFinal };

export type PartesOperacao = {
  emitente: Emitente;
  destinatario: Destinatario;
  operacao: OperacaoFiscal;
  sentido: SentidoNf;
};

/** Where the goods go: on an exit from the company to the other party, on an entry the reverse. */
export type Fluxo = {
  ufOrigem: Uf;
  ufDestino: Uf;
  interna: boolean;
  tipoDestinatario: TipoDestinatario;
};

export function fluxoDaOperacao(partes: PartesOperacao): Fluxo {
  const { emitente, destinatario } = partes;
  const [ufOrigem, ufDestino] =
    partes.sentido === 'saida' ? [emitente.uf, destinatario.uf] : [destinatario.uf, emitente.uf];
  return {
    ufOrigem,
    ufDestino,
    interna: ufOrigem === ufDestino,
    tipoDestinatario: tipoDestinatario(destinatario.indIEDest, destinatario.indFinal),
  };
}
