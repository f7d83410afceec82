import { describe, expect, it } from 'vitest';
import {
  agregaJanelaVendas,
  arredondaParaBaixo,
  arredondaParaCima,
  classificaAbc,
  type JanelaVendas,
  type ParametrosSugestao,
  type ProdutoSugestaoEntrada,
  perdaPorVencimento,
  sugereCompra,
} from './sugestao-compra.ts';

// Every expected figure is worked out by hand in the comments. Common parameters: today 29/11/2026,
// windows of 90 days, coverage 30 days, safety 5 days, company default lead time 15 days, expiry
// horizon 30 days. The supplier's lead time is 10 days, so diasAlvo = 10 + 30 + 5 = 45 unless said.

const PARAMS: ParametrosSugestao = {
  hoje: '2026-11-29',
  prazoPadraoDias: 15,
  diasSeguranca: 5,
  diasCobertura: 30,
  horizonteVencimentoDias: 30,
};

function janela(vendido: string, valor: string, diasSemEstoque = 0): JanelaVendas {
  return { dias: 90, diasSemEstoque, vendidoComEstoque: vendido, valorVendido: valor };
}

function produto(id: string, p: Partial<ProdutoSugestaoEntrada>): ProdutoSugestaoEntrada {
  return {
    produtoId: id,
    unidade: 'UN',
    atual: janela('0', '0'),
    anterior: null,
    saldo: '0',
    reservado: '0',
    emPedido: '0',
    pendentes: '0',
    estoqueMinimo: null,
    estoqueMaximo: null,
    embalagemCompra: null,
    prazoEntregaDias: null,
    custoUnitario: '1.0000',
    ultimaCompra: null,
    lotes: [],
    pesoBruto: null,
    volume: null,
    ...p,
  };
}

// The supplier's products. Value sold (ABC) totals R$ 10,000.00.
const PRODUTOS: ProdutoSugestaoEntrada[] = [
  // P1 — stock-out: 600 sold on the 60 days with stock (30 days out).
  //   demand = 600 ÷ 60 = 10.0000 (not 600 ÷ 90 = 6.6667); previous 900 ÷ 90 = 10.0000 → trend 0.00
  //   available = 50 − 10 = 40; cover today 40 ÷ 10 = 4.0 days
  //   position = 40 + 0 (on order) − 20 (back-orders) = 20
  //   need = 10 × 45 − 20 = 430 → no packaging → 430 UN; value 430 × 8.50 = 3,655.00
  //   weight 430 × 1.250 = 537.500 kg; volume 430 × 0.002 = 0.860000 m³
  produto('P1', {
    atual: janela('600', '6000.00', 30),
    anterior: janela('900', '9000.00'),
    saldo: '50',
    reservado: '10',
    pendentes: '20',
    custoUnitario: '8.5000',
    pesoBruto: '1.250',
    volume: '0.002000',
  }),
  // P2 — rising trend: 450 ÷ 90 = 5.0000 against 360 ÷ 90 = 4.0000 → (5 − 4) × 100 ÷ 4 = +25.00 %
  //   need = 5 × 45 − 100 = 125; FD = 5 → 125 ÷ 5 = 25 FD exactly (not bumped) → 125 UN
  //   cost = last purchase price 3.20 (over the unit cost 3.00) → 125 × 3.20 = 400.00
  produto('P2', {
    atual: janela('450', '2250.00'),
    anterior: janela('360', '1800.00'),
    saldo: '100',
    embalagemCompra: { unidade: 'FD', fator: '5' },
    custoUnitario: '3.0000',
    ultimaCompra: { preco: '3.2000', data: '2026-10-15' },
  }),
  // P3 — bought in boxes of 12, own lead time 7 days (over the supplier's 10): diasAlvo = 7 + 30 + 5 = 42
  //   demand 270 ÷ 90 = 3.0000; previous 252 ÷ 90 = 2.8000 → (3 − 2.8) × 100 ÷ 2.8 = 7.142… → +7.14 % (no flag)
  //   need = 3 × 42 − 25 = 101 → 101 ÷ 12 = 8.42 → 9 CX = 108 UN; value 108 × 2.50 = 270.00
  //   weight 108 × 0.500 = 54.000 kg; volume 108 × 0.001 = 0.108000 m³
  produto('P3', {
    atual: janela('270', '1350.00'),
    anterior: janela('252', '1260.00'),
    saldo: '25',
    embalagemCompra: { unidade: 'CX', fator: '12' },
    prazoEntregaDias: 7,
    custoUnitario: '2.5000',
    pesoBruto: '0.500',
    volume: '0.001000',
  }),
  // P4 — open purchase order of 48: demand 180 ÷ 90 = 2.0000, no previous window → trend null
  //   available = 20 − 5 = 15; need = 2 × 45 − 15 − 48 = 27 → CX = 6: 27 ÷ 6 = 4.5 → 5 CX = 30 UN
  //   (without the order it would be 75 → 13 CX = 78); value 30 × 10.00 = 300.00
  produto('P4', {
    atual: janela('180', '200.00'),
    saldo: '20',
    reservado: '5',
    emPedido: '48',
    embalagemCompra: { unidade: 'CX', fator: '6' },
    custoUnitario: '10.0000',
  }),
  // P5 — lots near expiry: demand 180 ÷ 90 = 2.0000, balance 105 in four lots. FEFO within 30 days:
  //   L0   5 expired 20/11: sells 2 × 0 = 0            → loses  5
  //   L1  30 on 04/12 (5 days → 6 selling days): 2 × 6 = 12 − 0 sold = 12 → sells 12, loses 18
  //   L2  40 on 19/12 (20 days → 21 selling days): 2 × 21 = 42 − 12 sold = 30 → sells 30, loses 10
  //   L3  30 on 01/06/2027: beyond the horizon, counted as available
  //   expiring = 5 + 30 + 40 = 75; lost = 33; position = 105 − 33 = 72
  //   need = 2 × 45 − 72 = 18 UN (counting every lot: 90 − 105 < 0 → 0); value 18 × 5.00 = 90.00
  //   cover today 105 ÷ 2 = 52.5 days
  produto('P5', {
    atual: janela('180', '100.00'),
    anterior: janela('180', '100.00'),
    saldo: '105',
    custoUnitario: '5.0000',
    lotes: [
      { quantidade: '30', validade: '2027-06-01' },
      { quantidade: '40', validade: '2026-12-19' },
      { quantidade: '30', validade: '2026-12-04' },
      { quantidade: '5', validade: '2026-11-20' },
    ],
  }),
  // P6 — estoque mínimo raises: demand 90 ÷ 90 = 1.0000, balance 40
  //   need = 1 × 45 − 40 = 5; at arrival 40 − 1 × 10 = 30, mínimo 60 → 60 − 30 = 30 > 5 → 30 UN
  //   value 30 × 1.00 = 30.00
  produto('P6', {
    atual: janela('90', '50.00'),
    saldo: '40',
    estoqueMinimo: '60',
  }),
  // P7 — estoque máximo caps: demand 360 ÷ 90 = 4.0000, balance 20
  //   need = 4 × 45 − 20 = 160; máximo 150 → at most 150 − 20 = 130; CX = 12 rounds DOWN under the
  //   cap: 130 ÷ 12 = 10.83 → 10 CX = 120 UN (up would be 132 → 152 > máximo); value 120 × 2.00 = 240.00
  produto('P7', {
    atual: janela('360', '50.00'),
    saldo: '20',
    estoqueMaximo: '150',
    embalagemCompra: { unidade: 'CX', fator: '12' },
    custoUnitario: '2.0000',
  }),
];

const FORNECEDOR = { prazoEntregaDias: 10, pedidoMinimo: '5000.00' };

describe('sugereCompra — one supplier, each case by hand', () => {
  const r = sugereCompra({ fornecedor: FORNECEDOR, produtos: PRODUTOS, parametros: PARAMS });
  const porId = new Map(r.produtos.map((p) => [p.produtoId, p]));
  const linha = (id: string) => porId.get(id)!;

  it.each([
    // id,  demand,   trend,   available, lost,   need,       ajuste,    suggested, packs, value
    ['P1', '10.0000', '0.00', '40.000', '0.000', '430.0000', null, '430.000', '430', '3655.00'],
    ['P2', '5.0000', '25.00', '100.000', '0.000', '125.0000', null, '125.000', '25', '400.00'],
    ['P3', '3.0000', '7.14', '25.000', '0.000', '101.0000', null, '108.000', '9', '270.00'],
    ['P4', '2.0000', null, '15.000', '0.000', '27.0000', null, '30.000', '5', '300.00'],
    ['P5', '2.0000', '0.00', '105.000', '33.000', '18.0000', null, '18.000', '18', '90.00'],
    ['P6', '1.0000', null, '40.000', '0.000', '5.0000', 'minimo', '30.000', '30', '30.00'],
    ['P7', '4.0000', null, '20.000', '0.000', '160.0000', 'maximo', '120.000', '10', '240.00'],
  ])('%s', (id, demanda, tendencia, disponivel, perda, necessidade, ajuste, sugerida, emb, valor) => {
    const p = linha(id);
    expect({
      demanda: p.demandaDiaria,
      tendencia: p.tendenciaPercentual,
      disponivel: p.disponivel,
      perda: p.perdaVencimento,
      necessidade: p.necessidade,
      ajuste: p.ajuste,
      sugerida: p.quantidadeSugerida,
      emb: p.quantidadeEmbalagens,
      valor: p.valor,
    }).toEqual({ demanda, tendencia, disponivel, perda, necessidade, ajuste, sugerida, emb, valor });
  });

  it('stock-out: flagged, demand not lowered, cover and physical figures', () => {
    const p = linha('P1');
    expect(p.diasCoberturaHoje).toBe('4.0');
    expect(p.pendentes).toBe('20.000');
    expect(p.pesoBruto).toBe('537.500');
    expect(p.volume).toBe('0.860000');
    expect(p.embalagem).toEqual({ unidade: 'UN', fator: '1' });
    expect(p.alertas).toEqual([
      { codigo: 'ruptura', mensagem: 'Ruptura no período: 30 dias sem estoque (fora da média de venda)' },
      { codigo: 'sem_embalagem_compra', mensagem: 'Sem embalagem de compra: sugerido em UN (unidade base)' },
    ]);
  });

  it('rising trend flagged, last purchase price used', () => {
    const p = linha('P2');
    expect(p.custoUnitario).toBe('3.2000');
    expect(p.ultimaCompra).toEqual({ preco: '3.2000', data: '2026-10-15' });
    expect(p.alertas).toEqual([
      { codigo: 'tendencia_alta', mensagem: 'Tendência de alta: +25,00 % sobre o período anterior' },
    ]);
  });

  it("the product's own lead time wins over the supplier's", () => {
    const p = linha('P3');
    expect([p.prazoEntregaDias, p.prazoOrigem, p.diasAlvo]).toEqual([7, 'produto', 42]);
    expect(linha('P1').prazoOrigem).toBe('fornecedor');
    expect(p.alertas).toEqual([]);
  });

  it('lots near expiry: the part that will not sell in time is not available', () => {
    const p = linha('P5');
    expect(p.quantidadeVencendo).toBe('75.000');
    expect(p.diasCoberturaHoje).toBe('52.5');
    expect(p.alertas.find((a) => a.codigo === 'lotes_vencendo')?.mensagem).toBe(
      'Lotes vencendo: 75 UN (primeiro em 20/11/2026); 33 UN não devem ser vendidos a tempo e não contam como disponível',
    );
  });

  it('ABC by value sold: the product that crosses 80 % is still A', () => {
    // 6000 (before 0 %) A, 2250 (before 60 %) A, 1350 (before 82.5 %) B, then from 96 % on C
    expect(r.produtos.map((p) => [p.produtoId, p.classeAbc])).toEqual([
      ['P1', 'A'],
      ['P2', 'A'],
      ['P3', 'B'],
      ['P4', 'C'],
      ['P5', 'C'],
      ['P6', 'C'],
      ['P7', 'C'],
    ]);
  });

  it('totals and the minimum order value: the gap is returned, no quantity added', () => {
    // 3655 + 400 + 270 + 300 + 90 + 30 + 240 = 4,985.00 → 5,000.00 − 4,985.00 = 15.00 missing
    // weight 537.500 + 54.000 = 591.500 kg, volume 0.860 + 0.108 = 0.968000 m³; 5 of 7 without figures
    expect(r.totais).toEqual({
      itens: 7,
      valor: '4985.00',
      pesoBruto: '591.500',
      volume: '0.968000',
      itensSemPeso: 5,
      itensSemVolume: 5,
      pedidoMinimo: '5000.00',
      faltaParaPedidoMinimo: '15.00',
      alertas: [
        'Abaixo do pedido mínimo do fornecedor (R$\u00a05.000,00): faltam R$\u00a015,00. Aumente as quantidades ou junte com o próximo pedido',
      ],
    });
  });

  it('minimum reached or absent', () => {
    const alcancado = sugereCompra({
      fornecedor: { prazoEntregaDias: 10, pedidoMinimo: '4985.00' },
      produtos: PRODUTOS,
      parametros: PARAMS,
    });
    expect([alcancado.totais.faltaParaPedidoMinimo, alcancado.totais.alertas]).toEqual(['0.00', []]);
    const sem = sugereCompra({
      fornecedor: { prazoEntregaDias: 10, pedidoMinimo: null },
      produtos: PRODUTOS,
      parametros: PARAMS,
    });
    expect([sem.totais.pedidoMinimo, sem.totais.faltaParaPedidoMinimo]).toEqual([null, null]);
  });
});

describe('sugereCompra — supplier without lead time', () => {
  it('uses the company default (flagged) unless the product has its own', () => {
    // D1: demand 180 ÷ 90 = 2.0000; diasAlvo = 15 (default) + 30 + 5 = 50 → 2 × 50 − 10 = 90 UN
    // D2: own lead time 20 → diasAlvo 55 → 2 × 55 − 10 = 100 UN
    const r = sugereCompra({
      fornecedor: { prazoEntregaDias: null, pedidoMinimo: null },
      produtos: [
        produto('D1', {
          atual: janela('180', '10.00'),
          saldo: '10',
          embalagemCompra: { unidade: 'UN', fator: '1' },
        }),
        produto('D2', {
          atual: janela('180', '10.00'),
          saldo: '10',
          prazoEntregaDias: 20,
          embalagemCompra: { unidade: 'UN', fator: '1' },
        }),
      ],
      parametros: PARAMS,
    });
    const [d1, d2] = r.produtos;
    expect([d1!.prazoEntregaDias, d1!.prazoOrigem, d1!.diasAlvo, d1!.quantidadeSugerida]).toEqual([
      15,
      'padrao',
      50,
      '90.000',
    ]);
    expect(d1!.alertas).toEqual([
      {
        codigo: 'prazo_padrao',
        mensagem:
          'Sem prazo de entrega no produto nem no fornecedor: usado o prazo padrão da empresa (15 dias)',
      },
    ]);
    expect([d2!.prazoOrigem, d2!.quantidadeSugerida, d2!.alertas]).toEqual(['produto', '100.000', []]);
  });
});

describe('sugereCompra — edge cases', () => {
  const um = (p: Partial<ProdutoSugestaoEntrada>, parametros = PARAMS) =>
    sugereCompra({
      fornecedor: { prazoEntregaDias: 10, pedidoMinimo: null },
      produtos: [produto('X', p)],
      parametros,
    }).produtos[0]!;

  it('out of stock the whole window: the previous window gives the demand', () => {
    // previous 270 ÷ 90 = 3.0000; need 3 × 45 − 0 = 135
    const p = um({ atual: janela('0', '0', 90), anterior: janela('270', '10.00') });
    expect([p.demandaOrigem, p.demandaDiaria, p.tendenciaPercentual, p.quantidadeSugerida]).toEqual([
      'anterior',
      '3.0000',
      null,
      '135.000',
    ]);
    expect(p.alertas[0]).toEqual({
      codigo: 'sem_estoque_periodo',
      mensagem: 'Sem estoque o período todo: usada a venda média do período anterior',
    });
  });

  it('no history at all: demand 0, nothing suggested, the buyer is told', () => {
    const p = um({ atual: janela('0', '0', 90) });
    expect([p.demandaOrigem, p.demandaDiaria, p.diasCoberturaHoje, p.quantidadeSugerida]).toEqual([
      'nenhuma',
      '0.0000',
      null,
      '0.000',
    ]);
    expect(p.alertas[0]?.mensagem).toBe(
      'Sem estoque o período todo e sem histórico: informe a quantidade a comprar',
    );
  });

  it('falling trend; demand rounded to 4 decimals half away from zero', () => {
    // 100 ÷ 90 = 1.11111 → 1.1111; previous 200 ÷ 90 = 2.2222
    // trend (1.1111 − 2.2222) × 100 ÷ 2.2222 = −50.00 %; need 1.1111 × 45 − 0 = 49.9995 → 50 UN
    const p = um({ atual: janela('100', '1.00'), anterior: janela('200', '1.00') });
    expect([p.demandaDiaria, p.tendenciaPercentual, p.necessidade, p.quantidadeSugerida]).toEqual([
      '1.1111',
      '-50.00',
      '49.9995',
      '50.000',
    ]);
    expect(p.alertas.map((a) => a.mensagem)).toContain(
      'Tendência de baixa: −50,00 % sobre o período anterior',
    );
  });

  it('enough stock: need negative, clamped to zero; value zero, not counted in items', () => {
    const r = sugereCompra({
      fornecedor: { prazoEntregaDias: 10, pedidoMinimo: null },
      produtos: [produto('X', { atual: janela('90', '1.00'), saldo: '500', pesoBruto: '1.000' })],
      parametros: PARAMS,
    });
    // 1 × 45 − 500 = −455 → 0
    expect([r.produtos[0]!.necessidade, r.produtos[0]!.quantidadeSugerida, r.produtos[0]!.valor]).toEqual([
      '-455.0000',
      '0.000',
      '0.00',
    ]);
    expect([r.totais.itens, r.totais.valor, r.totais.pesoBruto]).toEqual([0, '0.00', '0.000']);
  });

  it('per-product coverage and safety days override the parameters', () => {
    // 10 + 60 + 0 = 70 days → 1 × 70 − 0 = 70
    const p = um({ atual: janela('90', '1.00'), diasCobertura: 60, diasSeguranca: 0 });
    expect([p.diasAlvo, p.quantidadeSugerida]).toEqual([70, '70.000']);
  });
});

describe('helpers', () => {
  it('agregaJanelaVendas: days ending at zero leave the average with their sales', () => {
    const j = agregaJanelaVendas([
      { vendido: '4', saldoFinal: '10', valor: '40.00' },
      { vendido: '10', saldoFinal: '0', valor: '100.00' },
      { vendido: '0', saldoFinal: '-2' },
      { vendido: '6', saldoFinal: '30', valor: '60.00' },
    ]);
    expect(j).toEqual({ dias: 4, diasSemEstoque: 2, vendidoComEstoque: '10.000', valorVendido: '200.00' });
  });

  it.each([
    ['101', '12', '108', '96'],
    ['96', '12', '96', '96'],
    ['0', '12', '0', '0'],
    ['2.5', '1', '3', '2'],
    ['1.2', '0.5', '1.5', '1'],
  ])('arredonda %s in steps of %s: up %s, down %s', (v, passo, cima, baixo) => {
    expect(arredondaParaCima(v, passo).toString()).toBe(cima);
    expect(arredondaParaBaixo(v, passo).toString()).toBe(baixo);
  });

  it('perdaPorVencimento without demand loses every expiring lot', () => {
    const r = perdaPorVencimento([{ quantidade: '7', validade: '2026-12-01' }], '0', '2026-11-29', 30);
    expect([r.vencendo.toString(), r.perda.toString(), r.primeiraValidade]).toEqual(['7', '7', '2026-12-01']);
  });

  it('classificaAbc with custom cut-offs and products without sales', () => {
    // total 1000; cut-offs A 50, B 30: X 500 (before 0) A, Y 300 (before 50 %) B, Z 200 (before 80 %) C, W 0 C
    const c = classificaAbc(
      [
        { produtoId: 'W', valorVendido: '0' },
        { produtoId: 'Z', valorVendido: '200' },
        { produtoId: 'X', valorVendido: '500' },
        { produtoId: 'Y', valorVendido: '300' },
      ],
      { a: '50', b: '30' },
    );
    expect(Object.fromEntries(c)).toEqual({ X: 'A', Y: 'B', Z: 'C', W: 'C' });
  });
});
