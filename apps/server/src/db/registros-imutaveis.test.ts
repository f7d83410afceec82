import { podeTransitarNota, STATUS_NOTA, type StatusNota } from '@erp/shared';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor, writeTx } from '../lib/audit-context.ts';
import { pgErrorCode } from '../lib/errors.ts';
import { criaCliente } from '../modules/comercial/comercial-test-support.ts';
import { baixarTitulo, estornarNaTransacao } from '../modules/financeiro/titulos.service.ts';
import { createTestDatabase } from '../test/test-db.ts';
import { type Database, rowsOf } from './client.ts';

// Migration 0046: fiscal and money records are append-only in the database itself (PGlite, and
// PostgreSQL with TEST_DATABASE_URL) — outgoing NF-e (identity always; the signed XML and SEFAZ's
// answer once authorised), their events, inutilized ranges, baixas (only the estorno mark and the
// commission, once) and statement lines (only the reconciliation state). The flows that change
// them legitimately are exercised by their own test files (notas-saida, transmissao, titulos,
// conciliacao-periodo); here, each forbidden statement is refused with SQLSTATE 42501.

let database: Database;
const db = () => database.db;
let cliente: string;
let conta: string;

beforeAll(async () => {
  database = await createTestDatabase();
  cliente = await criaCliente(db(), { razaoSocial: 'Mercado Imutável Ltda', limite: '0' });
  const [c] = rowsOf<{ id: string }>(
    await db().execute(sql`insert into contas_bancarias (nome, tipo, data_saldo_inicial)
      values ('Conta Imutável', 'corrente', '2026-01-01') returning id`),
  );
  conta = c!.id;
});
afterAll(() => database?.close());

/** The SQLSTATE a statement fails with, or null when the database accepts it. */
async function codigo(stmt: SQL): Promise<string | null> {
  const err = await db()
    .execute(stmt)
    .then(
      () => null,
      (e: unknown) => e,
    );
  return err === null ? null : (pgErrorCode(err) ?? String(err));
}

/** The statement's SQL text, to name a failing case. */
const rotulo = (stmt: SQL) =>
  stmt.queryChunks
    .map((c) => {
      const v = (c as { value?: unknown }).value;
      return Array.isArray(v) ? v.join('') : '$';
    })
    .join('');

let numero = 0;
/** A note inserted as it would be stored (inserts are allowed), in `status`. */
async function nota(status: StatusNota, extra: { xmlAutorizado?: string; protocolo?: string } = {}) {
  numero++;
  const chave = `3526${String(numero).padStart(40, '0')}`;
  const [n] = rowsOf<{ id: string }>(
    await db().execute(sql`insert into notas_fiscais (cliente_id, serie, numero, chave, status, ambiente,
        emissao, valor_total, xml, xml_autorizado, protocolo)
      values (${cliente}, 1, ${numero}, ${chave}, ${status}, '2', now(), '100.00', '<NFe>assinada</NFe>',
        ${extra.xmlAutorizado ?? null}, ${extra.protocolo ?? null}) returning id`),
  );
  return n!.id;
}

describe('notas_fiscais', () => {
  it('never deleted nor truncated; número, série, pedido, cliente and ambiente never change', async () => {
    const id = await nota('assinada');
    for (const stmt of [
      sql`delete from notas_fiscais where id = ${id}`,
      sql`truncate notas_fiscais cascade`,
      sql`update notas_fiscais set numero = numero + 1000 where id = ${id}`,
      sql`update notas_fiscais set serie = 2 where id = ${id}`,
      sql`update notas_fiscais set ambiente = '1' where id = ${id}`,
      sql`update notas_fiscais set cliente_id = null where id = ${id}`,
      sql`update notas_fiscais set modelo = '65' where id = ${id}`,
    ])
      expect(await codigo(stmt), rotulo(stmt)).toBe('42501');
    const [row] = rowsOf<{ n: number }>(
      await db().execute(sql`select numero::int as n from notas_fiscais where id = ${id}`),
    );
    expect(row!.n).toBe(numero);
  });

  it('before SEFAZ decides the XML is signed again (resend, contingência, «Gerar novamente»); after, it is fixed', async () => {
    const assinada = await nota('assinada');
    expect(
      await codigo(sql`update notas_fiscais set xml = '<NFe>de novo</NFe>', tp_emis = '6',
        chave = ${`3526${'9'.repeat(40)}`}, valor_total = '90.00', emissao = now() where id = ${assinada}`),
    ).toBeNull();
    const rejeitada = await nota('rejeitada');
    expect(
      await codigo(
        sql`update notas_fiscais set xml = '<NFe>corrigida</NFe>', status = 'assinada' where id = ${rejeitada}`,
      ),
    ).toBeNull();

    const autorizada = await nota('autorizada', {
      xmlAutorizado: '<nfeProc/>',
      protocolo: '135260000000001',
    });
    for (const stmt of [
      sql`update notas_fiscais set xml = '<NFe>outra</NFe>' where id = ${autorizada}`,
      sql`update notas_fiscais set chave = ${`3526${'8'.repeat(40)}`} where id = ${autorizada}`,
      sql`update notas_fiscais set valor_total = '1.00' where id = ${autorizada}`,
      sql`update notas_fiscais set emissao = now() - interval '1 day' where id = ${autorizada}`,
      sql`update notas_fiscais set xml_autorizado = '<nfeProc>outro</nfeProc>' where id = ${autorizada}`,
      sql`update notas_fiscais set protocolo = '135260000000002' where id = ${autorizada}`,
      sql`update notas_fiscais set status = 'assinada' where id = ${autorizada}`,
    ])
      expect(await codigo(stmt), rotulo(stmt)).toBe('42501');
    // the cancelamento moves the status with its cStat/xMotivo, nothing else
    expect(
      await codigo(sql`update notas_fiscais set status = 'cancelada', c_stat = '135',
        x_motivo = 'Evento registrado', updated_at = now() where id = ${autorizada}`),
    ).toBeNull();
    // a final note does not change at all
    expect(await codigo(sql`update notas_fiscais set x_motivo = 'outro' where id = ${autorizada}`)).toBe(
      '42501',
    );
  });

  it('the nfeProc is written only with the authorisation or the denial', async () => {
    const id = await nota('assinada');
    expect(await codigo(sql`update notas_fiscais set xml_autorizado = '<nfeProc/>' where id = ${id}`)).toBe(
      '42501',
    );
    expect(
      await codigo(sql`update notas_fiscais set status = 'autorizada', xml_autorizado = '<nfeProc/>',
        protocolo = '135260000000003', c_stat = '100' where id = ${id}`),
    ).toBeNull();
  });

  it('the status moves only along the shared machine (TRANSICOES_NOTA), pair by pair', async () => {
    for (const de of STATUS_NOTA)
      for (const para of STATUS_NOTA) {
        if (de === para) continue;
        const id = await nota(de);
        const esperado = podeTransitarNota(de, para).permitido ? null : '42501';
        expect(
          await codigo(sql`update notas_fiscais set status = ${para} where id = ${id}`),
          `${de} → ${para}`,
        ).toBe(esperado);
      }
  });
});

describe('notas_fiscais_eventos and nfe_inutilizacoes', () => {
  it('UPDATE, DELETE and TRUNCATE are refused', async () => {
    const id = await nota('assinada');
    const [e] = rowsOf<{ id: string }>(
      await db().execute(sql`insert into notas_fiscais_eventos (nota_id, tipo, x_motivo)
        values (${id}, 'assinatura', 'NF-e assinada') returning id`),
    );
    const [i] = rowsOf<{ id: string }>(
      await db().execute(sql`insert into nfe_inutilizacoes (serie, numero_inicial, numero_final, justificativa,
          ambiente, protocolo, c_stat, x_motivo, xml)
        values (1, 900, 901, 'Numeracao pulada por falha do sistema', '2', '135260000000009', '102',
          'Inutilizacao de numero homologado', '<procInutNFe/>') returning id`),
    );
    for (const stmt of [
      sql`update notas_fiscais_eventos set x_motivo = 'outro' where id = ${e!.id}`,
      sql`delete from notas_fiscais_eventos where id = ${e!.id}`,
      sql`truncate notas_fiscais_eventos`,
      sql`update nfe_inutilizacoes set numero_final = 950 where id = ${i!.id}`,
      sql`delete from nfe_inutilizacoes where id = ${i!.id}`,
      sql`truncate nfe_inutilizacoes`,
    ])
      expect(await codigo(stmt), rotulo(stmt)).toBe('42501');
  });
});

describe('baixas', () => {
  async function baixa() {
    const [t] = rowsOf<{ id: string }>(
      await db().execute(sql`insert into financial_accounts (tipo, status, cliente_id, pessoa_nome, descricao,
          data_vencimento, valor, saldo)
        values ('receber', 'em_aberto', ${cliente}, 'Mercado Imutável Ltda', 'Título imutável', '2026-03-10',
          '100.00', '100.00') returning id`),
    );
    const baixaId = await writeTx(db(), systemActor, (tx) =>
      baixarTitulo(tx, systemActor, 'receber', t!.id, {
        data_pagamento: '2026-03-10',
        conta_bancaria_id: conta,
        forma_id: null,
        valor_pago: '40.00',
        juros: '0',
        multa: '0',
        desconto: '0',
        observacao: null,
      } as Parameters<typeof baixarTitulo>[4]),
    );
    return baixaId;
  }

  it('amounts, date, account and título never change; no DELETE, no TRUNCATE', async () => {
    const id = await baixa();
    for (const stmt of [
      sql`update baixas set valor_pago = '4000.00' where id = ${id}`,
      sql`update baixas set principal = '1.00' where id = ${id}`,
      sql`update baixas set data_pagamento = '2026-01-01' where id = ${id}`,
      sql`update baixas set conta_bancaria_id = ${conta}::uuid, juros = '1.00' where id = ${id}`,
      sql`delete from baixas where id = ${id}`,
      sql`truncate baixas cascade`,
    ])
      expect(await codigo(stmt), rotulo(stmt)).toBe('42501');
    const [b] = rowsOf<{ valor_pago: string }>(
      await db().execute(sql`select valor_pago::text from baixas where id = ${id}`),
    );
    expect(b!.valor_pago).toBe('40.00');
  });

  it('the estorno marks it once (the service path works), and is never undone', async () => {
    const id = await baixa();
    await writeTx(db(), systemActor, (tx) =>
      estornarNaTransacao(tx, systemActor, 'receber', id, 'Cheque devolvido'),
    );
    const [b] = rowsOf<{ estornada: boolean; estorno_motivo: string }>(
      await db().execute(sql`select estornada, estorno_motivo from baixas where id = ${id}`),
    );
    expect(b).toEqual({ estornada: true, estorno_motivo: 'Cheque devolvido' });
    for (const stmt of [
      sql`update baixas set estornada = false, estorno_motivo = null, estornada_em = null where id = ${id}`,
      sql`update baixas set estorno_motivo = 'Outro motivo' where id = ${id}`,
    ])
      expect(await codigo(stmt), rotulo(stmt)).toBe('42501');
  });

  it('the commission is recorded once', async () => {
    const id = await baixa();
    const [pagar] = rowsOf<{ id: string }>(
      await db().execute(sql`insert into financial_accounts (tipo, status, pessoa_nome, descricao,
          data_vencimento, valor, saldo, origem)
        values ('pagar', 'em_aberto', 'Vendedor', 'Comissão', '2026-03-10', '2.00', '2.00', 'comissao') returning id`),
    );
    expect(
      await codigo(
        sql`update baixas set comissao = '2.00', comissao_titulo_id = ${pagar!.id} where id = ${id}`,
      ),
    ).toBeNull();
    expect(await codigo(sql`update baixas set comissao = '20.00' where id = ${id}`)).toBe('42501');
  });
});

describe('extrato_linhas', () => {
  async function linha() {
    const [l] = rowsOf<{ id: string }>(
      await db().execute(sql`insert into extrato_linhas (conta_bancaria_id, origem, data, valor, memo, chave_dedupe)
        values (${conta}, 'ofx', '2026-03-10', '-12.90', 'TARIFA PACOTE', ${`fitid:${Math.random()}`}) returning id`),
    );
    return l!.id;
  }

  it('what the bank said never changes; no DELETE, no TRUNCATE', async () => {
    const id = await linha();
    for (const stmt of [
      sql`update extrato_linhas set valor = '-1.29' where id = ${id}`,
      sql`update extrato_linhas set data = '2026-03-11' where id = ${id}`,
      sql`update extrato_linhas set memo = 'OUTRA COISA' where id = ${id}`,
      sql`update extrato_linhas set fitid = 'X', conciliada = true where id = ${id}`,
      sql`delete from extrato_linhas where id = ${id}`,
      sql`truncate extrato_linhas cascade`,
    ])
      expect(await codigo(stmt), rotulo(stmt)).toBe('42501');
  });

  it('only the reconciliation state moves (and back, on undo)', async () => {
    const id = await linha();
    expect(
      await codigo(sql`update extrato_linhas set conciliada = true, conciliada_em = now() where id = ${id}`),
    ).toBeNull();
    expect(
      await codigo(
        sql`update extrato_linhas set conciliada = false, conciliada_em = null, conciliada_por = null where id = ${id}`,
      ),
    ).toBeNull();
  });
});
