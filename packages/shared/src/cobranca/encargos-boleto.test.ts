import { describe, expect, it } from 'vitest';
import { type EncargosEntrada, encargosDoBoleto, jurosAoDia } from './encargos-boleto.ts';

// Worked by hand: juros ao dia = valor × taxa / 3000, to the cent, half away from zero.
describe('jurosAoDia', () => {
  it.each([
    ['1000.00', '1', '0.33'], // 1000 / 3000 = 0.3333…
    ['1234.56', '2', '0.82'], // 2469.12 / 3000 = 0.82304
    ['100.00', '0.5', '0.02'], // 50 / 3000 = 0.01666…
    ['45.00', '1', '0.02'], // 45 / 3000 = 0.015 → half away from zero
    ['44.99', '1', '0.01'], // 0.014996…
    ['10.00', '1', '0.00'], // 0.0033…: too small to register (no juros sent)
  ])('%s at %s %% a.m. → %s a day', (valor, taxa, dia) => expect(jurosAoDia(valor, taxa)).toBe(dia));
});

const base: EncargosEntrada = {
  banco: '341',
  layout: 'cnab400',
  valor: '1234.56',
  vencimento: '2026-12-21',
  titulo: {
    juros_mes_percentual: '1.0000',
    multa_percentual: '2.0000',
    desconto_valor: null,
    desconto_ate: null,
  },
  carteira: {
    juros_mes_percentual: '0',
    multa_percentual: '0',
    desconto_percentual: '0',
    dias_protesto: null,
    dias_baixa: null,
    mensagens: [],
  },
};

describe('encargosDoBoleto', () => {
  it('the título’s juros and multa; R$ a day where the layout asks for it', () => {
    const e = encargosDoBoleto(base);
    expect(e.juros).toEqual({ tipo: 'valorDia', valor: '0.41' }); // 1234.56 / 3000 = 0.41152
    expect(e.multa).toEqual({ tipo: 'percentual', valor: '2.00' });
    expect(e.instrucoes).toEqual([
      'Após o vencimento, cobrar multa de 2,00 % e juros de 1,00 % ao mês (R$ 0,41 ao dia).',
    ]);
    expect(e.mensagens).toBeNull();
  });

  it('the carteira’s defaults when the título has none; protesto, baixa and messages (CNAB 240)', () => {
    const e = encargosDoBoleto({
      ...base,
      banco: '104',
      layout: 'cnab240',
      titulo: { ...base.titulo, juros_mes_percentual: '0', multa_percentual: '0' },
      carteira: {
        juros_mes_percentual: '3.0000',
        multa_percentual: '10.0000',
        desconto_percentual: '5.0000',
        dias_protesto: 5,
        dias_baixa: 30,
        mensagens: ['Não aceitar cheque'],
      },
    });
    expect(e.juros).toEqual({ tipo: 'valorDia', valor: '1.23' }); // 3703.68 / 3000 = 1.23456
    expect(e.multa).toEqual({ tipo: 'percentual', valor: '10.00' });
    expect(e.desconto).toEqual({ valor: '61.73', data: '2026-12-21' }); // 1234.56 × 5 % = 61.728
    expect(e.protesto).toEqual({ dias: 5 });
    expect(e.baixa).toEqual({ dias: 30 });
    expect(e.mensagens).toEqual(['Não aceitar cheque']);
    expect(e.instrucoes).toEqual([
      'Após o vencimento, cobrar multa de 10,00 % e juros de 3,00 % ao mês (R$ 1,23 ao dia).',
      'Conceder desconto de R$ 61,73 até 21/12/2026.',
      'Protestar após 5 dias corridos do vencimento.',
      'Não receber após 30 dias do vencimento.',
      'Não aceitar cheque',
    ]);
  });

  it('the título’s own desconto wins; Sicoob CNAB 400 takes % a month; BB CNAB 400 prints the multa only', () => {
    const t = { ...base.titulo, desconto_valor: '1500.00', desconto_ate: '2026-12-10' };
    expect(encargosDoBoleto({ ...base, titulo: t }).desconto).toEqual({
      valor: '1500.00',
      data: '2026-12-10',
    });
    expect(encargosDoBoleto({ ...base, banco: '756' }).juros).toEqual({
      tipo: 'taxaMensal',
      valor: '1.0000',
    });
    const bb = encargosDoBoleto({ ...base, banco: '001' });
    expect(bb.multa).toBeNull();
    expect(bb.instrucoes[0]).toContain('multa de 2,00 %');
  });
});
