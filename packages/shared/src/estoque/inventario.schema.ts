import { z } from 'zod';
import { optionalRef, optionalText } from '../cadastros/campos.ts';
import { listQuerySchema, uuidParam } from '../list-params.ts';
import { quantidadeCampo, refObrigatoria } from './campos.ts';
import type { ResumoInventario } from './inventario.ts';

// Inventory counts: open a count for a location (optionally one group), enter counted
// quantities (typed or scanned), review the differences, post them all in one transaction.

export const SITUACOES_INVENTARIO = ['aberto', 'lancado', 'cancelado'] as const;
export type SituacaoInventario = (typeof SITUACOES_INVENTARIO)[number];
export const situacaoInventarioLabels: Record<SituacaoInventario, string> = {
  aberto: 'Aberto',
  lancado: 'Lançado',
  cancelado: 'Cancelado',
};

/** POST /api/estoque/inventarios: freezes the system quantities of the location (and group). */
export const inventarioAbrirSchema = z.object({
  local_id: refObrigatoria('Local'),
  grupo_id: optionalRef('Grupo'),
  observacao: optionalText(500, 'Observação'),
});
export type InventarioAbrirInput = z.input<typeof inventarioAbrirSchema>;

const contagemItem = z.object({
  produto_id: refObrigatoria('Produto'),
  lote_id: optionalRef('Lote'),
  /** null / '' clears the count (item not counted). */
  contado: z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    quantidadeCampo('Quantidade contada', { positiva: false }).nullable(),
  ),
});

/** PUT /api/estoque/inventarios/:id/contagens: counted quantities (a page of the count at a time). */
export const inventarioContagemSchema = z.object({
  itens: z
    .array(contagemItem)
    .min(1, 'Informe ao menos um item')
    .max(1000, 'No máximo 1000 itens por envio')
    .superRefine((itens, ctx) => {
      const vistos = new Set<string>();
      itens.forEach((item, i) => {
        const k = `${item.produto_id}|${item.lote_id ?? ''}`;
        if (vistos.has(k))
          ctx.addIssue({ code: 'custom', path: [i, 'produto_id'], message: 'Item repetido na contagem' });
        vistos.add(k);
      });
    }),
});
export type InventarioContagemInput = z.input<typeof inventarioContagemSchema>;

/** POST /api/estoque/inventarios/:id/leituras: one scanned or typed GTIN (Enter adds it). */
export const inventarioLeituraSchema = z.object({
  codigo: z
    .string({ error: 'Leia ou digite o código de barras' })
    .trim()
    .min(1, 'Leia ou digite o código de barras')
    .max(20, 'Código de barras inválido'),
});

/** POST /api/estoque/inventarios/:id/lancar: posting; movements after the opening must be confirmed. */
export const inventarioLancarSchema = z.object({
  confirmar_movimentos_posteriores: z.boolean({ error: 'Valor inválido' }).default(false),
});

export const INVENTARIO_SORTS = ['aberto_em', 'local', 'situacao'] as const;
export const inventariosListQuerySchema = listQuerySchema(INVENTARIO_SORTS, 'aberto_em', {
  local_id: uuidParam.optional(),
  situacao: z.enum(SITUACOES_INVENTARIO, { error: 'Situação inválida' }).optional(),
}).extend({ dir: z.enum(['asc', 'desc'], { error: 'Direção inválida' }).default('desc') });

export type InventarioItemRow = {
  produto_id: string;
  codigo: string;
  nome: string;
  unidade: string;
  lote_id: string | null;
  lote_numero: string | null;
  sistema: string;
  contado: string | null;
  custo_medio: string;
  diferenca: string | null;
  valor_diferenca: string | null;
};

export const inventarioServicoMensagens = {
  jaAberto: 'Já existe um inventário aberto para este local. Lance-o ou cancele-o antes de abrir outro.',
  naoAberto: 'Este inventário não está aberto.',
  naoEncontrado: 'Inventário não encontrado.',
  loteNaLinha: 'Este produto controla lote: informe a quantidade na linha do lote.',
  nadaContado: 'Nenhum item foi contado.',
} as const;

/** An inventory count: its header and progress (the detail adds the totals and the warning). */
export type InventarioRow = {
  id: string;
  numero: number;
  local_id: string;
  local_nome: string;
  grupo_id: string | null;
  grupo_nome: string | null;
  situacao: SituacaoInventario;
  observacao: string | null;
  aberto_em: string;
  aberto_por_nome: string | null;
  lancado_em: string | null;
  lancado_por_nome: string | null;
  itens: number;
  contados: number;
  versao: number;
};

export type InventarioDetalhe = InventarioRow & {
  /** Totals of the differences (resumoInventario). */
  resumo: ResumoInventario;
  /** Movements happened in the location after the opening: posting needs confirmation. */
  movimentos_posteriores: boolean;
};

/** Answer of a scan: the item it counted and what it added. */
export type LeituraInventarioRow = { item: InventarioItemRow; unidade: string; quantidade: string };
