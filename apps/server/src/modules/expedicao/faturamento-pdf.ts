import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { type Db, rowsOf } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { damdfesDaCarga } from '../mdfe/damdfe-mdfe.service.ts';
import { geraDanfePdf } from '../nfe/danfe/danfe.ts';
import { getCarga } from './cargas-leitura.service.ts';
import { romaneioPdf } from './expedicao-pdf.ts';

// The driver's PDF of a faturada load: the DAMDFE of each live MDF-e, the DANFE of every authorised note,
// in delivery order, then the romaneio — each drawn by its own generator and merged page by page (pdf-lib).

export const documentosMensagens = {
  naoFaturada: 'Os documentos do motorista saem quando a carga está faturada (todas as notas autorizadas).',
};

export async function documentosCargaPdf(db: Db, cargaId: string): Promise<{ pdf: Buffer; numero: number }> {
  const carga = await getCarga(db, cargaId);
  if (!['faturada', 'em_rota', 'finalizada'].includes(carga.status))
    throw new AppError('conflict', documentosMensagens.naoFaturada);
  const notas = rowsOf<{ xml: string }>(
    await db.execute(sql`select coalesce(n.xml_autorizado, n.xml) as xml
      from cargas_pedidos cp join notas_fiscais n on n.pedido_id = cp.pedido_id and n.status = 'autorizada'
      where cp.carga_id = ${cargaId} and cp.ativo order by cp.sequencia`),
  );
  const saida = await PDFDocument.create();
  saida.setTitle(`Documentos da carga ${carga.numero}`);
  const anexa = async (bytes: Buffer) => {
    const doc = await PDFDocument.load(bytes);
    for (const pagina of await saida.copyPages(doc, doc.getPageIndices())) saida.addPage(pagina);
  };
  // the manifesto first: it is what the road inspection asks for (issue 33)
  for (const d of await damdfesDaCarga(db, cargaId)) await anexa(d);
  for (const n of notas) await anexa(await geraDanfePdf(n.xml));
  await anexa(await romaneioPdf(carga));
  return { pdf: Buffer.from(await saida.save()), numero: carga.numero };
}
