import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { geraDanfePdf } from '../nfe/danfe/danfe.ts';
import { NfeIlegivel } from '../nfe/parser.ts';
import { xmlDaEntrada } from './entradas.service.ts';

/** GET …/entradas/:id/danfe and /api/notasfiscais/entrada/:id/danfe — the DANFE of the stored XML. */
export async function danfeDaEntrada(db: Db, id: string): Promise<{ nome: string; pdf: Buffer }> {
  const { nome, bytes } = await xmlDaEntrada(db, id);
  try {
    const pdf = await geraDanfePdf(new TextDecoder().decode(bytes));
    return { nome: nome.replace(/(-nfe)?\.xml$/i, '-danfe.pdf'), pdf };
  } catch (e) {
    if (e instanceof NfeIlegivel)
      throw new AppError('unprocessable', `Não foi possível gerar o DANFE: ${e.message}`);
    throw e;
  }
}
