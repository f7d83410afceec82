import {
  bancoPorCodigo,
  CLASSE_DESPESAS_BANCARIAS,
  Decimal,
  documentosNoMemo,
  type NovoTituloDaLinha,
  palavrasParaBuscarNome,
  pareceTarifaBancaria,
  pontosDoNomeNoMemo,
} from '@erp/shared';
import { and, asc, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { foundOrThrow } from '../../lib/crud.ts';
import { escapeLike } from '../../lib/list-query.ts';
import { clientes, fornecedores } from '../cadastros/cadastros.tables.ts';
import { extratoLinhas as el } from './extrato.tables.ts';
import { classesFinanceiras, contasBancarias, financialAccounts as f } from './financeiro.tables.ts';

// The «Criar título» dialog of the conciliação, pre-filled from a statement line (issue 29): the
// kind from the sign (a debit that reads like a bank fee is a tarifa), the memo as the description
// (once), the customer or supplier the memo names — by the CNPJ/CPF written in it, else by the
// registered name whose words it contains — and the classe that person's títulos usually take.
// Read only: the user confirms or changes every field before anything is written.

/** Name candidates read per memo word before scoring (the trigram index answers the LIKE). */
const CANDIDATOS_POR_BUSCA = 50;

type Pessoa = NonNullable<NovoTituloDaLinha['pessoa']>;

async function pessoaDoMemo(db: Db, tipo: 'receber' | 'pagar', memo: string): Promise<Pessoa | null> {
  const t = tipo === 'receber' ? clientes : fornecedores;
  const docs = documentosNoMemo(memo);
  if (docs.length) {
    const rows = await db
      .select({ id: t.id, nome: t.razaoSocial, documento: t.documento })
      .from(t)
      .where(and(inArray(t.documento, docs), eq(t.ativo, true)));
    // the first document written in the memo wins (a PIX memo names the payer before the payee)
    for (const doc of docs) {
      const achada = rows.find((r) => r.documento === doc);
      if (achada) return { ...achada, motivo: 'documento' };
    }
  }
  const palavras = palavrasParaBuscarNome(memo);
  if (!palavras.length) return null;
  const candidatos = await db
    .select({ id: t.id, nome: t.razaoSocial, fantasia: t.nomeFantasia, documento: t.documento })
    .from(t)
    .where(
      and(
        eq(t.ativo, true),
        or(...palavras.map((p) => sql`${t.busca} like ${`%${escapeLike(p.toLowerCase())}%`}`)),
      ),
    )
    .orderBy(asc(t.busca))
    .limit(CANDIDATOS_POR_BUSCA);
  let melhor: { pessoa: Pessoa; pontos: number } | null = null;
  for (const c of candidatos) {
    const pontos = Math.max(pontosDoNomeNoMemo(memo, c.nome), pontosDoNomeNoMemo(memo, c.fantasia));
    if (pontos > 0 && (!melhor || pontos > melhor.pontos))
      melhor = { pessoa: { id: c.id, nome: c.nome, documento: c.documento, motivo: 'nome' }, pontos };
  }
  return melhor?.pessoa ?? null;
}

/** The classe of the person's latest título of this kind. */
async function classeHabitual(db: Db, tipo: 'receber' | 'pagar', pessoaId: string) {
  const [ultimo] = await db
    .select({ classe: f.classeFinanceiraId })
    .from(f)
    .where(
      and(
        eq(f.tipo, tipo),
        eq(tipo === 'receber' ? f.clienteId : f.fornecedorId, pessoaId),
        isNotNull(f.classeFinanceiraId),
      ),
    )
    .orderBy(desc(f.createdAt))
    .limit(1);
  return ultimo?.classe ?? null;
}

async function classeDespesasBancarias(db: Db) {
  const [c] = await db
    .select({ id: classesFinanceiras.id })
    .from(classesFinanceiras)
    .where(
      and(
        sql`lower(${classesFinanceiras.nome}) = lower(${CLASSE_DESPESAS_BANCARIAS})`,
        eq(classesFinanceiras.tipo, 'despesa'),
      ),
    )
    .limit(1);
  return c?.id ?? null;
}

/** The account's bank, the payee of a fee: its name as registered, else by its code, else "Banco". */
export function nomeDoBanco(conta: { bancoNome: string | null; bancoCodigo: string | null }): string {
  return conta.bancoNome?.trim() || bancoPorCodigo(conta.bancoCodigo)?.nome || 'Banco';
}

export async function novoTituloDaLinha(db: Db, linhaId: string): Promise<NovoTituloDaLinha> {
  const [linha] = await db
    .select({
      data: el.data,
      valor: el.valor,
      memo: el.memo,
      bancoNome: contasBancarias.bancoNome,
      bancoCodigo: contasBancarias.bancoCodigo,
    })
    .from(el)
    .innerJoin(contasBancarias, eq(contasBancarias.id, el.contaBancariaId))
    .where(eq(el.id, linhaId));
  const l = foundOrThrow(linha ? [linha] : []);
  const valor = Decimal.of(l.valor);
  const memo = l.memo.trim();
  const tipo = valor.isPositive() ? 'receber' : pareceTarifaBancaria(memo) ? 'tarifa' : 'pagar';
  const base = {
    tipo,
    data: l.data,
    valor: valor.abs().toFixed(2),
    descricao: memo.slice(0, 200) || 'Lançamento do extrato',
  } as const;
  if (tipo === 'tarifa')
    return {
      ...base,
      pessoa: null,
      favorecido: nomeDoBanco(l),
      classe_financeira_id: await classeDespesasBancarias(db),
    };
  const pessoa = await pessoaDoMemo(db, tipo, memo);
  return {
    ...base,
    pessoa,
    favorecido: null,
    classe_financeira_id: pessoa ? await classeHabitual(db, tipo, pessoa.id) : null,
  };
}
