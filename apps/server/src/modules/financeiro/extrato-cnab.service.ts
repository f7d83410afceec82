import { createHash } from 'node:crypto';
import { type CnabItem, Decimal, type ImportarExtrato } from '@erp/shared';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { type Actor, writeTx } from '../../lib/audit-context.ts';
import { AppError } from '../../lib/errors.ts';
import { executa } from '../../lib/trabalho/pool.ts';
import { cnabRetornoItens, extratoImportacoes } from './extrato.tables.ts';
import { contasBancarias, financialAccounts } from './financeiro.tables.ts';
import { baixarTitulo } from './titulos.service.ts';

// CNAB retorno import (extrato.README.md): each liquidação settles the open receivable with that
// nosso número through the baixa service (juros and desconto of the file; the tarifa is recorded on
// the item and in the baixa's observação). Unknown nosso números are listed; a record already
// settled by an earlier import (same nosso número, ocorrência, date and amount) settles nothing.

/** Ocorrências that mean "paid" (liquidação; em cartório; após baixa). */
const LIQUIDACOES = new Set(['06', '08', '15', '17']);

const semZeros = (s: string) => s.replace(/^0+/, '');

export type ItemCnabResultado = {
  linha: number;
  nosso_numero: string;
  ocorrencia: string;
  valor_pago: string;
  tarifa: string;
  situacao: 'baixado' | 'desconhecido' | 'repetido' | 'sem_baixa' | 'recusado';
  titulo_id: string | null;
  mensagem: string | null;
};

/** What the payer paid: the file's figure, or figure + tarifa when the bank reports it net of its fee. */
function valorDoPagador(i: CnabItem): string {
  const esperado = Decimal.of(i.valorTitulo).plus(i.juros).minus(i.desconto);
  const bruto = Decimal.of(i.valorPago).plus(i.tarifa);
  return (!Decimal.of(i.tarifa).isZero() && bruto.eq(esperado) ? bruto : Decimal.of(i.valorPago)).toFixed(2);
}

async function tituloPorNossoNumero(tx: Tx, nn: string) {
  const candidatos = [nn, semZeros(nn)].filter((x) => x);
  const rows = await tx
    .select({
      id: financialAccounts.id,
      status: financialAccounts.status,
      nosso: financialAccounts.nossoNumero,
    })
    .from(financialAccounts)
    .where(
      and(
        eq(financialAccounts.tipo, 'receber'),
        or(
          inArray(financialAccounts.nossoNumero, candidatos),
          sql`ltrim(${financialAccounts.nossoNumero}, '0') = ${semZeros(nn)}`,
        ),
      ),
    );
  return rows.find((r) => r.status === 'em_aberto' || r.status === 'parcial') ?? rows[0] ?? null;
}

export async function importaCnab(db: Db, actor: Actor, input: ImportarExtrato) {
  const [conta] = await db
    .select()
    .from(contasBancarias)
    .where(eq(contasBancarias.id, input.conta_bancaria_id));
  if (!conta) throw new AppError('not_found', 'Conta bancária não encontrada');
  const bytes = Buffer.from(input.conteudo_base64, 'base64');
  // read on the worker pool (lib/trabalho): a long file does not hold other users' requests
  const r = await executa('leCnab', bytes);
  if (!r.formato)
    throw new AppError('unprocessable', r.erros[0]?.mensagem ?? 'Arquivo não é um retorno CNAB.', {
      erros: r.erros,
    });
  const hash = createHash('sha256').update(bytes).digest('hex');
  return writeTx(db, actor, async (tx) => {
    const [imp] = await tx
      .insert(extratoImportacoes)
      .values({
        contaBancariaId: conta.id,
        formato: r.formato as 'cnab240' | 'cnab400',
        arquivoNome: input.nome,
        arquivoHash: hash,
        banco: r.banco,
        linhasLidas: r.itens.length,
        erros: r.erros,
        userId: actor.userId,
      })
      .returning({ id: extratoImportacoes.id });
    const importacaoId = (imp as { id: string }).id;
    const itens: ItemCnabResultado[] = [];
    for (const i of r.itens) {
      const chave = `${i.nossoNumero}|${i.ocorrencia}|${i.dataOcorrencia ?? ''}|${i.valorPago}`;
      const pago = valorDoPagador(i);
      let situacao: ItemCnabResultado['situacao'];
      let tituloId: string | null = null;
      let baixaId: string | null = null;
      let mensagem: string | null = null;
      const [anterior] = await tx
        .select({ id: cnabRetornoItens.id })
        .from(cnabRetornoItens)
        .where(
          and(
            eq(cnabRetornoItens.contaBancariaId, conta.id),
            eq(cnabRetornoItens.chave, chave),
            eq(cnabRetornoItens.situacao, 'baixado'),
          ),
        );
      if (anterior) {
        situacao = 'repetido';
        mensagem = 'Já baixado por uma importação anterior.';
      } else if (!LIQUIDACOES.has(i.ocorrencia) || !Decimal.of(pago).isPositive()) {
        situacao = 'sem_baixa';
        mensagem = `Ocorrência ${i.ocorrencia} não é liquidação.`;
      } else {
        const t = await tituloPorNossoNumero(tx, i.nossoNumero);
        if (!t) {
          situacao = 'desconhecido';
          mensagem = 'Nosso número sem título a receber.';
        } else {
          tituloId = t.id;
          try {
            baixaId = await tx.transaction((sp) =>
              baixarTitulo(sp as Tx, actor, 'receber', t.id, {
                data_pagamento: i.dataCredito ?? i.dataOcorrencia ?? new Date().toISOString().slice(0, 10),
                conta_bancaria_id: conta.id,
                forma_id: null,
                valor_pago: pago,
                juros: i.juros,
                multa: '0.00',
                desconto: i.desconto,
                observacao: `Retorno CNAB ${input.nome}, nosso número ${i.nossoNumero}${Decimal.of(i.tarifa).isZero() ? '' : `, tarifa R$ ${i.tarifa.replace('.', ',')}`}`,
              }),
            );
            situacao = 'baixado';
          } catch (e) {
            situacao = 'recusado';
            mensagem = e instanceof Error ? e.message : 'Baixa recusada.';
          }
        }
      }
      await tx.insert(cnabRetornoItens).values({
        importacaoId,
        contaBancariaId: conta.id,
        linha: i.linha,
        nossoNumero: i.nossoNumero,
        ocorrencia: i.ocorrencia,
        dataOcorrencia: i.dataOcorrencia,
        dataCredito: i.dataCredito,
        valorTitulo: i.valorTitulo,
        valorPago: pago,
        juros: i.juros,
        desconto: i.desconto,
        tarifa: i.tarifa,
        chave,
        tituloId,
        baixaId,
        situacao,
        mensagem,
      });
      itens.push({
        linha: i.linha,
        nosso_numero: i.nossoNumero,
        ocorrencia: i.ocorrencia,
        valor_pago: pago,
        tarifa: i.tarifa,
        situacao,
        titulo_id: tituloId,
        mensagem,
      });
    }
    const baixados = itens.filter((x) => x.situacao === 'baixado').length;
    await tx
      .update(extratoImportacoes)
      .set({ linhasNovas: baixados, linhasRepetidas: itens.filter((x) => x.situacao === 'repetido').length })
      .where(eq(extratoImportacoes.id, importacaoId));
    return {
      importacao_id: importacaoId,
      formato: r.formato,
      banco: r.banco,
      lidos: r.itens.length,
      baixados,
      desconhecidos: itens.filter((x) => x.situacao === 'desconhecido'),
      itens,
      erros: r.erros,
    };
  });
}
