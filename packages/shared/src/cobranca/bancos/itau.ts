// Itaú (341). Sources: Itaú "Cobrança — especificações do boleto" (DAC módulo 10 of the nosso
// número and of agência/conta; campo livre) and the peer project brcobranca's spec
// spec/brcobranca/boleto/itau_spec.rb (values cited in the test).
//
// Agência (4, printed without DV), conta (5) + DAC = módulo 10 of agência + conta.
// Nosso número: 8 digits; its DAC is módulo 10 of agência + conta + carteira + nosso número,
// except carteiras 126, 131, 146, 150, 168 (Itaú manual, "Dígito do nosso número", as quoted by
// caelum-stella and laravel-boleto issue #610) and the escritural 112 (brcobranca issue #4 and
// laravel-boleto #610, both checked against boletos printed by the bank): carteira + nosso número only.
// Printed "carteira/nosso número-DAC".
// Campo livre: carteira(3) + nosso número(8) + DAC + agência(4) + conta(5) + DAC conta + "000";
// carteiras 106, 107, 122, 142, 143, 195, 196 and 198 carry instead the seu número (7) and the
// código do cliente (5): carteira + nosso número + seu número + código do cliente + DAC
// (módulo 10 of those 23 digits) + "0".

import {
  type CarteiraNormalizada,
  type EntradaNossoNumero,
  type ErroCampoCobranca,
  erroDv,
  type RegrasBanco,
  sequencialCom,
} from '../banco.ts';
import { modulo10 } from '../modulos.ts';

const SO_CARTEIRA = ['112', '126', '131', '146', '150', '168'];
const COM_SEU_NUMERO = ['106', '107', '122', '142', '143', '195', '196', '198'];

export const itau: RegrasBanco = {
  codigo: '341',
  nome: 'Itaú',
  artigo: 'o',
  layouts: ['cnab240', 'cnab400'],
  campos: {
    agencia: { rotulo: 'Agência', obrigatorio: true, tamanho: 4 },
    conta: { rotulo: 'Conta', obrigatorio: true, tamanho: 5 },
    contaDv: {
      rotulo: 'Dígito (DAC) da conta',
      obrigatorio: true,
      tamanho: 1,
      formato: /^\d$/,
      ajuda: '0 a 9',
    },
    carteira: {
      rotulo: 'Carteira',
      obrigatorio: true,
      tamanho: 3,
      valores: [
        '104',
        '109',
        '110',
        '111',
        '112',
        '115',
        '121',
        '126',
        '131',
        '146',
        '150',
        '157',
        '168',
        '175',
        '180',
        '188',
        ...COM_SEU_NUMERO,
      ],
    },
    convenio: { rotulo: 'Código do cliente', obrigatorio: false, tamanho: 5 },
  },
  validar(c: CarteiraNormalizada): ErroCampoCobranca[] {
    const erros = erroDv(
      'contaDv',
      'Dígito (DAC) da conta',
      String(modulo10(c.agencia + c.conta)),
      c.contaDv,
    );
    if (COM_SEU_NUMERO.includes(c.carteira) && c.convenio === '')
      erros.push({
        campo: 'convenio',
        mensagem: `Código do cliente: obrigatório na carteira ${c.carteira} do Itaú.`,
      });
    return erros;
  },
  maiorSequencial() {
    return 99_999_999n;
  },
  nossoNumero(c, e: EntradaNossoNumero) {
    const numero = sequencialCom(e, 8);
    const base = SO_CARTEIRA.includes(c.carteira)
      ? c.carteira + numero
      : c.agencia + c.conta + c.carteira + numero;
    const dv = String(modulo10(base));
    return { numero, dv, impresso: `${c.carteira}/${numero}-${dv}` };
  },
  exigeSeuNumero(c) {
    return COM_SEU_NUMERO.includes(c.carteira);
  },
  campoLivre(c, { nossoNumero, seuNumero }) {
    if (COM_SEU_NUMERO.includes(c.carteira)) {
      const base = `${c.carteira}${nossoNumero.numero}${seuNumero}${c.convenio}`;
      return `${base}${modulo10(base)}0`;
    }
    return `${c.carteira}${nossoNumero.numero}${nossoNumero.dv}${c.agencia}${c.conta}${modulo10(c.agencia + c.conta)}000`;
  },
  agenciaCodigoBeneficiario(c) {
    return `${c.agencia} / ${c.conta}-${c.contaDv}`;
  },
};
