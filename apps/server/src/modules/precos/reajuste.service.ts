import {
  type ItemTabelaPrecoRow,
  PREVIA_REAJUSTE_MAX,
  type Reajuste,
  type ResultadoReajuste,
  type ResultadoReajusteRow,
  reajustaTabela,
} from '@erp/shared';
import type { Db } from '../../db/client.ts';
import { type Actor, writeTx } from '../../lib/audit-context.ts';
import { AppError } from '../../lib/errors.ts';
import { garanteTabela, gravaItens, todosOsItens, travaTabela } from './itens-tabela.service.ts';

// Readjusting a table by %: the preview (nothing written) and the application, which computes the
// readjustment again on the items as they are inside its transaction (the table locked) and writes
// them all or, when any price would become R$ 0,00, nothing. The arithmetic is the engine's
// (reajustaTabela).

export const reajusteServicoMensagens = {
  naoAplicado: 'O reajuste não foi aplicado: deixaria preços em R$ 0,00. Nada foi alterado.',
} as const;

function resposta(itens: readonly ItemTabelaPrecoRow[], r: ResultadoReajuste): ResultadoReajusteRow {
  const produto = new Map(itens.map((i) => [i.produto_id, i]));
  const nomeDe = (id: string) => ({
    produto_codigo: produto.get(id)?.produto_codigo ?? '',
    produto_nome: produto.get(id)?.produto_nome ?? '',
  });
  return {
    linhas: r.previa.slice(0, PREVIA_REAJUSTE_MAX).map((l) => ({ ...l, ...nomeDe(l.produto_id) })),
    total_linhas: r.previa.length,
    sem_valores: r.semValores.length,
    erros: r.erros.map((e) => ({ ...nomeDe(e.produto_id), mensagem: e.mensagem })),
  };
}

export async function previaReajuste(
  db: Db,
  tabelaId: string,
  reajuste: Reajuste,
): Promise<ResultadoReajusteRow> {
  await garanteTabela(db, tabelaId);
  const itens = await todosOsItens(db, tabelaId);
  return resposta(itens, reajustaTabela(itens, reajuste));
}

export function aplicaReajuste(
  db: Db,
  actor: Actor,
  tabelaId: string,
  reajuste: Reajuste,
): Promise<ResultadoReajusteRow> {
  return writeTx(db, actor, async (tx) => {
    await travaTabela(tx, tabelaId);
    const itens = await todosOsItens(tx, tabelaId);
    const r = reajustaTabela(itens, reajuste);
    const previa = resposta(itens, r);
    if (r.erros.length)
      throw new AppError('unprocessable', reajusteServicoMensagens.naoAplicado, { erros: previa.erros });
    return { ...previa, aplicados: await gravaItens(tx, tabelaId, r.itens) };
  });
}
