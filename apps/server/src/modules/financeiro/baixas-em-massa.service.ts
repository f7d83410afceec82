import {
  aplicarBaixa,
  type Baixa,
  type StatusTitulo,
  type TipoTitulo,
  valorMovimentoDaBaixa,
} from '@erp/shared';
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.ts';
import type { Actor } from '../../lib/audit-context.ts';
import { baixarTitulo, historicoBaixa, type TituloTravado } from './titulos.service.ts';

// Many baixas of one tipo in the caller's transaction — a bank retorno settles thousands of títulos
// at once (issue 31: 10,000 lines < 10 s). The same rules as baixarTitulo (aplicarBaixa: principal,
// saldo, status; one bank movement per baixa), written set-wise: the títulos locked in one
// statement (id order), the baixas, the títulos' new saldo/status and the movements one statement
// each. A título that earns commission on its baixas, or that is paid more than once in the same
// call, takes baixarTitulo one by one (the commission of a baixa reads the ones before it). A
// baixa the rules refuse is answered with its message and writes nothing.

export type BaixaPedida = { tituloId: string; baixa: Baixa };
export type BaixaFeita = { baixaId: string } | { erro: string };

type Travado = Pick<
  TituloTravado,
  'id' | 'tipo' | 'status' | 'valor' | 'saldo' | 'descricao' | 'parcela' | 'totalParcelas' | 'pessoaNome'
> & { vendedor: boolean };

export async function baixarEmMassa(
  tx: Tx,
  actor: Actor,
  tipo: TipoTitulo,
  pedidas: readonly BaixaPedida[],
): Promise<BaixaFeita[]> {
  const feitas: BaixaFeita[] = new Array(pedidas.length);
  if (pedidas.length === 0) return feitas;
  const ids = [...new Set(pedidas.map((p) => p.tituloId))].sort();
  const travados = new Map(
    rowsOf<{
      id: string;
      tipo: string;
      status: string;
      valor: string;
      saldo: string;
      descricao: string;
      parcela: number;
      total_parcelas: number;
      pessoa_nome: string;
      vendedor: boolean;
    }>(
      await tx.execute(sql`select id, tipo, status, valor::text, saldo::text, descricao, parcela, total_parcelas,
          pessoa_nome, (vendedor_id is not null and comissao_valor is not null) as vendedor
        from financial_accounts
        where id = any(array(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid))
        order by id for update`),
    ).map((r): [string, Travado] => [
      r.id,
      {
        id: r.id,
        tipo: r.tipo as TipoTitulo,
        status: r.status,
        valor: r.valor,
        saldo: r.saldo,
        descricao: r.descricao,
        parcela: r.parcela,
        totalParcelas: r.total_parcelas,
        pessoaNome: r.pessoa_nome,
        vendedor: r.vendedor,
      },
    ]),
  );
  const vezes = new Map<string, number>();
  for (const p of pedidas) vezes.set(p.tituloId, (vezes.get(p.tituloId) ?? 0) + 1);

  type Linha = { i: number; titulo_id: string; principal: string; saldo: string; status: StatusTitulo };
  const lote: Linha[] = [];
  const umAUm: number[] = [];
  pedidas.forEach((p, i) => {
    const t = travados.get(p.tituloId);
    if (!t || t.tipo !== tipo) {
      feitas[i] = { erro: 'Título não encontrado' };
      return;
    }
    if (t.vendedor || (vezes.get(p.tituloId) ?? 0) > 1) {
      umAUm.push(i);
      return;
    }
    const a = aplicarBaixa(
      { valor: t.valor, saldo: t.saldo ?? t.valor, status: t.status as StatusTitulo },
      p.baixa,
    );
    if (!a.ok) {
      feitas[i] = { erro: a.mensagem };
      return;
    }
    lote.push({ i, titulo_id: t.id, principal: a.principal, saldo: a.saldo, status: a.status });
  });

  if (lote.length) {
    const baixas = JSON.stringify(
      lote.map((l) => {
        const b = pedidas[l.i]!.baixa;
        return {
          n: l.i,
          titulo_id: l.titulo_id,
          data_pagamento: b.data_pagamento,
          conta_bancaria_id: b.conta_bancaria_id,
          forma_id: b.forma_id,
          valor_pago: b.valor_pago,
          juros: b.juros,
          multa: b.multa,
          desconto: b.desconto,
          principal: l.principal,
          observacao: b.observacao ?? null,
        };
      }),
    );
    const inseridas = rowsOf<{ id: string; titulo_id: string }>(
      await tx.execute(sql`insert into baixas (titulo_id, data_pagamento, conta_bancaria_id, forma_id, valor_pago,
          juros, multa, desconto, principal, observacao, user_id)
        select x.titulo_id, x.data_pagamento, x.conta_bancaria_id, x.forma_id, x.valor_pago, x.juros, x.multa,
          x.desconto, x.principal, x.observacao, ${actor.userId}::uuid
        from jsonb_to_recordset(${baixas}::jsonb) as x(n int, titulo_id uuid, data_pagamento date,
          conta_bancaria_id uuid, forma_id uuid, valor_pago numeric, juros numeric, multa numeric,
          desconto numeric, principal numeric, observacao text)
        order by x.n
        returning id, titulo_id`),
    );
    // one baixa per título in the lote: the título names its baixa
    const baixaDe = new Map(inseridas.map((b) => [b.titulo_id, b.id]));
    await tx.execute(sql`update financial_accounts f set saldo = x.saldo, status = x.status,
        versao = f.versao + 1, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(lote)}::jsonb) as x(titulo_id uuid, saldo numeric, status text)
      where f.id = x.titulo_id`);
    const movimentos = lote.map((l) => {
      const b = pedidas[l.i]!.baixa;
      return {
        conta_bancaria_id: b.conta_bancaria_id,
        data: b.data_pagamento,
        valor: valorMovimentoDaBaixa(tipo, b.valor_pago),
        historico: historicoBaixa(travados.get(l.titulo_id)!),
        baixa_id: baixaDe.get(l.titulo_id),
        titulo_id: l.titulo_id,
      };
    });
    await tx.execute(sql`insert into conta_movimentos (conta_bancaria_id, data, tipo, valor, historico, baixa_id,
        titulo_id, user_id)
      select x.conta_bancaria_id, x.data, ${tipo === 'receber' ? 'recebimento' : 'pagamento'}, x.valor, x.historico,
        x.baixa_id, x.titulo_id, ${actor.userId}::uuid
      from jsonb_to_recordset(${JSON.stringify(movimentos)}::jsonb) as x(conta_bancaria_id uuid, data date,
        valor numeric, historico text, baixa_id uuid, titulo_id uuid)`);
    for (const l of lote) feitas[l.i] = { baixaId: baixaDe.get(l.titulo_id)! };
  }

  // The others one by one, each in its savepoint (a refusal leaves the rest of the file).
  for (const i of umAUm) {
    const p = pedidas[i]!;
    try {
      feitas[i] = {
        baixaId: await tx.transaction((sp) => baixarTitulo(sp as Tx, actor, tipo, p.tituloId, p.baixa)),
      };
    } catch (e) {
      feitas[i] = { erro: e instanceof Error ? e.message : 'Baixa recusada.' };
    }
  }
  return feitas;
}
