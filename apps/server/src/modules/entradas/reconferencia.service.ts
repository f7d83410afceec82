import { Decimal, normalizaChave } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { executa, TarefaInterrompida } from '../../lib/trabalho/pool.ts';
import { NfeRecusada } from '../nfe/leitura.ts';
import { NfeIlegivel } from '../nfe/parser.ts';

// Lançar posts what the receipt's rows say; those rows were read from the XML on import. Before
// posting, the XML kept with the receipt is read again (on the worker pool, with today's refusals —
// a receipt saved before DTDs were refused has to be imported again) and the rows must still say
// what it says: chave, emitente, valor da nota and, per item, código, quantidade and valor.

export const reconferenciaMensagens = {
  xmlRecusado: (motivo: string) =>
    `O XML guardado desta entrada não pode ser lançado: ${motivo} Exclua a entrada e importe a nota novamente.`,
  diverge: (onde: string) =>
    `A entrada não confere com o XML da NF-e guardado (${onde}). Nada foi lançado; importe a nota novamente.`,
} as const;

const igual = (a: string | null | undefined, b: string | null | undefined) =>
  a != null && b != null && Decimal.of(a).eq(Decimal.of(b));

/** Throws 409 when the stored XML is refused today or the receipt's rows differ from it. */
export async function reconfereXmlDaEntrada(db: Db, id: string): Promise<void> {
  const [e] = rowsOf<{
    origem: string;
    xml_original: Uint8Array | null;
    chave: string | null;
    emitente_documento: string | null;
    valor_nota: string;
  }>(
    await db.execute(sql`select origem, xml_original, chave, emitente_documento, valor_nota::text as valor_nota
      from entradas where id = ${id}`),
  );
  if (e?.origem !== 'xml' || !e.xml_original) return;
  let nota: Awaited<ReturnType<typeof executa<'releNfe'>>>;
  try {
    nota = await executa('releNfe', new Uint8Array(e.xml_original));
  } catch (err) {
    if (err instanceof NfeRecusada || err instanceof NfeIlegivel || err instanceof TarefaInterrompida)
      throw new AppError('conflict', reconferenciaMensagens.xmlRecusado(err.message), { reason: 'xml' });
    throw err;
  }
  const itens = rowsOf<{ n_item: number; c_prod: string; q_com: string; v_prod: string }>(
    await db.execute(sql`select n_item, c_prod, q_com::text as q_com, v_prod::text as v_prod
      from entrada_itens where entrada_id = ${id} order by n_item`),
  );
  const diverge = (onde: string) => {
    throw new AppError('conflict', reconferenciaMensagens.diverge(onde), { reason: 'xml_diverge' });
  };
  if (normalizaChave(nota.chave) !== e.chave) diverge('chave de acesso');
  if ((nota.emit.documento ?? '').toUpperCase() !== (e.emitente_documento ?? '').toUpperCase())
    diverge('emitente');
  if (!igual(nota.total.vNF ?? '0', e.valor_nota)) diverge('valor da nota');
  if (nota.itens.length !== itens.length) diverge('número de itens');
  nota.itens.forEach((x, i) => {
    const r = itens[i]!;
    const n = x.nItem || i + 1;
    if (r.n_item !== n || r.c_prod !== x.cProd || !igual(x.qCom, r.q_com) || !igual(x.vProd, r.v_prod))
      diverge(`item ${n}`);
  });
}
