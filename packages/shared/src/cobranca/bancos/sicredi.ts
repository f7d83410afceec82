// Sicredi (748). Sources: Sicredi "Manual de cobrança — leiaute do código de barras" and the peer
// project brcobranca's spec spec/brcobranca/boleto/sicredi_spec.rb (values cited in the test).
//
// Cooperativa (agência, 4), posto (2), código do beneficiário (5), carteira = tipo de cobrança
// (1 com registro, 3 sem registro).
// Nosso número: ano(2) + byte de geração(1) + sequencial(5) + DV. Bytes 2–9 are the
// beneficiário's (1 is the cooperativa's), so our sequential s maps to byte 2 + ⌊s / 100000⌋ and
// sequencial s mod 100000: 799,999 boletos a year, and the year makes it unique across years.
// DV: módulo 11 base 9 of cooperativa + posto + código + ano + byte + sequencial, 11 − resto,
// above 9 → 0. Printed "aa/bsssss-d" ("16/208879-3").
// Campo livre: tipo de cobrança(1) + carteira "1" (simples) + nosso número with DV(9) +
// cooperativa(4) + posto(2) + código(5) + "1" when the boleto has a value ("0" without) + "0" +
// DV of those 24 digits (módulo 11: resto 0 or 1 → 0, else 11 − resto).

import {
  type CarteiraNormalizada,
  type EntradaNossoNumero,
  type RegrasBanco,
  sequencialCom,
} from '../banco.ts';
import { restoModulo11 } from '../modulos.ts';

const PRIMEIRO_BYTE = 200_000n;

export const sicredi: RegrasBanco = {
  codigo: '748',
  nome: 'Sicredi',
  artigo: 'o',
  layouts: ['cnab240', 'cnab400'],
  campos: {
    agencia: { rotulo: 'Cooperativa (agência)', obrigatorio: true, tamanho: 4 },
    posto: { rotulo: 'Posto', obrigatorio: true, tamanho: 2 },
    conta: { rotulo: 'Conta', obrigatorio: false, tamanho: 10 },
    contaDv: { rotulo: 'Dígito da conta', obrigatorio: false, tamanho: 1, formato: /^\d$/, ajuda: '0 a 9' },
    carteira: { rotulo: 'Tipo de cobrança (carteira)', obrigatorio: true, tamanho: 1, valores: ['1', '3'] },
    convenio: { rotulo: 'Código do beneficiário', obrigatorio: true, tamanho: 5 },
  },
  validar() {
    return [];
  },
  maiorSequencial() {
    return 799_999n;
  },
  nossoNumero(c: CarteiraNormalizada, e: EntradaNossoNumero) {
    const numero = `${e.emissao.slice(2, 4)}${sequencialCom({ ...e, sequencial: PRIMEIRO_BYTE + e.sequencial }, 6)}`;
    const dv = 11 - restoModulo11(`${c.agencia}${c.posto}${c.convenio}${numero}`);
    const d = dv > 9 ? '0' : String(dv);
    return { numero, dv: d, impresso: `${numero.slice(0, 2)}/${numero.slice(2)}-${d}` };
  },
  campoLivre(c, { nossoNumero, valor }) {
    const comValor = /^0+$/.test(valor) ? '0' : '1';
    const base = `${c.carteira}1${nossoNumero.numero}${nossoNumero.dv}${c.agencia}${c.posto}${c.convenio}${comValor}0`;
    const resto = restoModulo11(base);
    return base + (resto < 2 ? '0' : String(11 - resto));
  },
  agenciaCodigoBeneficiario(c) {
    return `${c.agencia}.${c.posto}.${c.convenio}`;
  },
};
