import type { AlertaSugestao, ProdutoSugestao, StatusPedidoCompra, TotaisSugestao } from '@erp/shared';
import { ApiError, api, unwrap } from '@/lib/api-client.ts';
import { openPdf } from '@/lib/file-download.ts';

// Typed wrappers over the Hono client for purchasing (/api/compras, admin and estoque): purchase
// orders and the purchase suggestion. The server's reading hands plain rows; their shapes are
// written down here. Every action invalidates ['compras'].

const c = api.compras;
type Q = Record<string, string>;

export type PedidoCompraRow = {
  id: string;
  numero: number;
  status: StatusPedidoCompra;
  fornecedor_id: string;
  fornecedor_nome: string;
  valor_produtos: string;
  frete: string;
  valor_total: string;
  previsao_entrega: string | null;
  created_at: string;
  aprovado_em: string | null;
  enviado_em: string | null;
  cancelado_em: string | null;
  itens_count: number;
};

export type ItemPedidoCompra = {
  id: string;
  sequencia: number;
  produto_id: string;
  codigo: string;
  nome: string;
  unidade_base: string;
  unidade: string;
  fator: string;
  quantidade_informada: string;
  preco_informado: string;
  quantidade: string;
  preco: string;
  valor_total: string;
  previsao_entrega: string | null;
  quantidade_recebida: string;
  quantidade_pendente: string;
  encerrado_em: string | null;
  motivo_encerramento: string | null;
};

export type PedidoCompra = PedidoCompraRow & {
  versao: number;
  fornecedor_documento: string;
  fornecedor_email: string | null;
  condicao_pagamento_id: string | null;
  condicao_pagamento_nome: string | null;
  observacao: string | null;
  aprovado_por: string | null;
  aprovado_por_email: string | null;
  enviado_para: string | null;
  motivo_cancelamento: string | null;
  created_by: string | null;
  limite_aprovacao: string;
  exige_aprovacao: boolean;
  itens: ItemPedidoCompra[];
};

/** The body of POST/PUT as the form sends it (the server parses the pt-BR texts). */
export type PedidoCompraCorpo = {
  fornecedor_id: string;
  condicao_pagamento_id: string | null;
  frete: string;
  observacao: string | null;
  previsao_entrega: string | null;
  itens: {
    produto_id: string;
    unidade: string;
    quantidade: string;
    preco: string;
    previsao_entrega: string | null;
  }[];
};

/** GET|PUT /api/compras/configuracao: the company's purchase settings. */
export type ConfiguracaoComprasResposta = {
  limite_aprovacao: string;
  papeis_aprovadores: string[];
  tolerancia_quantidade_percentual: string;
  tolerancia_preco_percentual: string;
  prazo_padrao_dias: number;
  dias_cobertura: number;
  dias_seguranca: number;
};

/** One product of the suggestion: the shared rule's output plus what the grid names it by. */
export type ProdutoSugerido = ProdutoSugestao & {
  codigo: string;
  nome: string;
  unidade: string;
};

export type SugestaoResposta = {
  fornecedor: { id: string; nome: string; prazo_entrega_dias: number | null; pedido_minimo: string | null };
  parametros: {
    hoje: string;
    janela_dias: number;
    janela: { de: string; ate: string };
    janela_anterior: { de: string; ate: string };
    cobertura_dias: number;
    seguranca_dias: number;
    prazo_padrao_dias: number;
    horizonte_vencimento_dias: number;
  };
  produtos: ProdutoSugerido[];
  totais: TotaisSugestao;
  /** Set when the supplier has no product to suggest. */
  mensagem: string | null;
};

export type { AlertaSugestao };

export type ItemPedidoSugestao = { produto_id: string; quantidade: string; unidade?: string; preco: string };

// The suggestion routes are added beside the orders' (sugestao-compra.routes.ts): reached untyped
// so this module builds whether or not the server's type already lists them.
const raiz = c as unknown as {
  sugestao: {
    $get(a: { query: Q }): Promise<Response>;
    pedido: { $post(a: { json: unknown }): Promise<Response> };
  };
};

export const comprasApi = {
  list: async (query: Q) => {
    const page = await unwrap(c.pedidos.$get({ query: query as never }));
    return page as unknown as { items: PedidoCompraRow[]; total: number; totalIsLowerBound?: boolean };
  },
  get: async (id: string) =>
    (await unwrap(c.pedidos[':id'].$get({ param: { id } }))) as unknown as PedidoCompra,
  criar: async (json: PedidoCompraCorpo) =>
    (await unwrap(c.pedidos.$post({ json: json as never }))) as unknown as PedidoCompra,
  atualizar: async (id: string, json: PedidoCompraCorpo & { versao: number }) =>
    (await unwrap(c.pedidos[':id'].$put({ param: { id }, json: json as never }))) as unknown as PedidoCompra,
  aprovar: async (id: string) =>
    (await unwrap(c.pedidos[':id'].aprovar.$post({ param: { id } }))) as unknown as PedidoCompra,
  enviar: async (id: string) =>
    (await unwrap(c.pedidos[':id'].enviar.$post({ param: { id } }))) as unknown as PedidoCompra,
  cancelar: async (id: string, motivo: string) =>
    (await unwrap(
      c.pedidos[':id'].cancelar.$post({ param: { id }, json: { motivo } }),
    )) as unknown as PedidoCompra,
  encerrarItens: async (id: string, motivo: string, item_ids?: string[]) =>
    (await unwrap(
      c.pedidos[':id']['encerrar-itens'].$post({
        param: { id },
        json: (item_ids?.length ? { motivo, item_ids } : { motivo }) as never,
      }),
    )) as unknown as PedidoCompra,
  configuracao: async () => (await unwrap(c.configuracao.$get())) as unknown as ConfiguracaoComprasResposta,
  salvaConfiguracao: async (json: Record<string, unknown>) =>
    (await unwrap(c.configuracao.$put({ json: json as never }))) as unknown as ConfiguracaoComprasResposta,
  sugestao: async (query: { fornecedor_id: string; janela_dias: string }) =>
    (await unwrap(raiz.sugestao.$get({ query }) as never)) as SugestaoResposta,
  gerarPedido: async (json: { fornecedor_id: string; itens: ItemPedidoSugestao[] }) =>
    (await unwrap(raiz.sugestao.pedido.$post({ json }) as never)) as PedidoCompra,
};

/** The order's PDF, opened in a new tab (or downloaded when pop-ups are blocked). */
export function abrePdfPedidoCompra(id: string, numero: number) {
  return openPdf(async () => {
    const r = (await c.pedidos[':id'].pdf.$get({ param: { id } })) as unknown as Response;
    if (!r.ok) await unwrap(r as never);
    return r.blob();
  }, `pedido-compra-${numero}.pdf`);
}

export const mensagemDe = (err: unknown, padrao: string) => (err instanceof ApiError ? err.message : padrao);

export const comprasKeys = {
  all: ['compras'] as const,
  list: (query: Q) => ['compras', 'pedidos', 'list', query] as const,
  get: (id: string) => ['compras', 'pedidos', 'get', id] as const,
  sugestao: (fornecedorId: string, janela: string) => ['compras', 'sugestao', fornecedorId, janela] as const,
  configuracao: ['compras', 'configuracao'] as const,
};
