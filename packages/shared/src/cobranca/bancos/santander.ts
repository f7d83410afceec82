// Santander (033). Sources: Santander "Layout do código de barras — cobrança" and the peer project
// brcobranca's spec spec/brcobranca/boleto/santander_spec.rb (values cited in the test).
//
// Código do beneficiário: 7 digits. Nosso número: 12 digits + DV módulo 11 base 9 (resto 0 or 1 →
// 0, else 11 − resto, so resto 10 → 1). Printed "nosso número-DV".
// Campo livre: "9" + código do beneficiário(7) + nosso número(12) + DV + IOF "0" (only insurers
// use another) + carteira(3: 101 rápida com registro, 102 sem registro, 104 eletrônica, 201 penhor).
// The agência (4) is printed with the código; the conta is not in the barcode.

import {
  type CarteiraNormalizada,
  type EntradaNossoNumero,
  type RegrasBanco,
  sequencialCom,
} from '../banco.ts';
import { restoModulo11 } from '../modulos.ts';

export function dvNossoNumeroSantander(numero: string): string {
  const resto = restoModulo11(numero);
  return resto < 2 ? '0' : String(11 - resto);
}

export const santander: RegrasBanco = {
  codigo: '033',
  nome: 'Santander',
  artigo: 'o',
  layouts: ['cnab240', 'cnab400'],
  campos: {
    agencia: { rotulo: 'Agência', obrigatorio: true, tamanho: 4 },
    conta: { rotulo: 'Conta', obrigatorio: false, tamanho: 9 },
    contaDv: { rotulo: 'Dígito da conta', obrigatorio: false, tamanho: 1, formato: /^\d$/, ajuda: '0 a 9' },
    carteira: { rotulo: 'Carteira', obrigatorio: true, tamanho: 3, valores: ['101', '102', '104', '201'] },
    convenio: { rotulo: 'Código do beneficiário', obrigatorio: true, tamanho: 7 },
  },
  validar() {
    return [];
  },
  maiorSequencial() {
    return 10n ** 12n - 1n;
  },
  nossoNumero(_c: CarteiraNormalizada, e: EntradaNossoNumero) {
    const numero = sequencialCom(e, 12);
    const dv = dvNossoNumeroSantander(numero);
    return { numero, dv, impresso: `${numero}-${dv}` };
  },
  campoLivre(c, { nossoNumero }) {
    return `9${c.convenio}${nossoNumero.numero}${nossoNumero.dv}0${c.carteira}`;
  },
  agenciaCodigoBeneficiario(c) {
    return `${c.agencia} / ${c.convenio}`;
  },
};
