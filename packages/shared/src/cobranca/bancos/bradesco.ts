// Bradesco (237). Sources: Bradesco "Layout de cobrança — boleto" (campo livre; nosso número DV
// módulo 11 base 7 with "P") and the peer project brcobranca's spec
// spec/brcobranca/boleto/bradesco_spec.rb (values cited in the test).
//
// Agência (4) + DV módulo 11 (weights 2–5), conta (7) + DV módulo 11 (weights 2–7): 11 − resto,
// 10 prints "P", 11 prints "0".
// Nosso número: 11 digits; DV módulo 11 base 7 of carteira(2) + nosso número: resto 0 → "0",
// resto 1 → "P", else 11 − resto. Printed "carteira/nosso número-DV".
// Campo livre: agência(4) + carteira(2) + nosso número(11) + conta(7) + "0".
// The código da empresa (convênio, 20 positions) goes only in the remessa.

import {
  type CarteiraNormalizada,
  type EntradaNossoNumero,
  type ErroCampoCobranca,
  erroDv,
  type RegrasBanco,
  sequencialCom,
} from '../banco.ts';
import { restoModulo11 } from '../modulos.ts';

/** Bradesco's agência/conta DV: 11 − resto, 10 → "P", 11 → "0" (base 7: weights 2–7). */
export function dvAgenciaContaBradesco(digitos: string): string {
  const dv = 11 - restoModulo11(digitos, 7);
  return dv === 10 ? 'P' : dv === 11 ? '0' : String(dv);
}

/** Bradesco's nosso número DV over carteira(2) + nosso número(11). */
export function dvNossoNumeroBradesco(carteira: string, nossoNumero: string): string {
  const resto = restoModulo11(carteira + nossoNumero, 7);
  return resto === 0 ? '0' : resto === 1 ? 'P' : String(11 - resto);
}

export const bradesco: RegrasBanco = {
  codigo: '237',
  nome: 'Bradesco',
  artigo: 'o',
  layouts: ['cnab240', 'cnab400'],
  campos: {
    agencia: { rotulo: 'Agência', obrigatorio: true, tamanho: 4 },
    agenciaDv: {
      rotulo: 'Dígito da agência',
      obrigatorio: true,
      tamanho: 1,
      formato: /^[\dP]$/,
      ajuda: '0 a 9 ou P',
    },
    conta: { rotulo: 'Conta', obrigatorio: true, tamanho: 7 },
    contaDv: {
      rotulo: 'Dígito da conta',
      obrigatorio: true,
      tamanho: 1,
      formato: /^[\dP]$/,
      ajuda: '0 a 9 ou P',
    },
    carteira: { rotulo: 'Carteira', obrigatorio: true, tamanho: 2 },
    convenio: { rotulo: 'Código da empresa', obrigatorio: false, tamanho: 20 },
  },
  validar(c: CarteiraNormalizada): ErroCampoCobranca[] {
    return [
      ...erroDv('agenciaDv', 'Dígito da agência', dvAgenciaContaBradesco(c.agencia), c.agenciaDv),
      ...erroDv('contaDv', 'Dígito da conta', dvAgenciaContaBradesco(c.conta), c.contaDv),
    ];
  },
  maiorSequencial() {
    return 99_999_999_999n;
  },
  nossoNumero(c, e: EntradaNossoNumero) {
    const numero = sequencialCom(e, 11);
    const dv = dvNossoNumeroBradesco(c.carteira, numero);
    return { numero, dv, impresso: `${c.carteira}/${numero}-${dv}` };
  },
  campoLivre(c, { nossoNumero }) {
    return `${c.agencia}${c.carteira}${nossoNumero.numero}${c.conta}0`;
  },
  agenciaCodigoBeneficiario(c) {
    return `${c.agencia}-${c.agenciaDv} / ${c.conta}-${c.contaDv}`;
  },
};
