import { z } from 'zod';
import { uuidParam } from '../list-params.ts';
import {
  itemPedidoCompraSchema,
  MAX_ITENS_PEDIDO_COMPRA,
  pedidoCompraMensagens,
  pedidoCompraSchema,
} from './pedido-compra.schema.ts';

// API inputs of the purchase suggestion (issue 34): GET /api/compras/sugestao and
// POST /api/compras/sugestao/pedido. The rule itself is sugestao-compra.ts.

export const sugestaoCompraMensagens = {
  fornecedor: 'Informe o fornecedor',
  dias: (campo: string, min: number, max: number) => `${campo}: informe de ${min} a ${max} dias`,
  produtoIds: 'Produtos: informe ids separados por vírgula (até 5.000)',
  fornecedorNaoEncontrado: 'Fornecedor não encontrado',
  semProdutos: 'O fornecedor não tem produtos ativos (com ele como fornecedor no cadastro do produto).',
} as const;

/** The largest list of products one suggestion answers (a supplier's whole catalogue). */
export const MAX_PRODUTOS_SUGESTAO = 5000;

const dias = (campo: string, min: number, max: number) =>
  z.coerce
    .number({ error: sugestaoCompraMensagens.dias(campo, min, max) })
    .int(sugestaoCompraMensagens.dias(campo, min, max))
    .min(min, sugestaoCompraMensagens.dias(campo, min, max))
    .max(max, sugestaoCompraMensagens.dias(campo, min, max));

/** GET /api/compras/sugestao — days left out come from the company's settings. */
export const sugestaoCompraQuerySchema = z.object({
  fornecedor_id: uuidParam,
  janela_dias: dias('Janela de vendas', 7, 365).default(90),
  cobertura_dias: dias('Cobertura', 0, 365).optional(),
  seguranca_dias: dias('Segurança', 0, 365).optional(),
  grupo_id: uuidParam.optional(),
  produto_ids: z
    .string({ error: sugestaoCompraMensagens.produtoIds })
    .trim()
    .transform((v) => [
      ...new Set(
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.uuid({ error: sugestaoCompraMensagens.produtoIds }))
        .min(1, sugestaoCompraMensagens.produtoIds)
        .max(MAX_PRODUTOS_SUGESTAO, sugestaoCompraMensagens.produtoIds),
    )
    .optional(),
});
export type SugestaoCompraQuery = z.output<typeof sugestaoCompraQuerySchema>;

/**
 * POST /api/compras/sugestao/pedido — the (edited) suggestion as a draft purchase order. A line's
 * unit may be left out: the product's purchase packaging, else its base unit. Everything else is
 * the purchase order's own schema (validated again by the order service).
 */
export const sugestaoParaPedidoSchema = pedidoCompraSchema.extend({
  itens: z
    .array(itemPedidoCompraSchema.extend({ unidade: itemPedidoCompraSchema.shape.unidade.optional() }), {
      error: pedidoCompraMensagens.semItens,
    })
    .min(1, pedidoCompraMensagens.semItens)
    .max(MAX_ITENS_PEDIDO_COMPRA, pedidoCompraMensagens.maxItens),
});
export type SugestaoParaPedidoInput = z.output<typeof sugestaoParaPedidoSchema>;
