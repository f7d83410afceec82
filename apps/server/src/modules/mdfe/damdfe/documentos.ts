import { chaveEmGrupos } from '../../nfe/danfe/formato.ts';
import { type Damdfe, tituloBloco } from './caixa.ts';

// The documents carried, grouped by município de descarregamento (infMunDescarga): a band naming the
// município and how many documents it has, then the chaves two per line. What does not fit goes on
// the next sheet (novaPagina draws that sheet's top), under a "(continuação)" title and the
// município's band repeated.

const LINHA = 10.5;
const FAIXA = 13;
const FONTE = 8;

function resumo(nfe: number, cte: number, mdfe: number): string {
  const partes = [nfe ? `${nfe} NF-e` : '', cte ? `${cte} CT-e` : '', mdfe ? `${mdfe} MDF-e` : ''];
  return partes.filter(Boolean).join(', ') || 'nenhum documento';
}

export function documentos(d: Damdfe, y: number, novaPagina: () => number): number {
  const { doc } = d.pdf;
  const total = d.m.descarga.reduce((s, m) => s + m.chNFe.length + m.chCTe.length + m.chMDFe.length, 0);
  const titulo = `DOCUMENTOS FISCAIS VINCULADOS (${total}) POR MUNICÍPIO DE DESCARREGAMENTO`;
  let topo = y;
  y = tituloBloco(d, y, titulo);
  const fecha = () => {
    doc
      .lineWidth(0.5)
      .strokeColor('#000')
      .rect(d.x, topo, d.w, y + 2 - topo)
      .stroke();
  };
  const quebra = (precisa: number) => {
    if (y + precisa <= d.fundo) return false;
    fecha();
    topo = novaPagina();
    y = tituloBloco(d, topo, `${titulo} (continuação)`);
    return true;
  };
  const faixa = (texto: string) => {
    doc.rect(d.x, y, d.w, FAIXA).fill('#f2f2f2');
    doc
      .fillColor('#000')
      .font('Helvetica-Bold')
      .fontSize(7.5)
      .text(texto, d.x + 4, y + 3, { width: d.w - 8, lineBreak: false, ellipsis: true });
    y += FAIXA + 1;
  };
  const meia = d.w / 2;
  for (const mun of d.m.descarga) {
    const itens = [
      ...mun.chNFe.map((c) => `NF-e  ${chaveEmGrupos(c)}`),
      ...mun.chCTe.map((c) => `CT-e  ${chaveEmGrupos(c)}`),
      ...mun.chMDFe.map((c) => `MDF-e  ${chaveEmGrupos(c)}`),
    ];
    const nome = `Descarregamento em ${mun.cMun} - ${mun.xMun}`;
    const cabeca = `${nome}: ${resumo(mun.chNFe.length, mun.chCTe.length, mun.chMDFe.length)}`;
    quebra(FAIXA + 1 + LINHA);
    faixa(cabeca);
    for (let i = 0; i < itens.length; i += 2) {
      if (quebra(LINHA)) faixa(`${nome} (continuação)`);
      doc.font('Helvetica').fontSize(FONTE).fillColor('#000');
      for (let k = 0; k < 2 && i + k < itens.length; k++)
        doc.text(itens[i + k]!, d.x + 6 + k * meia, y + 1.5, { width: meia - 10, lineBreak: false });
      y += LINHA;
    }
    y += 2;
  }
  fecha();
  return y + 2;
}
