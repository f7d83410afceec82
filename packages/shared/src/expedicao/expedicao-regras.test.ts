import { describe, expect, it } from 'vitest';
import { avaliaCapacidade } from './capacidade-carga.ts';
import { divergenciasConferencia, progressoConferencia, quantidadeBaseDaLeitura } from './conferencia.ts';
import { ordenaParadas } from './paradas.ts';
import { caixasEUnidades, montaMapaSeparacao } from './separacao.ts';
import { podeTransitarCarga, STATUS_CARGA, TRANSICOES_CARGA } from './status-carga.ts';

// The pure rules of dispatch, every expected value worked out by hand in the comments.

describe('podeTransitarCarga', () => {
  it.each([
    ['montagem', 'em_separacao', true],
    ['montagem', 'cancelada', true],
    ['em_separacao', 'conferida', true],
    ['em_separacao', 'cancelada', true],
    ['conferida', 'faturada', true],
    ['conferida', 'cancelada', true],
    ['faturada', 'em_rota', true],
    ['em_rota', 'finalizada', true],
    ['montagem', 'faturada', false],
    ['faturada', 'cancelada', false],
    ['em_rota', 'cancelada', false],
    ['finalizada', 'em_rota', false],
    ['cancelada', 'montagem', false],
  ] as const)('%s → %s: %s', (de, para, ok) => {
    expect(podeTransitarCarga(de, para).permitido).toBe(ok);
  });

  it('names the reason', () => {
    expect(podeTransitarCarga('faturada', 'cancelada')).toEqual({
      permitido: false,
      motivo: 'Carga faturada não pode ser cancelada: as notas fiscais já foram emitidas.',
    });
    expect(podeTransitarCarga('montagem', 'faturada')).toEqual({
      permitido: false,
      motivo: 'Uma carga em «Em montagem» não pode ir para «Faturada»: o próximo passo é «Em separação».',
    });
    expect(podeTransitarCarga('cancelada', 'montagem')).toEqual({
      permitido: false,
      motivo: 'Carga cancelada não muda mais de situação.',
    });
    expect(podeTransitarCarga('montagem', 'montagem').permitido).toBe(false);
  });

  it('cancelada is reachable from every state before faturada and from none after', () => {
    const antes = STATUS_CARGA.slice(0, STATUS_CARGA.indexOf('faturada'));
    for (const s of STATUS_CARGA)
      expect(TRANSICOES_CARGA[s].includes('cancelada'), s).toBe(antes.includes(s));
  });
});

describe('avaliaCapacidade', () => {
  // Vehicle: 1.500 kg, 8,5 m³, R$ 20.000,00.
  const veiculo = { capacidade: 1500, volume: '8.500', valor_maximo_carga: '20000.00' };
  const p = (peso_bruto: string, volume: string, valor_total: string) => ({
    peso_bruto,
    volume,
    valor_total,
  });

  it('sums the orders and measures each limit', () => {
    // 600,250 + 700,500 = 1.300,750 kg → 1300,75 / 1500 = 86,716… % → 86,7
    // 2,100000 + 3,050000 = 5,150000 m³ → 5,15 / 8,5 = 60,588… % → 60,6
    // 9.000,10 + 8.999,90 = 18.000,00 → 90,0 %
    const c = avaliaCapacidade(
      [p('600.250', '2.100000', '9000.10'), p('700.500', '3.050000', '8999.90')],
      veiculo,
    );
    expect(c).toEqual({
      pedidos: 2,
      peso: '1300.750',
      volume: '5.150000',
      valor: '18000.00',
      medidores: [
        { medida: 'peso', total: '1300.750', limite: '1500.000', percentual: '86.7', excedido: false },
        { medida: 'volume', total: '5.150000', limite: '8.500000', percentual: '60.6', excedido: false },
        { medida: 'valor', total: '18000.00', limite: '20000.00', percentual: '90.0', excedido: false },
      ],
      excessos: [],
    });
  });

  it('an exceeded limit is named (exactly at the limit is not exceeded)', () => {
    // 1.500,001 kg > 1.500; 8,5 m³ = 8,5 (not exceeded); 20.000,01 > 20.000,00
    const c = avaliaCapacidade([p('1500.001', '8.500000', '20000.01')], veiculo);
    expect(c.medidores.map((m) => m.excedido)).toEqual([true, false, true]);
    expect(c.medidores[0]!.percentual).toBe('100.0');
    expect(c.excessos.map((e) => e.replaceAll('\u00a0', ' '))).toEqual([
      'Peso da carga (1.500,001 kg) acima da capacidade do veículo (1.500 kg).',
      'Valor da carga (R$ 20.000,01) acima do valor máximo de carga do veículo (R$ 20.000,00).',
    ]);
  });

  it('a limit the vehicle does not record is not checked; no vehicle: totals only', () => {
    const c = avaliaCapacidade([p('10', '99', '1')], {
      capacidade: 5,
      volume: null,
      valor_maximo_carga: null,
    });
    expect(c.medidores.map((m) => [m.limite, m.percentual, m.excedido])).toEqual([
      ['5.000', '200.0', true],
      [null, null, false],
      [null, null, false],
    ]);
    expect(avaliaCapacidade([], null)).toMatchObject({ pedidos: 0, peso: '0.000', excessos: [] });
  });
});

describe('ordenaParadas', () => {
  it('região, cidade, CEP, then number; accents and case ignored; missing last', () => {
    const s = (
      pedido_id: string,
      numero: number,
      regiao_nome: string | null,
      cidade: string | null,
      cep: string | null,
    ) => ({
      pedido_id,
      numero,
      regiao_nome,
      cidade,
      cep,
    });
    const r = ordenaParadas([
      s('a', 1, 'Zona Sul', 'São Paulo', '04500-000'),
      s('b', 2, 'Centro', 'santo andré', '09000-000'),
      s('c', 3, 'Centro', 'Santo André', '09010-000'),
      s('d', 4, null, 'Barueri', '06400-000'),
      s('e', 5, 'Centro', 'Diadema', null),
      s('f', 6, 'Zona Sul', 'São Paulo', '04100-000'),
      s('g', 7, 'centro', 'Santo Andre', '09000000'),
    ]);
    expect(r.map((x) => x.pedido_id)).toEqual(['e', 'b', 'g', 'c', 'f', 'a', 'd']);
  });
});

describe('caixasEUnidades', () => {
  it.each([
    ['30.000', '12.000', '2', '6.000'], // 30 = 2 × 12 + 6
    ['24.000', '12.000', '2', '0.000'],
    ['11.000', '12.000', '0', '11.000'],
    ['7.500', null, '0', '7.500'],
    ['7.500', '1.000', '0', '7.500'],
    ['13.000', '6.000', '2', '1.000'],
  ] as const)('%s with a box of %s → %s + %s', (q, f, cx, un) => {
    expect(caixasEUnidades(q, f)).toEqual({ caixas: cx, unidades: un });
  });
});

describe('montaMapaSeparacao', () => {
  const caixa = { unidade: 'CX', fator: '12.000' };
  it('consolidates the orders per product and splits them by location and lot, FEFO; the rest without reservation', () => {
    // Feijão: order A 24 UN + order B 15 UN = 39 UN; reserved 20 in lot L2 (validade 2027-03-01)
    // and 30 in lot L1 (2027-01-10): FEFO takes L1 first → 30 (2 CX + 6 UN) from L1, 9 from L2.
    // Arroz: 5 + 5 = 10 UN, 4 reserved in A1 → 4 from A1, 6 "sem reserva".
    const m = montaMapaSeparacao(
      [
        { produto_id: 'f', codigo: 'F1', nome: 'Feijão', unidade: 'UN', quantidade: '24.000', caixa },
        { produto_id: 'a', codigo: 'A1', nome: 'Arroz', unidade: 'UN', quantidade: '5.000', caixa: null },
        { produto_id: 'f', codigo: 'F1', nome: 'Feijão', unidade: 'UN', quantidade: '15.000', caixa },
        { produto_id: 'a', codigo: 'A1', nome: 'Arroz', unidade: 'UN', quantidade: '5.000', caixa: null },
      ],
      [
        {
          produto_id: 'f',
          local_codigo: 'B-02',
          local_nome: 'Rua B',
          lote: 'L2',
          validade: '2027-03-01',
          quantidade: '20.000',
        },
        {
          produto_id: 'f',
          local_codigo: 'A-01',
          local_nome: 'Rua A',
          lote: 'L1',
          validade: '2027-01-10',
          quantidade: '30.000',
        },
        {
          produto_id: 'a',
          local_codigo: 'A-01',
          local_nome: 'Rua A',
          lote: null,
          validade: null,
          quantidade: '4.000',
        },
      ],
    );
    expect(m.produtos.map((p) => [p.nome, p.quantidade, p.caixas, p.unidades])).toEqual([
      ['Arroz', '10.000', '0', '10.000'],
      ['Feijão', '39.000', '3', '3.000'],
    ]);
    expect(m.linhas.map((l) => [l.local_codigo, l.nome, l.lote, l.quantidade, l.caixas, l.unidades])).toEqual(
      [
        ['A-01', 'Arroz', null, '4.000', '0', '4.000'],
        ['A-01', 'Feijão', 'L1', '30.000', '2', '6.000'],
        ['B-02', 'Feijão', 'L2', '9.000', '0', '9.000'],
        [null, 'Arroz', null, '6.000', '0', '6.000'],
      ],
    );
  });
});

describe('conferência', () => {
  it('a box scan counts its factor', () => {
    expect(quantidadeBaseDaLeitura('2', '12.000')).toBe('24.000');
    expect(quantidadeBaseDaLeitura('1.000', '1')).toBe('1.000');
  });

  it('lists falta, sobra and foreign products; nothing when the count matches', () => {
    const esperado = [
      { produto_id: 'a', quantidade: '24.000' },
      { produto_id: 'b', quantidade: '10.000' },
      { produto_id: 'c', quantidade: '3.000' },
      { produto_id: 'a', quantidade: '6.000' },
    ];
    // a: 30 expected, 12 + 12 + 6 counted = 30 → ok; b: 10 expected, 8 counted → falta −2;
    // c: 3 expected, 4 counted → sobra +1; x: not ordered, 1 counted
    const contado = [
      { produto_id: 'a', quantidade: '12.000' },
      { produto_id: 'x', quantidade: '1.000' },
      { produto_id: 'a', quantidade: '12.000' },
      { produto_id: 'b', quantidade: '8.000' },
      { produto_id: 'c', quantidade: '4.000' },
      { produto_id: 'a', quantidade: '6.000' },
    ];
    expect(divergenciasConferencia(esperado, contado)).toEqual([
      { produto_id: 'b', tipo: 'falta', esperado: '10.000', contado: '8.000', diferenca: '-2.000' },
      { produto_id: 'c', tipo: 'sobra', esperado: '3.000', contado: '4.000', diferenca: '1.000' },
      { produto_id: 'x', tipo: 'nao_pertence', esperado: '0.000', contado: '1.000', diferenca: '1.000' },
    ]);
    expect(
      divergenciasConferencia(
        esperado,
        [
          ...contado.slice(0, 3),
          { produto_id: 'b', quantidade: '10' },
          { produto_id: 'c', quantidade: '3' },
          contado[5]!,
        ].filter((l) => l.produto_id !== 'x'),
      ),
    ).toEqual([]);
    // nothing scanned at all: every line is a falta
    expect(divergenciasConferencia(esperado, []).map((d) => d.tipo)).toEqual(['falta', 'falta', 'falta']);
  });

  it('progress counts distinct order products scanned, never quantities', () => {
    expect(progressoConferencia(['a', 'b', 'c', 'a'], ['a', 'a', 'x', 'c'])).toEqual({ lidos: 2, linhas: 3 });
  });
});
