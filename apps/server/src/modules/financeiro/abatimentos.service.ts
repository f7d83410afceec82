import { Decimal, statusPorSaldo } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import type { Actor } from '../../lib/audit-context.ts';
import { AppError } from '../../lib/errors.ts';
import { baixaBoletosDosTitulos } from './cobranca/boletos.service.ts';

// Abatimentos (issue 32): a reduction of a título that is not a payment — a return's value
// (origem devolucao) or a crédito used to pay it (origem credito). The título's saldo drops by it
// and its status follows the saldo (statusPorSaldo: saldo 0 → pago, settled by the return); the
// bank account does not move. Σ of the active ones is kept in financial_accounts.abatimentos, so a
// later baixa measures its commission on valor − abatimentos (titulos.service comissaoNaBaixa).
// A live boleto follows: fully abated → withdrawn (baixa at the bank); partly → an abatimento
// instruction for the next remessa with what is abated so far. Reversal (a cancelled return) marks
// the row estornado and gives the saldo, the commission and the status back.

export type NovoAbatimento = {
  tituloId: string;
  origem: 'devolucao' | 'credito';
  devolucaoId: string | null;
  valor: string;
  /** Commission the título loses with it (its comissao_valor goes down by this). */
  comissao: string;
  data: string;
  historico: string;
};

type TituloAbatido = {
  id: string;
  valor: string;
  saldo: string;
  status: string;
  abatimentos: string;
  comissao_valor: string | null;
};

async function travaTitulo(tx: Tx, id: string): Promise<TituloAbatido> {
  const [t] = rowsOf<TituloAbatido>(
    await tx.execute(sql`select id, valor::text, saldo::text, status, abatimentos::text,
      comissao_valor::text from financial_accounts where id = ${id} for update`),
  );
  if (!t) throw new AppError('not_found', 'Título não encontrado');
  return t;
}

/** Applies one abatimento (the caller computed it within the saldo). Returns its id. */
export async function abateTitulo(tx: Tx, actor: Actor, a: NovoAbatimento): Promise<string> {
  const t = await travaTitulo(tx, a.tituloId);
  if (t.status !== 'em_aberto' && t.status !== 'parcial')
    throw new AppError('conflict', 'O título não está em aberto e não pode ser abatido.');
  const valor = Decimal.of(a.valor);
  const saldo = Decimal.of(t.saldo).minus(valor);
  // valor 0 is a commission-only row (the rest of a return's commission reversal)
  if (valor.isNegative() || (valor.isZero() && !Decimal.of(a.comissao).isPositive()) || saldo.isNegative())
    throw new AppError('conflict', `O abatimento (R$ ${a.valor}) excede o saldo do título (R$ ${t.saldo}).`);
  const comissao = Decimal.of(a.comissao);
  const comissaoValor = t.comissao_valor === null ? null : Decimal.of(t.comissao_valor).minus(comissao);
  if (comissaoValor?.isNegative()) throw new Error(`estorno de comissão acima da comissão do título ${t.id}`);
  const status = statusPorSaldo(t.valor, saldo.toFixed(2));
  await tx.execute(sql`update financial_accounts set saldo = ${saldo.toFixed(2)}, status = ${status},
      abatimentos = abatimentos + ${valor.toFixed(2)}::numeric,
      comissao_valor = ${comissaoValor ? comissaoValor.toFixed(2) : null},
      versao = versao + 1, updated_at = now()
    where id = ${t.id}`);
  const [row] = rowsOf<{ id: string }>(
    await tx.execute(sql`insert into titulo_abatimentos (titulo_id, origem, devolucao_id, valor, comissao, data,
        historico, user_id)
      values (${t.id}, ${a.origem}, ${a.devolucaoId}, ${valor.toFixed(2)}, ${comissao.toFixed(2)}, ${a.data},
        ${a.historico}, ${actor.userId})
      returning id`),
  );
  if (valor.isPositive()) await boletoAcompanha(tx, actor, t.id, saldo);
  return row!.id;
}

/** A live boleto of the título follows its saldo: withdrawn at zero, else an abatimento instruction. */
async function boletoAcompanha(tx: Tx, actor: Actor, tituloId: string, saldo: Decimal): Promise<void> {
  if (saldo.isZero()) {
    await baixaBoletosDosTitulos(tx, [tituloId]);
    return;
  }
  // what the bank must stop charging: the boleto's value minus the título's saldo now
  await tx.execute(sql`insert into boleto_instrucoes (boleto_id, instrucao, valor, user_id, usuario)
    select b.id, 'abatimento', (b.valor - ${saldo.toFixed(2)}::numeric), ${actor.userId}, ${actor.email ?? null}
    from boletos b where b.titulo_id = ${tituloId} and b.situacao in ('a_registrar', 'enviado', 'registrado')
      and b.valor > ${saldo.toFixed(2)}::numeric`);
}

export type AbatimentoAtivo = { id: string; titulo_id: string; valor: string; comissao: string };

/** The active abatimentos a return made (to reverse them). */
export async function abatimentosDaDevolucao(tx: Tx, devolucaoId: string): Promise<AbatimentoAtivo[]> {
  return rowsOf<AbatimentoAtivo>(
    await tx.execute(sql`select id, titulo_id, valor::text, comissao::text from titulo_abatimentos
      where devolucao_id = ${devolucaoId} and origem = 'devolucao' and not estornado order by created_at, id`),
  );
}

/** Reverses one abatimento: the saldo, the commission and the status come back. */
export async function estornaAbatimento(tx: Tx, a: AbatimentoAtivo): Promise<void> {
  const t = await travaTitulo(tx, a.titulo_id);
  if (t.status === 'cancelado')
    throw new AppError(
      'conflict',
      'Um título abatido pela devolução foi cancelado: a devolução não pode ser desfeita.',
    );
  const saldo = Decimal.of(t.saldo).plus(a.valor);
  const status = statusPorSaldo(t.valor, saldo.toFixed(2));
  await tx.execute(sql`update financial_accounts set saldo = ${saldo.toFixed(2)}, status = ${status},
      abatimentos = abatimentos - ${a.valor}::numeric,
      comissao_valor = case when comissao_valor is null then null else comissao_valor + ${a.comissao}::numeric end,
      versao = versao + 1, updated_at = now()
    where id = ${t.id}`);
  await tx.execute(
    sql`update titulo_abatimentos set estornado = true, estornado_em = now() where id = ${a.id}`,
  );
}

/** GET of a título's history: its abatimentos (active and reversed). */
export async function abatimentosDoTitulo(tx: Tx | Db, tituloId: string) {
  return rowsOf<{
    id: string;
    origem: 'devolucao' | 'credito';
    devolucao_id: string | null;
    devolucao_numero: number | null;
    valor: string;
    comissao: string;
    data: string;
    historico: string;
    estornado: boolean;
    created_at: string;
  }>(
    await tx.execute(sql`select a.id, a.origem, a.devolucao_id, d.numero as devolucao_numero, a.valor::text,
        a.comissao::text, a.data::text, a.historico, a.estornado, a.created_at
      from titulo_abatimentos a left join devolucoes d on d.id = a.devolucao_id
      where a.titulo_id = ${tituloId} order by a.created_at, a.id`),
  );
}
