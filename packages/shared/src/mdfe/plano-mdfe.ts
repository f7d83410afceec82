import type { Uf } from '../cadastros/brasil.ts';
import { Decimal } from '../decimal.ts';
import { CODIGO_UF_IBGE } from '../fiscal/configuracao-fiscal.schema.ts';
import { percursoPadrao } from './percurso-uf.ts';

// Which MDF-e a load needs. Ajuste SINIEF 21/10, cláusula terceira, § 2º: "Caso a carga transportada
// seja destinada a mais de uma unidade federada, o transportador deverá emitir tantos MDF-e distintos
// quantas forem as unidades federadas de descarregamento, agregando, por MDF-e, os documentos
// destinados a cada uma delas." The layout agrees: ide/UFIni and ide/UFFim occur once, and SEFAZ
// refuses a município de descarregamento outside UFFim (rejeição 612 "Código de Município diverge da
// UF de descarregamento do MDF-e"). The open-MDF-e block is per placa + tipo de emitente + UF de
// descarregamento (rejeição 611), so the MDF-e of one truck for two UFs coexist.
//
// So: one MDF-e per (UF de carregamento, UF de descarregamento). A load leaves from one place (the
// emitter's address), hence one UF de carregamento: one MDF-e per UF of destination of its notes.
// Inside each, the notes are grouped by município de descarregamento (infMunDescarga). Order is the
// order of first appearance in the input — pass the notes in delivery order and the manifests and
// their municípios follow the route; notes keep their input order inside a município.
// qCarga is the exact sum of the notes' peso bruto (kg, 4 decimals: TDec_1104, cUnid 01 = KG),
// vCarga the exact sum of their vNF (2 decimals), qNFe their count.

/** One authorised NF-e of the load. */
export type NotaParaMdfe = {
  /** Chave de acesso (44). */
  chave: string;
  /** UF of the destination (the customer's address on the note). */
  uf: Uf;
  /** IBGE code (7 digits) of the destination município. */
  codigoMunicipio: string;
  nomeMunicipio: string;
  /** Peso bruto in kg, decimal string ("1234.5"). */
  pesoBrutoKg: string;
  /** vNF, decimal string. */
  valorTotal: string;
};

export type CargaParaMdfe = {
  /** UF and município de carregamento (the emitter's, where the truck is loaded). */
  ufCarregamento: Uf;
  municipioCarregamento: { codigo: string; nome: string };
  /** The load's authorised notes, in delivery order. */
  notas: readonly NotaParaMdfe[];
};

export type DescargaPlanejada = {
  codigoMunicipio: string;
  nomeMunicipio: string;
  chaves: string[];
};

export type MdfePlanejado = {
  ufIni: Uf;
  ufFim: Uf;
  municipiosCarregamento: { codigo: string; nome: string }[];
  /** Default percurso (UFs crossed, editable): percursoPadrao(ufIni, ufFim). */
  percurso: Uf[];
  descargas: DescargaPlanejada[];
  qNFe: number;
  /** kg, 4 decimals. */
  qCarga: string;
  /** 2 decimals. */
  vCarga: string;
};

export const planoMdfeMensagens = {
  semNotas: 'A carga não tem notas autorizadas para o MDF-e.',
  chaveRepetida: (chave: string) => `A nota ${chave} aparece duas vezes na carga.`,
  municipioForaDaUf: (codigo: string, nome: string, uf: string) =>
    `O município ${nome} (código IBGE ${codigo}) não pertence à UF ${uf} informada na nota.`,
  municipioInvalido: (codigo: string) => `Código IBGE de município inválido: ${codigo || '(vazio)'}.`,
} as const;

export class ErroPlanoMdfe extends Error {}

/** The MDF-e to issue for a load (one per UF de descarregamento). Throws ErroPlanoMdfe on bad input. */
export function planejaMdfes(carga: CargaParaMdfe): MdfePlanejado[] {
  if (carga.notas.length === 0) throw new ErroPlanoMdfe(planoMdfeMensagens.semNotas);
  const vistas = new Set<string>();
  const porUf = new Map<Uf, NotaParaMdfe[]>();
  for (const n of carga.notas) {
    if (vistas.has(n.chave)) throw new ErroPlanoMdfe(planoMdfeMensagens.chaveRepetida(n.chave));
    vistas.add(n.chave);
    if (!/^\d{7}$/.test(n.codigoMunicipio))
      throw new ErroPlanoMdfe(planoMdfeMensagens.municipioInvalido(n.codigoMunicipio));
    // the first two digits of an IBGE município code are its UF's code
    if (n.codigoMunicipio.slice(0, 2) !== CODIGO_UF_IBGE[n.uf])
      throw new ErroPlanoMdfe(planoMdfeMensagens.municipioForaDaUf(n.codigoMunicipio, n.nomeMunicipio, n.uf));
    const lista = porUf.get(n.uf);
    if (lista) lista.push(n);
    else porUf.set(n.uf, [n]);
  }
  return [...porUf].map(([ufFim, notas]) => {
    const porMunicipio = new Map<string, DescargaPlanejada>();
    for (const n of notas) {
      const d = porMunicipio.get(n.codigoMunicipio);
      if (d) d.chaves.push(n.chave);
      else
        porMunicipio.set(n.codigoMunicipio, {
          codigoMunicipio: n.codigoMunicipio,
          nomeMunicipio: n.nomeMunicipio,
          chaves: [n.chave],
        });
    }
    return {
      ufIni: carga.ufCarregamento,
      ufFim,
      municipiosCarregamento: [{ ...carga.municipioCarregamento }],
      percurso: percursoPadrao(carga.ufCarregamento, ufFim),
      descargas: [...porMunicipio.values()],
      qNFe: notas.length,
      qCarga: Decimal.sum(notas.map((n) => n.pesoBrutoKg)).toFixed(4),
      vCarga: Decimal.sum(notas.map((n) => n.valorTotal)).toFixed(2),
    };
  });
}
