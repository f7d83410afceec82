import { z } from 'zod';
import { pedidoCreateSchema } from '../comercial/pedido.schema.ts';

// POST /api/vendas/pedidos: an order taken on the seller's device, as typed (the order schema), with
// the figures the device computed — the table price it used per line and the total — so the server
// says what changed. The Idempotency-Key header (a UUID the device generated when it saved the
// order) makes a retry or a second tab the same order.

const decimalTexto = z.string().regex(/^-?\d+(\.\d+)?$/, { error: 'Valor inválido' });

export const pedidoVendasSchema = z.object({
  pedido: pedidoCreateSchema,
  dispositivo: z.object({
    total: decimalTexto,
    /** Per line of `pedido.itens`, in order: the table price the device's engine found. */
    precos_tabela: z.array(decimalTexto.nullable()).max(500),
  }),
});
export type PedidoVendasInput = z.input<typeof pedidoVendasSchema>;
export type PedidoVendasDados = z.output<typeof pedidoVendasSchema>;

export const idempotencyKeySchema = z.uuid({ error: 'Cabeçalho Idempotency-Key ausente ou inválido (UUID)' });

export const vendasSyncQuerySchema = z.object({
  desde: z
    .string()
    .regex(/^\d{1,20}:\d{1,20}:(\d{1,20}(,\d{1,20})*)?$/, { error: 'Cursor de sincronização inválido' })
    .optional(),
});

export const vendasMensagens = {
  semVendedor:
    'Seu usuário não está vinculado a um vendedor. Peça ao administrador para vinculá-lo em Cadastros › Vendedores.',
  clienteForaDaCarteira: 'Este cliente não é da sua carteira',
  chaveReusada: 'Esta chave de envio já foi usada por outro usuário',
  condicaoInativa: 'Condição de pagamento inativa ou não encontrada: sincronize e escolha outra',
  formaInativa: 'Forma de pagamento inativa ou não encontrada: sincronize e escolha outra',
} as const;

/** The answer of POST /api/vendas/pedidos. */
export type RespostaPedidoVendas = {
  pedido_id: string;
  numero: number;
  status: string;
  valor_total: string;
  /** In the seller's words: prices, total, blockers. */
  diferencas: string[];
  /** true: this key had already been sent; the first answer is repeated. */
  repetido: boolean;
};
