import { formatDateBR } from '../dates.ts';
import { Decimal } from '../decimal.ts';
import type { ItemRemessa } from './remessa/tipos.ts';

// What a boleto charges and says besides its value (issue 31): multa and juros after the due date,
// the desconto until a date, protesto or baixa automática, the carteira's messages. One pure
// function feeds both the remessa (what the bank registers) and the printed instructions, so the
// two never disagree.
//
// Rules (written down, tested by hand in encargos-boleto.test.ts):
// - Juros: the título's % a month (else the carteira's). Banks whose layout takes R$ per day get
//   juros ao dia = valor × taxa / 100 / 30, rounded to the cent half away from zero (R$ 1.000,00 at
//   1 % a.m. = R$ 0,33 ao dia). Sicoob's CNAB 400 takes the % a month itself.
// - Multa: the título's % (else the carteira's), from the day after the due date. Banco do Brasil's
//   CNAB 400 has no multa field here (its record 5 is not written): printed, not registered.
// - Desconto: the título's own (valor + data) when it has one; else the carteira's % until the due
//   date, valor × % / 100 rounded to the cent.

export type EncargosEntrada = {
  banco: string;
  layout: 'cnab240' | 'cnab400';
  valor: string;
  vencimento: string;
  titulo: {
    juros_mes_percentual: string;
    multa_percentual: string;
    desconto_valor: string | null;
    desconto_ate: string | null;
  };
  carteira: {
    juros_mes_percentual: string;
    multa_percentual: string;
    desconto_percentual: string;
    dias_protesto: number | null;
    dias_baixa: number | null;
    mensagens: readonly string[];
  };
};

export type EncargosBoleto = Pick<
  ItemRemessa,
  'juros' | 'multa' | 'desconto' | 'protesto' | 'baixa' | 'mensagens'
> & {
  /** The lines printed in the boleto's "Instruções" box (pt-BR). */
  instrucoes: string[];
};

const positivo = (v: string | null | undefined) => (v && Decimal.of(v).isPositive() ? v : null);
const pct = (v: string) => `${Decimal.of(v).toFixed(2).replace('.', ',')} %`;
const reais = (v: string) => {
  const [i, d] = Decimal.of(v).toFixed(2).split('.') as [string, string];
  return `R$ ${i.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${d}`;
};

/** R$ per day of a monthly rate: valor × taxa / 3000, to the cent. */
export function jurosAoDia(valor: string, taxaMensal: string): string {
  return Decimal.of(valor).times(taxaMensal).dividedBy(3000, 2).toFixed(2);
}

export function encargosDoBoleto(e: EncargosEntrada): EncargosBoleto {
  const taxa = positivo(e.titulo.juros_mes_percentual) ?? positivo(e.carteira.juros_mes_percentual);
  const multaPct = positivo(e.titulo.multa_percentual) ?? positivo(e.carteira.multa_percentual);
  const instrucoes: string[] = [];
  const porMes = e.layout === 'cnab400' && e.banco === '756';
  const juros = taxa
    ? porMes
      ? { tipo: 'taxaMensal' as const, valor: Decimal.of(taxa).toFixed(4) }
      : { tipo: 'valorDia' as const, valor: jurosAoDia(e.valor, taxa) }
    : null;
  const jurosValidos = juros && Decimal.of(juros.valor).isPositive() ? juros : null;
  const multa =
    multaPct && !(e.layout === 'cnab400' && e.banco === '001')
      ? { tipo: 'percentual' as const, valor: Decimal.of(multaPct).toFixed(2) }
      : null;
  const partes: string[] = [];
  if (multaPct) partes.push(`multa de ${pct(multaPct)}`);
  if (taxa)
    partes.push(
      `juros de ${pct(taxa)} ao mês${jurosValidos?.tipo === 'valorDia' ? ` (${reais(jurosValidos.valor)} ao dia)` : ''}`,
    );
  if (partes.length) instrucoes.push(`Após o vencimento, cobrar ${partes.join(' e ')}.`);
  let desconto: EncargosBoleto['desconto'] = null;
  if (positivo(e.titulo.desconto_valor) && e.titulo.desconto_ate)
    desconto = { valor: Decimal.of(e.titulo.desconto_valor!).toFixed(2), data: e.titulo.desconto_ate };
  else if (positivo(e.carteira.desconto_percentual)) {
    const v = Decimal.of(e.valor).times(e.carteira.desconto_percentual).dividedBy(100, 2);
    if (v.isPositive()) desconto = { valor: v.toFixed(2), data: e.vencimento };
  }
  if (desconto)
    instrucoes.push(`Conceder desconto de ${reais(desconto.valor)} até ${formatDateBR(desconto.data)}.`);
  const protesto = e.carteira.dias_protesto ? { dias: e.carteira.dias_protesto } : null;
  const baixa = e.carteira.dias_baixa ? { dias: e.carteira.dias_baixa } : null;
  if (protesto) instrucoes.push(`Protestar após ${protesto.dias} dias corridos do vencimento.`);
  if (baixa) instrucoes.push(`Não receber após ${baixa.dias} dias do vencimento.`);
  instrucoes.push(...e.carteira.mensagens);
  return {
    juros: jurosValidos,
    multa,
    desconto,
    protesto,
    baixa,
    mensagens: e.layout === 'cnab240' && e.carteira.mensagens.length ? e.carteira.mensagens : null,
    instrucoes,
  };
}
