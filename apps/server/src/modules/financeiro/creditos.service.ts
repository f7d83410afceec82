import {
  businessToday,
  Decimal,
  devolucoesMensagens,
  type ReembolsoCreditoInput,
  type UsarCreditoInput,
} from '@erp/shared';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { type Actor, writeTx } from '../../lib/audit-context.ts';
import { AppError } from '../../lib/errors.ts';
import { abateTitulo } from './abatimentos.service.ts';

// Crédito do cliente (issue 32): what a return left over after the note's open receivables —
// append-only movements in creditos_movimentos (+ devolução, − uso / reembolso, ± estorno); the
// balance is their sum. Used by the finance team (admin, financeiro) to pay another open
// receivable of the same customer (an abatimento of origem crédito: no bank movement, and no
// commission — the goods behind it were returned and their commission reversed), or refunded
// through a payable to the customer. The customer's row is locked while a movement is written, so
// two uses cannot spend the same balance.

async function travaCliente(tx: Tx, clienteId: string): Promise<{ razao_social: string }> {
  const [c] = rowsOf<{ razao_social: string }>(
    await tx.execute(sql`select razao_social from clientes where id = ${clienteId} for update`),
  );
  if (!c) throw new AppError('not_found', 'Cliente não encontrado');
  return c;
}

async function saldo(tx: Tx | Db, clienteId: string): Promise<string> {
  const [r] = rowsOf<{ saldo: string }>(
    await tx.execute(sql`select coalesce(sum(valor), 0)::numeric(14,2)::text as saldo
      from creditos_movimentos where cliente_id = ${clienteId}`),
  );
  return r!.saldo;
}

/** GET /api/financeiro/creditos/clientes/:id — the balance and its movements. */
export async function creditoDoCliente(db: Db, clienteId: string) {
  const movimentos = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select m.id::text as id, m.tipo, m.valor::text, m.historico, m.created_at, m.usuario,
        m.devolucao_id, d.numero as devolucao_numero, m.titulo_id
      from creditos_movimentos m left join devolucoes d on d.id = m.devolucao_id
      where m.cliente_id = ${clienteId} order by m.id desc limit 200`),
  );
  return { cliente_id: clienteId, saldo: await saldo(db as unknown as Tx, clienteId), movimentos };
}

/** POST /api/financeiro/creditos/clientes/:id/usar — pays (part of) an open receivable with the crédito. */
export async function usaCredito(db: Db, actor: Actor, clienteId: string, input: UsarCreditoInput) {
  await writeTx(db, actor, async (tx) => {
    await travaCliente(tx, clienteId);
    const disponivel = await saldo(tx, clienteId);
    if (Decimal.of(input.valor).gt(disponivel))
      throw new AppError('unprocessable', devolucoesMensagens.creditoInsuficiente(disponivel), {
        fields: { valor: [devolucoesMensagens.creditoInsuficiente(disponivel)] },
      });
    const [t] = rowsOf<{
      cliente_id: string | null;
      tipo: string;
      status: string;
      saldo: string;
      descricao: string;
    }>(
      await tx.execute(sql`select cliente_id, tipo, status, saldo::text, descricao from financial_accounts
        where id = ${input.titulo_id} for update`),
    );
    if (!t) throw new AppError('not_found', 'Título não encontrado');
    if (t.tipo !== 'receber' || t.cliente_id !== clienteId)
      throw new AppError('unprocessable', devolucoesMensagens.tituloDeOutroCliente, {
        fields: { titulo_id: [devolucoesMensagens.tituloDeOutroCliente] },
      });
    if (t.status !== 'em_aberto' && t.status !== 'parcial')
      throw new AppError('conflict', devolucoesMensagens.tituloNaoAberto);
    if (Decimal.of(input.valor).gt(t.saldo))
      throw new AppError('unprocessable', devolucoesMensagens.creditoAcimaDoSaldo(t.saldo), {
        fields: { valor: [devolucoesMensagens.creditoAcimaDoSaldo(t.saldo)] },
      });
    const data = businessToday();
    const abatimentoId = await abateTitulo(tx, actor, {
      tituloId: input.titulo_id,
      origem: 'credito',
      devolucaoId: null,
      valor: input.valor,
      comissao: '0',
      data,
      historico: 'Pago com crédito do cliente',
    });
    await tx.execute(sql`insert into creditos_movimentos (cliente_id, tipo, valor, titulo_id, abatimento_id, historico,
        user_id, usuario)
      values (${clienteId}, 'uso', ${Decimal.of(input.valor).negated().toFixed(2)}, ${input.titulo_id}, ${abatimentoId},
        ${`Uso do crédito no título ${t.descricao}`}, ${actor.userId}, ${actor.email ?? null})`);
  });
  return creditoDoCliente(db, clienteId);
}

/** POST /api/financeiro/creditos/clientes/:id/reembolsar — a payable to the customer for the refund. */
export async function reembolsaCredito(
  db: Db,
  actor: Actor,
  clienteId: string,
  input: ReembolsoCreditoInput,
) {
  await writeTx(db, actor, async (tx) => {
    const c = await travaCliente(tx, clienteId);
    const disponivel = await saldo(tx, clienteId);
    if (Decimal.of(input.valor).gt(disponivel))
      throw new AppError('unprocessable', devolucoesMensagens.creditoInsuficiente(disponivel), {
        fields: { valor: [devolucoesMensagens.creditoInsuficiente(disponivel)] },
      });
    const hoje = businessToday();
    const [p] = rowsOf<{ id: string }>(
      await tx.execute(sql`insert into financial_accounts (tipo, status, descricao, valor, saldo, data_emissao,
          data_vencimento, cliente_id, fornecedor_nome, pessoa_nome, documento, origem)
        values ('pagar', 'em_aberto', ${`Reembolso de crédito do cliente ${c.razao_social}`}, ${input.valor},
          ${input.valor}, ${hoje}, ${input.vencimento}, ${clienteId}, ${c.razao_social}, ${c.razao_social},
          'Reembolso', 'manual')
        returning id`),
    );
    await tx.execute(sql`insert into creditos_movimentos (cliente_id, tipo, valor, titulo_id, historico, user_id, usuario)
      values (${clienteId}, 'reembolso', ${Decimal.of(input.valor).negated().toFixed(2)}, ${p!.id},
        'Reembolso ao cliente (conta a pagar)', ${actor.userId}, ${actor.email ?? null})`);
  });
  return creditoDoCliente(db, clienteId);
}
