import { z } from 'zod';
import { dataOpcional } from '../estoque/campos.ts';
import { dinheiroPositivo } from '../financeiro/campos.ts';
import { listQuerySchema, uuidParam } from '../list-params.ts';
import { MOTIVOS_DEVOLUCAO } from './motivos.ts';
import { STATUS_DEVOLUCAO } from './status-devolucao.ts';

// The devoluções API's list, cancel and crédito inputs (issue 32). The return itself:
// devolucao.schema.ts.

export const devolucoesListQuerySchema = listQuerySchema(
  ['data', 'numero', 'pessoa', 'valor', 'status'],
  'data',
  {
    status: z.enum(STATUS_DEVOLUCAO, { error: 'Situação inválida' }).optional(),
    motivo: z.enum(MOTIVOS_DEVOLUCAO, { error: 'Motivo inválido' }).optional(),
    cliente_id: uuidParam.optional(),
    de: dataOpcional('Data inicial').optional(),
    ate: dataOpcional('Data final').optional(),
  },
);
export type DevolucoesListQuery = z.output<typeof devolucoesListQuerySchema>;

export const origemDevolucaoQuerySchema = z.object({
  q: z.string().trim().min(1, 'Informe a chave, o número da nota ou do pedido').max(60, 'Busca longa demais'),
});

export const cancelarDevolucaoSchema = z.object({
  motivo: z
    .string({ error: 'Informe o motivo' })
    .trim()
    // the cancellation of an authorised return note goes to SEFAZ as xJust: 15 to 255 characters
    .min(15, 'Descreva o motivo do cancelamento (ao menos 15 caracteres).')
    .max(255, 'No máximo 255 caracteres'),
});

/** Paying a receivable of the customer with its crédito (financeiro, admin). */
export const usarCreditoSchema = z.object({
  titulo_id: uuidParam,
  valor: dinheiroPositivo('Valor'),
});
export type UsarCreditoInput = z.output<typeof usarCreditoSchema>;

/** Refunding (part of) the customer's crédito: a payable to the customer (financeiro, admin). */
export const reembolsoCreditoSchema = z.object({
  valor: dinheiroPositivo('Valor'),
  vencimento: z.iso.date({ error: 'Data inválida' }),
});
export type ReembolsoCreditoInput = z.output<typeof reembolsoCreditoSchema>;
