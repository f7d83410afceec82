import { A4, emCadaPagina, novoPdf, toBuffer } from '../../../lib/pdf.ts';
import { cabecalho, cabecalhoContinuacao } from './cabecalho.ts';
import type { Damdfe } from './caixa.ts';
import { documentos } from './documentos.ts';
import { leMdfe, type Mdfe } from './leitura.ts';
import { observacoes, percurso, seguro, totais, valePedagio, veiculosECondutores } from './rodoviario.ts';

// DAMDFE (retrato, MOC MDF-e anexo II) of an authorised mdfeProc, on the server with pdfkit (house
// PDF helper) and bwip-js. First sheet: emitente with the QR code, title and notices, identification,
// the chave's barcode, chave and protocolo, the modal rodoviário (totals, vehicles, drivers,
// vale-pedágio, percurso, seguro), observações, then the documents by município de descarregamento;
// what does not fit continues on the next sheets under a shorter top. "FL n/m" is written once the
// sheets are counted.

const MARGEM = 18;

export type OpcoesDamdfe = {
  /** The company's logo (PNG or JPEG), printed left of the emitente's name. */
  logo?: Buffer;
};

/** The DAMDFE of an mdfeProc (or a bare MDFe, printed with the "não autorizado" notice). */
export async function geraDamdfePdf(mdfeProcXml: string, opts: OpcoesDamdfe = {}): Promise<Buffer> {
  return desenhaDamdfe(leMdfe(mdfeProcXml), opts);
}

/** The DAMDFE of an MDF-e already read with leMdfe. */
export async function desenhaDamdfe(m: Mdfe, opts: OpcoesDamdfe = {}): Promise<Buffer> {
  const pdf = novoPdf({
    titulo: `DAMDFE MDF-e ${m.ide.nMDF} série ${m.ide.serie} — ${m.chave}`,
    margem: MARGEM,
    numerarPaginas: false,
  });
  const d: Damdfe = {
    pdf,
    m,
    x: MARGEM,
    w: A4.largura - 2 * MARGEM,
    fundo: A4.altura - MARGEM,
    folhas: [],
    logo: opts.logo,
  };
  let y = cabecalho(d, MARGEM);
  y = totais(d, y + 4);
  y = veiculosECondutores(d, y + 4);
  y = valePedagio(d, y + 4);
  y = percurso(d, y + 4);
  y = seguro(d, y + 4);
  y = observacoes(d, y + 4);
  documentos(d, y + 4, () => {
    pdf.doc.addPage();
    return cabecalhoContinuacao(d, MARGEM) + 4;
  });
  emCadaPagina(pdf, (n, total) => {
    const f = d.folhas[n - 1];
    if (f)
      pdf.doc
        .font('Helvetica-Bold')
        .fontSize(9)
        .fillColor('#000')
        .text(`${n}/${total}`, f.x, f.y, { width: f.w, align: 'center', lineBreak: false });
  });
  return toBuffer(pdf);
}
