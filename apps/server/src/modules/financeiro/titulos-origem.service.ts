import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { baixaBoletosDosTitulos } from './cobranca/boletos.service.ts';
import { baixas, financialAccounts as f } from './financeiro.tables.ts';

// The títulos another module's document created (origem + origem_id: an authorised NF-e's
// receivables) — read with their active baixas, and cancelled together when the document is.

export type TituloDaOrigem = {
  id: string;
  parcela: number | null;
  valor: string;
  status: string;
  dataVencimento: string;
  baixasAtivas: number;
};

export async function titulosDaOrigem(
  tx: Tx,
  origem: 'nota_fiscal' | 'pedido' | 'entrada',
  origemId: string,
): Promise<TituloDaOrigem[]> {
  const rows = await tx
    .select({
      id: f.id,
      parcela: f.parcela,
      valor: f.valor,
      status: f.status,
      dataVencimento: f.dataVencimento,
      // qualified by hand: drizzle renders a single-table select's columns unqualified
      baixasAtivas: sql<number>`(select count(*)::int from ${baixas} b
        where b.titulo_id = financial_accounts.id and b.estornada = false)`,
    })
    .from(f)
    .where(and(eq(f.origem, origem), eq(f.origemId, origemId)))
    .orderBy(f.parcela);
  return rows.map((r) => ({ ...r, baixasAtivas: Number(r.baixasAtivas) }));
}

/** Cancels the document's open títulos (the caller has checked none has a baixa). */
export async function cancelaTitulosDaOrigem(
  tx: Tx,
  origem: 'nota_fiscal' | 'pedido' | 'entrada',
  origemId: string,
  motivo: string,
): Promise<number> {
  const abertos = await tx
    .select({ id: f.id })
    .from(f)
    .where(and(eq(f.origem, origem), eq(f.origemId, origemId), ne(f.status, 'cancelado')));
  if (!abertos.length) return 0;
  await tx
    .update(f)
    .set({
      status: 'cancelado',
      motivoCancelamento: motivo,
      versao: sql`${f.versao} + 1`,
      updatedAt: new Date(),
    })
    .where(
      inArray(
        f.id,
        abertos.map((a) => a.id),
      ),
    );
  await baixaBoletosDosTitulos(
    tx,
    abertos.map((a) => a.id),
  );
  return abertos.length;
}
