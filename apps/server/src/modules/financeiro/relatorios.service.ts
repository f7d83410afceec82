import {
  type AgingResposta,
  agruparFluxo,
  CASAS_DINHEIRO,
  Decimal,
  FAIXAS_AGING,
  type FluxoCaixaResposta,
  type fluxoCaixaQuerySchema,
  type LancamentoFluxo,
  type ResumoClasseRow,
  type ResumoClassesResposta,
  type TipoTitulo,
  vencimentosDaFaixa,
} from '@erp/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rowsOf } from '../../db/client.ts';

// The finance area (/financeiro): fluxo de caixa, aging and the month by classe. Each is one or
// two SQL aggregates (by day, by faixa, by classe); the shared rules label the periods, fill the
// gaps and run the balances (fluxo-caixa.ts, aging.ts). Nothing loads the títulos into JS.

type FluxoQuery = z.output<typeof fluxoCaixaQuerySchema>;

/**
 * Realizado (movements) and previsto (open saldo on max(vencimento, hoje)) of the period, by day
 * in SQL, put in periods by agruparFluxo. See the README for the rules.
 */
export async function fluxoCaixa(db: Db, q: FluxoQuery, hoje: string): Promise<FluxoCaixaResposta> {
  const conta = q.conta_bancaria_id;
  // The movements by account and day come from the read model conta_movimentos_dia (a few rows a
  // day), not from the ledger itself.
  const contaDia: SQL = conta ? sql`and d.conta_bancaria_id = ${conta}` : sql``;
  const [inicial] = rowsOf<{ saldo: string }>(
    await db.execute(sql`
      select (
        coalesce((select sum(c.saldo_inicial) from contas_bancarias c
          where c.data_saldo_inicial <= ${q.ate}::date ${conta ? sql`and c.id = ${conta}` : sql``}), 0)
        + coalesce((select sum(d.entradas - d.saidas) from conta_movimentos_dia d
          where d.data < ${q.de}::date ${contaDia}), 0)
      )::numeric(14,2)::text as saldo`),
  );
  // An estorno counts on the side of the movement it reverses (the read model's rule).
  const realizados = rowsOf<{ data: string; entradas: string; saidas: string }>(
    await db.execute(sql`
      select d.data::text as data, sum(d.entradas)::text as entradas, sum(d.saidas)::text as saidas
      from conta_movimentos_dia d
      where d.data between ${q.de}::date and ${q.ate}::date ${contaDia}
      group by d.data`),
  );
  // Open títulos: an overdue one is expected today. Only dates from today on can hold any.
  const previstos =
    q.ate < hoje
      ? []
      : rowsOf<{ data: string; entradas: string; saidas: string }>(
          await db.execute(sql`
            select greatest(f.data_vencimento, ${hoje}::date)::text as data,
              coalesce(sum(f.saldo) filter (where f.tipo = 'receber'), 0)::text as entradas,
              coalesce(sum(f.saldo) filter (where f.tipo = 'pagar'), 0)::text as saidas
            from financial_accounts f
            where f.status in ('em_aberto', 'parcial')
              and f.data_vencimento <= ${q.ate}::date
              ${q.de > hoje ? sql`and f.data_vencimento >= ${q.de}::date` : sql``}
              ${conta ? sql`and f.conta_bancaria_id = ${conta}` : sql``}
            group by 1`),
        );
  const lancamentos: LancamentoFluxo[] = [];
  const poe = (data: string, sentido: LancamentoFluxo['sentido'], valor: string, realizado: boolean) => {
    if (!Decimal.of(valor).isZero()) lancamentos.push({ data, sentido, valor, realizado });
  };
  for (const r of realizados) {
    poe(r.data, 'entrada', r.entradas, true);
    poe(r.data, 'saida', r.saidas, true);
  }
  for (const r of previstos) {
    poe(r.data, 'entrada', r.entradas, false);
    poe(r.data, 'saida', r.saidas, false);
  }
  return {
    saldo_inicial: inicial!.saldo,
    linhas: agruparFluxo({
      de: q.de,
      ate: q.ate,
      agrupamento: q.agrupamento,
      saldoInicial: inicial!.saldo,
      lancamentos,
    }),
  };
}

/** Open saldo of one tipo by days overdue on `hoje`: one aggregate with a filter per faixa. */
export async function aging(db: Db, tipo: TipoTitulo, hoje: string): Promise<AgingResposta> {
  const filtro = (faixa: (typeof FAIXAS_AGING)[number]): SQL => {
    const { de, ate } = vencimentosDaFaixa(faixa, hoje);
    const partes = [
      de ? sql`data_vencimento >= ${de}::date` : undefined,
      ate ? sql`data_vencimento <= ${ate}::date` : undefined,
    ].filter((p): p is SQL => p !== undefined);
    return sql.join(partes, sql` and `);
  };
  const colunas = sql.join(
    FAIXAS_AGING.map(
      (faixa, i) => sql`count(*) filter (where ${filtro(faixa)})::int as ${sql.raw(`q${i}`)},
        coalesce(sum(saldo) filter (where ${filtro(faixa)}), 0)::numeric(14,2)::text as ${sql.raw(`s${i}`)}`,
    ),
    sql`, `,
  );
  const [r] = rowsOf<Record<string, string | number>>(
    await db.execute(sql`select ${colunas} from financial_accounts
      where tipo = ${tipo} and status in ('em_aberto', 'parcial')`),
  );
  const faixas = FAIXAS_AGING.map((faixa, i) => ({
    faixa,
    quantidade: Number(r![`q${i}`]),
    saldo: String(r![`s${i}`]),
  }));
  return {
    hoje,
    faixas,
    total: {
      quantidade: faixas.reduce((n, f) => n + f.quantidade, 0),
      saldo: Decimal.sum(faixas.map((f) => f.saldo)).toFixed(CASAS_DINHEIRO),
    },
  };
}

function ultimoDiaDoMes(mes: string): string {
  const [ano, m] = mes.split('-').map(Number) as [number, number];
  const dia = new Date(Date.UTC(ano, m, 0)).getUTCDate();
  return `${mes}-${String(dia).padStart(2, '0')}`;
}

/** The principal of the month's active baixas by the título's classe, receitas and despesas. */
export async function resumoClasses(db: Db, mes: string): Promise<ResumoClassesResposta> {
  const de = `${mes}-01`;
  const ate = ultimoDiaDoMes(mes);
  const rows = rowsOf<ResumoClasseRow & { titulo_tipo: TipoTitulo }>(
    await db.execute(sql`
      select f.tipo as titulo_tipo, c.id as classe_financeira_id, coalesce(c.codigo, '') as codigo,
        coalesce(c.nome, 'Sem classe') as nome,
        coalesce(c.tipo, case f.tipo when 'receber' then 'receita' else 'despesa' end) as tipo,
        sum(b.principal)::numeric(14,2)::text as valor
      from baixas b
      join financial_accounts f on f.id = b.titulo_id
      left join classes_financeiras c on c.id = f.classe_financeira_id
      where not b.estornada and b.data_pagamento between ${de}::date and ${ate}::date
      group by f.tipo, c.id, c.codigo, c.nome, c.tipo
      order by f.tipo, c.codigo nulls last`),
  );
  const linha = ({ titulo_tipo: _, ...r }: (typeof rows)[number]): ResumoClasseRow => r;
  const receitas = rows.filter((r) => r.titulo_tipo === 'receber').map(linha);
  const despesas = rows.filter((r) => r.titulo_tipo === 'pagar').map(linha);
  const total = (xs: ResumoClasseRow[]) => Decimal.sum(xs.map((x) => x.valor));
  return {
    mes,
    de,
    ate,
    receitas,
    despesas,
    total_receitas: total(receitas).toFixed(CASAS_DINHEIRO),
    total_despesas: total(despesas).toFixed(CASAS_DINHEIRO),
    resultado: total(receitas).minus(total(despesas)).toFixed(CASAS_DINHEIRO),
  };
}
