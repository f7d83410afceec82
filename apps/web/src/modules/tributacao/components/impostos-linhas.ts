import { Decimal, formatBRL, formatDecimalBR, type ImpostosItem, type TotaisDocumento } from '@erp/shared';

// The engine's answer (NF-e groups of one item) as the lines of the "Simular" taxes table: each
// tax named in pt-BR with its base, rate and value, each value with the NF-e field it fills (shown
// in small print). Only what the item has: no ICMS-ST line without ST, no DIFAL inside the state…

/** A shown value and the NF-e field it is. */
export type Campo = { texto: string; campo: string };

export type LinhaImposto = {
  tributo: string;
  /** the code (CST, CSOSN) and what else qualifies the line (MVA, reduction, interstate rate) */
  detalhe: string | null;
  base: Campo | null;
  aliquota: Campo | null;
  valor: Campo | null;
};

export type LinhaTotal = { rotulo: string; valor: Campo; destaque?: boolean };

const dinheiro = (v: string, campo: string): Campo => ({ texto: formatBRL(v), campo });
/** "18.0000" -> "18 %", "50.2400" -> "50,24 %". */
export const percentual = (v: string): string => `${formatDecimalBR(v, 0)} %`;
const pct = (v: string, campo: string): Campo => ({ texto: percentual(v), campo });
const positivo = (v: string) => Decimal.of(v).isPositive();
const juntar = (partes: (string | null | false)[]) => partes.filter(Boolean).join(' · ') || null;

export function linhasDeImpostos(i: ImpostosItem): LinhaImposto[] {
  const linhas: LinhaImposto[] = [];
  const icms = i.ICMS;
  const codigo = icms.CST !== null ? `CST ${icms.CST}` : `CSOSN ${icms.CSOSN}`;

  if (icms.modBC !== null) {
    linhas.push({
      tributo: 'ICMS',
      detalhe: juntar([
        codigo,
        positivo(icms.pRedBC) && `redução da base ${percentual(icms.pRedBC)} (pRedBC)`,
      ]),
      base: dinheiro(icms.vBC, 'vBC'),
      aliquota: pct(icms.pICMS, 'pICMS'),
      valor: dinheiro(icms.vICMS, 'vICMS'),
    });
  } else {
    linhas.push({
      tributo: 'ICMS',
      detalhe: `${codigo}, sem destaque do imposto`,
      base: null,
      aliquota: null,
      valor: null,
    });
  }
  if (positivo(icms.pFCP))
    linhas.push({
      tributo: 'FCP',
      detalhe: 'Fundo de Combate à Pobreza',
      base: dinheiro(icms.vBCFCP, 'vBCFCP'),
      aliquota: pct(icms.pFCP, 'pFCP'),
      valor: dinheiro(icms.vFCP, 'vFCP'),
    });
  if (icms.modBCST !== null) {
    linhas.push({
      tributo: 'ICMS-ST',
      detalhe: juntar([
        `MVA ${percentual(icms.pMVAST)} (pMVAST)`,
        positivo(icms.pRedBCST) && `redução da base ${percentual(icms.pRedBCST)} (pRedBCST)`,
      ]),
      base: dinheiro(icms.vBCST, 'vBCST'),
      aliquota: pct(icms.pICMSST, 'pICMSST'),
      valor: dinheiro(icms.vICMSST, 'vICMSST'),
    });
    if (positivo(icms.pFCPST))
      linhas.push({
        tributo: 'FCP-ST',
        detalhe: null,
        base: dinheiro(icms.vBCFCPST, 'vBCFCPST'),
        aliquota: pct(icms.pFCPST, 'pFCPST'),
        valor: dinheiro(icms.vFCPST, 'vFCPST'),
      });
  }
  if (positivo(icms.pCredSN))
    linhas.push({
      tributo: 'Crédito do Simples Nacional',
      detalhe: 'LC 123/2006, art. 23',
      base: null,
      aliquota: pct(icms.pCredSN, 'pCredSN'),
      valor: dinheiro(icms.vCredICMSSN, 'vCredICMSSN'),
    });

  const uf = i.ICMSUFDest;
  if (uf !== null) {
    linhas.push({
      tributo: 'ICMS DIFAL (UF de destino)',
      detalhe: `interna do destino menos a interestadual de ${percentual(uf.pICMSInter)} (pICMSInter)`,
      base: dinheiro(uf.vBCUFDest, 'vBCUFDest'),
      aliquota: pct(uf.pICMSUFDest, 'pICMSUFDest'),
      valor: dinheiro(uf.vICMSUFDest, 'vICMSUFDest'),
    });
    if (positivo(uf.pFCPUFDest))
      linhas.push({
        tributo: 'FCP da UF de destino',
        detalhe: null,
        base: dinheiro(uf.vBCFCPUFDest, 'vBCFCPUFDest'),
        aliquota: pct(uf.pFCPUFDest, 'pFCPUFDest'),
        valor: dinheiro(uf.vFCPUFDest, 'vFCPUFDest'),
      });
  }

  if (i.IPI !== null)
    linhas.push({
      tributo: 'IPI',
      detalhe: `CST ${i.IPI.CST} · enquadramento ${i.IPI.cEnq}`,
      base: dinheiro(i.IPI.vBC, 'vBC'),
      aliquota: pct(i.IPI.pIPI, 'pIPI'),
      valor: dinheiro(i.IPI.vIPI, 'vIPI'),
    });
  linhas.push({
    tributo: 'PIS',
    detalhe: `CST ${i.PIS.CST}`,
    base: dinheiro(i.PIS.vBC, 'vBC'),
    aliquota: pct(i.PIS.pPIS, 'pPIS'),
    valor: dinheiro(i.PIS.vPIS, 'vPIS'),
  });
  linhas.push({
    tributo: 'COFINS',
    detalhe: `CST ${i.COFINS.CST}`,
    base: dinheiro(i.COFINS.vBC, 'vBC'),
    aliquota: pct(i.COFINS.pCOFINS, 'pCOFINS'),
    valor: dinheiro(i.COFINS.vCOFINS, 'vCOFINS'),
  });

  const g = i.IBSCBS;
  if (g !== null) {
    const reduzida = positivo(g.pRedAliq);
    const cst = `CST ${g.CST} · cClassTrib ${g.cClassTrib}`;
    const reducao = reduzida ? `alíquota reduzida em ${percentual(g.pRedAliq)} (pRedAliq)` : null;
    const aliquota = (p: string, efetiva: string, campo: string) =>
      reduzida ? pct(efetiva, `pAliqEfet${campo}`) : pct(p, `p${campo}`);
    linhas.push({
      tributo: 'IBS estadual',
      detalhe: juntar([cst, reducao]),
      base: dinheiro(g.vBC, 'vBC'),
      aliquota: aliquota(g.pIBSUF, g.pAliqEfetIBSUF, 'IBSUF'),
      valor: dinheiro(g.vIBSUF, 'vIBSUF'),
    });
    if (positivo(g.pIBSMun))
      linhas.push({
        tributo: 'IBS municipal',
        detalhe: null,
        base: dinheiro(g.vBC, 'vBC'),
        aliquota: aliquota(g.pIBSMun, g.pAliqEfetIBSMun, 'IBSMun'),
        valor: dinheiro(g.vIBSMun, 'vIBSMun'),
      });
    linhas.push({
      tributo: 'CBS',
      detalhe: juntar([cst, reducao]),
      base: dinheiro(g.vBC, 'vBC'),
      aliquota: aliquota(g.pCBS, g.pAliqEfetCBS, 'CBS'),
      valor: dinheiro(g.vCBS, 'vCBS'),
    });
  }
  return linhas;
}

/** The document's total as the NF-e adds it up (vNF), with what is not in it said apart. */
export function linhasDeTotal(t: TotaisDocumento): LinhaTotal[] {
  const x = t.ICMSTot;
  const linhas: LinhaTotal[] = [{ rotulo: 'Valor dos produtos', valor: dinheiro(x.vProd, 'vProd') }];
  const mais = (v: string, rotulo: string, campo: string) => {
    if (positivo(v)) linhas.push({ rotulo, valor: dinheiro(v, campo) });
  };
  mais(x.vDesc, 'Desconto (−)', 'vDesc');
  mais(x.vFrete, 'Frete', 'vFrete');
  mais(x.vSeg, 'Seguro', 'vSeg');
  mais(x.vOutro, 'Outras despesas', 'vOutro');
  mais(x.vST, 'ICMS-ST', 'vST');
  mais(x.vFCPST, 'FCP-ST', 'vFCPST');
  mais(x.vIPI, 'IPI', 'vIPI');
  linhas.push({ rotulo: 'Total da nota', valor: dinheiro(x.vNF, 'vNF'), destaque: true });
  return linhas;
}
