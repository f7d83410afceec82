// Sicoob (756, Bancoob). Sources: Sicoob "Layout do boleto — cobrança" (nosso número DV with the
// constant 3197) and the peer project brcobranca's spec spec/brcobranca/boleto/sicoob_spec.rb
// (values cited in the test).
//
// Cooperativa (agência, 4), código do beneficiário/cliente (7, with its own digit), carteira
// (1 simples com registro, 3 caucionada), modalidade (variação, 2 digits, "01" simples).
// Nosso número: 7 digits + DV: cooperativa(4) + código do beneficiário left-padded to 10 +
// nosso número(7), weighted 3, 1, 9, 7, 3, 1, 9, 7… from the left; resto 0 or 1 → 0, else
// 11 − resto. Printed "nosso número-DV".
// Campo livre: carteira(1) + cooperativa(4) + modalidade(2) + código(7) + nosso número(7) + DV +
// parcela(3, "001").

import {
  type CarteiraNormalizada,
  type EntradaNossoNumero,
  type RegrasBanco,
  sequencialCom,
} from '../banco.ts';

const CONSTANTE = [3, 1, 9, 7] as const;

/** Sicoob's nosso número DV (the "constante 3197"). */
export function dvNossoNumeroSicoob(cooperativa: string, codigo: string, numero: string): string {
  const base = `${cooperativa.padStart(4, '0')}${codigo.padStart(10, '0')}${numero.padStart(7, '0')}`;
  let soma = 0;
  for (let i = 0; i < base.length; i++) soma += (base.charCodeAt(i) - 48) * CONSTANTE[i % 4]!;
  const resto = soma % 11;
  return resto < 2 ? '0' : String(11 - resto);
}

const MODALIDADE_PADRAO = '01';

export const sicoob: RegrasBanco = {
  codigo: '756',
  nome: 'Sicoob',
  artigo: 'o',
  layouts: ['cnab240', 'cnab400'],
  campos: {
    agencia: { rotulo: 'Cooperativa (agência)', obrigatorio: true, tamanho: 4 },
    conta: { rotulo: 'Conta', obrigatorio: false, tamanho: 10 },
    contaDv: { rotulo: 'Dígito da conta', obrigatorio: false, tamanho: 1, formato: /^\d$/, ajuda: '0 a 9' },
    carteira: { rotulo: 'Carteira', obrigatorio: true, tamanho: 1, valores: ['1', '3'] },
    variacao: { rotulo: 'Modalidade', obrigatorio: false, tamanho: 2 },
    convenio: { rotulo: 'Código do beneficiário', obrigatorio: true, tamanho: 7 },
  },
  validar() {
    return [];
  },
  maiorSequencial() {
    return 9_999_999n;
  },
  nossoNumero(c: CarteiraNormalizada, e: EntradaNossoNumero) {
    const numero = sequencialCom(e, 7);
    const dv = dvNossoNumeroSicoob(c.agencia, c.convenio, numero);
    return { numero, dv, impresso: `${numero}-${dv}` };
  },
  campoLivre(c, { nossoNumero }) {
    const modalidade = c.variacao || MODALIDADE_PADRAO;
    return `${c.carteira}${c.agencia}${modalidade}${c.convenio}${nossoNumero.numero}${nossoNumero.dv}001`;
  },
  agenciaCodigoBeneficiario(c) {
    return `${c.agencia} / ${c.convenio}`;
  },
};
