import {
  Decimal,
  genericMessages,
  isTituloAberto,
  ratearCentros,
  type TipoTitulo,
  type TituloRow,
  type TituloUpdate,
  tituloFormMensagens,
} from '@erp/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type Actor, writeTx } from '../../lib/audit-context.ts';
import { AppError } from '../../lib/errors.ts';
import { getSetting } from '../configuracoes/settings.service.ts';
import { financialAccounts as f, tituloRateios } from './financeiro.tables.ts';
import {
  baixasAtivas,
  getTitulo,
  invalido,
  rethrowRef,
  travaTitulo,
  verificaClasse,
} from './titulos.service.ts';

// PUT /receber/:id and /pagar/:id: editing an open título (em_aberto or parcial). Everything the
// form shows may change; the valor only while no active baixa (the saldo follows it, since it is
// all open). A pago or cancelado título, or a stale versao, answers 409. The row is locked like a
// baixa's, so an edit and a baixa at once do not cross. Audited by the trigger on each row.

export const edicaoMensagens = {
  naoAberto: 'Só um título em aberto ou parcial pode ser editado.',
  valorComBaixa: 'O valor não pode ser alterado: o título já tem baixa. Estorne a baixa antes.',
} as const;

export async function editarTitulo(
  db: Db,
  actor: Actor,
  tipo: TipoTitulo,
  id: string,
  input: TituloUpdate,
): Promise<TituloRow> {
  await writeTx(db, actor, async (tx) => {
    const t = await travaTitulo(tx, tipo, id);
    if (t.versao !== input.versao)
      throw new AppError('conflict', genericMessages.conflict, { reason: 'versao' });
    if (!isTituloAberto(t.status)) throw new AppError('conflict', edicaoMensagens.naoAberto);
    const valorMudou = !Decimal.of(input.valor).eq(t.valor);
    if (valorMudou && (await baixasAtivas(tx, id)).length > 0)
      throw new AppError('conflict', edicaoMensagens.valorComBaixa, {
        fields: { valor: [edicaoMensagens.valorComBaixa] },
      });
    if (input.desconto_valor && t.totalParcelas > 1)
      invalido({ ok: false, mensagem: tituloFormMensagens.descontoComCondicao, campo: 'desconto_valor' });
    await verificaClasse(tx, tipo, input.classe_financeira_id);
    const juros =
      input.juros_mes_percentual ??
      (await getSetting(tx as unknown as Db, 'financeiro_juros_mes_percentual'));
    const multa =
      input.multa_percentual ?? (await getSetting(tx as unknown as Db, 'financeiro_multa_percentual'));
    await tx
      .update(f)
      .set({
        documento: input.documento,
        descricao: input.descricao,
        dataEmissao: input.emissao,
        dataVencimento: input.vencimento,
        valor: input.valor,
        ...(valorMudou ? { saldo: input.valor } : {}),
        jurosMesPercentual: juros,
        multaPercentual: multa,
        descontoValor: input.desconto_valor,
        descontoAte: input.desconto_ate,
        classeFinanceiraId: input.classe_financeira_id,
        centroCustoId: input.centro_custo_id,
        formaId: input.forma_id,
        contaBancariaId: input.conta_bancaria_id,
        observacoes: input.observacoes,
        versao: sql`${f.versao} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(f.id, id));
    await tx.delete(tituloRateios).where(eq(tituloRateios.tituloId, id));
    if (input.rateio.length) {
      const r = ratearCentros(input.valor, input.rateio);
      if (!r.ok) return invalido(r);
      await tx.insert(tituloRateios).values(
        r.partes.map((parte) => ({
          tituloId: id,
          centroCustoId: parte.centro_custo_id,
          percentual: parte.percentual,
          valor: parte.valor,
        })),
      );
    }
  }).catch(rethrowRef);
  return getTitulo(db, tipo, id);
}
