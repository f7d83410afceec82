import {
  addDays,
  businessToday,
  CASAS_CUSTO,
  CASAS_QUANTIDADE,
  Decimal,
  gtinDigito,
  type Operacao,
} from '@erp/shared';
import { sql } from 'drizzle-orm';
import { systemActor } from '../../lib/audit-context.ts';
import {
  categorias,
  gruposEstoque,
  locaisEstoque,
  lotes,
  products,
  produtoEmbalagens,
  unidades,
} from '../../modules/estoque/estoque.tables.ts';
import { type Lancamento, lancaNoRazao, type MetaMovimento } from '../../modules/estoque/razao.service.ts';
import { rowsOf, type Tx } from '../client.ts';
import { casosSugestaoDemo, planoSugestaoDemo } from './compras-sugestao-demo.ts';
import type { DemoData } from './demo-data.ts';
import { createRandom } from './prng.ts';

// The demo's stock: units, groups, categories, three locations (the migration's Depósito
// principal, a picking face and an avaria/quarantine area), packaging with valid GTINs, lots of the
// perishables (one expired, one expiring within 30 days, one later) and a few months of ledger
// movements — purchases at slightly different costs, sales, transfers to the picking face, damaged
// units to avaria — posted through the ledger service, so that for every product
// sum(movements) = estoque_atual = sum(balances), and estoque_atual is exactly the stock the demo
// generator chose (the dashboard's figures). Deterministic: its own seeded PRNG and dates relative
// to today.

const unidadesDemo = [
  { sigla: 'CX', descricao: 'Caixa', casasDecimais: 0 },
  { sigla: 'FD', descricao: 'Fardo', casasDecimais: 0 },
  { sigla: 'PCT', descricao: 'Pacote', casasDecimais: 0 },
  { sigla: 'PC', descricao: 'Peça', casasDecimais: 0 },
  { sigla: 'DZ', descricao: 'Dúzia', casasDecimais: 0 },
  { sigla: 'KG', descricao: 'Quilograma', casasDecimais: 3 },
  { sigla: 'L', descricao: 'Litro', casasDecimais: 3 },
];

const gruposDemo = [
  ['MER', 'Mercearia'],
  ['BEB', 'Bebidas'],
  ['LAT', 'Laticínios'],
  ['LIM', 'Limpeza'],
  ['HIG', 'Higiene e descartáveis'],
] as const;
type Grupo = (typeof gruposDemo)[number][0];

const categoriasDemo = [
  ['BAS', 'Alimentos básicos'],
  ['MAT', 'Matinais'],
  ['MOL', 'Molhos e temperos'],
  ['BNA', 'Bebidas não alcoólicas'],
  ['BAL', 'Bebidas alcoólicas'],
  ['LCA', 'Limpeza da casa'],
  ['PAP', 'Papel'],
] as const;
type Categoria = (typeof categoriasDemo)[number][0];

/** Per product line (the start of the demo product's name): classification, lots, packaging. */
const linhas: [
  base: string,
  grupo: Grupo,
  categoria: Categoria,
  lote: boolean,
  fator: number,
  fardo?: number,
][] = [
  ['Arroz Tipo 1', 'MER', 'BAS', false, 10],
  ['Feijão Carioca', 'MER', 'BAS', false, 10],
  ['Açúcar Refinado', 'MER', 'BAS', false, 10],
  ['Café Torrado e Moído', 'MER', 'MAT', false, 20],
  ['Óleo de Soja', 'MER', 'BAS', false, 20],
  ['Macarrão Espaguete', 'MER', 'BAS', false, 20],
  ['Farinha de Trigo', 'MER', 'BAS', false, 10],
  ['Leite UHT Integral', 'LAT', 'MAT', true, 12],
  ['Refrigerante Cola', 'BEB', 'BNA', false, 12, 6],
  ['Água Mineral', 'BEB', 'BNA', false, 12, 6],
  ['Sabão em Pó', 'LIM', 'LCA', false, 10],
  ['Detergente Líquido', 'LIM', 'LCA', false, 24],
  ['Papel Higiênico Folha Dupla', 'HIG', 'PAP', false, 8],
  ['Biscoito Recheado', 'MER', 'MAT', true, 40],
  ['Molho de Tomate', 'MER', 'MOL', false, 24],
  ['Sal Refinado', 'MER', 'MOL', false, 10],
  ['Achocolatado em Pó', 'MER', 'MAT', false, 12],
  ['Margarina', 'LAT', 'MAT', true, 12],
  ['Cerveja Pilsen', 'BEB', 'BAL', false, 12, 6],
  ['Desinfetante', 'LIM', 'LCA', false, 6],
];

/** The packaging unit above the base unit: CX over UN, FD over a pack or a carton. */
const unidadeEmbalagem = (base: string) => (base === 'UN' ? 'CX' : 'FD');

/**
 * The purchase box as it ships, so the demo loads count boxes by their own figures (shared
 * estoque/carga-fisica.ts): the units' gross weight plus 4 % of carton, and outer dimensions
 * holding the units' volume (1.2 dm³ per kg of the product, the unit volume the demo uses) with
 * 15 % of air, in a 4 : 3 : 2 box to the half centimetre. Deterministic (only the product's figures).
 */
function caixaFechada(fator: number, brutoUnidade: string) {
  const peso = Decimal.of(brutoUnidade).times(fator).times('1.04').round(3);
  // a generated shape, not arithmetic on stored figures: a float is fine here
  const cm3 = Number(brutoUnidade) * fator * 1200 * 1.15;
  const lado = Math.cbrt(cm3 / 24);
  const meioCm = (x: number) => (Math.max(1, Math.round(x * 2)) / 2).toFixed(2);
  return {
    pesoBruto: peso.toFixed(3),
    comprimento: meioCm(4 * lado),
    largura: meioCm(3 * lado),
    altura: meioCm(2 * lado),
  };
}

/** Net weight in kg per base unit from the variant in the name ("5kg", "500g", "2L", "12 rolos"). */
function pesoLiquido(nome: string): string {
  const m = /(\d+(?:,\d+)?)\s?(kg|g|ml|L|rolos)$/.exec(nome);
  if (!m) return '0.000';
  const n = Decimal.of(m[1]!.replace(',', '.'));
  const kg = { kg: n, g: n.dividedBy(1000, 3), ml: n.dividedBy(1000, 3), L: n, rolos: n.times('0.1') }[
    m[2] as 'kg' | 'g' | 'ml' | 'L' | 'rolos'
  ];
  return kg.toFixed(3);
}

const gtin14 = (prefixo: string, ean: string) => {
  const corpo = `${prefixo}${ean.slice(0, 12)}`;
  return `${corpo}${gtinDigito(corpo)}`;
};

/** 13:00 UTC (10:00 in São Paulo) of a day relative to today. */
const instante = (hoje: string, dias: number, hora = 13) =>
  new Date(`${addDays(hoje, dias)}T${String(hora).padStart(2, '0')}:00:00Z`);

type Plano = { lancamentos: Lancamento[] };

function custo(base: string, fator: string): string {
  return Decimal.of(base).times(fator).toFixed(CASAS_CUSTO);
}

const q = (n: number) => Decimal.of(n).toFixed(CASAS_QUANTIDADE);

export async function seedEstoqueDemo(tx: Tx, data: DemoData, today?: string): Promise<void> {
  const hoje = today ?? businessToday();
  const rnd = createRandom(20261122);

  await tx.insert(unidades).values(unidadesDemo).onConflictDoNothing();
  const grupoIds = new Map<string, string>();
  for (const [codigo, nome] of gruposDemo) {
    const [row] = await tx.insert(gruposEstoque).values({ codigo, nome }).returning({ id: gruposEstoque.id });
    grupoIds.set(codigo, row!.id);
  }
  const categoriaIds = new Map<string, string>();
  for (const [codigo, nome] of categoriasDemo) {
    const [row] = await tx.insert(categorias).values({ codigo, nome }).returning({ id: categorias.id });
    categoriaIds.set(codigo, row!.id);
  }
  const [dep] = rowsOf<{ id: string }>(
    await tx.execute(sql`select id from locais_estoque where codigo = 'DEP'`),
  );
  const locais = await tx
    .insert(locaisEstoque)
    .values([
      { codigo: 'SEP', nome: 'Separação', tipo: 'separacao' as const },
      { codigo: 'AVR', nome: 'Avaria', tipo: 'avaria' as const },
    ])
    .returning({ id: locaisEstoque.id });
  const DEP = dep!.id;
  const SEP = locais[0]!.id;
  const AVR = locais[1]!.id;

  // the purchase suggestion's demo supplier and its case products (compras-sugestao-demo.ts)
  const casos = casosSugestaoDemo(data, (nome, unidade) => {
    const l = linhas.find(([base]) => nome.startsWith(`${base} `));
    return { lote: l?.[3] ?? false, fator: l?.[4] ?? 10, unidadeCaixa: unidadeEmbalagem(unidade) };
  });
  const planos: Plano[] = [];
  for (const [i, p] of data.products.entries()) {
    const linha = linhas.find(([base]) => p.nome.startsWith(`${base} `));
    const [base, grupo, categoria, controlaLote, fator, fardo] = linha ?? [p.nome, 'MER', 'BAS', false, 10];
    const marca = p.nome
      .slice(base.length + 1)
      .replace(/\s+\d+(?:,\d+)?\s?(kg|g|ml|L|rolos)$/, '')
      .trim();
    const liquido = pesoLiquido(p.nome);
    const bruto = Decimal.of(liquido).times('1.05').toFixed(3);
    await tx.insert(products).values({
      id: p.id,
      codigo: p.codigo,
      nome: p.nome,
      marca: marca || null,
      grupoId: grupoIds.get(grupo)!,
      categoriaId: categoriaIds.get(categoria)!,
      fornecedorId: data.fornecedores[i % data.fornecedores.length]!.id,
      unidade: p.unidade,
      gtin: p.ean,
      ncm: p.ncm,
      origem: '0',
      pesoBruto: bruto,
      pesoLiquido: liquido,
      volume: Decimal.of(bruto).times('0.0012').toFixed(6),
      precoVenda: p.precoVenda,
      estoqueMinimo: p.estoqueMinimo,
      estoqueMaximo: p.estoqueMaximo,
      controlaLote,
      ativo: p.ativo,
    });
    // the base unit is the sale default; the box (or bale) the purchase default
    const embalagens = [
      { unidade: p.unidade, fator: '1', gtin: null, padraoCompra: false, padraoVenda: true },
      {
        unidade: unidadeEmbalagem(p.unidade),
        fator: String(fator),
        gtin: gtin14('1', p.ean),
        // one product of the suggestion's demo is bought without a purchase packaging (flagged)
        padraoCompra: casos?.semEmbalagem !== p.id,
        padraoVenda: false,
        ...caixaFechada(fator, bruto),
      },
      ...(fardo
        ? [
            {
              unidade: 'FD',
              fator: String(fardo),
              gtin: gtin14('2', p.ean),
              padraoCompra: false,
              padraoVenda: false,
            },
          ]
        : []),
    ];
    await tx.insert(produtoEmbalagens).values(embalagens.map((e) => ({ ...e, produtoId: p.id })));

    const alvo = Number.parseInt(p.estoqueAtual, 10);
    const c1 = custo(p.precoCusto, '0.96');
    const c2 = custo(p.precoCusto, '1.04');
    const nf = (n: number): MetaMovimento => ({
      origem: 'nota_entrada',
      origemId: `NF-e ${1000 + i * 3 + n}`,
    });
    const venda: MetaMovimento = { origem: 'venda', observacao: 'Vendas do período' };
    const lancamentos: Lancamento[] = [];
    const lanca = (op: Operacao, meta: MetaMovimento, dias: number, hora?: number) =>
      lancamentos.push({ op, meta: { ...meta, ocorridoEm: instante(hoje, dias, hora) } });

    if (!controlaLote) {
      const chave = { produtoId: p.id, localId: DEP, loteId: null };
      const primeira = Math.ceil(alvo * 0.6);
      const x1 = rnd.int(20, 80);
      const x2 = rnd.int(10, 40);
      lanca({ tipo: 'entrada', chave, quantidade: q(primeira + x1), custoUnitario: c1 }, nf(1), -90);
      lanca({ tipo: 'saida', chave, quantidade: q(x1) }, venda, -60);
      lanca({ tipo: 'entrada', chave, quantidade: q(alvo - primeira + x2), custoUnitario: c2 }, nf(2), -30);
      lanca({ tipo: 'saida', chave, quantidade: q(x2) }, venda, -10);
      if (alvo >= 10) {
        const origemId = `TR-${p.codigo}`;
        const transferencia = { produtoId: p.id, loteId: null, origemId: DEP, destinoId: SEP };
        lanca(
          { tipo: 'transferencia', ...transferencia, quantidade: q(Math.floor(alvo * 0.2)) },
          { origem: 'transferencia', origemId, observacao: 'Abastecimento da separação' },
          -5,
        );
        if (i % 7 === 0)
          lanca(
            { tipo: 'transferencia', ...transferencia, destinoId: AVR, quantidade: q(1) },
            { origem: 'transferencia', origemId: `${origemId}-AVR`, observacao: 'Embalagem danificada' },
            -3,
          );
      }
    } else {
      const numero = (s: string) => `${p.codigo.slice(1)}${s}`;
      const validades = [
        addDays(hoje, -rnd.int(2, 6)),
        addDays(hoje, rnd.int(12, 28)),
        addDays(hoje, rnd.int(60, 150)),
      ];
      const ids = await tx
        .insert(lotes)
        .values(
          ['A', 'B', 'C'].map((s, k) => ({
            produtoId: p.id,
            numero: numero(s),
            fabricacao: addDays(validades[k]!, -180),
            validade: validades[k]!,
          })),
        )
        .returning({ id: lotes.id });
      const [a, b, c] = ids.map((l) => l.id);
      const emA = Math.min(alvo, 3);
      const emB = Math.floor((alvo - emA) / 2);
      const emC = alvo - emA - emB;
      const xs = [rnd.int(10, 30), rnd.int(10, 30), rnd.int(5, 15)];
      const chave = (loteId: string) => ({ produtoId: p.id, localId: DEP, loteId });
      lanca(
        { tipo: 'entrada', chave: chave(a!), quantidade: q(emA + xs[0]!), custoUnitario: c1 },
        nf(1),
        -120,
      );
      lanca({ tipo: 'saida', chave: chave(a!), quantidade: q(xs[0]!) }, venda, -80);
      lanca(
        { tipo: 'entrada', chave: chave(b!), quantidade: q(emB + xs[1]!), custoUnitario: c2 },
        nf(2),
        -60,
      );
      lanca({ tipo: 'saida', chave: chave(b!), quantidade: q(xs[1]!) }, venda, -20);
      lanca(
        { tipo: 'entrada', chave: chave(c!), quantidade: q(emC + xs[2]!), custoUnitario: p.precoCusto },
        nf(3),
        -12,
      );
      lanca({ tipo: 'saida', chave: chave(c!), quantidade: q(xs[2]!) }, venda, -4);
      if (emA > 0)
        lanca(
          {
            tipo: 'transferencia',
            produtoId: p.id,
            loteId: a!,
            origemId: DEP,
            destinoId: AVR,
            quantidade: q(emA),
          },
          {
            origem: 'transferencia',
            origemId: `TR-${p.codigo}-VENC`,
            observacao: 'Lote vencido para a quarentena',
          },
          -2,
        );
    }
    planos.push({
      lancamentos: planoSugestaoDemo(
        casos,
        {
          id: p.id,
          fornecedorId: data.fornecedores[i % data.fornecedores.length]!.id,
          estoqueAtual: p.estoqueAtual,
        },
        lancamentos,
        { hoje, depositoId: DEP, custos: [c1, c2] },
      ),
    });
  }
  for (const plano of planos) await lancaNoRazao(tx, systemActor, plano.lancamentos);
}
