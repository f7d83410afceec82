import { z } from 'zod';
import { isValidTelefone, onlyDigits } from '../cadastros/brasil.ts';
import { isValidCnpj, isValidCpf, onlyDocumentChars } from '../documentos.ts';

// Chave PIX of a bank account, checked by its kind and stored in the DICT's canonical form
// (Banco Central, "Manual de Padrões para Iniciação do Pix", formatting of the keys):
// - cpf: 11 digits; cnpj: 14 characters, upper case (the alphanumeric CNPJ included) — check
//   digits by documentos.ts;
// - email: lower case, at most 77 characters, an address zod's z.email() accepts (as the registers);
// - telefone: "+55" + DDD + mobile number (a landline is not a Pix key): +5511987654321;
// - aleatoria (EVP): a UUID written 8-4-4-4-12 in lower case (version not enforced: the manual's
//   own example is not version 4).

export const TIPOS_CHAVE_PIX = ['cpf', 'cnpj', 'email', 'telefone', 'aleatoria'] as const;
export type TipoChavePix = (typeof TIPOS_CHAVE_PIX)[number];

export const tipoChavePixLabels: Record<TipoChavePix, string> = {
  cpf: 'CPF',
  cnpj: 'CNPJ',
  email: 'E-mail',
  telefone: 'Telefone celular',
  aleatoria: 'Chave aleatória',
};

export const chavePixMensagens: Record<TipoChavePix, string> = {
  cpf: 'Chave PIX inválida: CPF inválido',
  cnpj: 'Chave PIX inválida: CNPJ inválido',
  email: 'Chave PIX inválida: e-mail inválido (até 77 caracteres)',
  telefone: 'Chave PIX inválida: informe +55, DDD e número de celular',
  aleatoria: 'Chave PIX inválida: a chave aleatória tem 32 caracteres hexadecimais no formato 8-4-4-4-12',
};

const EMAIL = z.email();
const EVP = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The key in canonical form when valid for its kind, else null. */
export function normalizaChavePix(tipo: TipoChavePix, valor: string): string | null {
  const v = valor.trim();
  switch (tipo) {
    case 'cpf': {
      const d = onlyDigits(v);
      return /^[\d.\-\s]+$/.test(v) && isValidCpf(d) ? d : null;
    }
    case 'cnpj': {
      const c = onlyDocumentChars(v);
      return /^[0-9A-Za-z.\-/\s]+$/.test(v) && isValidCnpj(c) ? c : null;
    }
    case 'email': {
      const e = v.toLowerCase();
      return e.length <= 77 && EMAIL.safeParse(e).success ? e : null;
    }
    case 'telefone': {
      if (!/^\+?[\d\s().-]+$/.test(v)) return null;
      let d = onlyDigits(v);
      if (v.startsWith('+') || d.length === 13) {
        if (!d.startsWith('55')) return null;
        d = d.slice(2);
      }
      return d.length === 11 && d[2] === '9' && isValidTelefone(d) ? `+55${d}` : null;
    }
    case 'aleatoria': {
      const k = v.toLowerCase();
      return EVP.test(k) ? k : null;
    }
  }
}
