import { onlyDigits } from '../cadastros/brasil.ts';
import { businessToday } from '../dates.ts';
import { diasEntre } from '../estoque/validade.ts';
import { plural } from '../plural.ts';

// The driver's licence (CNH, Carteira Nacional de Habilitação).
//
// Número de registro: 9 digits plus 2 check digits (Resolução CONTRAN nº 192/2006, art. 2º, I —
// "composto de 9 (nove) caracteres mais 2 (dois) dígitos verificadores"). The routine, as the
// DETRANs and public validators compute it (@brazilian-utils isValidCnh, cross-checked in the
// tests):
//   dv1 = Σ dᵢ × (9 − i) mod 11 over the nine digits (i = 0…8); a 10 becomes 0 and then the
//         second digit is decremented by 2 ("dsc");
//   dv2 = (Σ dᵢ × (i + 1) mod 11 − dsc) mod 11; a 10 becomes 0.
// Worked example, 987654321:
//   9×9 + 8×8 + 7×7 + 6×6 + 5×5 + 4×4 + 3×3 + 2×2 + 1×1 = 285; 285 mod 11 = 10 → dv1 = 0, dsc = 2
//   9×1 + 8×2 + 7×3 + 6×4 + 5×5 + 4×6 + 3×7 + 2×8 + 1×9 = 165; 165 mod 11 = 0; (0 − 2) mod 11 = 9
//   → CNH 98765432109.

/** The two check digits of a CNH's first nine digits, e.g. "09". */
export function digitosCnh(base9: string): string {
  let soma = 0;
  for (let i = 0; i < 9; i++) soma += Number(base9[i]) * (9 - i);
  let dv1 = soma % 11;
  let dsc = 0;
  if (dv1 >= 10) {
    dv1 = 0;
    dsc = 2;
  }
  soma = 0;
  for (let i = 0; i < 9; i++) soma += Number(base9[i]) * (i + 1);
  let dv2 = ((((soma % 11) - dsc) % 11) + 11) % 11;
  if (dv2 >= 10) dv2 = 0;
  return `${dv1}${dv2}`;
}

/** 11 digits (formatting ignored) with both check digits right; all-equal digits refused. */
export function isValidCnh(value: string | null | undefined): boolean {
  const d = onlyDigits(value);
  if (d.length !== 11 || /^(\d)\1{10}$/.test(d)) return false;
  return digitosCnh(d) === d.slice(9);
}

/**
 * Categories a CNH can show (CTB art. 143): A alone, B to E, or A added to one of them ("AB",
 * "AC", "AD", "AE"). A is separate from the B–E sequence.
 */
export const CATEGORIAS_CNH = ['A', 'B', 'C', 'D', 'E', 'AB', 'AC', 'AD', 'AE'] as const;
export type CategoriaCnh = (typeof CATEGORIAS_CNH)[number];

export function isCategoriaCnh(value: unknown): value is CategoriaCnh {
  return typeof value === 'string' && (CATEGORIAS_CNH as readonly string[]).includes(value);
}

/** A CNH within this many days of its validade gets the "CNH vence em N dias" badge. */
export const DIAS_ALERTA_CNH = 30;

export type SituacaoDocumento =
  | { tipo: 'vencido'; dias: number; label: string }
  | { tipo: 'vence'; dias: number; label: string }
  | { tipo: 'ok'; dias: number; label: null }
  | { tipo: 'sem_data'; dias: null; label: null };

/**
 * The badge of a dated document (a CNH, a vehicle's licenciamento): "<nome> vencida/o" from the
 * day after its validade, "<nome> vence hoje", "… vence em 1 dia", "… vence em N dias" up to
 * 30 days, else none. `dias` is validade − hoje. The document is valid on its last day.
 */
export function situacaoDocumento(
  validade: string | null | undefined,
  nome: { texto: string; vencido: string },
  hoje: string = businessToday(),
): SituacaoDocumento {
  if (!validade) return { tipo: 'sem_data', dias: null, label: null };
  const dias = diasEntre(hoje, validade);
  if (dias < 0) return { tipo: 'vencido', dias, label: `${nome.texto} ${nome.vencido}` };
  if (dias > DIAS_ALERTA_CNH) return { tipo: 'ok', dias, label: null };
  const quando = dias === 0 ? 'vence hoje' : `vence em ${plural(dias, 'dia', 'dias')}`;
  return { tipo: 'vence', dias, label: `${nome.texto} ${quando}` };
}

/** "CNH vencida" / "CNH vence em N dias" (30 days) / none. */
export function situacaoCnh(validade: string | null | undefined, hoje: string = businessToday()) {
  return situacaoDocumento(validade, { texto: 'CNH', vencido: 'vencida' }, hoje);
}

/** "Licenciamento vencido" / "Licenciamento vence em N dias" (30 days) / none. */
export function situacaoLicenciamento(vencimento: string | null | undefined, hoje: string = businessToday()) {
  return situacaoDocumento(vencimento, { texto: 'Licenciamento', vencido: 'vencido' }, hoje);
}

/** Input mask of the CNH número: digits only, at most 11 (the licence prints them plain). */
export function maskCnh(value: string): string {
  return value.replace(/\D/g, '').slice(0, 11);
}
