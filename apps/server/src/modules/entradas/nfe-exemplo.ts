import { Decimal, dvChave } from '@erp/shared';

// An NF-e 4.00 (nfeProc, unsigned) built from a few facts — for the tests, the demo data and the
// benchmark, so none of them depends on third-party documents. Values are exact decimal strings;
// the totals are the sums of the items; the chave has its check digit and agrees with ide/emit.

export type ItemExemplo = {
  cProd: string;
  xProd: string;
  cEAN?: string;
  cEANTrib?: string;
  uCom: string;
  qCom: string;
  vUnCom: string;
  uTrib?: string;
  qTrib?: string;
  vDesc?: string;
  vFrete?: string;
  vIPI?: string;
  vICMSST?: string;
  rastro?: Array<{ nLote: string; qLote: string; dFab: string; dVal: string }>;
};

export type NfeExemplo = {
  cnpjEmitente: string;
  nomeEmitente: string;
  numero: number;
  serie?: number;
  /** "2026-03-10T10:00:00-03:00" */
  dhEmi: string;
  itens: ItemExemplo[];
  dups?: Array<{ nDup: string; dVenc: string; vDup: string }>;
  cNF?: string;
  ufCodigo?: string;
  /** The destinatário; by default the demo company (fiscal-demo.ts), as a purchase of ours is addressed. */
  dest?: { documento: string; nome: string; ie: string | null };
};

/** The demo company as destinatário: CNPJ and IE of the demo's Configurações Fiscais (fiscal-demo.ts). */
export const DEST_EXEMPLO = {
  documento: '11222333000181',
  nome: 'DISTRIBUIDORA EXEMPLO LTDA',
  ie: '110042490114',
};

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const m2 = (v: Decimal) => v.toFixed(2);

export function chaveExemplo(n: NfeExemplo): string {
  const aamm = `${n.dhEmi.slice(2, 4)}${n.dhEmi.slice(5, 7)}`;
  const base = `${n.ufCodigo ?? '35'}${aamm}${n.cnpjEmitente.padStart(14, '0')}55${String(n.serie ?? 1).padStart(3, '0')}${String(n.numero).padStart(9, '0')}1${(n.cNF ?? '12345678').padStart(8, '0')}`;
  return `${base}${dvChave(base)}`;
}

export function montaNfeXml(n: NfeExemplo): string {
  const chave = chaveExemplo(n);
  let vProd = Decimal.ZERO;
  let vDesc = Decimal.ZERO;
  let vFrete = Decimal.ZERO;
  let vIPI = Decimal.ZERO;
  let vST = Decimal.ZERO;
  const dets = n.itens
    .map((i, idx) => {
      const vp = Decimal.of(i.qCom).times(i.vUnCom).round(2);
      vProd = vProd.plus(vp);
      vDesc = vDesc.plus(i.vDesc ?? '0');
      vFrete = vFrete.plus(i.vFrete ?? '0');
      vIPI = vIPI.plus(i.vIPI ?? '0');
      vST = vST.plus(i.vICMSST ?? '0');
      const rastro = (i.rastro ?? [])
        .map(
          (r) =>
            `<rastro><nLote>${esc(r.nLote)}</nLote><qLote>${r.qLote}</qLote><dFab>${r.dFab}</dFab><dVal>${r.dVal}</dVal></rastro>`,
        )
        .join('');
      const icms = i.vICMSST
        ? `<ICMS10><orig>0</orig><CST>10</CST><modBC>3</modBC><vBC>${m2(vp)}</vBC><pICMS>18.00</pICMS><vICMS>${m2(vp.times('0.18').round(2))}</vICMS><modBCST>4</modBCST><vBCST>${m2(vp)}</vBCST><pICMSST>18.00</pICMSST><vICMSST>${i.vICMSST}</vICMSST></ICMS10>`
        : `<ICMS00><orig>0</orig><CST>00</CST><modBC>3</modBC><vBC>${m2(vp)}</vBC><pICMS>18.00</pICMS><vICMS>${m2(vp.times('0.18').round(2))}</vICMS></ICMS00>`;
      const ipi = i.vIPI
        ? `<IPI><cEnq>999</cEnq><IPITrib><CST>50</CST><vBC>${m2(vp)}</vBC><pIPI>5.00</pIPI><vIPI>${i.vIPI}</vIPI></IPITrib></IPI>`
        : `<IPI><cEnq>999</cEnq><IPINT><CST>53</CST></IPINT></IPI>`;
      return `<det nItem="${idx + 1}"><prod><cProd>${esc(i.cProd)}</cProd><cEAN>${i.cEAN ?? 'SEM GTIN'}</cEAN><xProd>${esc(i.xProd)}</xProd><NCM>19041000</NCM><CFOP>5102</CFOP><uCom>${i.uCom}</uCom><qCom>${i.qCom}</qCom><vUnCom>${i.vUnCom}</vUnCom><vProd>${m2(vp)}</vProd><cEANTrib>${i.cEANTrib ?? i.cEAN ?? 'SEM GTIN'}</cEANTrib><uTrib>${i.uTrib ?? i.uCom}</uTrib><qTrib>${i.qTrib ?? i.qCom}</qTrib><vUnTrib>${i.qTrib ? m2(vp.dividedBy(i.qTrib, 10)) : i.vUnCom}</vUnTrib>${i.vFrete ? `<vFrete>${i.vFrete}</vFrete>` : ''}${i.vDesc ? `<vDesc>${i.vDesc}</vDesc>` : ''}<indTot>1</indTot>${rastro}</prod><imposto><ICMS>${icms}</ICMS>${ipi}<PIS><PISNT><CST>07</CST></PISNT></PIS><COFINS><COFINSNT><CST>07</CST></COFINSNT></COFINS></imposto></det>`;
    })
    .join('');
  const vNF = vProd.minus(vDesc).plus(vFrete).plus(vIPI).plus(vST);
  const dups = n.dups?.length
    ? `<cobr><fat><nFat>${n.numero}</nFat><vOrig>${m2(vNF)}</vOrig><vDesc>0.00</vDesc><vLiq>${m2(vNF)}</vLiq></fat>${n.dups
        .map((d) => `<dup><nDup>${d.nDup}</nDup><dVenc>${d.dVenc}</dVenc><vDup>${d.vDup}</vDup></dup>`)
        .join('')}</cobr>`
    : '';
  const ide = `<ide><cUF>${n.ufCodigo ?? '35'}</cUF><cNF>${(n.cNF ?? '12345678').padStart(8, '0')}</cNF><natOp>VENDA</natOp><mod>55</mod><serie>${n.serie ?? 1}</serie><nNF>${n.numero}</nNF><dhEmi>${n.dhEmi}</dhEmi><tpNF>1</tpNF><idDest>1</idDest><cMunFG>3550308</cMunFG><tpImp>1</tpImp><tpEmis>1</tpEmis><cDV>${chave[43]}</cDV><tpAmb>1</tpAmb><finNFe>1</finNFe><indFinal>0</indFinal><indPres>9</indPres><procEmi>0</procEmi><verProc>ERP-TESTE</verProc></ide>`;
  const emit = `<emit><CNPJ>${n.cnpjEmitente}</CNPJ><xNome>${esc(n.nomeEmitente)}</xNome><enderEmit><xLgr>Rua das Indústrias</xLgr><nro>100</nro><xBairro>Centro</xBairro><cMun>3550308</cMun><xMun>São Paulo</xMun><UF>SP</UF><CEP>01001000</CEP><cPais>1058</cPais><xPais>BRASIL</xPais></enderEmit><IE>111111111111</IE><CRT>3</CRT></emit>`;
  const d = n.dest ?? DEST_EXEMPLO;
  const doc = d.documento.length === 11 ? `<CPF>${d.documento}</CPF>` : `<CNPJ>${d.documento}</CNPJ>`;
  const ie = d.ie ? `<indIEDest>1</indIEDest><IE>${d.ie}</IE>` : '<indIEDest>9</indIEDest>';
  const dest = `<dest>${doc}<xNome>${esc(d.nome)}</xNome><enderDest><xLgr>Av. Central</xLgr><nro>1</nro><xBairro>Centro</xBairro><cMun>3550308</cMun><xMun>São Paulo</xMun><UF>SP</UF><CEP>01001000</CEP></enderDest>${ie}</dest>`;
  const vICMS = n.itens.reduce(
    (s, i) => s.plus(Decimal.of(i.qCom).times(i.vUnCom).round(2).times('0.18').round(2)),
    Decimal.ZERO,
  );
  const total = `<total><ICMSTot><vBC>${m2(vProd)}</vBC><vICMS>${m2(vICMS)}</vICMS><vICMSDeson>0.00</vICMSDeson><vFCP>0.00</vFCP><vBCST>0.00</vBCST><vST>${m2(vST)}</vST><vFCPST>0.00</vFCPST><vFCPSTRet>0.00</vFCPSTRet><vProd>${m2(vProd)}</vProd><vFrete>${m2(vFrete)}</vFrete><vSeg>0.00</vSeg><vDesc>${m2(vDesc)}</vDesc><vII>0.00</vII><vIPI>${m2(vIPI)}</vIPI><vIPIDevol>0.00</vIPIDevol><vPIS>0.00</vPIS><vCOFINS>0.00</vCOFINS><vOutro>0.00</vOutro><vNF>${m2(vNF)}</vNF></ICMSTot></total>`;
  const pag = `<pag><detPag><tPag>15</tPag><vPag>${m2(vNF)}</vPag></detPag></pag>`;
  return `<?xml version="1.0" encoding="UTF-8"?><nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><NFe xmlns="http://www.portalfiscal.inf.br/nfe"><infNFe Id="NFe${chave}" versao="4.00">${ide}${emit}${dest}${dets}${total}<transp><modFrete>0</modFrete></transp>${dups}${pag}</infNFe></NFe><protNFe versao="4.00"><infProt><tpAmb>1</tpAmb><verAplic>SP_NFE_PL_010</verAplic><chNFe>${chave}</chNFe><dhRecbto>${n.dhEmi}</dhRecbto><nProt>135260000000001</nProt><digVal>AAAAAAAAAAAAAAAAAAAAAAAAAAA=</digVal><cStat>100</cStat><xMotivo>Autorizado o uso da NF-e</xMotivo></infProt></protNFe></nfeProc>`;
}
