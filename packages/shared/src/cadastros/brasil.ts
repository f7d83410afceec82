import {
  getMunicipalities,
  getMunicipalityByCode,
  isValidIe,
  isValidPhone,
  type StateCode,
} from '@brazilian-utils/brazilian-utils';

// Brazilian register data: UFs, IBGE municipalities (official list shipped offline by
// @brazilian-utils/brazilian-utils, 7-digit codes), inscrição estadual per UF, CEP and phones.
// CPF/CNPJ check digits are our own (../documentos.ts) because the package lags the
// alphanumeric CNPJ.

export const UFS = [
  'AC',
  'AL',
  'AM',
  'AP',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MG',
  'MS',
  'MT',
  'PA',
  'PB',
  'PE',
  'PI',
  'PR',
  'RJ',
  'RN',
  'RO',
  'RR',
  'RS',
  'SC',
  'SE',
  'SP',
  'TO',
] as const;
export type Uf = (typeof UFS)[number];

export function isUf(value: unknown): value is Uf {
  return typeof value === 'string' && (UFS as readonly string[]).includes(value);
}

export function onlyDigits(value: string | null | undefined): string {
  return (value ?? '').replace(/\D/g, '');
}

export type Municipio = { codigo: string; nome: string; uf: Uf };

/** A municipality by its 7-digit IBGE code, or null. */
export function municipioPorCodigo(codigo: string | null | undefined): Municipio | null {
  if (!codigo || !/^\d{7}$/.test(codigo)) return null;
  const m = getMunicipalityByCode(codigo);
  return m ? { codigo: m.code, nome: m.name, uf: m.stateCode as Uf } : null;
}

let todos: Municipio[] | null = null;
/** Every municipality of the IBGE list (5,571 with Brasília), sorted by name in pt-BR. */
export function listarMunicipios(): Municipio[] {
  todos ??= getMunicipalities().map((m) => ({ codigo: m.code, nome: m.name, uf: m.stateCode as Uf }));
  return todos;
}

/** CEP: 8 digits (formatting ignored), not all zeros. */
export function isValidCep(value: string): boolean {
  const d = onlyDigits(value);
  return d.length === 8 && d !== '00000000' && /^[\d.\-\s]+$/.test(value.trim());
}

/** Landline (10 digits) or mobile (11 digits) with a real DDD; formatting ignored. */
export function isValidTelefone(value: string): boolean {
  const d = onlyDigits(value);
  return (d.length === 10 || d.length === 11) && isValidPhone(d);
}

export const IE_ISENTO = 'ISENTO';

/** The stored form of an inscrição estadual: "ISENTO", or its characters without punctuation. */
export function normalizaIe(value: string): string {
  const v = value.trim().toUpperCase();
  if (v === IE_ISENTO) return v;
  return v.replace(/[.\-/\s]/g, '');
}

/** Checks an inscrição estadual against the rule of its UF (SINTEGRA rules). "ISENTO" is not a number. */
export function isValidInscricaoEstadual(value: string, uf: string): boolean {
  const ie = normalizaIe(value);
  if (!isUf(uf) || !ie || ie === IE_ISENTO) return false;
  return isValidIe({ value: ie, stateCode: uf as StateCode });
}
