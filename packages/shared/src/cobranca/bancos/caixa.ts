// Caixa Econômica Federal (104), SIGCB. Sources: CAIXA "Especificações do código de barras para
// bloquetos de cobrança — SIGCB" and the peer project brcobranca's spec
// spec/brcobranca/boleto/caixa_spec.rb (values cited in the test).
//
// Código do beneficiário: 6 digits; its DV (módulo 11 base 9, 11 − resto, above 9 → 0) is
// computed, never typed. Nosso número: 17 digits = carteira ("1" registrada) + emissão ("4",
// by the beneficiário) + sequencial(15); DV módulo 11 like the código's. Printed
// "14000000000000001-4".
// Campo livre: código(6) + DV(1) + sequencial 1–3 + carteira + sequencial 4–6 + emissão +
// sequencial 7–15 + DV of those 24 digits (módulo 11, 11 − resto, above 9 → 0).
// The agência (4) is printed with the código ("1825/245274-0"); the conta is not in the barcode.
// Not implemented: the 7-digit código do beneficiário layout.

import {
  type CarteiraNormalizada,
  type EntradaNossoNumero,
  type RegrasBanco,
  sequencialCom,
} from '../banco.ts';
import { restoModulo11 } from '../modulos.ts';

const EMISSAO_BENEFICIARIO = '4';

/** Caixa's módulo 11: 11 − resto, results above 9 (resto 0 or 1) become 0. */
export function dvModulo11Caixa(digitos: string): string {
  const dv = 11 - restoModulo11(digitos);
  return dv > 9 ? '0' : String(dv);
}

export const caixa: RegrasBanco = {
  codigo: '104',
  nome: 'Caixa',
  artigo: 'a',
  layouts: ['cnab240', 'cnab400'],
  campos: {
    agencia: { rotulo: 'Agência', obrigatorio: true, tamanho: 4 },
    conta: { rotulo: 'Conta (operação e número)', obrigatorio: false, tamanho: 12 },
    contaDv: { rotulo: 'Dígito da conta', obrigatorio: false, tamanho: 1, formato: /^\d$/, ajuda: '0 a 9' },
    carteira: { rotulo: 'Carteira (1 = cobrança registrada)', obrigatorio: true, tamanho: 1, valores: ['1'] },
    convenio: { rotulo: 'Código do beneficiário', obrigatorio: true, tamanho: 6 },
  },
  validar() {
    return [];
  },
  maiorSequencial() {
    return 10n ** 15n - 1n;
  },
  nossoNumero(c: CarteiraNormalizada, e: EntradaNossoNumero) {
    const numero = `${c.carteira}${EMISSAO_BENEFICIARIO}${sequencialCom(e, 15)}`;
    const dv = dvModulo11Caixa(numero);
    return { numero, dv, impresso: `${numero}-${dv}` };
  },
  campoLivre(c, { nossoNumero }) {
    const s = nossoNumero.numero.slice(2);
    const base = `${c.convenio}${dvModulo11Caixa(c.convenio)}${s.slice(0, 3)}${c.carteira}${s.slice(3, 6)}${EMISSAO_BENEFICIARIO}${s.slice(6)}`;
    return base + dvModulo11Caixa(base);
  },
  agenciaCodigoBeneficiario(c) {
    return `${c.agencia}/${c.convenio}-${dvModulo11Caixa(c.convenio)}`;
  },
};
