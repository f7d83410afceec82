import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor, writeTx } from '../../lib/audit-context.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { extratoLinhas } from './extrato.tables.ts';
import { baixas, classesFinanceiras, financialAccounts } from './financeiro.tables.ts';
import { chama, cria, type Json } from './financeiro-test-support.ts';
import { criarTitulos } from './titulos.service.ts';

// /api/financeiro/conciliacao-bancaria through HTTP on the real database: the period's lines with
// their suggestions, accept one (the título's baixa on the line's date), create a bank fee from an
// unmatched line (classe "Despesas bancárias", through the dialog's pre-fill), the period conciliado, undo back to pendente with
// the título restored; a line matched to an existing movement; refusals and the permission.

let t: TestContext;
let fin: string;
let conta: string;
const titulos: Record<string, string> = {};
const linhas: Record<string, string> = {};
const url = (p = '') => `/api/financeiro/conciliacao-bancaria${p}`;
const periodo = () => url(`?conta_bancaria_id=${conta}&de=2026-03-01&ate=2026-03-31`);

async function titulo(
  nome: string,
  tipo: 'receber' | 'pagar',
  valor: string,
  vencimento: string,
  pessoa: string,
) {
  const [id] = await writeTx(t.db, systemActor, (tx) =>
    criarTitulos(
      tx,
      {
        tipo,
        pessoa_nome: pessoa,
        documento: null,
        descricao: `Título ${nome}`,
        emissao: '2026-02-01',
        valor,
        juros_mes_percentual: '0',
        multa_percentual: '0',
        classe_financeira_id: null,
        centro_custo_id: null,
        rateio: [],
        forma_id: null,
        conta_bancaria_id: conta,
        origem: 'manual',
        observacoes: null,
      },
      [{ vencimento, valor }],
    ),
  );
  titulos[nome] = id!;
}

async function linha(nome: string, data: string, valor: string, memo: string, posicao: number) {
  const [l] = await t.db
    .insert(extratoLinhas)
    .values({
      contaBancariaId: conta,
      origem: 'manual',
      data,
      valor,
      memo,
      posicao,
      chaveDedupe: `teste:${nome}`,
    })
    .returning({ id: extratoLinhas.id });
  linhas[nome] = l!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  fin = (await t.signIn(['financeiro'])).token;
  conta = (
    await cria(t, fin, 'contas-bancarias', {
      nome: 'Banco conciliação',
      tipo: 'corrente',
      banco_codigo: '341',
      agencia: '1234',
      conta: '12345',
      conta_digito: '6',
      saldo_inicial: '0,00',
      data_saldo_inicial: '2026-01-01',
    })
  ).id;
  await cria(t, fin, 'classes-financeiras', { codigo: '3', nome: 'Despesas bancárias', tipo: 'despesa' });
  await titulo('A', 'receber', '1500.00', '2026-03-10', 'Padaria Pão Quente');
  await titulo('B1', 'receber', '200.00', '2026-03-12', 'Mercado Bom Preço');
  await titulo('B2', 'receber', '300.00', '2026-03-13', 'Mercado Bom Preço');
  await linha('credito', '2026-03-11', '1500.00', 'PIX RECEBIDO PADARIA PAO QUENTE', 0);
  await linha('lote', '2026-03-13', '500.00', 'CRED COBRANCA', 1);
  await linha('tarifa', '2026-03-15', '-12.90', 'TARIFA BANCARIA CESTA', 2);
});
afterAll(() => t?.close());

const get = async () => (await chama(t, fin, 'GET', periodo())).body;
const daLinha = (p: Json, nome: string) => p.linhas.find((l: Json) => l.id === linhas[nome]);

describe('conciliação bancária (HTTP)', () => {
  it('the period: lines with ranked suggestions, the fee flagged, pendente', async () => {
    const p = await get();
    expect(p.linhas).toHaveLength(3);
    expect(daLinha(p, 'credito').sugestoes[0]).toMatchObject({ tipo: 'titulo', ids: [titulos.A] });
    expect(daLinha(p, 'credito').sugestoes[0].motivos).toContain('Nome de Padaria Pão Quente no histórico');
    expect(daLinha(p, 'lote').sugestoes[0]).toMatchObject({ tipo: 'titulos' });
    expect(daLinha(p, 'tarifa')).toMatchObject({ tarifa: true, sugestoes: [] });
    expect(p.situacao).toMatchObject({ status: 'pendente', conciliadas: 0, saldo_extrato: '1987.10' });
    expect(p.titulos.map((x: Json) => x.id).sort()).toEqual([titulos.A, titulos.B1, titulos.B2].sort());
  });

  it('accept, create the fee, the batch: conciliado; undo restores the título exactly', async () => {
    const [antes] = await t.db.select().from(financialAccounts).where(eq(financialAccounts.id, titulos.A!));
    let r = await chama(t, fin, 'POST', url(`/linhas/${linhas.credito}/conciliar`), {
      titulo_ids: [titulos.A],
    });
    expect(r.status).toBe(200);
    r = await chama(t, fin, 'POST', url(`/linhas/${linhas.credito}/conciliar`), { titulo_ids: [titulos.A] });
    expect(r.status).toBe(409);
    // the fee through its dialog's pre-fill (issue 29): tarifa, the memo, classe Despesas bancárias
    const novo = (await chama(t, fin, 'GET', url(`/linhas/${linhas.tarifa}/novo-titulo`))).body;
    r = await chama(t, fin, 'POST', url(`/linhas/${linhas.tarifa}/criar`), {
      tipo: novo.tipo,
      descricao: novo.descricao,
      classe_financeira_id: novo.classe_financeira_id,
    });
    expect(r.status).toBe(201);
    const p1 = await get();
    const lote = daLinha(p1, 'lote').sugestoes[0];
    r = await chama(t, fin, 'POST', url(`/linhas/${linhas.lote}/conciliar`), { titulo_ids: lote.ids });
    expect(r.status).toBe(200);

    const p = await get();
    expect(p.situacao).toMatchObject({ status: 'conciliado', conciliadas: 3, diferenca: '0.00' });
    expect(daLinha(p, 'credito').vinculos).toHaveLength(1);
    // the fee: a payable of classe Despesas bancárias, settled on the line's date
    const tarifaTitulo = daLinha(p, 'tarifa').vinculos[0].titulo_id;
    const [fee] = await t.db
      .select({
        status: financialAccounts.status,
        classe: classesFinanceiras.nome,
        valor: financialAccounts.valor,
      })
      .from(financialAccounts)
      .innerJoin(classesFinanceiras, eq(classesFinanceiras.id, financialAccounts.classeFinanceiraId))
      .where(eq(financialAccounts.id, tarifaTitulo));
    expect(fee).toEqual({ status: 'pago', classe: 'Despesas bancárias', valor: '12.90' });
    const [b] = await t.db.select().from(baixas).where(eq(baixas.tituloId, titulos.A!));
    expect(b!.dataPagamento).toBe('2026-03-11');

    r = await chama(t, fin, 'POST', url(`/linhas/${linhas.credito}/desfazer`));
    expect(r.status).toBe(200);
    const [depois] = await t.db.select().from(financialAccounts).where(eq(financialAccounts.id, titulos.A!));
    expect([depois!.saldo, depois!.status, depois!.valor]).toEqual([
      antes!.saldo,
      antes!.status,
      antes!.valor,
    ]);
    const p2 = await get();
    expect(p2.situacao).toMatchObject({ status: 'pendente', conciliadas: 2, diferenca: '1500.00' });
    expect(daLinha(p2, 'credito').sugestoes[0].ids).toEqual([titulos.A]);
  });

  it('a line matched with an existing movement; a wrong sum or a used movement refused', async () => {
    await linha('mov', '2026-03-20', '-12.90', 'OUTRO DEBITO', 3);
    const p = await get();
    const mov = p.movimentos.find((m: Json) => m.valor === '-12.90');
    expect(mov.conciliado).toBe(true);
    let r = await chama(t, fin, 'POST', url(`/linhas/${linhas.mov}/conciliar`), { movimento_ids: [mov.id] });
    expect(r.status).toBe(409);
    const credito = p.movimentos.find((m: Json) => m.valor === '200.00');
    r = await chama(t, fin, 'POST', url(`/linhas/${linhas.mov}/conciliar`), { movimento_ids: [credito.id] });
    expect(r.status).toBe(409);
    r = await chama(t, fin, 'POST', url(`/linhas/${linhas.mov}/desfazer`));
    expect(r.status).toBe(409);
  });

  it('validation and permission', async () => {
    let r = await chama(t, fin, 'POST', url(`/linhas/${linhas.credito}/conciliar`), {});
    expect(r.status).toBe(400);
    r = await chama(t, fin, 'GET', url('?conta_bancaria_id=x'));
    expect(r.status).toBe(400);
    r = await chama(t, fin, 'GET', url('?de=2026-03-01&ate=2026-03-31'));
    expect([r.status, r.body.conta_bancaria_id]).toEqual([200, conta]);
    const comercial = (await t.signIn(['comercial'])).token;
    r = await chama(t, comercial, 'GET', periodo());
    expect(r.status).toBe(403);
  });
});
