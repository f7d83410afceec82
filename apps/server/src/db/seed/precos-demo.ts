import {
  addDays,
  businessToday,
  CASAS_DINHEIRO,
  Decimal,
  type FaixaPreco,
  type ItemTabelaPreco,
  type RegraPreco,
} from '@erp/shared';
import { eq } from 'drizzle-orm';
import { vendedores } from '../../modules/cadastros/cadastros.tables.ts';
import { gravaItens } from '../../modules/precos/itens-tabela.service.ts';
import { tabelaPrecoClientes, tabelasPreco } from '../../modules/precos/precos.tables.ts';
import type { Tx } from '../client.ts';
import type { DemoData } from './demo-data.ts';

// Demo price tables for every level of the resolution, so "Consultar preço" and the orders'
// "Por que este preço?" show precedence at work: a general table, a grupo empresarial (Rede Bom
// Preço), a segmento (Atacado, with quantity breaks and preços mínimos), a região (Interior SP,
// freight over the sale price), a list of customers (Clientes VIP, fixed prices with breaks and
// minimums) and last month's promotion (listed as ignored: its vigência ended). Sellers get their desconto máximo.
// Deterministic: products and customers are taken in the generator's order; dates are relative
// to today.

/** value × factor, to the cent (demo values only: the prices themselves are the engine's). */
const centavos = (valor: string, fator: string) => Decimal.of(valor).times(fator).toFixed(CASAS_DINHEIRO);

type Produto = DemoData['products'][number];

const item = (
  p: Produto,
  regra: RegraPreco,
  valor: string,
  extra: { preco_minimo?: string | null; faixas?: FaixaPreco[] } = {},
): ItemTabelaPreco => ({
  produto_id: p.id,
  regra,
  valor,
  preco_minimo: extra.preco_minimo ?? null,
  faixas: extra.faixas ?? [],
});

const faixa = (quantidade: number, tipo: FaixaPreco['tipo'], valor: string): FaixaPreco => ({
  quantidade_minima: `${quantidade}.000`,
  tipo,
  valor,
});

/** The desconto máximo of each demo seller, in the generator's order. */
const DESCONTOS_MAXIMOS = ['5.00', '8.00', '10.00', '3.00', '12.00', '5.00', '7.50', '10.00', '4.00', '6.00'];

export async function seedPrecosDemo(tx: Tx, data: DemoData, today = businessToday()): Promise<void> {
  const inicioDoAno = `${today.slice(0, 4)}-01-01`;
  const inicioDoMes = `${today.slice(0, 7)}-01`;
  const produtos = data.products.filter((p) => p.ativo);
  const porNome = <T extends { nome: string }>(lista: readonly T[], nome: string) =>
    lista.find((x) => x.nome === nome)!;

  const tabela = async (
    t: {
      nome: string;
      escopo: 'geral' | 'grupo' | 'segmento' | 'regiao' | 'clientes';
      vigenciaInicio: string;
      vigenciaFim?: string;
      ativa?: boolean;
      grupoId?: string;
      segmentoId?: string;
      regiaoId?: string;
      clientes?: string[];
    },
    itens: ItemTabelaPreco[],
  ) => {
    const { clientes = [], ...header } = t;
    const [row] = await tx.insert(tabelasPreco).values(header).returning({ id: tabelasPreco.id });
    if (clientes.length)
      await tx
        .insert(tabelaPrecoClientes)
        .values(clientes.map((clienteId) => ({ tabelaId: row!.id, clienteId })));
    await gravaItens(tx, row!.id, itens);
  };

  await tabela(
    { nome: 'Preços Gerais', escopo: 'geral', vigenciaInicio: inicioDoAno },
    produtos.slice(0, 80).map((p) => item(p, 'abaixo_base', '3.00')),
  );

  await tabela(
    {
      nome: 'Promoção Relâmpago',
      escopo: 'geral',
      vigenciaInicio: `${addDays(inicioDoMes, -1).slice(0, 7)}-01`,
      vigenciaFim: addDays(inicioDoMes, -1),
    },
    produtos.slice(0, 20).map((p) => item(p, 'abaixo_base', '10.00')),
  );

  await tabela(
    {
      nome: 'Rede Bom Preço',
      escopo: 'grupo',
      grupoId: porNome(data.grupos, 'Rede Bom Preço').id,
      vigenciaInicio: inicioDoAno,
    },
    produtos.slice(0, 15).map((p) => item(p, 'preco_fixo', centavos(p.precoVenda, '0.94'))),
  );

  await tabela(
    {
      nome: 'Atacado',
      escopo: 'segmento',
      segmentoId: porNome(data.segmentos, 'Atacado').id,
      vigenciaInicio: inicioDoAno,
    },
    produtos.slice(0, 60).map((p) =>
      item(p, 'markup_custo', '25.00', {
        preco_minimo: centavos(p.precoCusto, '1.10'),
        faixas: [faixa(24, 'desconto', '3.00'), faixa(48, 'desconto', '5.00')],
      }),
    ),
  );

  await tabela(
    {
      nome: 'Interior SP',
      escopo: 'regiao',
      regiaoId: porNome(data.regioes, 'Interior SP').id,
      vigenciaInicio: inicioDoMes,
    },
    produtos.slice(20, 60).map((p) => item(p, 'acima_base', '4.00')),
  );

  // the first eight active companies of the food retail segment
  const varejo = porNome(data.segmentos, 'Varejo alimentar').id;
  const vips = data.clientes
    .filter((c) => c.ativo && c.tipoPessoa === 'J' && c.segmentoId === varejo)
    .slice(0, 8)
    .map((c) => c.id);
  await tabela(
    { nome: 'Clientes VIP', escopo: 'clientes', clientes: vips, vigenciaInicio: inicioDoMes },
    produtos.slice(0, 20).map((p) =>
      item(p, 'preco_fixo', centavos(p.precoVenda, '0.90'), {
        preco_minimo: centavos(p.precoCusto, '1.12'),
        faixas: [faixa(12, 'preco', centavos(p.precoVenda, '0.88'))],
      }),
    ),
  );

  for (const [i, v] of data.vendedores.entries())
    await tx
      .update(vendedores)
      .set({ descontoMaximo: DESCONTOS_MAXIMOS[i % DESCONTOS_MAXIMOS.length]! })
      .where(eq(vendedores.id, v.id));
}
