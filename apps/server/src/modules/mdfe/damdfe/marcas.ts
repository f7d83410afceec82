import { dataHora } from './formato.ts';
import type { Mdfe } from './leitura.ts';

// The notices printed under the title on every sheet (MOC anexo II): homologação → "SEM VALOR
// FISCAL"; emission in contingência (tpEmis 2) → "EMISSÃO EM CONTINGÊNCIA" and, while there is no
// protocol, that the MDF-e must be authorised within 168 hours of its emission (Ajuste SINIEF 21/10:
// transmitted as soon as the problem ends, at most 168 h after the emission); any other document
// without an authorising protocol (cStat 100/150) → not valid for the trip.

export type Aviso = { texto: string; fonte: number; detalhe?: string };

export const HOMOLOGACAO = 'SEM VALOR FISCAL — EMITIDO EM AMBIENTE DE HOMOLOGAÇÃO';

export const autorizado = (m: Mdfe) => !!m.prot?.nProt && ['100', '150'].includes(m.prot.cStat ?? '');

export function avisos(m: Mdfe): Aviso[] {
  const lista: Aviso[] = [];
  if (m.ide.tpAmb === '2') lista.push({ texto: HOMOLOGACAO, fonte: 11 });
  if (m.ide.tpEmis === '2')
    lista.push({
      texto: 'EMISSÃO EM CONTINGÊNCIA',
      fonte: 11,
      detalhe: autorizado(m) ? undefined : contingencia(m),
    });
  else if (!autorizado(m))
    lista.push({ texto: 'MDF-e NÃO AUTORIZADO PELA SEFAZ — SEM VALOR PARA O TRANSPORTE', fonte: 9 });
  return lista;
}

/** What the contingency DAMDFE says while the MDF-e has no protocol. */
export const contingencia = (m: Mdfe) =>
  `Emitido em contingência. Autorização necessária dentro de 168 horas após esta emissão (${dataHora(m.ide.dhEmi)}).`;
