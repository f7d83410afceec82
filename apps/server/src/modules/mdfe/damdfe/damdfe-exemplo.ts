import { dvChave } from '@erp/shared';

// A realistic authorised mdfeProc for the DAMDFE's tests (the XML builder is written apart): a
// distributor in Curitiba/PR carrying its own NF-e to two municípios of RS through SC, one truck and
// its trailer, two drivers, CIOT, vale-pedágio, seguro and a SEFAZ protocol (cStat 100). Not signed
// (the DAMDFE does not read the signature). Chaves carry right check digits.

export const CNPJ_EMITENTE = '12345678000195';

/** A chave of 44 digits from its 43 first ones and their mod-11 check digit. */
const comDv = (c43: string) => `${c43}${dvChave(c43)}`;

/** The chave of NF-e nº n of the emitter (série 1, Nov/2026). */
export const chaveNfe = (n: number) =>
  comDv(`412611${CNPJ_EMITENTE}55001${String(n).padStart(9, '0')}1${String(70000000 + n).padStart(8, '0')}`);

export type OpcoesExemplo = {
  /** Notes per município de descarregamento (default [3, 2]). */
  notas?: [number, number];
  tpAmb?: '1' | '2';
  tpEmis?: '1' | '2';
  /** Leave protMDFe out (a bare, unauthorised document inside mdfeProc). */
  semProtocolo?: boolean;
};

export function mdfeExemplo(o: OpcoesExemplo = {}) {
  const [n1, n2] = o.notas ?? [3, 2];
  const tpAmb = o.tpAmb ?? '2';
  const tpEmis = o.tpEmis ?? '1';
  const chave = comDv(`412611${CNPJ_EMITENTE}58001000000123${tpEmis}10000123`);
  const chaves1 = Array.from({ length: n1 }, (_, i) => chaveNfe(4501 + i));
  const chaves2 = Array.from({ length: n2 }, (_, i) => chaveNfe(4501 + n1 + i));
  // in contingência the URL carries the chave signed with the A1 (RSA 2048: 256 bytes, 344 base64
  // characters); bytes that look random make the QR code as dense as a real one
  const sign = Buffer.from(Array.from({ length: 256 }, (_, i) => (i * 73 + 41) % 256)).toString('base64');
  const qrCode = `https://dfe-portal.svrs.rs.gov.br/mdfe/qrCode?chMDFe=${chave}&tpAmb=${tpAmb}${tpEmis === '2' ? `&sign=${sign}` : ''}`;
  const nProt = '941260000012345';
  const infNFe = (cs: string[]) => cs.map((c) => `<infNFe><chNFe>${c}</chNFe></infNFe>`).join('');
  const protocolo = o.semProtocolo
    ? ''
    : `<protMDFe versao="3.00"><infProt Id="MDFe${nProt}"><tpAmb>${tpAmb}</tpAmb><verAplic>RS20240710092044</verAplic><chMDFe>${chave}</chMDFe><dhRecbto>2026-11-29T08:20:31-03:00</dhRecbto><nProt>${nProt}</nProt><digVal>9kTvpyqOFY2NEyOnOmBvr6O7JdY=</digVal><cStat>100</cStat><xMotivo>Autorizado o uso do MDF-e</xMotivo></infProt></protMDFe>`;
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<mdfeProc xmlns="http://www.portalfiscal.inf.br/mdfe" versao="3.00"><MDFe xmlns="http://www.portalfiscal.inf.br/mdfe"><infMDFe Id="MDFe${chave}" versao="3.00"><ide><cUF>41</cUF><tpAmb>${tpAmb}</tpAmb><tpEmit>2</tpEmit><mod>58</mod><serie>1</serie><nMDF>123</nMDF><cMDF>10000123</cMDF><cDV>${chave.slice(-1)}</cDV><modal>1</modal><dhEmi>2026-11-29T08:15:00-03:00</dhEmi><tpEmis>${tpEmis}</tpEmis><procEmi>0</procEmi><verProc>Plataforma ERP 1.0</verProc><UFIni>PR</UFIni><UFFim>RS</UFFim><infMunCarrega><cMunCarrega>4106902</cMunCarrega><xMunCarrega>Curitiba</xMunCarrega></infMunCarrega><infPercurso><UFPer>SC</UFPer></infPercurso><dhIniViagem>2026-11-29T09:00:00-03:00</dhIniViagem></ide><emit><CNPJ>${CNPJ_EMITENTE}</CNPJ><IE>9012345678</IE><xNome>Distribuidora Paraná Alimentos Ltda.</xNome><xFant>Paraná Alimentos</xFant><enderEmit><xLgr>Rua João Negrão</xLgr><nro>1250</nro><xCpl>Galpão 3</xCpl><xBairro>Rebouças</xBairro><cMun>4106902</cMun><xMun>Curitiba</xMun><CEP>80230150</CEP><UF>PR</UF><fone>4133221100</fone><email>fiscal@paranaalimentos.com.br</email></enderEmit></emit><infModal versaoModal="3.00"><rodo><infANTT><RNTRC>45123456</RNTRC><infCIOT><CIOT>123456789012</CIOT><CNPJ>${CNPJ_EMITENTE}</CNPJ></infCIOT><valePed><disp><CNPJForn>11222333000181</CNPJForn><CNPJPg>${CNPJ_EMITENTE}</CNPJPg><nCompra>000987654321</nCompra><vValePed>87.40</vValePed><tpValePed>01</tpValePed></disp></valePed></infANTT><veicTracao><cInt>7</cInt><placa>ABC1D23</placa><RENAVAM>01234567890</RENAVAM><tara>8500</tara><capKG>14000</capKG><capM3>60</capM3><condutor><xNome>João da Silva Pereira</xNome><CPF>52998224725</CPF></condutor><condutor><xNome>Maria Aparecida Souza</xNome><CPF>11144477735</CPF></condutor><tpRod>03</tpRod><tpCar>02</tpCar><UF>PR</UF></veicTracao><veicReboque><cInt>8</cInt><placa>RST4E56</placa><RENAVAM>09876543210</RENAVAM><tara>4200</tara><capKG>22000</capKG><tpCar>02</tpCar><UF>PR</UF></veicReboque></rodo></infModal><infDoc><infMunDescarga><cMunDescarga>4314902</cMunDescarga><xMunDescarga>Porto Alegre</xMunDescarga>${infNFe(chaves1)}</infMunDescarga><infMunDescarga><cMunDescarga>4305108</cMunDescarga><xMunDescarga>Caxias do Sul</xMunDescarga>${infNFe(chaves2)}</infMunDescarga></infDoc><seg><infResp><respSeg>1</respSeg><CNPJ>${CNPJ_EMITENTE}</CNPJ></infResp><infSeg><xSeg>Seguradora Exemplo S.A.</xSeg><CNPJ>60701190000104</CNPJ></infSeg><nApol>APL-2026-00042</nApol><nAver>AV202611290001</nAver></seg><prodPred><tpCarga>05</tpCarga><xProd>Alimentos não perecíveis</xProd><NCM>19041000</NCM></prodPred><tot><qNFe>${n1 + n2}</qNFe><vCarga>45678.90</vCarga><cUnid>01</cUnid><qCarga>1234.5678</qCarga></tot><lacres><nLacre>L-000123</nLacre></lacres><infAdic><infCpl>Carga 2026/000123 — conferir os lacres na saída e na chegada.</infCpl></infAdic></infMDFe><infMDFeSupl><qrCodMDFe><![CDATA[${qrCode}]]></qrCodMDFe></infMDFeSupl></MDFe>${protocolo}</mdfeProc>`;
  return { xml, chave, qrCode, nProt, chaves: [...chaves1, ...chaves2] };
}
