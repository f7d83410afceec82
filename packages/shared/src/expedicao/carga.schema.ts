import { z } from 'zod';
import { optionalRef, optionalText, versao } from '../cadastros/campos.ts';
import { JUSTIFICATIVA_MINIMA } from '../comercial/bloqueios-pedido.ts';
import { dataObrigatoria, dataOpcional, quantidadeCampo, refObrigatoria } from '../estoque/campos.ts';
import { listQuerySchema, uuidParam } from '../list-params.ts';
import { STATUS_CARGA } from './status-carga.ts';

// API schemas of dispatch (expedição): loads, their orders and stop sequence, transitions, the
// delivery outcome of each stop, the assembly list's filters and the blind check's scans.

/** An admin's justification to go past a capacity limit or the driver rule (audited), ≥ 10 characters. */
const justificativa = z
  .string({ error: 'Justificativa inválida' })
  .trim()
  .max(500, 'Justificativa deve ter no máximo 500 caracteres')
  .refine(
    (v) => v === '' || v.length >= JUSTIFICATIVA_MINIMA,
    `Justificativa deve ter ao menos ${JUSTIFICATIVA_MINIMA} caracteres`,
  )
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional()
  .transform((v) => v ?? null);

const idsUnicos = (label: string, max: number) =>
  z
    .array(uuidParam, { error: `${label} inválidos` })
    .max(max, `No máximo ${max} ${label.toLowerCase()}`)
    .refine((a) => new Set(a).size === a.length, `${label} repetidos`);

const cargaFields = {
  data_saida_prevista: dataObrigatoria('Data de saída prevista'),
  veiculo_id: optionalRef('Veículo'),
  motorista_id: optionalRef('Motorista'),
  ajudantes: idsUnicos('Ajudantes', 5).default([]),
  regioes: idsUnicos('Regiões', 50).default([]),
  observacoes: optionalText(500, 'Observações'),
  /** The admin's override of the driver rule (podeDirigir) or of the vehicle's capacity. */
  justificativa,
};

export const cargaCreateSchema = z.object(cargaFields);
export type CargaInput = z.infer<typeof cargaCreateSchema>;
export const cargaUpdateSchema = z.object({ ...cargaFields, versao });

export const cargaPedidosSchema = z.object({
  pedido_ids: idsUnicos('Pedidos', 500).min(1, 'Escolha ao menos um pedido'),
  justificativa,
  versao,
});

export const cargaSequenciaSchema = z.object({
  pedido_ids: idsUnicos('Pedidos', 1000).min(1, 'Escolha ao menos um pedido'),
  versao,
});

export const cargaTransicaoSchema = z
  .object({
    para: z.enum(STATUS_CARGA, { error: 'Situação inválida' }),
    motivo: optionalText(500, 'Motivo'),
    versao,
  })
  .refine((v) => v.para !== 'cancelada' || v.motivo !== null, {
    message: 'Informe o motivo do cancelamento',
    path: ['motivo'],
  });

export const entregaSchema = z
  .object({
    status: z.enum(['pendente', 'entregue', 'devolvido'], { error: 'Situação da entrega inválida' }),
    motivo: optionalText(500, 'Motivo'),
  })
  .refine((v) => v.status !== 'devolvido' || v.motivo !== null, {
    message: 'Informe o motivo da devolução',
    path: ['motivo'],
  });

export const CARGA_SORTS = ['numero', 'data_saida_prevista'] as const;
export const cargasListQuerySchema = listQuerySchema(CARGA_SORTS, 'numero', {
  status: z.enum(STATUS_CARGA, { error: 'Situação inválida' }).optional(),
  de: dataOpcional('Data inicial').optional(),
  ate: dataOpcional('Data final').optional(),
}).extend({ dir: z.enum(['asc', 'desc'], { error: 'Direção inválida' }).default('desc') });
export type CargasListQuery = z.input<typeof cargasListQuerySchema>;

/** GET /api/expedicao/montagem/pedidos: the liberado orders not in a load. */
export const montagemQuerySchema = z.object({
  regiao_id: uuidParam.optional(),
  entrega_ate: dataOpcional('Data de entrega').optional(),
  cidade: z.string().trim().max(100, 'Cidade deve ter no máximo 100 caracteres').optional(),
  q: z.string().trim().max(100, 'Busca deve ter no máximo 100 caracteres').optional(),
});
export type MontagemQuery = z.input<typeof montagemQuerySchema>;

/** GET /api/expedicao/conferencia/pedidos: orders to check (of a load, or by number/customer). */
export const conferenciaPedidosQuerySchema = z.object({
  carga_id: uuidParam.optional(),
  q: z.string().trim().max(100, 'Busca deve ter no máximo 100 caracteres').optional(),
});

export const conferenciaInicioSchema = z.object({ pedido_id: refObrigatoria('Pedido') });

export const leituraSchema = z.object({
  codigo: z
    .string({ error: 'Informe o código' })
    .trim()
    .min(1, 'Informe o código')
    .max(60, 'Código deve ter no máximo 60 caracteres'),
  quantidade: quantidadeCampo('Quantidade').default('1'),
});

export const recontarSchema = z.object({ produto_id: refObrigatoria('Produto') });
