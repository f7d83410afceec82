import { formatarLinhaDigitavel, formatCnpj, formatCpf, formatDecimalBR } from '@erp/shared';

// Text formats of the printed boleto: every value arrives as a string and is reformatted by string
// surgery — money exact (no float), dates as written (no time-zone shift).

/** The DVs the banks print beside their code ("341-7"). Módulo 11 gives them all except the Caixa,
 * which prints 104-0 where the rule says X (and Sicredi prints the X): the printed value wins. */
const DV_IMPRESSO: Record<string, string> = {
  '001': '9',
  '033': '7',
  '104': '0',
  '237': '2',
  '341': '7',
  '748': 'X',
  '756': '0',
};

/** Módulo 11 of the bank's 3 digits (weights 2, 3, 4 from the right): 11 − resto, 10 → X, 11 → 0. */
export function dvCodigoBanco(codigo: string): string {
  if (!/^\d{3}$/.test(codigo)) throw new Error(`Código do banco inválido: ${codigo} (3 dígitos).`);
  const impresso = DV_IMPRESSO[codigo];
  if (impresso) return impresso;
  const soma = Number(codigo[2]) * 2 + Number(codigo[1]) * 3 + Number(codigo[0]) * 4;
  const dv = 11 - (soma % 11);
  return dv === 10 ? 'X' : dv === 11 ? '0' : String(dv);
}

/** "341" -> "341-7". */
export const codigoBancoComDv = (codigo: string) => `${codigo}-${dvCodigoBanco(codigo)}`;

/** 'YYYY-MM-DD' -> 'DD/MM/AAAA' (anything else as it came). */
export function dataBR(v: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(v);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : v;
}

/** '1234.5' -> 'R$ 1.234,50' (exact, ordinary space: the standard fonts have no NBSP width). */
export function dinheiro(v: string): string {
  if (!/^-?\d+(\.\d+)?$/.test(v.trim())) throw new Error(`Valor do boleto inválido: ${v}.`);
  return `R$ ${formatDecimalBR(v.trim(), 2)}`;
}

/** CPF (11 digits) or CNPJ (14, numeric or alphanumeric) with its mask, labelled. */
export function documentoRotulado(doc: string): string {
  const d = doc.trim();
  if (/^\d{3}\.?\d{3}\.?\d{3}-?\d{2}$/.test(d)) return `CPF ${formatCpf(d)}`;
  const c = d.replace(/[./-]/g, '').toUpperCase();
  if (/^[0-9A-Z]{12}\d{2}$/.test(c)) return `CNPJ ${formatCnpj(c)}`;
  return d;
}

/** '01310100' -> '01310-100'. */
export function cepFormatado(v: string): string {
  const d = v.replace(/\D/g, '');
  return d.length === 8 ? `${d.slice(0, 5)}-${d.slice(5)}` : v;
}

/** 47 digits -> 'AAAAA.AAAAA BBBBB.BBBBBB CCCCC.CCCCCC D EEEEEEEEEEEEEE'. */
export const linhaFormatada = (linha: string) => formatarLinhaDigitavel(linha);
