import { type CnabResultado, type OfxResultado, parseCnab, parseOfx } from '@erp/shared';
import { analisaNfe, NfeRecusada } from '../../modules/nfe/leitura.ts';
import { leNfe, NfeIlegivel, type NotaNfe } from '../../modules/nfe/parser.ts';
import { decodificaXmlUtf8, temDtd, XmlRecusado } from '../../modules/nfe/xml-seguro.ts';
import { NfeSchemasIndisponiveis, verificaPastaSchemas } from '../../modules/nfe/xsd.ts';

// The tasks the worker pool runs (pool.ts): pure functions of an uploaded file's bytes, CPU-heavy
// enough to stall every other request if run on the event loop. Their arguments and results cross
// the thread boundary by structured clone (plain data only).

export const extratoMensagens = {
  dtd: 'O arquivo traz uma declaração DOCTYPE (DTD), que não é aceita em extratos OFX. Arquivo recusado.',
  lancamentosDemais: (n: number, max: number) =>
    `O arquivo tem ${n.toLocaleString('pt-BR')} lançamentos; o máximo por importação é ${max.toLocaleString('pt-BR')}. Divida o extrato por período.`,
  linhasDemais: (n: number, max: number) =>
    `O arquivo tem ${n.toLocaleString('pt-BR')} linhas; o máximo por importação é ${max.toLocaleString('pt-BR')}. Divida o retorno.`,
} as const;

/** Statement lines per OFX file: a month of a busy account is a few thousand; more is split by period. */
export const OFX_MAX_LANCAMENTOS = 50_000;
/** Lines per CNAB retorno (CNAB 240 writes two per título, segments T and U: 25,000 títulos). */
export const CNAB_MAX_LINHAS = 50_000;

/** An OFX file read off the event loop: a DTD refused; too many lines refused before they are read. */
function leOfx(bytes: Uint8Array): OfxResultado {
  // OFX 1.x is SGML with a plain-text header, 2.x is XML: the check is on the bytes as Latin-1, where
  // "<!DOCTYPE" reads the same in every charset a bank uses.
  const cabeca = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const erro = (mensagem: string): OfxResultado => ({
    versao: null,
    charset: 'utf-8',
    avisos: [],
    erros: [{ linha: 1, mensagem }],
    extratos: [],
  });
  if (temDtd(cabeca)) return erro(extratoMensagens.dtd);
  const n = cabeca.match(/<STMTTRN\s*>/gi)?.length ?? 0;
  if (n > OFX_MAX_LANCAMENTOS) return erro(extratoMensagens.lancamentosDemais(n, OFX_MAX_LANCAMENTOS));
  return parseOfx(bytes);
}

function leCnab(bytes: Uint8Array): CnabResultado {
  let linhas = 0;
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === 10) linhas++;
  if (linhas > CNAB_MAX_LINHAS)
    return {
      formato: null,
      banco: null,
      itens: [],
      erros: [{ linha: 1, mensagem: extratoMensagens.linhasDemais(linhas, CNAB_MAX_LINHAS) }],
    };
  return parseCnab(bytes);
}

/** The stored XML of a receipt read again before it is posted (decoded and refused as on import). */
function releNfe(bytes: Uint8Array): NotaNfe {
  try {
    return leNfe(decodificaXmlUtf8(bytes).texto);
  } catch (e) {
    if (e instanceof XmlRecusado) throw new NfeRecusada(e.message);
    throw e;
  }
}

export const tarefas = { analisaNfe, verificaPastaSchemas, leOfx, leCnab, releNfe };
export type Tarefas = typeof tarefas;

/** Errors thrown on purpose by the tasks: the pool throws them again in the caller as the same class. */
export const ERROS_DAS_TAREFAS = [NfeRecusada, NfeIlegivel, NfeSchemasIndisponiveis];
