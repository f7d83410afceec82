// Banco do Brasil (001). Sources: BB "Especificações técnicas do código de barras" (Cobrança,
// convênios de 4, 6 e 7 posições) and the peer project brcobranca's spec
// spec/brcobranca/boleto/banco_brasil_spec.rb (values cited in the test).
//
// Agência (4) and conta (8) carry a DV módulo 11 base 9 (10 prints "X", 11 prints "0").
// Nosso número by the convênio's size:
//   4 digits: convênio(4) + sequencial(7) = 11, DV módulo 11 ("X" for 10);
//   6 digits: convênio(6) + sequencial(5) = 11, DV módulo 11;
//   7 digits: convênio(7) + sequencial(10) = 17, no DV.
// Campo livre: 11-digit nosso número + agência(4) + conta(8) + carteira(2); for 7 digits,
// "000000" + nosso número(17) + carteira(2).
// Not implemented: convênio of 6 digits with the free 17-digit nosso número (serviço "21").

import {
  type CarteiraNormalizada,
  type EntradaNossoNumero,
  type ErroCampoCobranca,
  erroDv,
  type RegrasBanco,
  sequencialCom,
} from '../banco.ts';
import { restoModulo11 } from '../modulos.ts';

/** BB's módulo 11: DV = 11 − resto, 10 → "X", 11 → "0" (agência, conta, nosso número). */
export function dvModulo11BancoDoBrasil(digitos: string): string {
  const dv = 11 - restoModulo11(digitos);
  return dv === 10 ? 'X' : dv === 11 ? '0' : String(dv);
}

const SEQUENCIAL: Record<number, number> = { 4: 7, 6: 5, 7: 10 };

export const bancoDoBrasil: RegrasBanco = {
  codigo: '001',
  nome: 'Banco do Brasil',
  artigo: 'o',
  layouts: ['cnab240', 'cnab400'],
  campos: {
    agencia: { rotulo: 'Agência', obrigatorio: true, tamanho: 4 },
    agenciaDv: {
      rotulo: 'Dígito da agência',
      obrigatorio: true,
      tamanho: 1,
      formato: /^[\dX]$/,
      ajuda: '0 a 9 ou X',
    },
    conta: { rotulo: 'Conta', obrigatorio: true, tamanho: 8 },
    contaDv: {
      rotulo: 'Dígito da conta',
      obrigatorio: true,
      tamanho: 1,
      formato: /^[\dX]$/,
      ajuda: '0 a 9 ou X',
    },
    carteira: {
      rotulo: 'Carteira',
      obrigatorio: true,
      tamanho: 2,
      valores: ['11', '12', '15', '16', '17', '18', '31', '51'],
    },
    variacao: { rotulo: 'Variação da carteira', obrigatorio: false, tamanho: 3 },
    convenio: { rotulo: 'Convênio', obrigatorio: true, tamanho: 7, tamanhosAceitos: [4, 6, 7] },
  },
  validar(c: CarteiraNormalizada): ErroCampoCobranca[] {
    return [
      ...erroDv('agenciaDv', 'Dígito da agência', dvModulo11BancoDoBrasil(c.agencia), c.agenciaDv),
      ...erroDv('contaDv', 'Dígito da conta', dvModulo11BancoDoBrasil(c.conta), c.contaDv),
    ];
  },
  maiorSequencial(c) {
    return 10n ** BigInt(SEQUENCIAL[c.convenio.length]!) - 1n;
  },
  nossoNumero(c, e: EntradaNossoNumero) {
    const numero = c.convenio + sequencialCom(e, SEQUENCIAL[c.convenio.length]!);
    if (c.convenio.length === 7) return { numero, dv: '', impresso: numero };
    const dv = dvModulo11BancoDoBrasil(numero);
    return { numero, dv, impresso: `${numero}-${dv}` };
  },
  campoLivre(c, { nossoNumero }) {
    if (c.convenio.length === 7) return `000000${nossoNumero.numero}${c.carteira}`;
    return `${nossoNumero.numero}${c.agencia}${c.conta}${c.carteira}`;
  },
  agenciaCodigoBeneficiario(c) {
    return `${c.agencia}-${c.agenciaDv} / ${c.conta}-${c.contaDv}`;
  },
};
