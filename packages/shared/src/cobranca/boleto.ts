// A boleto from a carteira and a título: the bank's nosso número, the campo livre, the barcode and
// the linha digitável. Pure: the caller (the server) takes the sequential from the account under
// a lock and stores what comes back; nothing here touches a database.

import { isIsoDay } from '../dates.ts';
import {
  type CarteiraCobranca,
  type CarteiraNormalizada,
  type ErroCampoCobranca,
  ErroCobranca,
  type NossoNumero,
  noBanco,
  normalizarCarteira,
  type RegrasBanco,
} from './banco.ts';
import { regrasCobranca } from './bancos.ts';
import {
  formatarLinhaDigitavel,
  lerLinhaDigitavel,
  linhaDigitavel,
  montarCodigoBarras,
  partesCodigoBarras,
  validaCodigoBarras,
  valorCodigoBarras,
} from './codigo-barras.ts';
import { fatorVencimento, vencimentoDoFator } from './fator-vencimento.ts';

export type DadosBoleto = {
  /** The account's sequential nosso número (≥ 1, within the bank's size). */
  sequencial: bigint | number | string;
  /** 'YYYY-MM-DD'. */
  vencimento: string;
  /** Decimal string, at most 2 places ("1234.50"). */
  valor: string;
  /** Emission day 'YYYY-MM-DD'. */
  emissao: string;
  /** Itaú carteiras with seu número: up to 7 digits. */
  seuNumero?: string | null;
};

export type Boleto = {
  banco: string;
  nossoNumero: NossoNumero;
  campoLivre: string;
  fatorVencimento: number;
  codigoBarras: string;
  /** 47 digits. */
  linhaDigitavel: string;
  /** "00190.00009 01238.798779 77700.168188 3 37710000013500". */
  linhaDigitavelFormatada: string;
  agenciaCodigoBeneficiario: string;
};

export const boletoMensagens = {
  bancoSemCobranca: (b: string) => `Banco ${b} sem cobrança registrada neste sistema.`,
  sequencial: (s: string) => `Nosso número inválido: ${s} (um número inteiro a partir de 1).`,
  sequencialMaximo: (noBancoNome: string, max: bigint) =>
    `Nosso número acima do máximo da carteira ${noBancoNome} (${max}); peça ao banco uma nova carteira ou convênio.`,
  emissao: (d: string) => `Data de emissão inválida: ${d}.`,
  seuNumero: 'Seu número: até 7 dígitos, obrigatório nesta carteira do Itaú.',
} as const;

/** The bank's rules and the carteira checked and normalized; errors naming each field (pt-BR). */
export function validarCarteira(c: CarteiraCobranca): {
  regras: RegrasBanco | null;
  carteira: CarteiraNormalizada | null;
  erros: ErroCampoCobranca[];
} {
  const regras = regrasCobranca(c.banco);
  if (!regras)
    return {
      regras: null,
      carteira: null,
      erros: [{ campo: 'banco', mensagem: boletoMensagens.bancoSemCobranca(c.banco) }],
    };
  const { carteira, erros } = normalizarCarteira(regras, c);
  return { regras, carteira: erros.length ? null : carteira, erros };
}

function sequencialBigInt(s: bigint | number | string): bigint | null {
  if (typeof s === 'bigint') return s;
  if (typeof s === 'number') return Number.isSafeInteger(s) ? BigInt(s) : null;
  return /^\d{1,20}$/.test(s.trim()) ? BigInt(s.trim()) : null;
}

/** Every error of a boleto (carteira, sequential, dates, valor) — empty when it can be generated. */
export function validarBoleto(c: CarteiraCobranca, d: DadosBoleto): ErroCampoCobranca[] {
  return preparar(c, d).erros;
}

function preparar(c: CarteiraCobranca, d: DadosBoleto) {
  const { regras, carteira, erros } = validarCarteira(c);
  const seq = sequencialBigInt(d.sequencial);
  if (seq === null || seq < 1n)
    erros.push({ campo: 'nossoNumero', mensagem: boletoMensagens.sequencial(String(d.sequencial)) });
  else if (regras && carteira && seq > regras.maiorSequencial(carteira))
    erros.push({
      campo: 'nossoNumero',
      mensagem: boletoMensagens.sequencialMaximo(noBanco(regras), regras.maiorSequencial(carteira)),
    });
  let fator = 0;
  try {
    fator = fatorVencimento(d.vencimento);
  } catch (e) {
    erros.push({ campo: 'vencimento', mensagem: (e as Error).message });
  }
  let valor = '';
  try {
    valor = valorCodigoBarras(d.valor);
  } catch (e) {
    erros.push({ campo: 'valor', mensagem: (e as Error).message });
  }
  if (!isIsoDay(d.emissao)) erros.push({ campo: 'emissao', mensagem: boletoMensagens.emissao(d.emissao) });
  const seuNumero = (d.seuNumero ?? '').trim();
  if (regras && carteira && regras.exigeSeuNumero?.(carteira) && !/^\d{1,7}$/.test(seuNumero))
    erros.push({ campo: 'seuNumero', mensagem: boletoMensagens.seuNumero });
  return { regras, carteira, erros, seq: seq ?? 0n, fator, valor, seuNumero: seuNumero.padStart(7, '0') };
}

/** The boleto of a título. Throws ErroCobranca (every error, each naming its field) when the
 * carteira or the data cannot make one. */
export function gerarBoleto(c: CarteiraCobranca, d: DadosBoleto): Boleto {
  const p = preparar(c, d);
  if (p.erros.length || !p.regras || !p.carteira) throw new ErroCobranca(p.erros);
  const { regras, carteira } = p;
  const nossoNumero = regras.nossoNumero(carteira, { sequencial: p.seq, emissao: d.emissao });
  const campoLivre = regras.campoLivre(carteira, { nossoNumero, valor: p.valor, seuNumero: p.seuNumero });
  const codigoBarras = montarCodigoBarras(regras.codigo, p.fator, d.valor, campoLivre);
  const linha = linhaDigitavel(codigoBarras);
  return {
    banco: regras.codigo,
    nossoNumero,
    campoLivre,
    fatorVencimento: p.fator,
    codigoBarras,
    linhaDigitavel: linha,
    linhaDigitavelFormatada: formatarLinhaDigitavel(linha),
    agenciaCodigoBeneficiario: regras.agenciaCodigoBeneficiario(carteira),
  };
}

export type BoletoLido = {
  codigoBarras: string;
  linhaDigitavel: string;
  banco: string;
  /** Decimal string, 2 places ("0.00" when the boleto carries no value). */
  valor: string;
  /** 'YYYY-MM-DD', the candidate of the factor closest to `referencia`; null for fator 0000. */
  vencimento: string | null;
  campoLivre: string;
};

/** Reads a typed or scanned boleto: a linha digitável (47 digits, punctuation ignored) or a barcode
 * (44). Every DV is checked; the due date is the factor's date closest to `referencia` (the day the
 * boleto is read: a factor names two dates 9000 days apart since the 2025 restart). */
export function lerBoleto(
  texto: string,
  referencia: string,
): { boleto: BoletoLido; erro?: never } | { erro: string } {
  const digitos = texto.replace(/[\s.-]/g, '');
  let codigo: string;
  if (/^\d{44}$/.test(digitos)) {
    const erro = validaCodigoBarras(digitos);
    if (erro) return { erro };
    codigo = digitos;
  } else {
    const lido = lerLinhaDigitavel(texto);
    if (lido.erro !== undefined) return { erro: lido.erro };
    codigo = lido.codigoBarras;
  }
  const p = partesCodigoBarras(codigo);
  return {
    boleto: {
      codigoBarras: codigo,
      linhaDigitavel: linhaDigitavel(codigo),
      banco: p.banco,
      valor: p.valor,
      vencimento: vencimentoDoFator(p.fator, referencia),
      campoLivre: p.campoLivre,
    },
  };
}
