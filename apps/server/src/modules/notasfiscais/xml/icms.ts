import type { GrupoIcms } from '@erp/shared';
import { Decimal } from '@erp/shared';
import { el, grupo } from './xml-texto.ts';

// Group ICMS (N01) of an item: the group of the CST (ICMS00 … ICMS90) or, for the Simples Nacional,
// of the CSOSN (ICMSSN101 … ICMSSN900), each with the fields its schema takes, in order, from the
// tax engine's GrupoIcms. Optional pairs (FCP, FCP-ST, MVA, reductions) only when non-zero.

const positivo = (v: string) => !Decimal.of(v).isZero();

function fcp(g: GrupoIcms, comBase: boolean): string[] {
  if (!positivo(g.pFCP)) return [];
  return [comBase ? el('vBCFCP', g.vBCFCP) : '', el('pFCP', g.pFCP), el('vFCP', g.vFCP)];
}

function proprio(g: GrupoIcms, reducao: 'sempre' | 'se_houver' | 'nunca'): string[] {
  const red =
    reducao === 'sempre' || (reducao === 'se_houver' && positivo(g.pRedBC)) ? [el('pRedBC', g.pRedBC)] : [];
  return [el('modBC', g.modBC ?? '3'), ...red, el('vBC', g.vBC), el('pICMS', g.pICMS), el('vICMS', g.vICMS)];
}

/** ICMS00/10 take modBC, vBC, pICMS, vICMS (no pRedBC); 20/70 put pRedBC before vBC. */
function proprioSemReducao(g: GrupoIcms): string[] {
  return [el('modBC', g.modBC ?? '3'), el('vBC', g.vBC), el('pICMS', g.pICMS), el('vICMS', g.vICMS)];
}

function st(g: GrupoIcms): string[] {
  return [
    el('modBCST', g.modBCST ?? '4'),
    positivo(g.pMVAST) ? el('pMVAST', g.pMVAST) : '',
    positivo(g.pRedBCST) ? el('pRedBCST', g.pRedBCST) : '',
    el('vBCST', g.vBCST),
    el('pICMSST', g.pICMSST),
    el('vICMSST', g.vICMSST),
    ...(positivo(g.pFCPST)
      ? [el('vBCFCPST', g.vBCFCPST), el('pFCPST', g.pFCPST), el('vFCPST', g.vFCPST)]
      : []),
  ];
}

function credito(g: GrupoIcms): string[] {
  return [el('pCredSN', g.pCredSN), el('vCredICMSSN', g.vCredICMSSN)];
}

function porCst(g: GrupoIcms): string {
  const cab = [el('orig', g.orig), el('CST', g.CST ?? '')];
  switch (g.CST) {
    case '00':
      return grupo('ICMS00', [...cab, ...proprioSemReducao(g), ...fcp(g, false)]);
    case '10':
      return grupo('ICMS10', [...cab, ...proprioSemReducao(g), ...fcp(g, true), ...st(g)]);
    case '20':
      return grupo('ICMS20', [...cab, ...proprio(g, 'sempre'), ...fcp(g, true)]);
    case '30':
      return grupo('ICMS30', [...cab, ...st(g)]);
    case '40':
    case '41':
    case '50':
      return grupo('ICMS40', cab);
    case '60':
      return grupo('ICMS60', cab);
    case '70':
      return grupo('ICMS70', [...cab, ...proprio(g, 'sempre'), ...fcp(g, true), ...st(g)]);
    default: {
      // 90: own ICMS and ST only when there is a base
      const temProprio = positivo(g.vBC);
      const temSt = g.modBCST !== null && positivo(g.vBCST);
      return grupo('ICMS90', [
        ...cab,
        ...(temProprio ? [...proprio(g, 'se_houver'), ...fcp(g, true)] : []),
        ...(temSt ? st(g) : []),
      ]);
    }
  }
}

function porCsosn(g: GrupoIcms): string {
  const cab = [el('orig', g.orig), el('CSOSN', g.CSOSN ?? '')];
  switch (g.CSOSN) {
    case '101':
      return grupo('ICMSSN101', [...cab, ...credito(g)]);
    case '102':
    case '103':
    case '300':
    case '400':
      return grupo('ICMSSN102', cab);
    case '201':
      return grupo('ICMSSN201', [...cab, ...st(g), ...(positivo(g.pCredSN) ? credito(g) : [])]);
    case '202':
    case '203':
      return grupo('ICMSSN202', [...cab, ...st(g)]);
    case '500':
      return grupo('ICMSSN500', cab);
    default: {
      const temProprio = positivo(g.vBC);
      const temSt = g.modBCST !== null && positivo(g.vBCST);
      return grupo('ICMSSN900', [
        ...cab,
        ...(temProprio
          ? [
              el('modBC', g.modBC ?? '3'),
              el('vBC', g.vBC),
              ...(positivo(g.pRedBC) ? [el('pRedBC', g.pRedBC)] : []),
              el('pICMS', g.pICMS),
              el('vICMS', g.vICMS),
            ]
          : []),
        ...(temSt ? st(g) : []),
        ...(positivo(g.pCredSN) ? credito(g) : []),
      ]);
    }
  }
}

export function icmsXml(g: GrupoIcms): string {
  return grupo('ICMS', [g.CSOSN !== null ? porCsosn(g) : porCst(g)]);
}
