import { describe, expect, it } from 'vitest';
import {
  aplicarBaixa,
  cancelarTitulo,
  type DadosBaixa,
  type EstadoTitulo,
  EVENTOS_TITULO,
  estornarBaixa,
  isTituloVencido,
  podeTransitar,
  STATUS_TITULO,
  statusPorSaldo,
  tituloMensagens,
} from './titulo-status.ts';

const aberto: EstadoTitulo = { valor: '1000.00', saldo: '1000.00', status: 'em_aberto' };
const baixa = (valor_pago: string, extra: Partial<DadosBaixa> = {}): DadosBaixa => ({
  valor_pago,
  juros: '0.00',
  multa: '0.00',
  desconto: '0.00',
  ...extra,
});

/** Applies a baixa and returns the new state (fails the test when refused). */
function baixar(t: EstadoTitulo, b: DadosBaixa): EstadoTitulo & { principal: string } {
  const r = aplicarBaixa(t, b);
  if (!r.ok) throw new Error(r.mensagem);
  return { valor: t.valor, saldo: r.saldo, status: r.status, principal: r.principal };
}

function estornar(t: EstadoTitulo, principal: string): EstadoTitulo {
  const r = estornarBaixa(t, { principal, estornada: false });
  if (!r.ok) throw new Error(r.mensagem);
  return { valor: t.valor, saldo: r.saldo, status: r.status };
}

describe('transition table', () => {
  it('allows exactly these transitions', () => {
    const permitidas: string[] = [];
    for (const de of STATUS_TITULO)
      for (const evento of EVENTOS_TITULO)
        for (const para of STATUS_TITULO)
          if (podeTransitar(de, evento, para)) permitidas.push(`${de} -${evento}-> ${para}`);
    expect(permitidas).toEqual([
      'em_aberto -baixa-> parcial',
      'em_aberto -baixa-> pago',
      'em_aberto -cancelamento-> cancelado',
      'parcial -baixa-> parcial',
      'parcial -baixa-> pago',
      'parcial -estorno-> em_aberto',
      'parcial -estorno-> parcial',
      'pago -estorno-> em_aberto',
      'pago -estorno-> parcial',
    ]);
  });

  it('status follows the saldo', () => {
    expect(statusPorSaldo('1000.00', '1000.00')).toBe('em_aberto');
    expect(statusPorSaldo('1000.00', '0.01')).toBe('parcial');
    expect(statusPorSaldo('1000.00', '0.00')).toBe('pago');
  });

  it('overdue: an open balance due before today', () => {
    expect(isTituloVencido({ status: 'em_aberto', vencimento: '2026-11-22' }, '2026-11-23')).toBe(true);
    expect(isTituloVencido({ status: 'parcial', vencimento: '2026-11-22' }, '2026-11-23')).toBe(true);
    expect(isTituloVencido({ status: 'em_aberto', vencimento: '2026-11-23' }, '2026-11-23')).toBe(false);
    expect(isTituloVencido({ status: 'pago', vencimento: '2026-01-01' }, '2026-11-23')).toBe(false);
    expect(isTituloVencido({ status: 'cancelado', vencimento: '2026-01-01' }, '2026-11-23')).toBe(false);
  });
});

describe('aplicarBaixa', () => {
  it('partial: the principal leaves the saldo', () => {
    expect(aplicarBaixa(aberto, baixa('400.00'))).toEqual({
      ok: true,
      principal: '400.00',
      saldo: '600.00',
      status: 'parcial',
      tipo: 'parcial',
    });
  });

  it('total with juros and multa: principal = pago − juros − multa', () => {
    expect(aplicarBaixa(aberto, baixa('1025.00', { juros: '5.00', multa: '20.00' }))).toEqual({
      ok: true,
      principal: '1000.00',
      saldo: '0.00',
      status: 'pago',
      tipo: 'total',
    });
  });

  it('total with a desconto: principal = pago + desconto', () => {
    expect(aplicarBaixa(aberto, baixa('990.00', { desconto: '10.00' }))).toMatchObject({
      principal: '1000.00',
      saldo: '0.00',
      status: 'pago',
    });
  });

  it.each([
    ['above the saldo', aberto, baixa('1000.01'), tituloMensagens.excedeSaldo('1000.01', '1000.00')],
    [
      'only juros and multa',
      aberto,
      baixa('25.00', { juros: '5.00', multa: '20.00' }),
      tituloMensagens.principalPositivo,
    ],
    ['negative juros', aberto, baixa('100.00', { juros: '-1.00' }), tituloMensagens.valorNegativo],
    [
      'a paid título',
      { ...aberto, saldo: '0.00', status: 'pago' as const },
      baixa('1.00'),
      tituloMensagens.jaPago,
    ],
    [
      'a cancelled título',
      { ...aberto, status: 'cancelado' as const },
      baixa('1.00'),
      tituloMensagens.canceladoSemBaixa,
    ],
  ])('refuses a baixa %s', (_caso, t, b, mensagem) => {
    expect(aplicarBaixa(t, b)).toMatchObject({ ok: false, mensagem });
  });

  it('the excess message reads in reais', () => {
    expect(tituloMensagens.excedeSaldo('1000.01', '1000.00')).toBe(
      'O valor da baixa (R$\u00a01.000,01) excede o saldo do título (R$\u00a01.000,00).',
    );
  });
});

describe('estornarBaixa', () => {
  it('a partial baixa then its estorno restores the exact saldo and status', () => {
    const depois = baixar(aberto, baixa('333.33'));
    expect(depois).toMatchObject({ saldo: '666.67', status: 'parcial' });
    expect(estornar(depois, depois.principal)).toEqual(aberto);
  });

  it('two baixas reversed in any order come back to the original', () => {
    const b1 = baixar(aberto, baixa('300.00'));
    const b2 = baixar(b1, baixa('700.00'));
    expect(b2).toMatchObject({ saldo: '0.00', status: 'pago' });
    const semB1 = estornar(b2, b1.principal);
    expect(semB1).toEqual({ valor: '1000.00', saldo: '300.00', status: 'parcial' });
    expect(estornar(semB1, b2.principal)).toEqual(aberto);
  });

  it('a baixa with juros gives back only its principal', () => {
    const pago = baixar(aberto, baixa('1025.00', { juros: '5.00', multa: '20.00' }));
    expect(estornar(pago, pago.principal)).toEqual(aberto);
  });

  it('refuses an estorno already done, one that would pass the valor, and on a cancelled título', () => {
    const parcial: EstadoTitulo = { valor: '1000.00', saldo: '600.00', status: 'parcial' };
    expect(estornarBaixa(parcial, { principal: '400.00', estornada: true })).toMatchObject({
      ok: false,
      mensagem: tituloMensagens.baixaJaEstornada,
    });
    expect(estornarBaixa(parcial, { principal: '400.01', estornada: false })).toMatchObject({
      ok: false,
      mensagem: tituloMensagens.estornoAcimaDoValor,
    });
    expect(
      estornarBaixa({ ...aberto, status: 'cancelado' }, { principal: '1.00', estornada: false }),
    ).toMatchObject({
      ok: false,
      mensagem: tituloMensagens.estornoDeCancelado,
    });
  });
});

describe('cancelarTitulo', () => {
  it('an open título without baixas, with a reason of at least 10 characters', () => {
    expect(cancelarTitulo(aberto, { baixasAtivas: 0, motivo: 'Lançado em duplicidade' })).toEqual({
      ok: true,
      status: 'cancelado',
    });
  });

  it.each([
    ['a short reason', aberto, 0, '  curto   ', tituloMensagens.motivoCurto],
    [
      'with an active baixa',
      { ...aberto, saldo: '600.00', status: 'parcial' as const },
      1,
      'Lançado em duplicidade',
      tituloMensagens.cancelarComBaixa,
    ],
    [
      'paid',
      { ...aberto, saldo: '0.00', status: 'pago' as const },
      1,
      'Lançado em duplicidade',
      tituloMensagens.cancelarComBaixa,
    ],
    [
      'already cancelled',
      { ...aberto, status: 'cancelado' as const },
      0,
      'Lançado em duplicidade',
      tituloMensagens.jaCancelado,
    ],
  ])('refuses %s', (_caso, t, baixasAtivas, motivo, mensagem) => {
    expect(cancelarTitulo(t, { baixasAtivas, motivo })).toMatchObject({ ok: false, mensagem });
  });

  it('after every baixa was reversed, it may be cancelled', () => {
    const depois = baixar(aberto, baixa('100.00'));
    const estornado = estornar(depois, depois.principal);
    expect(cancelarTitulo(estornado, { baixasAtivas: 0, motivo: 'Venda desfeita pelo cliente' }).ok).toBe(
      true,
    );
  });
});
