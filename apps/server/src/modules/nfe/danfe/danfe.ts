import { A4, emCadaPagina, novoPdf, toBuffer } from '../../../lib/pdf.ts';
import { leNfe, type NotaNfe } from '../parser.ts';
import { ALTURA_ADICIONAIS, adicionais } from './adicionais.ts';
import { cabecalho } from './cabecalho.ts';
import type { Danfe } from './caixa.ts';
import { tituloBloco } from './caixa.ts';
import { canhoto } from './canhoto.ts';
import { codigoBarrasChave } from './codigo-barras.ts';
import { destinatario } from './destinatario.ts';
import { fatura } from './fatura.ts';
import { imposto } from './imposto.ts';
import { marca } from './marcas.ts';
import { produtos } from './produtos.ts';
import { transporte } from './transporte.ts';

// DANFE (retrato, MOC anexo II) of an NF-e or nfeProc XML, on the server with pdfkit (house PDF
// helper) and bwip-js. First sheet: canhoto, header, destinatário, fatura, imposto, transporte,
// products and dados adicionais; the items that do not fit continue on the next sheets under the
// repeated header; "FOLHA n/m" is written once the sheets are counted.

const MARGEM = 18;

export type OpcoesDanfe = {
  /** Print the canhoto (receipt stub) on the first sheet (default true). */
  canhoto?: boolean;
};

export async function geraDanfePdf(xml: string, opts: OpcoesDanfe = {}): Promise<Buffer> {
  return desenhaDanfe(leNfe(xml.replace(/^\uFEFF/, '')), opts);
}

/** The DANFE of an NF-e already read with leNfe. */
export async function desenhaDanfe(nota: NotaNfe, opts: OpcoesDanfe = {}): Promise<Buffer> {
  const pdf = novoPdf({
    titulo: `DANFE NF-e ${nota.ide.nNF} série ${nota.ide.serie} — ${nota.chave}`,
    margem: MARGEM,
    numerarPaginas: false,
  });
  const d: Danfe = {
    pdf,
    nota,
    x: MARGEM,
    w: A4.largura - 2 * MARGEM,
    codigoBarras: await codigoBarrasChave(nota.chave),
    folhas: [],
  };
  const fundo = A4.altura - MARGEM;
  let y = MARGEM;
  if (opts.canhoto ?? true) y = canhoto(d, y);
  y = cabecalho(d, y);
  y = destinatario(d, y);
  y = fatura(d, y);
  y = imposto(d, y);
  y = transporte(d, y);
  y = tituloBloco(d, y, 'DADOS DOS PRODUTOS / SERVIÇOS');
  const limite1 = fundo - ALTURA_ADICIONAIS - 2;
  let r = produtos(d, y, limite1, 0);
  marca(d, y, limite1);
  adicionais(d, fundo - ALTURA_ADICIONAIS);
  while (r.proximo < nota.itens.length) {
    pdf.doc.addPage();
    y = cabecalho(d, MARGEM);
    y = tituloBloco(d, y, 'DADOS DOS PRODUTOS / SERVIÇOS (continuação)');
    const topo = y;
    r = produtos(d, y, fundo, r.proximo);
    marca(d, topo, fundo);
  }
  emCadaPagina(pdf, (n, m) => {
    const f = d.folhas[n - 1];
    if (f)
      pdf.doc
        .font('Helvetica-Bold')
        .fontSize(8.5)
        .text(`FOLHA ${n}/${m}`, f.x, f.y, { width: f.w, align: 'center', lineBreak: false });
  });
  return toBuffer(pdf);
}
