import {
  alocarBaixaEmLote,
  type BaixaEmLote,
  type BaixaEmLoteResposta,
  CASAS_DINHEIRO,
  Decimal,
  STATUS_TITULO_ABERTOS,
  type TipoTitulo,
  valorParaBaixa,
} from '@erp/shared';
import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type Actor, writeTx } from '../../lib/audit-context.ts';
import { AppError } from '../../lib/errors.ts';
import { financialAccounts as f } from './financeiro.tables.ts';
import {
  baixarTitulo,
  baixasAtivas,
  getTitulo,
  invalido,
  rethrowRef,
  type TituloTravado,
} from './titulos.service.ts';

// Baixa em lote: one payment over several títulos of one tipo, in one transaction. The títulos
// are locked FOR UPDATE in id order (two lotes over the same títulos wait for each other, never
// deadlock); one that is missing, of the other tipo, no longer open or at another versão than the
// screen showed answers 409 and nothing is written. alocarBaixaEmLote decides the figures; each
// allocation is an ordinary baixa (baixarTitulo: its own bank movement, commission, audit) with
// the lote's id.

const mudou = (mensagem: string): never => {
  throw new AppError('conflict', mensagem);
};

export async function baixarEmLote(
  db: Db,
  actor: Actor,
  tipo: TipoTitulo,
  input: BaixaEmLote,
): Promise<BaixaEmLoteResposta> {
  const loteId = crypto.randomUUID();
  const resultado = await writeTx(db, actor, async (tx) => {
    const ids = [...input.titulo_ids].sort();
    const travados: TituloTravado[] = await tx
      .select()
      .from(f)
      .where(inArray(f.id, ids))
      .orderBy(asc(f.id))
      .for('update');
    const porId = new Map(travados.map((t) => [t.id, t]));
    for (const id of input.titulo_ids) {
      const t = porId.get(id);
      if (!t || t.tipo !== tipo) mudou('Título não encontrado. Atualize a lista e selecione de novo.');
      if (!(STATUS_TITULO_ABERTOS as readonly string[]).includes(t!.status))
        mudou(
          `O título ${t!.documento ?? t!.descricao} não está mais em aberto. Atualize a lista e selecione de novo.`,
        );
      const versao = input.versoes?.[id];
      if (versao !== undefined && versao !== t!.versao)
        mudou(
          `O título ${t!.documento ?? t!.descricao} foi alterado por outra pessoa. Atualize a lista e selecione de novo.`,
        );
    }
    const titulos = [];
    for (const id of input.titulo_ids) {
      const t = porId.get(id)!;
      titulos.push({
        id,
        documento: t.documento ?? t.descricao,
        saldo: t.saldo!,
        vencimento: t.dataVencimento,
        juros_mes_percentual: t.jurosMesPercentual,
        multa_percentual: t.multaPercentual,
        desconto_valor: t.descontoValor,
        desconto_ate: t.descontoAte,
        baixas: await baixasAtivas(tx, id),
      });
    }
    // An empty valor_pago pays the total due on the date.
    const valorPago =
      input.valor_pago ?? Decimal.sum(titulos.map((t) => valorParaBaixa(t, input.data_pagamento).total));
    const r = alocarBaixaEmLote(titulos, valorPago, input.data_pagamento);
    if (!r.ok) return invalido(r);
    const alocado = r;
    const baixas: BaixaEmLoteResposta['baixas'] = [];
    for (const a of alocado.alocacoes) {
      const baixaId = await baixarTitulo(
        tx,
        actor,
        tipo,
        a.titulo_id,
        {
          data_pagamento: input.data_pagamento,
          conta_bancaria_id: input.conta_bancaria_id,
          forma_id: input.forma_id,
          valor_pago: a.valor_pago,
          juros: a.juros,
          multa: a.multa,
          desconto: a.desconto,
          observacao: input.observacao,
        },
        loteId,
      );
      const { titulo_id, tipo: t, valor_pago, juros, multa, desconto, principal } = a;
      baixas.push({ baixa_id: baixaId, titulo_id, tipo: t, valor_pago, juros, multa, desconto, principal });
    }
    return { alocado, baixas };
  }).catch(rethrowRef);
  const { alocado, baixas } = resultado;
  const titulos = await Promise.all(input.titulo_ids.map((id) => getTitulo(db, tipo, id)));
  return {
    lote_id: loteId,
    baixas,
    nao_alcancados: alocado.nao_alcancados,
    total_devido: alocado.total_devido,
    valor_pago: Decimal.sum(baixas.map((b) => b.valor_pago)).toFixed(CASAS_DINHEIRO),
    titulos,
  };
}
