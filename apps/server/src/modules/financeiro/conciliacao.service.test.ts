import type { LinhaConciliacao } from '@erp/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { systemActor, writeTx } from '../../lib/audit-context.ts';
import { createTestDatabase } from '../../test/test-db.ts';
import {
  candidatosConciliacao,
  conciliarComTitulos,
  desfazerConciliacao,
  sugestoesConciliacao,
} from './conciliacao.service.ts';
import { baixas, contaMovimentos, contasBancarias, financialAccounts } from './financeiro.tables.ts';
import { criarTitulos } from './titulos.service.ts';

// Conciliação on the real database (PGlite, and PostgreSQL with TEST_DATABASE_URL): SQL narrows the
// candidates of one account, the engine ranks them (exact amount, documento in the memo, the sum
// of several boletos); a match settles the título(s) on the line's date and its undo puts the
// título back exactly (saldo, status, versão aside) with the bank movements netting to zero.

let database: Database;
let conta: string;
let outraConta: string;
const ids: Record<string, string> = {};

async function titulo(
  nome: string,
  tipo: 'receber' | 'pagar',
  valor: string,
  vencimento: string,
  extra = {},
) {
  const [id] = await writeTx(database.db, systemActor, (tx) =>
    criarTitulos(
      tx,
      {
        tipo,
        pessoa_nome: 'Mercado Bom Preço Ltda',
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
        ...extra,
      },
      [{ vencimento, valor }],
    ),
  );
  ids[nome] = id!;
}

const linha = (id: string, data: string, valor: string, memo = ''): LinhaConciliacao => ({
  id,
  data,
  valor,
  memo,
});

beforeAll(async () => {
  database = await createTestDatabase();
  const contas = await database.db
    .insert(contasBancarias)
    .values([
      { nome: 'Itaú conciliação', tipo: 'corrente', saldoInicial: '0', dataSaldoInicial: '2026-01-01' },
      { nome: 'Outro banco', tipo: 'corrente', saldoInicial: '0', dataSaldoInicial: '2026-01-01' },
    ])
    .returning({ id: contasBancarias.id });
  conta = contas[0]!.id;
  outraConta = contas[1]!.id;
  await titulo('A', 'receber', '1500.00', '2026-03-10', { pessoa_nome: 'Padaria Pão Quente' });
  await titulo('NF', 'receber', '777.70', '2026-05-30', { documento: 'NF 4521', pessoa_nome: 'Loja Azul' });
  await titulo('B1', 'receber', '200.00', '2026-03-11');
  await titulo('B2', 'receber', '300.00', '2026-03-12');
  await titulo('B3', 'receber', '450.00', '2026-03-09');
  await titulo('P', 'pagar', '89.90', '2026-03-10', { pessoa_nome: 'Energia SA' });
  await titulo('P2', 'pagar', '10.00', '2026-03-10');
  await titulo('OUTRA', 'receber', '1500.00', '2026-03-10', { conta_bancaria_id: outraConta });
});
afterAll(() => database?.close());

describe('conciliação on the database', () => {
  const linhas = [
    linha('exato', '2026-03-11', '1500.00', 'TED RECEBIDA'),
    linha('memo', '2026-03-20', '780.00', 'DEP CHEQUE NF 4521'),
    linha('soma', '2026-03-11', '950.00', 'CRED LOTE COBRANCA'),
    linha('debito', '2026-03-10', '-89.90', 'DEB AUT ENERGIA'),
  ];

  it('suggestions: exact, memo and sum, never a título of another account', async () => {
    const s = await sugestoesConciliacao(database.db, { conta_bancaria_id: conta, linhas });
    expect(s.exato![0]).toMatchObject({ tipo: 'titulo', ids: [ids.A] });
    expect(s.exato!.flatMap((x) => x.ids)).not.toContain(ids.OUTRA);
    // the memo names the documento though the vencimento is out of the window and the amount differs
    expect(s.memo![0]).toMatchObject({ tipo: 'titulo', ids: [ids.NF] });
    expect(s.memo![0]!.motivos).toContain('Documento NF 4521 no histórico');
    expect(s.soma![0]).toMatchObject({ tipo: 'titulos' });
    expect([...s.soma![0]!.ids].sort()).toEqual([ids.B1, ids.B2, ids.B3].sort());
    expect(s.debito![0]).toMatchObject({ tipo: 'titulo', ids: [ids.P] });
  });

  it('match → baixa on the line date → undo restores the título exactly', async () => {
    const antes = await database.db.select().from(financialAccounts).where(eq(financialAccounts.id, ids.A!));
    const baixaIds = await writeTx(database.db, systemActor, (tx) =>
      conciliarComTitulos(
        tx,
        systemActor,
        { conta_bancaria_id: conta, data: '2026-03-11', valor: '1500.00' },
        [ids.A!],
      ),
    );
    expect(baixaIds).toHaveLength(1);
    const [b] = await database.db.select().from(baixas).where(eq(baixas.id, baixaIds[0]!));
    expect(b).toMatchObject({ dataPagamento: '2026-03-11', valorPago: '1500.00', principal: '1500.00' });
    const [pago] = await database.db.select().from(financialAccounts).where(eq(financialAccounts.id, ids.A!));
    expect([pago!.saldo, pago!.status]).toEqual(['0.00', 'pago']);
    // a settled título is no longer a candidate; the movement it made is
    const c = await candidatosConciliacao(database.db, { conta_bancaria_id: conta, linhas: [linhas[0]!] });
    expect(c.titulos.map((t) => t.id)).not.toContain(ids.A);
    expect(c.movimentos.map((m) => m.valor)).toContain('1500.00');

    await writeTx(database.db, systemActor, (tx) =>
      desfazerConciliacao(tx, systemActor, 'receber', baixaIds),
    );
    const [depois] = await database.db
      .select()
      .from(financialAccounts)
      .where(eq(financialAccounts.id, ids.A!));
    const semVersao = ({ versao: _v, updatedAt: _u, ...r }: typeof depois & object) => r;
    expect(semVersao(depois!)).toEqual(semVersao(antes[0]!));
    const movs = await database.db.select().from(contaMovimentos).where(eq(contaMovimentos.tituloId, ids.A!));
    expect(movs.map((m) => m.valor).sort()).toEqual(['-1500.00', '1500.00']);
    // the reversed movement is not suggested any more
    const c2 = await candidatosConciliacao(database.db, { conta_bancaria_id: conta, linhas: [linhas[0]!] });
    expect(c2.movimentos).toEqual([]);
  });

  it('a line above the saldo: the difference is juros; the sum settles each título in full', async () => {
    const [nf] = await writeTx(database.db, systemActor, (tx) =>
      conciliarComTitulos(
        tx,
        systemActor,
        { conta_bancaria_id: conta, data: '2026-03-20', valor: '780.00' },
        [ids.NF!],
      ),
    );
    const [b] = await database.db.select().from(baixas).where(eq(baixas.id, nf!));
    expect([b!.valorPago, b!.juros, b!.principal]).toEqual(['780.00', '2.30', '777.70']);

    const lote = await writeTx(database.db, systemActor, (tx) =>
      conciliarComTitulos(
        tx,
        systemActor,
        { conta_bancaria_id: conta, data: '2026-03-11', valor: '950.00' },
        [ids.B1!, ids.B2!, ids.B3!],
      ),
    );
    expect(lote).toHaveLength(3);
    const rows = await database.db
      .select()
      .from(financialAccounts)
      .where(eq(financialAccounts.status, 'pago'));
    expect(rows.map((r) => r.id).sort()).toEqual([ids.NF, ids.B1, ids.B2, ids.B3].sort());
  });

  it.each([
    { caso: 'a sum that differs', valor: '100.00', titulos: ['P', 'P2'], tipo: '-', erro: 'difere do valor' },
    {
      caso: 'a credit against a payable',
      valor: '89.90',
      titulos: ['P'],
      tipo: '+',
      erro: 'títulos a receber',
    },
  ])('refused: $caso', async ({ valor, titulos, tipo, erro }) => {
    await expect(
      writeTx(database.db, systemActor, (tx) =>
        conciliarComTitulos(
          tx,
          systemActor,
          { conta_bancaria_id: conta, data: '2026-03-10', valor: tipo === '-' ? `-${valor}` : valor },
          titulos.map((n) => ids[n]!),
        ),
      ),
    ).rejects.toThrow(erro);
  });
});
