import { describe, expect, it } from 'vitest';
import {
  applyMovement,
  type ChaveSaldo,
  chaveSaldo,
  disponivelDe,
  ESTADO_ESTOQUE_VAZIO,
  type EstadoEstoque,
  type LinhaRazao,
  mensagemErroMovimento,
  type OpcoesMovimento,
  type Operacao,
  verificaRazao,
} from './razao.ts';
import { type Aleatorio, operacaoAleatoria, type UniversoEstoque } from './razao-aleatorio.ts';

const DEP: ChaveSaldo = { produtoId: 'ARROZ', localId: 'DEP', loteId: null };
const SEP: ChaveSaldo = { produtoId: 'ARROZ', localId: 'SEP', loteId: null };

/** Applies operations that must all succeed; returns the state and every row. */
function aplica(ops: Operacao[], opcoes: OpcoesMovimento = {}, inicio = ESTADO_ESTOQUE_VAZIO) {
  let estado = inicio;
  const linhas: LinhaRazao[] = [];
  for (const op of ops) {
    const r = applyMovement(estado, op, opcoes);
    if (!r.ok) throw new Error(`recusada: ${JSON.stringify(op)} -> ${JSON.stringify(r.erro)}`);
    estado = r.estado;
    linhas.push(...r.linhas);
  }
  return { estado, linhas };
}

const saldoDe = (e: EstadoEstoque, c: ChaveSaldo) => e.saldos.get(chaveSaldo(c));

describe('ledger model: cost', () => {
  it('10 at R$ 5,00 then 30 at R$ 7,00 -> custo médio 6,5000', () => {
    const { estado, linhas } = aplica([
      { tipo: 'entrada', chave: DEP, quantidade: '10', custoUnitario: '5.00' },
      { tipo: 'entrada', chave: DEP, quantidade: '30', custoUnitario: '7.00' },
    ]);
    expect(estado.produtos.get('ARROZ')).toEqual({ saldo: '40.000', custoMedio: '6.5000' });
    expect(linhas.map((l) => [l.tipo, l.quantidade, l.custoUnitario])).toEqual([
      ['entrada', '10.000', '5.0000'],
      ['entrada', '30.000', '7.0000'],
    ]);
  });

  it('a saída in between is valued at the average of its moment and keeps it', () => {
    const { estado, linhas } = aplica([
      { tipo: 'entrada', chave: DEP, quantidade: '10', custoUnitario: '5.00' },
      { tipo: 'saida', chave: DEP, quantidade: '4' },
      { tipo: 'entrada', chave: DEP, quantidade: '30', custoUnitario: '7.00' },
    ]);
    expect(linhas[1]).toEqual({ ...DEP, tipo: 'saida', quantidade: '-4.000', custoUnitario: '5.0000' });
    // (6 × 5 + 30 × 7) / 36 = 6,6666…
    expect(estado.produtos.get('ARROZ')).toEqual({ saldo: '36.000', custoMedio: '6.6667' });
    const depois = aplica([{ tipo: 'saida', chave: DEP, quantidade: '6' }], {}, estado);
    expect(depois.linhas[0]?.custoUnitario).toBe('6.6667');
    expect(linhas[1]?.custoUnitario).toBe('5.0000');
  });

  it('reversing the second entrada brings the average back', () => {
    const { estado, linhas } = aplica([
      { tipo: 'entrada', chave: DEP, quantidade: '10', custoUnitario: '5.00' },
      { tipo: 'entrada', chave: DEP, quantidade: '30', custoUnitario: '7.00' },
    ]);
    const r = aplica([{ tipo: 'estorno', original: linhas[1]! }], {}, estado);
    expect(r.linhas).toEqual([
      { ...DEP, tipo: 'estorno', quantidade: '-30.000', custoUnitario: '7.0000', estornaTipo: 'entrada' },
    ]);
    expect(r.estado.produtos.get('ARROZ')).toEqual({ saldo: '10.000', custoMedio: '5.0000' });
    const outra = applyMovement(r.estado, { tipo: 'estorno', original: r.linhas[0]! });
    expect(outra).toEqual({
      ok: false,
      erro: { codigo: 'operacao_invalida', mensagem: 'Um estorno não pode ser estornado' },
    });
  });

  it('an ajuste that adds needs a unit cost while the product has none, and averages in like an entrada', () => {
    expect(applyMovement(ESTADO_ESTOQUE_VAZIO, { tipo: 'ajuste', chave: DEP, quantidade: '24' })).toEqual({
      ok: false,
      erro: { codigo: 'operacao_invalida', mensagem: 'Informe o custo unitário' },
    });
    const { estado, linhas } = aplica([
      { tipo: 'ajuste', chave: DEP, quantidade: '24', custoUnitario: '2.10' },
      // no cost: the custo médio
      { tipo: 'ajuste', chave: DEP, quantidade: '6' },
      // (30 × 2,10 + 10 × 3,00) / 40 = 2,325
      { tipo: 'ajuste', chave: DEP, quantidade: '10', custoUnitario: '3' },
      // one that removes is valued at the average and ignores a cost
      { tipo: 'ajuste', chave: DEP, quantidade: '-5', custoUnitario: '99' },
    ]);
    expect(linhas.map((l) => [l.tipo, l.quantidade, l.custoUnitario])).toEqual([
      ['ajuste', '24.000', '2.1000'],
      ['ajuste', '6.000', '2.1000'],
      ['ajuste', '10.000', '3.0000'],
      ['ajuste', '-5.000', '2.3250'],
    ]);
    expect(estado.produtos.get('ARROZ')).toEqual({ saldo: '35.000', custoMedio: '2.3250' });
    // reversing the one at 3,00 applies the inverse: (35 × 2,325 − 10 × 3) / 25 = 2,055
    const r = aplica([{ tipo: 'estorno', original: linhas[2]! }], {}, estado);
    expect(r.estado.produtos.get('ARROZ')).toEqual({ saldo: '25.000', custoMedio: '2.0550' });
    // reversing the one that removed brings it back at its own cost: (25 × 2,055 + 5 × 2,325) / 30
    const s = aplica([{ tipo: 'estorno', original: linhas[3]! }], {}, r.estado);
    expect(s.estado.produtos.get('ARROZ')).toEqual({ saldo: '30.000', custoMedio: '2.1000' });
  });

  it('an inventory that adds to a product without custo médio is refused, naming the product', () => {
    const r = applyMovement(ESTADO_ESTOQUE_VAZIO, { tipo: 'inventario', chave: DEP, contado: '13' });
    expect(r).toEqual({ ok: false, erro: { codigo: 'sem_custo', chave: DEP } });
    if (!r.ok)
      expect(mensagemErroMovimento(r.erro, { produto: 'Arroz 5 kg', local: 'Depósito' })).toBe(
        'Arroz 5 kg ainda não tem custo médio, e a contagem aumenta o seu estoque. Lance um ajuste de entrada com o custo unitário e depois o inventário.',
      );
  });

  it('with negative stock allowed, an entrada after a negative balance takes its own cost', () => {
    const { estado } = aplica(
      [
        { tipo: 'entrada', chave: DEP, quantidade: '2', custoUnitario: '5.00' },
        { tipo: 'saida', chave: DEP, quantidade: '5' },
        { tipo: 'entrada', chave: DEP, quantidade: '10', custoUnitario: '8.00' },
      ],
      { permiteNegativo: true },
    );
    expect(estado.produtos.get('ARROZ')).toEqual({ saldo: '7.000', custoMedio: '8.0000' });
  });
});

describe('ledger model: quantities', () => {
  const base = aplica([{ tipo: 'entrada', chave: DEP, quantidade: '36', custoUnitario: '6.50' }]).estado;

  it('refuses a saída beyond what is available, naming product, location and quantity', () => {
    const r = applyMovement(base, { tipo: 'saida', chave: DEP, quantidade: '36.001' });
    expect(r).toEqual({
      ok: false,
      erro: { codigo: 'estoque_insuficiente', chave: DEP, disponivel: '36.000' },
    });
    if (!r.ok)
      expect(mensagemErroMovimento(r.erro, { produto: 'Arroz 5 kg', local: 'Depósito' })).toBe(
        'Estoque insuficiente de Arroz 5 kg em Depósito: disponível 36.',
      );
  });

  it('the same saída passes when negative stock is allowed', () => {
    const r = applyMovement(base, { tipo: 'saida', chave: DEP, quantidade: '40' }, { permiteNegativo: true });
    expect(r.ok && saldoDe(r.estado, DEP)?.saldo).toBe('-4.000');
  });

  it('reservations lower what is available; consuming them moves both', () => {
    const { estado } = aplica([{ tipo: 'reserva', chave: DEP, quantidade: '30' }], {}, base);
    expect(disponivelDe(estado, DEP)).toBe('6.000');
    expect(applyMovement(estado, { tipo: 'saida', chave: DEP, quantidade: '7' })).toEqual({
      ok: false,
      erro: { codigo: 'estoque_insuficiente', chave: DEP, disponivel: '6.000' },
    });
    expect(applyMovement(estado, { tipo: 'reserva', chave: DEP, quantidade: '6.5' })).toMatchObject({
      ok: false,
      erro: { codigo: 'estoque_insuficiente', disponivel: '6.000' },
    });
    const consumo = aplica(
      [{ tipo: 'saida', chave: DEP, quantidade: '10', consumirReserva: true }],
      {},
      estado,
    );
    expect(saldoDe(consumo.estado, DEP)).toMatchObject({ saldo: '26.000', reservado: '20.000' });
    expect(disponivelDe(consumo.estado, DEP)).toBe('6.000');
    const r = applyMovement(consumo.estado, { tipo: 'liberacao', chave: DEP, quantidade: '25' });
    expect(r).toEqual({
      ok: false,
      erro: { codigo: 'reserva_insuficiente', chave: DEP, reservado: '20.000' },
    });
    if (!r.ok)
      expect(mensagemErroMovimento(r.erro, { produto: 'Arroz 5 kg', local: 'Depósito' })).toBe(
        'Reserva insuficiente de Arroz 5 kg em Depósito: reservado 20.',
      );
    const liberada = aplica([{ tipo: 'liberacao', chave: DEP, quantidade: '20' }], {}, consumo.estado);
    expect(disponivelDe(liberada.estado, DEP)).toBe('26.000');
    expect(liberada.linhas).toEqual([]);
  });

  it('a transfer writes both legs at the average cost and keeps the product total', () => {
    const { estado, linhas } = aplica(
      [
        {
          tipo: 'transferencia',
          produtoId: 'ARROZ',
          loteId: null,
          origemId: 'DEP',
          destinoId: 'SEP',
          quantidade: '12.5',
        },
      ],
      {},
      base,
    );
    expect(linhas).toEqual([
      { ...DEP, tipo: 'transferencia', quantidade: '-12.500', custoUnitario: '6.5000' },
      { ...SEP, tipo: 'transferencia', quantidade: '12.500', custoUnitario: '6.5000' },
    ]);
    expect(saldoDe(estado, DEP)?.saldo).toBe('23.500');
    expect(saldoDe(estado, SEP)?.saldo).toBe('12.500');
    expect(estado.produtos.get('ARROZ')).toEqual({ saldo: '36.000', custoMedio: '6.5000' });
  });

  it('refuses a transfer to the same location or beyond the origin balance, changing nothing', () => {
    const t = { tipo: 'transferencia', produtoId: 'ARROZ', loteId: null, origemId: 'DEP' } as const;
    expect(applyMovement(base, { ...t, destinoId: 'DEP', quantidade: '1' })).toEqual({
      ok: false,
      erro: { codigo: 'operacao_invalida', mensagem: 'Local de destino deve ser diferente do de origem' },
    });
    expect(applyMovement(base, { ...t, destinoId: 'SEP', quantidade: '37' })).toMatchObject({
      ok: false,
      erro: { codigo: 'estoque_insuficiente', disponivel: '36.000' },
    });
    expect(saldoDe(base, DEP)?.saldo).toBe('36.000');
    expect(saldoDe(base, SEP)).toBeUndefined();
  });

  it('an inventory writes the difference, or nothing when the count matches', () => {
    const r = aplica([{ tipo: 'inventario', chave: DEP, contado: '30' }], {}, base);
    expect(r.linhas).toEqual([{ ...DEP, tipo: 'inventario', quantidade: '-6.000', custoUnitario: '6.5000' }]);
    expect(aplica([{ tipo: 'inventario', chave: DEP, contado: '36.000' }], {}, base).linhas).toEqual([]);
    expect(aplica([{ tipo: 'inventario', chave: SEP, contado: '2' }], {}, base).linhas).toEqual([
      { ...SEP, tipo: 'inventario', quantidade: '2.000', custoUnitario: '6.5000' },
    ]);
  });

  it('keeps lots apart', () => {
    const l1 = { ...DEP, loteId: 'L1' };
    const l2 = { ...DEP, loteId: 'L2' };
    const { estado } = aplica([
      { tipo: 'entrada', chave: l1, quantidade: '5', custoUnitario: '1' },
      { tipo: 'entrada', chave: l2, quantidade: '5', custoUnitario: '1' },
    ]);
    expect(applyMovement(estado, { tipo: 'saida', chave: l1, quantidade: '6' })).toMatchObject({
      ok: false,
      erro: { codigo: 'estoque_insuficiente', chave: l1, disponivel: '5.000' },
    });
  });

  it.each([
    [
      { tipo: 'entrada', chave: DEP, quantidade: '0', custoUnitario: '1' },
      'Quantidade deve ser maior que zero',
    ],
    [
      { tipo: 'entrada', chave: DEP, quantidade: '1', custoUnitario: '-1' },
      'Custo unitário não pode ser negativo',
    ],
    [{ tipo: 'saida', chave: DEP, quantidade: '-1' }, 'Quantidade deve ser maior que zero'],
    [{ tipo: 'ajuste', chave: DEP, quantidade: '0.000' }, 'Quantidade do ajuste não pode ser zero'],
    [
      { tipo: 'ajuste', chave: DEP, quantidade: '1', custoUnitario: '-0.0001' },
      'Custo unitário não pode ser negativo',
    ],
    [{ tipo: 'inventario', chave: DEP, contado: '-1' }, 'Quantidade contada não pode ser negativa'],
    [{ tipo: 'reserva', chave: DEP, quantidade: '0' }, 'Quantidade deve ser maior que zero'],
  ] as Operacao[][])('refuses %o', (op, mensagem) => {
    expect(applyMovement(base, op as Operacao)).toEqual({
      ok: false,
      erro: { codigo: 'operacao_invalida', mensagem },
    });
  });

  it('never changes the state it was given', () => {
    const antes = JSON.stringify([...base.saldos]);
    applyMovement(base, { tipo: 'saida', chave: DEP, quantidade: '1' });
    applyMovement(base, { tipo: 'reserva', chave: DEP, quantidade: '1' });
    expect(JSON.stringify([...base.saldos])).toBe(antes);
  });
});

describe('ledger invariants', () => {
  it('verificaRazao finds a balance that is not the sum of its rows', () => {
    const { estado, linhas } = aplica([{ tipo: 'entrada', chave: DEP, quantidade: '5', custoUnitario: '1' }]);
    expect(verificaRazao(estado, linhas)).toEqual([]);
    expect(verificaRazao(estado, [...linhas, { ...linhas[0]!, quantidade: '1.000' }])).toEqual([
      { chave: 'ARROZ|DEP|', regra: 'saldo 5.000 difere da soma do razão' },
    ]);
    const adulterado: EstadoEstoque = {
      saldos: new Map([[chaveSaldo(DEP), { ...DEP, saldo: '5.000', reservado: '6.000' }]]),
      produtos: new Map([['ARROZ', { saldo: '4.000', custoMedio: '1.0000' }]]),
    };
    expect(verificaRazao(adulterado, linhas)).toEqual([
      { chave: 'ARROZ|DEP|', regra: 'disponível negativo' },
      { chave: 'ARROZ', regra: 'estoque do produto 4.000 difere da soma dos saldos' },
    ]);
  });

  // Seeded PRNG (mulberry32, as the demo seed uses) so a failure names a reproducible seed.
  function aleatorio(seed: number): Aleatorio {
    let a = seed >>> 0;
    const next = () => {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    return {
      int: (min, max) => min + Math.floor(next() * (max - min + 1)),
      pick: (items) => items[Math.floor(next() * items.length)]!,
      chance: (p) => next() < p,
    };
  }

  const universo: UniversoEstoque = {
    produtos: ['P1', 'P2', 'P3'],
    locais: ['DEP', 'SEP', 'AVR'],
    lotes: { P1: ['L1', 'L2'], P3: ['L9'] },
  };

  it.each([
    [{}, 1],
    [{}, 2],
    [{}, 3],
    [{}, 4],
    [{}, 5],
    [{}, 6],
    [{}, 7],
    [{}, 8],
    [{ permiteNegativo: true }, 9],
    [{ permiteNegativo: true }, 10],
  ] as [OpcoesMovimento, number][])(
    'after random movements every balance is the sum of its rows and nothing available is negative (%o, seed %i)',
    (opcoes, seed) => {
      const rand = aleatorio(seed);
      let estado = ESTADO_ESTOQUE_VAZIO;
      const linhas: LinhaRazao[] = [];
      const contagem = { aceitas: 0, recusadas: 0 };
      const tipos = new Set<string>();
      for (let i = 0; i < 400; i++) {
        const op = operacaoAleatoria(rand, universo, estado, linhas);
        const r = applyMovement(estado, op, opcoes);
        if (r.ok) {
          estado = r.estado;
          linhas.push(...r.linhas);
          contagem.aceitas++;
          tipos.add(op.tipo);
        } else {
          contagem.recusadas++;
        }
        const violacoes = verificaRazao(estado, linhas, opcoes);
        if (violacoes.length)
          throw new Error(`seed ${seed}, op ${i} ${JSON.stringify(op)}: ${JSON.stringify(violacoes)}`);
      }
      expect(contagem.aceitas).toBeGreaterThan(200);
      expect(tipos).toEqual(
        new Set([
          'entrada',
          'saida',
          'transferencia',
          'ajuste',
          'inventario',
          'estorno',
          'reserva',
          'liberacao',
        ]),
      );
      if (!opcoes.permiteNegativo) expect(contagem.recusadas).toBeGreaterThan(10);
    },
  );
});
