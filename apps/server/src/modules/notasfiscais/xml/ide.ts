import { BUSINESS_TIME_ZONE } from '@erp/shared';
import type { IdeNfe } from './tipos.ts';
import { el, elTexto, grupo } from './xml-texto.ts';

// Group ide (B01): identification. dhEmi in UTC format with the offset of São Paulo (-03:00).
// NFref (BA01, up to 999) closes the group: after verProc and after dhCont + xJust, which the
// contingência path (nota-sefaz-xml.ts) inserts right after </verProc> — so the order stays the
// schema's (… procEmi, verProc, dhCont, xJust, NFref).

const formato = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** "2026-11-23T09:30:00-03:00": the instant in São Paulo's wall time with its offset. */
export function dataHoraNfe(instante: Date): string {
  const p = Object.fromEntries(formato.formatToParts(instante).map((x) => [x.type, x.value]));
  const local = Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!);
  const minutos = Math.round((local - Math.floor(instante.getTime() / 1000) * 1000) / 60000);
  const sinal = minutos < 0 ? '-' : '+';
  const abs = Math.abs(minutos);
  const off = `${sinal}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}${off}`;
}

export function ideXml(ide: IdeNfe, cDV: string): string {
  return grupo('ide', [
    el('cUF', ide.cUF),
    el('cNF', ide.cNF),
    elTexto('natOp', ide.natOp, 60),
    el('mod', '55'),
    el('serie', String(ide.serie)),
    el('nNF', String(ide.nNF)),
    el('dhEmi', dataHoraNfe(ide.dhEmi)),
    el('tpNF', ide.tpNF),
    el('idDest', ide.idDest),
    el('cMunFG', ide.cMunFG),
    el('tpImp', ide.tpImp),
    el('tpEmis', ide.tpEmis),
    el('cDV', cDV),
    el('tpAmb', ide.tpAmb),
    el('finNFe', ide.finNFe),
    el('indFinal', ide.indFinal),
    el('indPres', ide.indPres),
    el('procEmi', '0'),
    elTexto('verProc', ide.verProc, 20),
    ...(ide.NFref ?? []).map((r) => grupo('NFref', [el('refNFe', r.refNFe)])),
  ]);
}
