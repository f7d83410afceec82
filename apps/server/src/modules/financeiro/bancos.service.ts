import { type Banco, buscarBancos, listarBancos } from '@erp/shared';
import { z } from 'zod';

// The official list of Brazilian banks (shared data, Banco Central STR participants) for the
// picker of a conta bancária: a search by code or name, or the whole list.

export const bancosQuerySchema = z.object({
  q: z.string({ error: 'Busca inválida' }).max(100, 'Busca inválida').optional(),
});

export function listaBancos(q: z.output<typeof bancosQuerySchema>): Banco[] {
  return q.q?.trim() ? buscarBancos(q.q, 50) : [...listarBancos()];
}
