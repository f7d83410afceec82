// pt-BR plurals of counted things, one way for the whole app: "1 lançamento lido", "3 lançamentos lidos".

const inteiro = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });

/**
 * The singular or the plural form for a count. Only one (±1) is singular: zero takes the plural in
 * Brazilian usage ("0 pedidos"), as every screen of the app always wrote it.
 */
export function formaPlural(n: number, singular: string, pluralForm: string): string {
  return Math.abs(n) === 1 ? singular : pluralForm;
}

/**
 * The count (thousands grouped, pt-BR) followed by the right form: `plural(1, 'lançamento lido',
 * 'lançamentos lidos')` → "1 lançamento lido", `plural(1234, 'pedido', 'pedidos')` → "1.234 pedidos".
 */
export function plural(n: number, singular: string, pluralForm: string): string {
  return `${inteiro.format(n)} ${formaPlural(n, singular, pluralForm)}`;
}
