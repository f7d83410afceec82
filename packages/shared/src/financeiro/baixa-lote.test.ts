import { describe, expect, it } from 'vitest';
import { Decimal } from '../decimal.ts';
import { alocarBaixaEmLote, baixaLoteMensagens, type TituloLote } from './baixa-lote.ts';
import { tituloMensagens } from './titulo-status.ts';

const titulo = (id: string, vencimento: string, saldo: string, t: Partial<TituloLote> = {}): TituloLote => ({
  id,
  documento: `NF ${id}`,
  saldo,
  vencimento,
  juros_mes_percentual: '0',
  multa_percentual: '0',
  ...t,
});

function aloca(titulos: TituloLote[], valor: string, data: string) {
  const r = alocarBaixaEmLote(titulos, valor, data);
  if (!r.ok) throw new Error(r.mensagem);
  return r;
}

describe('alocarBaixaEmLote', () => {
  const a = titulo('A', '2026-03-02', '100.00');
  const b = titulo('B', '2026-02-20', '200.00');
  const c = titulo('C', '2026-03-10', '300.00');

  it('the exact total settles every título, oldest due date first', () => {
    const r = aloca([a, b, c], '600.00', '2026-02-20');
    expect(r.alocacoes.map((x) => [x.titulo_id, x.valor_pago, x.principal, x.tipo])).toEqual([
      ['B', '200.00', '200.00', 'total'],
      ['A', '100.00', '100.00', 'total'],
      ['C', '300.00', '300.00', 'total'],
    ]);
    expect(r.nao_alcancados).toEqual([]);
    expect(r.total_devido).toBe('600.00');
  });

  it('a smaller payment: the last reached is partial, the rest not reached', () => {
    const r = aloca([a, b, c], '250.00', '2026-02-20');
    expect(r.alocacoes.map((x) => [x.titulo_id, x.valor_pago, x.principal, x.tipo])).toEqual([
      ['B', '200.00', '200.00', 'total'],
      ['A', '50.00', '50.00', 'parcial'],
    ]);
    expect(r.nao_alcancados).toEqual(['C']);
  });

  it('same due date: the order given', () => {
    const r = aloca(
      [titulo('X', '2026-03-02', '10.00'), titulo('Y', '2026-03-02', '10.00')],
      '15.00',
      '2026-03-01',
    );
    expect(r.alocacoes.map((x) => [x.titulo_id, x.valor_pago])).toEqual([
      ['X', '10.00'],
      ['Y', '5.00'],
    ]);
  });

  describe('with late charges', () => {
    // Due Wed 04/02/2026, paid Thu 19/02 (15 days): 1.000,00 → juros 5,00 + multa 20,00 = 1.025,00.
    const atrasado = titulo('L', '2026-02-04', '1000.00', {
      juros_mes_percentual: '1',
      multa_percentual: '2',
    });
    const emDia = titulo('D', '2026-03-02', '500.00', { desconto_valor: '5.00', desconto_ate: '2026-02-25' });

    it('each título settled with its charges and desconto; the partial one pays charges first', () => {
      const r = aloca([emDia, atrasado], '1100.00', '2026-02-19');
      expect(r.total_devido).toBe('1520.00'); // 1025 + 495
      expect(r.alocacoes).toEqual([
        {
          titulo_id: 'L',
          valor_pago: '1025.00',
          juros: '5.00',
          multa: '20.00',
          desconto: '0.00',
          principal: '1000.00',
          tipo: 'total',
        },
        // 75,00 left: no desconto on a partial baixa.
        {
          titulo_id: 'D',
          valor_pago: '75.00',
          juros: '0.00',
          multa: '0.00',
          desconto: '0.00',
          principal: '75.00',
          tipo: 'parcial',
        },
      ]);
    });

    it('a partial one: juros, then multa, then principal', () => {
      expect(aloca([atrasado], '1010.00', '2026-02-19').alocacoes).toEqual([
        {
          titulo_id: 'L',
          valor_pago: '1010.00',
          juros: '5.00',
          multa: '20.00',
          desconto: '0.00',
          principal: '985.00',
          tipo: 'parcial',
        },
      ]);
    });

    it('refuses a remainder that does not cover the charges of the título it reaches', () => {
      expect(alocarBaixaEmLote([atrasado], '25.00', '2026-02-19')).toEqual({
        ok: false,
        mensagem: baixaLoteMensagens.naoCobreEncargos('NF L', '25.00', '25.00'),
        campo: 'valor_pago',
      });
    });
  });

  it.each([
    ['a payment above the total due', [a, b], '300.01', baixaLoteMensagens.excedeTotal('300.01', '300.00')],
    ['a repeated título', [a, a], '100.00', baixaLoteMensagens.tituloRepetido],
    ['no títulos', [], '100.00', baixaLoteMensagens.semTitulos],
    ['a zero payment', [a], '0', baixaLoteMensagens.valorPositivo],
    ['a paid título', [titulo('P', '2026-03-02', '0.00')], '1.00', tituloMensagens.jaPago],
  ])('refuses %s', (_caso, titulos, valor, mensagem) => {
    expect(alocarBaixaEmLote(titulos, valor, '2026-02-20')).toMatchObject({ ok: false, mensagem });
  });

  it('the allocations always add up to the payment (seeded random cases)', () => {
    let semente = 7;
    const aleatorio = (n: number) => {
      semente = (semente * 1103515245 + 12345) % 2147483648;
      return semente % n;
    };
    for (let caso = 0; caso < 200; caso++) {
      const titulos = Array.from({ length: 1 + aleatorio(8) }, (_, i) =>
        titulo(
          `T${i}`,
          `2026-0${1 + aleatorio(3)}-1${aleatorio(9)}`,
          `${1 + aleatorio(5000)}.${aleatorio(90) + 10}`,
          {
            juros_mes_percentual: String(aleatorio(3)),
            multa_percentual: String(aleatorio(3)),
          },
        ),
      );
      const r0 = aloca(titulos, '0.01', '2026-01-01'); // nothing late on 01/01
      const devido = Decimal.of(r0.total_devido);
      const pago = devido.times(aleatorio(101)).dividedBy(100, 2);
      if (pago.isZero()) continue;
      const r = aloca(titulos, pago.toFixed(2), '2026-01-01');
      expect(Decimal.sum(r.alocacoes.map((x) => x.valor_pago)).eq(pago)).toBe(true);
      expect(r.alocacoes.length + r.nao_alcancados.length).toBe(titulos.length);
      for (const x of r.alocacoes)
        expect(Decimal.of(x.valor_pago).minus(x.juros).minus(x.multa).plus(x.desconto).toFixed(2)).toBe(
          x.principal,
        );
    }
  });
});
