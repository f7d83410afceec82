import { addDays, businessToday, cnpjWithCheckDigits, Decimal } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { systemActor } from '../../lib/audit-context.ts';
import { criaEntradaManual } from '../../modules/entradas/edicao.service.ts';
import { gravaEntradaDeXml } from '../../modules/entradas/importacao.service.ts';
import { estornaEntrada, lancaEntrada } from '../../modules/entradas/lancamento.service.ts';
import { type ItemExemplo, montaNfeXml, type NfeExemplo } from '../../modules/entradas/nfe-exemplo.ts';
import type { AnaliseNfe } from '../../modules/nfe/leitura.ts';
import { leNfe } from '../../modules/nfe/parser.ts';
import { type Db, rowsOf, type Tx } from '../client.ts';

// Demo goods receipts, from NF-e XML built here (never third-party documents). Drafts: two notes of
// registered suppliers ready to post (items found by the box GTIN, duplicatas, the missing signature
// already confirmed), one with an item the system does not know yet, and one of a supplier not
// registered yet. Posted through the real lançamento service (ledger entradas with lots, custo
// médio, payables — classified "Compras de mercadorias"): two notes and one manual receipt, and a
// third note posted then estornada (its stock reversed, its payable cancelled). Deterministic: the
// same products, quantities and dates (relative to today) on every seed.

type Linha = {
  id: string;
  codigo: string;
  nome: string;
  controla_lote: boolean;
  preco_custo: string;
  embalagem_id: string;
  unidade: string;
  fator: string;
  gtin: string | null;
  fornecedor_id: string;
  documento: string;
  razao_social: string;
};

const analiseDemo = (xml: string): AnaliseNfe => ({
  nota: leNfe(xml),
  xsd: { valido: false, erros: [] },
  assinatura: {
    status: 'ausente',
    motivo: 'Nota de demonstração (sem assinatura digital).',
    certificado: null,
  },
  alertas: ['Nota de demonstração, gerada pelo sistema (sem assinatura digital).'],
});

function itemDe(p: Linha, caixas: number, hoje: string): ItemExemplo {
  const vUn = Decimal.of(p.preco_custo).times(p.fator).round(2).toFixed(10);
  return {
    cProd: `F-${p.codigo}`,
    xProd: p.nome.toUpperCase(),
    cEAN: p.gtin ?? 'SEM GTIN',
    uCom: p.unidade,
    qCom: `${caixas}.0000`,
    vUnCom: vUn,
    ...(p.controla_lote
      ? {
          rastro: [
            {
              nLote: `D${p.codigo}`,
              qLote: Decimal.of(p.fator).times(caixas).toFixed(3),
              dFab: addDays(hoje, -30),
              dVal: addDays(hoje, 335),
            },
          ],
        }
      : {}),
  };
}

function duplicatas(xml: string, hoje: string, n: number) {
  const vNF = leNfe(xml).total.vNF!;
  const cents = BigInt(Decimal.of(vNF).times(100).toFixed(0));
  const parte = cents / BigInt(n);
  return Array.from({ length: n }, (_, i) => {
    const c = i === 0 ? cents - parte * BigInt(n - 1) : parte;
    return {
      nDup: String(i + 1).padStart(3, '0'),
      dVenc: addDays(hoje, 20 + 30 * i),
      vDup: Decimal.of(c.toString()).dividedBy(100, 2).toFixed(2),
    };
  });
}

async function grava(tx: Tx, nota: NfeExemplo, nome: string): Promise<string> {
  const xml = montaNfeXml(nota);
  return gravaEntradaDeXml(tx, systemActor, analiseDemo(xml), Buffer.from(xml), nome, false);
}

/** A demo note imported, its missing signature confirmed, then posted through the real service. */
async function gravaELanca(tx: Tx, nota: NfeExemplo, nome: string): Promise<string> {
  const id = await grava(tx, nota, nome);
  await tx.execute(sql`update entradas set assinatura_confirmada_em = now() where id = ${id}`);
  // the services open their own transaction: inside the seed's, a savepoint
  await lancaEntrada(tx as unknown as Db, systemActor, id);
  return id;
}

export async function seedEntradasDemo(tx: Tx, today?: string): Promise<number> {
  const hoje = today ?? businessToday();
  const linhas = rowsOf<Linha>(
    await tx.execute(sql`select p.id, p.codigo, p.nome, p.controla_lote, p.preco_custo::text as preco_custo,
      e.id as embalagem_id, e.unidade, e.fator::text as fator, e.gtin, f.id as fornecedor_id, f.documento,
      f.razao_social
      from products p join produto_embalagens e on e.produto_id = p.id and e.padrao_compra
      join fornecedores f on f.id = p.fornecedor_id
      where p.ativo and p.preco_custo > 0 and f.tipo_pessoa = 'J' order by f.documento, p.codigo`),
  );
  const porFornecedor = new Map<string, Linha[]>();
  for (const l of linhas)
    porFornecedor.set(l.fornecedor_id, [...(porFornecedor.get(l.fornecedor_id) ?? []), l]);
  const grupos = [...porFornecedor.values()].filter((g) => g.length >= 3).slice(0, 2);
  if (grupos.length < 2) return 0;
  const [a, b] = grupos as [Linha[], Linha[]];
  const base = (f: Linha, numero: number, dias: number): NfeExemplo => ({
    cnpjEmitente: f.documento,
    nomeEmitente: f.razao_social,
    numero,
    dhEmi: `${addDays(hoje, dias)}T10:00:00-03:00`,
    itens: [],
  });

  // 1 and 2: ready to post
  const n1 = { ...base(a[0]!, 31870, -10), itens: a.slice(0, 3).map((p, i) => itemDe(p, 4 + i, hoje)) };
  n1.dups = duplicatas(montaNfeXml(n1), hoje, 2);
  const n2 = { ...base(b[0]!, 5512, -5), itens: b.slice(0, 2).map((p) => itemDe(p, 3, hoje)) };
  n2.dups = duplicatas(montaNfeXml(n2), hoje, 1);
  for (const [nota, nome] of [
    [n1, 'demo-nfe-31870.xml'],
    [n2, 'demo-nfe-5512.xml'],
  ] as const) {
    const id = await grava(tx, nota, nome);
    await tx.execute(sql`update entradas set assinatura_confirmada_em = now() where id = ${id}`);
  }

  // 3: draft with an item unknown to the system (no GTIN, new supplier code)
  const n3 = {
    ...base(a[0]!, 31902, -1),
    itens: [
      itemDe(a[1]!, 2, hoje),
      {
        cProd: 'NOVO-77',
        xProd: 'PRODUTO NOVO DO FORNECEDOR',
        uCom: 'UN',
        qCom: '24.0000',
        vUnCom: '3.9000000000',
      },
    ],
  };
  n3.dups = duplicatas(montaNfeXml(n3), hoje, 1);
  await grava(tx, n3, 'demo-nfe-31902.xml');

  // 4: draft of a supplier not registered yet (created from <emit> on the screen)
  const n4: NfeExemplo = {
    cnpjEmitente: cnpjWithCheckDigits('457812340001'),
    nomeEmitente: 'Laticínios Serra Azul Ltda',
    numero: 880,
    dhEmi: `${hoje}T09:30:00-03:00`,
    itens: [itemDe(b[1]!, 2, hoje)],
  };
  n4.dups = duplicatas(montaNfeXml(n4), hoje, 1);
  await grava(tx, n4, 'demo-nfe-880.xml');

  // 5 and 6: posted notes (stock, custo médio, payables)
  const n5 = {
    ...base(a[0]!, 31655, -40),
    itens: [itemDe(a[0]!, 3, hoje), itemDe(a[2]!, 5, hoje)],
  };
  n5.dups = duplicatas(montaNfeXml(n5), hoje, 2);
  await gravaELanca(tx, n5, 'demo-nfe-31655.xml');
  const n6 = { ...base(b[0]!, 5490, -20), itens: [itemDe(b[2]!, 2, hoje)] };
  n6.dups = duplicatas(montaNfeXml(n6), hoje, 1);
  await gravaELanca(tx, n6, 'demo-nfe-5490.xml');

  // 7: a manual receipt (no XML), posted: 2 boxes of a[1] at its box cost
  const p7 = a[1]!;
  const m = await criaEntradaManual(tx as unknown as Db, systemActor, {
    fornecedor_id: p7.fornecedor_id,
    numero: 1207,
    serie: 1,
    emissao: addDays(hoje, -7),
    observacoes: 'Recebimento sem XML (nota em papel).',
    itens: [
      {
        produto_id: p7.id,
        embalagem_id: p7.embalagem_id,
        quantidade: '2',
        custo_unitario: Decimal.of(p7.preco_custo).times(p7.fator).round(2).toFixed(2),
        local_id: null,
        ...(p7.controla_lote
          ? {
              lotes: [
                {
                  numero: `M${p7.codigo}`,
                  quantidade: Decimal.of(p7.fator).times(2).toFixed(3),
                  fabricacao: addDays(hoje, -20),
                  validade: addDays(hoje, 300),
                },
              ],
            }
          : {}),
      },
    ],
    duplicatas: [
      {
        numero: '1',
        vencimento: addDays(hoje, 23),
        valor: Decimal.of(p7.preco_custo).times(p7.fator).round(2).times(2).toFixed(2),
      },
    ],
  } as never);
  await lancaEntrada(tx as unknown as Db, systemActor, m.id);

  // 8: posted, then estornada (returned to the supplier): stock reversed, payable cancelled
  const n8 = { ...base(b[0]!, 5496, -12), itens: [itemDe(b[0]!, 1, hoje)] };
  n8.dups = duplicatas(montaNfeXml(n8), hoje, 1);
  const id8 = await gravaELanca(tx, n8, 'demo-nfe-5496.xml');
  await estornaEntrada(
    tx as unknown as Db,
    systemActor,
    id8,
    'Mercadoria devolvida ao fornecedor (avaria no transporte).',
  );

  // the payables of the receipts, classified as purchases (the lançamento leaves the classe open)
  await tx.execute(sql`update financial_accounts set classe_financeira_id =
      (select id from classes_financeiras where codigo = '2.01.001')
    where origem = 'entrada' and classe_financeira_id is null
      and exists (select 1 from classes_financeiras where codigo = '2.01.001')`);
  return 8;
}
