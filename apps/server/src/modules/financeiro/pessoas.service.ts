import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { searchWhere } from '../../lib/list-query.ts';
import { clientes, fornecedores } from '../cadastros/cadastros.tables.ts';

// The pessoa of a título for the finance screens (GET /api/financeiro/pessoas?tipo&q): the
// financeiro role may not read the clientes register (admin and comercial), yet it must pick the
// cliente of a receivable and the fornecedor of a payable. Only id, razão social and CPF/CNPJ of
// active records, 25 at most, by the registers' search (razão social, nome fantasia, documento).

export const pessoasQuerySchema = z.object({
  /** Empty: cliente. */
  tipo: z.enum(['cliente', 'fornecedor'], { error: 'Tipo inválido' }).default('cliente'),
  q: z.string({ error: 'Busca inválida' }).max(100, 'Busca inválida').optional(),
});

export type PessoaTitulo = { id: string; nome: string; documento: string };

export async function buscarPessoas(db: Db, q: z.output<typeof pessoasQuerySchema>): Promise<PessoaTitulo[]> {
  const t = q.tipo === 'cliente' ? clientes : fornecedores;
  return db
    .select({ id: t.id, nome: t.razaoSocial, documento: t.documento })
    .from(t)
    .where(and(eq(t.ativo, true), searchWhere(t.busca, q.q)))
    .orderBy(asc(t.razaoSocial), asc(t.id))
    .limit(25);
}
