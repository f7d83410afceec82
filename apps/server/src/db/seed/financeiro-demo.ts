import { addDays, Decimal, formatDateBR } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { systemActor } from '../../lib/audit-context.ts';
import {
  centrosCusto,
  classesFinanceiras,
  condicoesPagamento,
  contasBancarias,
  formasPagamento,
} from '../../modules/financeiro/financeiro.tables.ts';
import {
  baixarTitulo,
  criarTitulos,
  criarTitulosDeCondicao,
  estornarNaTransacao,
} from '../../modules/financeiro/titulos.service.ts';
import { rowsOf, type Tx } from '../client.ts';

// The finance registers of the demo distributor and the history of its títulos (the receivables
// and payables demo-data.ts generates): a plano gerencial, centros de custo, formas, condições, two
// bank accounts and the Caixa; every título gets its classe, pessoa, forma and conta prevista; every
// paid one a baixa and its bank movement on the due date (à vista sales on the day, in the Caixa or
// by PIX); a few overdue ones a partial baixa; one baixa its estorno (a returned boleto); a contract
// in three instalments and the next months' fixed bills. Deterministic: choices follow the títulos'
// order by due date and description. The accounts' saldo inicial is set so no balance goes
// negative. Runs inside the seed's transaction, after the títulos are inserted.

const CLASSES: [codigo: string, nome: string, tipo: 'receita' | 'despesa'][] = [
  ['1', 'Receitas', 'receita'],
  ['1.01', 'Receitas operacionais', 'receita'],
  ['1.01.001', 'Vendas de mercadorias', 'receita'],
  ['1.01.002', 'Contratos de fornecimento', 'receita'],
  ['1.02', 'Receitas financeiras', 'receita'],
  ['1.02.001', 'Juros e multas recebidos', 'receita'],
  ['1.02.002', 'Rendimentos de aplicações', 'receita'],
  ['2', 'Despesas', 'despesa'],
  ['2.01', 'Custo das mercadorias', 'despesa'],
  ['2.01.001', 'Compras de mercadorias', 'despesa'],
  ['2.02', 'Despesas comerciais', 'despesa'],
  ['2.02.001', 'Fretes sobre vendas', 'despesa'],
  ['2.02.002', 'Comissões de vendedores', 'despesa'],
  ['2.03', 'Despesas administrativas', 'despesa'],
  ['2.03.001', 'Aluguel', 'despesa'],
  ['2.03.002', 'Energia elétrica', 'despesa'],
  ['2.03.003', 'Internet e telefonia', 'despesa'],
  ['2.03.004', 'Serviços contábeis', 'despesa'],
  ['2.04', 'Despesas financeiras', 'despesa'],
  ['2.04.001', 'Tarifas bancárias', 'despesa'],
  ['2.04.002', 'Juros e multas pagos', 'despesa'],
];

const CENTROS: [codigo: string, nome: string][] = [
  ['1', 'Comercial'],
  ['2', 'Logística'],
  ['3', 'Administrativo'],
];

/** Payees of the demo's bills (demo-data.ts) → their classe and centro. */
const CLASSE_DO_FAVORECIDO: [prefixo: string, classe: string, centro: string][] = [
  ['Transportadora', '2.02.001', '2'],
  ['Aluguel', '2.03.001', '3'],
  ['Energia', '2.03.002', '3'],
  ['Internet', '2.03.003', '3'],
  ['Contabilidade', '2.03.004', '3'],
];

export async function seedFinanceiroDemo(tx: Tx, today: string) {
  const classes = new Map<string, string>();
  for (const [codigo, nome, tipo] of CLASSES) {
    const [r] = await tx
      .insert(classesFinanceiras)
      .values({ codigo, nome, tipo })
      .returning({ id: classesFinanceiras.id });
    classes.set(codigo, r!.id);
  }
  const centros = new Map<string, string>();
  for (const [codigo, nome] of CENTROS) {
    const [r] = await tx.insert(centrosCusto).values({ codigo, nome }).returning({ id: centrosCusto.id });
    centros.set(codigo, r!.id);
  }
  const formas = Object.fromEntries(
    await tx
      .insert(formasPagamento)
      .values([
        { nome: 'Dinheiro', tipo: 'dinheiro' as const },
        { nome: 'PIX', tipo: 'pix' as const },
        { nome: 'Boleto', tipo: 'boleto' as const },
        { nome: 'Transferência', tipo: 'transferencia' as const },
        {
          nome: 'Cartão de crédito',
          tipo: 'cartao_credito' as const,
          taxaPercentual: '3.4900',
          prazoCompensacaoDias: 30,
        },
        {
          nome: 'Cartão de débito',
          tipo: 'cartao_debito' as const,
          taxaPercentual: '1.5000',
          prazoCompensacaoDias: 1,
        },
      ])
      .returning({ id: formasPagamento.id, tipo: formasPagamento.tipo })
      .then((rows) => rows.map((r) => [r.tipo, r.id])),
  ) as Record<string, string>;
  const condicoes = await tx
    .insert(condicoesPagamento)
    .values([
      { nome: 'À vista', dias: [0] },
      { nome: '28 dias', dias: [28] },
      { nome: '28/35/42', dias: [28, 35, 42] },
      { nome: '30/60/90', dias: [30, 60, 90] },
      {
        nome: '6 parcelas a cada 30 dias',
        tipo: 'parcelas' as const,
        dias: [30, 60, 90, 120, 150, 180],
        parcelas: 6,
        intervaloDias: 30,
        primeiroVencimentoDias: 30,
      },
    ])
    .returning({ id: condicoesPagamento.id, nome: condicoesPagamento.nome });

  const [inicio] = rowsOf<{ d: string | null }>(
    await tx.execute(sql`select min(data_emissao)::text as d from financial_accounts`),
  );
  const dataSaldo = addDays(inicio?.d ?? today, -1);
  const contas = await tx
    .insert(contasBancarias)
    .values([
      {
        nome: 'Banco do Brasil',
        tipo: 'corrente' as const,
        bancoCodigo: '001',
        bancoNome: 'Banco do Brasil S.A.',
        agencia: '3344',
        agenciaDigito: '5',
        conta: '27810',
        contaDigito: '9',
        titular: 'Distribuidora Demonstração Ltda',
        dataSaldoInicial: dataSaldo,
        carteira: '17',
        convenio: '2987654',
      },
      {
        nome: 'Itaú',
        tipo: 'corrente' as const,
        bancoCodigo: '341',
        bancoNome: 'ITAÚ UNIBANCO S.A.',
        agencia: '0912',
        conta: '45021',
        contaDigito: '3',
        titular: 'Distribuidora Demonstração Ltda',
        dataSaldoInicial: dataSaldo,
        tipoChavePix: 'aleatoria' as const,
        chavePix: '7d9f2c1e-3b4a-4c5d-8e6f-0a1b2c3d4e5f',
      },
      { nome: 'Caixa', tipo: 'caixa' as const, dataSaldoInicial: dataSaldo },
    ])
    .returning({ id: contasBancarias.id, nome: contasBancarias.nome });
  const conta = Object.fromEntries(contas.map((c) => [c.nome, c.id])) as Record<string, string>;
  const [bb, itau, caixa] = [conta['Banco do Brasil']!, conta.Itaú!, conta.Caixa!];

  // The títulos: classe, centro, pessoa, forma, conta prevista, defaults of juros and multa.
  const favorecido = sql.join(
    CLASSE_DO_FAVORECIDO.map(
      ([prefixo, classe, centro]) =>
        sql`when f.fornecedor_nome like ${`${prefixo}%`} then ${classes.get(classe)}::uuid || '|' || ${centros.get(centro)}::uuid`,
    ),
    sql` `,
  );
  await tx.execute(sql`
    with escolha as (
      select f.id,
        row_number() over (order by f.data_vencimento, f.descricao) as n,
        case when f.tipo = 'receber' then ${classes.get('1.01.001')}::uuid || '|' || ${centros.get('1')}::uuid
             ${favorecido}
             else ${classes.get('2.01.001')}::uuid || '|' || ${centros.get('2')}::uuid end as classe_centro
      from financial_accounts f)
    update financial_accounts f set
      classe_financeira_id = split_part(e.classe_centro, '|', 1)::uuid,
      centro_custo_id = split_part(e.classe_centro, '|', 2)::uuid,
      fornecedor_id = (select x.id from fornecedores x where x.razao_social = f.fornecedor_nome),
      pessoa_nome = coalesce((select c.razao_social from clientes c where c.id = f.cliente_id), f.fornecedor_nome, ''),
      documento = case when f.tipo = 'receber' then 'NF ' || lpad(e.n::text, 6, '0') else null end,
      juros_mes_percentual = 1, multa_percentual = 2,
      forma_id = case
        when f.tipo = 'receber' and f.data_vencimento = f.data_emissao then
          case when e.n % 2 = 0 then ${formas.dinheiro}::uuid else ${formas.pix}::uuid end
        when f.tipo = 'receber' then ${formas.boleto}::uuid
        when f.fornecedor_nome like 'Aluguel%' then ${formas.transferencia}::uuid
        else ${formas.boleto}::uuid end,
      conta_bancaria_id = case
        when f.tipo = 'receber' and f.data_vencimento = f.data_emissao then
          case when e.n % 2 = 0 then ${caixa}::uuid else ${itau}::uuid end
        when f.tipo = 'receber' then ${bb}::uuid
        when f.fornecedor_nome like 'Aluguel%' then ${itau}::uuid
        else ${bb}::uuid end
    from escolha e where e.id = f.id`);

  // Every paid título: one baixa of its whole valor on the due date, and its movement.
  await tx.execute(sql`
    insert into baixas (titulo_id, data_pagamento, conta_bancaria_id, forma_id, valor_pago, juros, multa,
      desconto, principal)
    select f.id, least(f.data_vencimento, ${today}::date), f.conta_bancaria_id, f.forma_id, f.valor, 0, 0, 0, f.valor
    from financial_accounts f where f.status = 'pago'
    order by f.data_vencimento, f.descricao`);
  // (a paid título's saldo is already 0: the insert trigger financial_accounts_saldo_padrao)
  await tx.execute(sql`
    insert into conta_movimentos (conta_bancaria_id, data, tipo, valor, historico, baixa_id, titulo_id)
    select b.conta_bancaria_id, b.data_pagamento,
      case f.tipo when 'receber' then 'recebimento' else 'pagamento' end,
      case f.tipo when 'receber' then b.valor_pago else -b.valor_pago end,
      case f.tipo when 'receber' then 'Recebimento ' else 'Pagamento ' end || f.descricao || ' - ' || f.pessoa_nome,
      b.id, f.id
    from baixas b join financial_accounts f on f.id = b.titulo_id
    order by b.data_pagamento, f.descricao`);

  // A few overdue receivables and payables partly paid ten days after the due date (juros and
  // multa waived in the negotiation), through the service like a person's baixa.
  const parciais = rowsOf<{ id: string; tipo: 'receber' | 'pagar'; saldo: string; vencimento: string }>(
    await tx.execute(sql`
      select id, tipo, saldo::text, data_vencimento::text as vencimento from (
        select f.*, row_number() over (partition by f.tipo order by f.data_vencimento, f.descricao) as n
        from financial_accounts f
        where f.status = 'em_aberto' and f.data_vencimento < ${addDays(today, -15)}::date) x
      where (tipo = 'receber' and n % 3 = 1 and n <= 18) or (tipo = 'pagar' and n <= 2)
      order by tipo, data_vencimento`),
  );
  for (const p of parciais) {
    await baixarTitulo(tx, systemActor, p.tipo, p.id, {
      data_pagamento: addDays(p.vencimento, 10),
      conta_bancaria_id: p.tipo === 'receber' ? bb : itau,
      forma_id: p.tipo === 'receber' ? formas.pix! : formas.transferencia!,
      valor_pago: Decimal.of(p.saldo).times('0.4').toFixed(2),
      juros: '0.00',
      multa: '0.00',
      desconto: '0.00',
      observacao: 'Pagamento parcial negociado; juros e multa dispensados',
    });
  }

  // One returned boleto: the estorno of the last paid boleto due before last week.
  const [devolvido] = rowsOf<{ id: string; vencimento: string }>(
    await tx.execute(sql`
      select b.id, f.data_vencimento::text as vencimento from baixas b join financial_accounts f on f.id = b.titulo_id
      where f.tipo = 'receber' and f.forma_id = ${formas.boleto} and f.status = 'pago'
        and f.data_vencimento < ${addDays(today, -7)}::date
      order by f.data_vencimento desc, f.descricao desc limit 1`),
  );
  if (devolvido)
    await estornarNaTransacao(
      tx,
      systemActor,
      'receber',
      devolvido.id,
      `Boleto devolvido pelo banco (pagamento de ${formatDateBR(devolvido.vencimento)} não compensado)`,
    );

  // The months ahead: a supply contract in 30/60/90 and the next fixed bills.
  const [cliente] = rowsOf<{ id: string }>(
    await tx.execute(sql`select id from clientes order by razao_social limit 1`),
  );
  const c3090 = condicoes.find((c) => c.nome === '30/60/90')!;
  if (cliente)
    await criarTitulosDeCondicao(tx, {
      tipo: 'receber',
      cliente_id: cliente.id,
      documento: 'CT 2026/014',
      descricao: 'Contrato de fornecimento trimestral',
      emissao: today,
      data_base: today,
      valor: '45000.00',
      juros_mes_percentual: null,
      multa_percentual: null,
      classe_financeira_id: classes.get('1.01.002')!,
      centro_custo_id: centros.get('1')!,
      rateio: [],
      forma_id: formas.boleto!,
      conta_bancaria_id: bb,
      origem: 'manual',
      observacoes: null,
      condicao_pagamento_id: c3090.id,
    });
  const proximo = (n: number, dia: number) => {
    const d = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
    d.setUTCMonth(d.getUTCMonth() + n);
    return `${d.toISOString().slice(0, 8)}${String(dia).padStart(2, '0')}`;
  };
  for (const n of [2, 3]) {
    for (const [favorecido, valor, dia, classe, centro] of [
      ['Aluguel do Galpão', '18500.00', 5, '2.03.001', '3'],
      ['Contabilidade Exata Ltda', '2200.00', 10, '2.03.004', '3'],
    ] as const) {
      const vencimento = proximo(n, dia);
      await criarTitulos(
        tx,
        {
          tipo: 'pagar',
          pessoa_nome: favorecido,
          documento: null,
          descricao: `${favorecido} - ${vencimento.slice(5, 7)}/${vencimento.slice(0, 4)}`,
          emissao: today,
          valor,
          juros_mes_percentual: null,
          multa_percentual: null,
          classe_financeira_id: classes.get(classe)!,
          centro_custo_id: centros.get(centro)!,
          rateio: [],
          forma_id: formas.transferencia!,
          conta_bancaria_id: itau,
          origem: 'manual',
          observacoes: null,
        },
        [{ vencimento, valor }],
      );
    }
  }

  // Saldo inicial: enough that no account's running balance goes below zero (rounded up to
  // R$ 1.000,00), plus a cushion.
  await tx.execute(sql`
    update contas_bancarias c set saldo_inicial = ceil(greatest(0, -coalesce((
      select min(s) from (select sum(m.valor) over (order by m.data, m.id) as s
        from conta_movimentos m where m.conta_bancaria_id = c.id) x), 0)) / 1000) * 1000
      + case c.tipo when 'caixa' then 500 else 20000 end`);
  return { classes: CLASSES.length, contas: contas.length, baixas_parciais: parciais.length };
}
