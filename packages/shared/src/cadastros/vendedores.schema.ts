import { z } from 'zod';
import { isValidCpf } from '../documentos.ts';
import { booleanParam, listQuerySchema } from '../list-params.ts';
import { isValidTelefone } from './brasil.ts';
import {
  ativo,
  decimalBR,
  optionalDigits,
  optionalEmail,
  optionalRef,
  requiredText,
  versao,
} from './campos.ts';

const vendedorFields = {
  nome: requiredText(100, 'Nome'),
  cpf: optionalDigits(isValidCpf, 'CPF inválido'),
  email: optionalEmail('E-mail'),
  telefone: optionalDigits(isValidTelefone, 'Telefone inválido'),
  /** Commission in percent, 0–100 with two decimals. */
  comissao: decimalBR('Comissão', { max: 100 }),
  /** The largest discount (%) the seller gives on a line without a release (orders check it). */
  desconto_maximo: decimalBR('Desconto máximo', { max: 100 }),
  /** Optional link to the user account of this salesperson. */
  user_id: optionalRef('Usuário'),
  ativo,
};

export const vendedorCreateSchema = z.object(vendedorFields);
export const vendedorUpdateSchema = z.object({ ...vendedorFields, versao });
export type VendedorInput = z.input<typeof vendedorCreateSchema>;
export type VendedorCreate = z.output<typeof vendedorCreateSchema>;
export type VendedorUpdate = z.output<typeof vendedorUpdateSchema>;

export const VENDEDOR_SORTS = ['nome', 'email', 'comissao', 'created_at'] as const;
export const vendedoresListQuerySchema = listQuerySchema(VENDEDOR_SORTS, 'nome', {
  ativo: booleanParam.optional(),
});
export type VendedoresListQuery = z.input<typeof vendedoresListQuerySchema>;

export type VendedorRow = {
  id: string;
  nome: string;
  cpf: string | null;
  email: string | null;
  telefone: string | null;
  comissao: string;
  desconto_maximo: string;
  user_id: string | null;
  user_email: string | null;
  ativo: boolean;
  versao: number;
  created_at: string;
  updated_at: string;
};
