import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { geraDamdfePdf } from './damdfe/damdfe.ts';
import { mdfeMensagens } from './emissao-mdfe.service.ts';

// The DAMDFE of a stored manifesto: from the mdfeProc once authorised, else from the signed MDFe (a
// contingency or not-yet-authorised manifesto prints with its notice — damdfe/README).

export async function damdfePdfDoMdfe(db: Db, id: string) {
  const [r] = rowsOf<{ chave: string; xml: string; xml_autorizado: string | null }>(
    await db.execute(sql`select chave, xml, xml_autorizado from mdfes where id = ${id}`),
  );
  if (!r) throw new AppError('not_found', mdfeMensagens.naoEncontrado);
  return { pdf: await geraDamdfePdf(r.xml_autorizado ?? r.xml), nome: `${r.chave}-damdfe.pdf` };
}

/** The DAMDFEs of a load's live manifestos (autorizado, or assinado in contingência), by número. */
export async function damdfesDaCarga(db: Db, cargaId: string): Promise<Buffer[]> {
  const linhas = rowsOf<{ xml: string; xml_autorizado: string | null }>(
    await db.execute(sql`select xml, xml_autorizado from mdfes where carga_id = ${cargaId}
      and (status = 'autorizado' or (status = 'assinado' and tp_emis = '2')) order by numero`),
  );
  const out: Buffer[] = [];
  for (const l of linhas) out.push(await geraDamdfePdf(l.xml_autorizado ?? l.xml));
  return out;
}
