import { describe, expect, it } from 'vitest';
import { carteiraCobrancaSchema as carteiraFormSchema } from './cobranca.schema.ts';

// The carteira form as the dialog sends it: text inputs everywhere, percentages typed pt-BR.
const form = {
  agencia: '4042',
  agencia_dv: '8',
  conta: '61900',
  conta_dv: '0',
  carteira: '18',
  variacao: '',
  convenio: '1238798',
  posto: '',
  codigo_transmissao: '',
  layout: 'cnab240',
  proximo_nosso_numero: '1',
  proximo_nsa: '1',
  multa_percentual: '2',
  juros_mes_percentual: '1,5',
  desconto_percentual: '0',
  dias_protesto: '30',
  dias_baixa: '',
  mensagens: ['Não receber após 30 dias', '', '', ''],
  classe_tarifa_id: '',
  ativa: true,
  padrao: false,
};

describe('carteiraFormSchema', () => {
  it('reads the typed day counts and numbers, drops the empty message lines', () => {
    const r = carteiraFormSchema.safeParse(form);
    expect(r.success).toBe(true);
    expect(r.data).toMatchObject({
      proximo_nosso_numero: 1,
      proximo_nsa: 1,
      dias_protesto: 30,
      dias_baixa: null,
      juros_mes_percentual: '1.5000',
      mensagens: ['Não receber após 30 dias'],
      classe_tarifa_id: null,
    });
  });

  it('a day count that is not a number is refused on its field, in pt-BR', () => {
    const r = carteiraFormSchema.safeParse({ ...form, dias_protesto: 'abc' });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['dias_protesto', 'Dias para protesto deve ser um número de dias'],
    ]);
  });

  it('required bank fields', () => {
    const r = carteiraFormSchema.safeParse({ ...form, agencia: ' ', carteira: '' });
    expect(r.error?.issues.map((i) => i.path.join('.'))).toEqual(['agencia', 'carteira']);
  });
});
