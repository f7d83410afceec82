import { createHash, randomUUID } from 'node:crypto';
import {
  acctidDaConta,
  chavesDedupe,
  confereContaDoExtrato,
  Decimal,
  type ExtratoLinhaManual,
  extratoLinhaManualSchema,
  type ImportarExtrato,
  type OfxExtrato,
} from '@erp/shared';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { type Actor, writeTx } from '../../lib/audit-context.ts';
import { AppError } from '../../lib/errors.ts';
import { executa } from '../../lib/trabalho/pool.ts';
import { extratoImportacoes, extratoLinhas } from './extrato.tables.ts';
import { contasBancarias } from './financeiro.tables.ts';

// Bank statements (extrato.README.md): OFX import into extrato_linhas, de-duplicated per account;
// the list with running balance and each file's LEDGERBAL against the computed balance; manual lines.

async function contaOu404(db: Db, id: string) {
  const [conta] = await db.select().from(contasBancarias).where(eq(contasBancarias.id, id));
  if (!conta) throw new AppError('not_found', 'Conta bancária não encontrada');
  return conta;
}

/** The statement of the file for this account: by ACCTID, else the only one with lines, else asked. */
function escolheExtrato(
  extratos: OfxExtrato[],
  conta: {
    conta: string | null;
    contaDigito: string | null;
    agencia: string | null;
    agenciaDigito: string | null;
  },
  indice: number | undefined,
): OfxExtrato {
  if (indice !== undefined) {
    const e = extratos[indice];
    if (!e)
      throw new AppError('validation_failed', 'Extrato inválido', {
        fields: { extrato_indice: ['Extrato inválido'] },
      });
    return e;
  }
  if (extratos.length === 1) return extratos[0] as OfxExtrato;
  const porConta = extratos.filter((e) =>
    acctidDaConta(e.conta, conta.conta, conta.contaDigito, conta.agencia, conta.agenciaDigito),
  );
  if (porConta.length === 1) return porConta[0] as OfxExtrato;
  const comLinhas = extratos.filter((e) => e.transacoes.length > 0);
  if (comLinhas.length === 1) return comLinhas[0] as OfxExtrato;
  throw new AppError('unprocessable', `O arquivo tem ${extratos.length} extratos; escolha qual importar.`, {
    extratos: extratos.map((e, i) => ({
      indice: i,
      banco: e.banco,
      conta: e.conta,
      lancamentos: e.transacoes.length,
    })),
  });
}

const descreveConta = (banco: string | null, agencia: string | null, conta: string | null) =>
  [banco && `banco ${banco}`, agencia && `agência ${agencia}`, conta && `conta ${conta}`]
    .filter(Boolean)
    .join(', ');

/**
 * A statement whose BANKID/BRANCHID/ACCTID contradict the chosen account is not imported silently: 409
 * naming both accounts (details.reason 'conta_divergente'); the screen asks and sends confirmar_conta.
 */
function exigeConfirmacaoDaConta(e: OfxExtrato, conta: typeof contasBancarias.$inferSelect) {
  const daConta = {
    banco_codigo: conta.bancoCodigo,
    agencia: conta.agencia,
    agencia_digito: conta.agenciaDigito,
    conta: conta.conta,
    conta_digito: conta.contaDigito,
  };
  if (confereContaDoExtrato(e, daConta) !== 'diverge') return;
  const arquivo = descreveConta(e.banco, e.agencia, e.conta);
  const escolhida = descreveConta(
    conta.bancoCodigo,
    [conta.agencia, conta.agenciaDigito].filter(Boolean).join('-') || null,
    [conta.conta, conta.contaDigito].filter(Boolean).join('-') || null,
  );
  throw new AppError(
    'conflict',
    `O extrato é de outra conta (${arquivo}), e a conta escolhida é ${conta.nome} (${escolhida}). Confirme para importar mesmo assim.`,
    {
      reason: 'conta_divergente',
      arquivo: { banco: e.banco, agencia: e.agencia, conta: e.conta },
      conta: { id: conta.id, nome: conta.nome, descricao: escolhida },
    },
  );
}

export type ResultadoImportacaoOfx = {
  importacao_id: string;
  banco: string | null;
  conta: string | null;
  inicio: string | null;
  fim: string | null;
  saldo_arquivo: string | null;
  lidas: number;
  novas: number;
  repetidas: number;
  erros: { linha: number; mensagem: string }[];
  avisos: string[];
  /** A file with several statements: all of them (the screen offers the others to other accounts). */
  extratos: ExtratoDoArquivo[];
};

export type ExtratoDoArquivo = {
  indice: number;
  banco: string | null;
  conta: string | null;
  lancamentos: number;
  /** This import took it. */
  importado: boolean;
};

export async function importaOfx(
  db: Db,
  actor: Actor,
  input: ImportarExtrato,
): Promise<ResultadoImportacaoOfx> {
  const conta = await contaOu404(db, input.conta_bancaria_id);
  const bytes = Buffer.from(input.conteudo_base64, 'base64');
  if (!bytes.length) {
    throw new AppError('validation_failed', 'Conteúdo do arquivo inválido.', {
      fields: { conteudo_base64: ['Conteúdo do arquivo inválido.'] },
    });
  }
  // read on the worker pool (lib/trabalho): DTD refused, lines capped, the event loop left free
  const r = await executa('leOfx', bytes);
  if (!r.extratos.length) {
    throw new AppError('unprocessable', r.erros[0]?.mensagem ?? 'Arquivo OFX sem extrato.', {
      erros: r.erros,
    });
  }
  const e = escolheExtrato(r.extratos, conta, input.extrato_indice);
  if (!input.confirmar_conta) exigeConfirmacaoDaConta(e, conta);
  const chaves = chavesDedupe(e.transacoes);
  const hash = createHash('sha256').update(bytes).digest('hex');
  return writeTx(db, actor, async (tx) => {
    const [imp] = await tx
      .insert(extratoImportacoes)
      .values({
        contaBancariaId: conta.id,
        formato: 'ofx',
        arquivoNome: input.nome,
        arquivoHash: hash,
        banco: e.banco,
        conta: e.conta,
        inicio: e.inicio,
        fim: e.fim,
        saldoArquivo: e.saldo?.valor ?? null,
        saldoData: e.saldo?.data ?? e.fim,
        linhasLidas: e.transacoes.length,
        erros: r.erros,
        avisos: r.avisos,
        userId: actor.userId,
      })
      .returning({ id: extratoImportacoes.id });
    const importacaoId = (imp as { id: string }).id;
    // One statement for the whole file: the lines travel as one jsonb parameter (10,000 lines in
    // ~0.3 s instead of 10 statements of 12,000 bound parameters); a repeated key adds nothing.
    const linhas = e.transacoes.map((t, i) => ({
      data: t.data,
      valor: t.valor,
      memo: t.memo,
      documento: t.documento,
      fitid: t.fitid,
      tipo: t.tipo,
      posicao: t.posicao,
      chave: chaves[i],
    }));
    const [{ novas }] = rowsOf<{ novas: number }>(
      await tx.execute(sql`with novas as (
        insert into extrato_linhas (conta_bancaria_id, importacao_id, origem, data, valor, memo, documento,
          fitid, tipo, posicao, chave_dedupe, user_id)
        select ${conta.id}::uuid, ${importacaoId}::uuid, 'ofx', x.data, x.valor, x.memo, x.documento, x.fitid,
          x.tipo, x.posicao, x.chave, ${actor.userId}::uuid
        from jsonb_to_recordset(${JSON.stringify(linhas)}::jsonb) as x(data date, valor numeric, memo text,
          documento text, fitid text, tipo text, posicao integer, chave text)
        on conflict (conta_bancaria_id, chave_dedupe) do nothing
        returning 1)
      select count(*)::int as novas from novas`),
    ) as [{ novas: number }];
    const repetidas = e.transacoes.length - novas;
    await tx
      .update(extratoImportacoes)
      .set({ linhasNovas: novas, linhasRepetidas: repetidas })
      .where(eq(extratoImportacoes.id, importacaoId));
    return {
      importacao_id: importacaoId,
      banco: e.banco,
      conta: e.conta,
      inicio: e.inicio,
      fim: e.fim,
      saldo_arquivo: e.saldo?.valor ?? null,
      lidas: e.transacoes.length,
      novas,
      repetidas,
      erros: r.erros,
      avisos: r.avisos,
      extratos:
        r.extratos.length > 1
          ? r.extratos.map((x, i) => ({
              indice: i,
              banco: x.banco,
              conta: x.conta,
              lancamentos: x.transacoes.length,
              importado: x === e,
            }))
          : [],
    };
  });
}

export type ExtratoLinhaRow = {
  id: string;
  data: string;
  memo: string;
  documento: string | null;
  valor: string;
  saldo: string;
  origem: 'ofx' | 'manual';
  fitid: string | null;
  conciliada: boolean;
};

export type ExtratoImportacaoRow = {
  id: string;
  arquivo_nome: string;
  formato: string;
  created_at: string;
  saldo_arquivo: string | null;
  saldo_data: string | null;
  saldo_calculado: string | null;
  diferenca: string | null;
  linhas_lidas: number;
  linhas_novas: number;
  linhas_repetidas: number;
  erros: { linha: number; mensagem: string }[];
};

export type ExtratoBancario = {
  conta: { id: string; nome: string; saldo_inicial: string; data_saldo_inicial: string };
  saldo_anterior: string;
  saldo_final: string;
  linhas: ExtratoLinhaRow[];
  importacoes: ExtratoImportacaoRow[];
};

/** The statement of an account: lines with running balance from the account's saldo inicial. */
export async function listaExtrato(
  db: Db,
  contaId: string,
  q: { de?: string | null; ate?: string | null },
): Promise<ExtratoBancario> {
  const conta = await contaOu404(db, contaId);
  const l = extratoLinhas;
  const [antes] = await db
    .select({ total: sql<string>`coalesce(sum(${l.valor}), 0)::text` })
    .from(l)
    .where(and(eq(l.contaBancariaId, contaId), q.de ? sql`${l.data} < ${q.de}` : sql`false`));
  const saldoAnterior = Decimal.of(conta.saldoInicial).plus(antes?.total ?? '0');
  const linhas = await db
    .select({
      id: l.id,
      data: l.data,
      memo: l.memo,
      documento: l.documento,
      valor: l.valor,
      origem: l.origem,
      fitid: l.fitid,
      conciliada: l.conciliada,
    })
    .from(l)
    .where(
      and(
        eq(l.contaBancariaId, contaId),
        q.de ? sql`${l.data} >= ${q.de}` : undefined,
        q.ate ? sql`${l.data} <= ${q.ate}` : undefined,
      ),
    )
    .orderBy(asc(l.data), asc(l.posicao), asc(l.createdAt), asc(l.id));
  let saldo = saldoAnterior;
  const comSaldo = linhas.map((x) => {
    saldo = saldo.plus(x.valor);
    return { ...x, saldo: saldo.toFixed(2) };
  });
  const imps = await db
    .select({
      id: extratoImportacoes.id,
      arquivo_nome: extratoImportacoes.arquivoNome,
      formato: extratoImportacoes.formato,
      created_at: sql<string>`${extratoImportacoes.createdAt}::text`,
      saldo_arquivo: extratoImportacoes.saldoArquivo,
      saldo_data: extratoImportacoes.saldoData,
      saldo_calculado: sql<
        string | null
      >`case when ${extratoImportacoes.saldoArquivo} is null then null else (${conta.saldoInicial}::numeric + coalesce((select sum(x.valor) from extrato_linhas x where x.conta_bancaria_id = ${contaId} and (${extratoImportacoes.saldoData} is null or x.data <= ${extratoImportacoes.saldoData})), 0))::text end`,
      linhas_lidas: extratoImportacoes.linhasLidas,
      linhas_novas: extratoImportacoes.linhasNovas,
      linhas_repetidas: extratoImportacoes.linhasRepetidas,
      erros: extratoImportacoes.erros,
    })
    .from(extratoImportacoes)
    .where(eq(extratoImportacoes.contaBancariaId, contaId))
    .orderBy(desc(extratoImportacoes.createdAt))
    .limit(20);
  return {
    conta: {
      id: conta.id,
      nome: conta.nome,
      saldo_inicial: Decimal.of(conta.saldoInicial).toFixed(2),
      data_saldo_inicial: conta.dataSaldoInicial,
    },
    saldo_anterior: saldoAnterior.toFixed(2),
    saldo_final: saldo.toFixed(2),
    linhas: comSaldo,
    importacoes: imps.map((i) => ({
      ...i,
      saldo_calculado: i.saldo_calculado === null ? null : Decimal.of(i.saldo_calculado).toFixed(2),
      diferenca:
        i.saldo_arquivo === null || i.saldo_calculado === null
          ? null
          : Decimal.of(i.saldo_arquivo).minus(i.saldo_calculado).toFixed(2),
    })),
  };
}

/** A line typed by hand (e.g. a fee the file does not have). */
export async function criaLinhaManual(db: Db, actor: Actor, contaId: string, input: ExtratoLinhaManual) {
  const conta = await contaOu404(db, contaId);
  const v = extratoLinhaManualSchema.parse(input);
  return writeTx(db, actor, async (tx) => {
    const [pos] = await tx
      .select({ max: sql<number>`coalesce(max(${extratoLinhas.posicao}), -1)::int` })
      .from(extratoLinhas)
      .where(and(eq(extratoLinhas.contaBancariaId, conta.id), eq(extratoLinhas.data, v.data)));
    const id = randomUUID();
    const [linha] = await tx
      .insert(extratoLinhas)
      .values({
        id,
        contaBancariaId: conta.id,
        origem: 'manual',
        data: v.data,
        valor: v.valor,
        memo: v.memo,
        documento: v.documento ?? null,
        posicao: (pos?.max ?? -1) + 1,
        chaveDedupe: `manual:${id}`,
        userId: actor.userId,
      })
      .returning();
    return linha;
  });
}
