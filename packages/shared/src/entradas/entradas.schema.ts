import { z } from 'zod';
import { decimalBR, optionalRef, optionalText, requiredText, versao } from '../cadastros/campos.ts';
import {
  custoOpcional,
  dataObrigatoria,
  dataOpcional,
  quantidadeCampo,
  refObrigatoria,
} from '../estoque/campos.ts';
import { listQuerySchema, uuidParam } from '../list-params.ts';

// Goods receipt (issue 17): the API's inputs. Money and quantities travel as decimal strings.

export const STATUS_ENTRADA = ['rascunho', 'conferida', 'lancada', 'estornada'] as const;
export type StatusEntradaApi = (typeof STATUS_ENTRADA)[number];
export const statusEntradaLabels: Record<StatusEntradaApi, string> = {
  rascunho: 'Rascunho',
  conferida: 'Conferida',
  lancada: 'Lançada',
  estornada: 'Estornada',
};
export const assinaturaLabels = {
  valida: 'Assinatura válida',
  invalida: 'Assinatura inválida',
  ausente: 'Sem assinatura',
};

export const entradasListQuerySchema = listQuerySchema(
  ['emissao', 'numero', 'fornecedor', 'valor', 'status', 'criada'],
  'criada',
  {
    status: z.enum(STATUS_ENTRADA, { error: 'Situação inválida' }).optional(),
    fornecedor_id: uuidParam.optional(),
    de: dataOpcional('Data inicial').optional(),
    ate: dataOpcional('Data final').optional(),
  },
);
export type EntradasListQuery = z.output<typeof entradasListQuerySchema>;

/** At most this many files (after a .zip is expanded) per import. */
export const IMPORTACAO_MAX_ARQUIVOS = 50;

export const importarEntradasSchema = z.object({
  arquivos: z
    .array(
      z.object({
        nome: requiredText(255, 'Nome do arquivo'),
        conteudo_base64: z
          .string({ error: 'Conteúdo do arquivo é obrigatório' })
          .min(1, 'Conteúdo do arquivo é obrigatório')
          .regex(/^[A-Za-z0-9+/=\s]*$/, 'Conteúdo do arquivo inválido (base64)'),
      }),
      { error: 'Envie ao menos um arquivo' },
    )
    .min(1, 'Envie ao menos um arquivo')
    .max(IMPORTACAO_MAX_ARQUIVOS, `Envie no máximo ${IMPORTACAO_MAX_ARQUIVOS} arquivos`),
});
export type ImportarEntradas = z.output<typeof importarEntradasSchema>;

const loteSchema = z.object({
  numero: requiredText(60, 'Lote'),
  quantidade: quantidadeCampo('Quantidade do lote'),
  fabricacao: dataOpcional('Fabricação'),
  validade: dataOpcional('Validade'),
});

/** PUT /:id/itens/:itemId — the mapping is remembered for the supplier. */
export const mapearItemSchema = z.object({
  produto_id: refObrigatoria('Produto'),
  embalagem_id: optionalRef('Embalagem'),
  local_id: optionalRef('Local'),
  lotes: z.array(loteSchema, { error: 'Lotes inválidos' }).max(100, 'No máximo 100 lotes').optional(),
});
export type MapearItem = z.output<typeof mapearItemSchema>;

export const atualizarEntradaSchema = z.object({
  versao,
  fornecedor_id: optionalRef('Fornecedor').optional(),
  condicao_pagamento_id: optionalRef('Condição de pagamento').optional(),
  local_id: optionalRef('Local').optional(),
  observacoes: optionalText(2000, 'Observações').optional(),
});
export type AtualizarEntrada = z.output<typeof atualizarEntradaSchema>;

export const conferenciaSchema = z.object({
  contagens: z
    .array(
      z.object({
        item_id: refObrigatoria('Item'),
        quantidade: quantidadeCampo('Quantidade contada', { positiva: false }),
      }),
      { error: 'Contagens inválidas' },
    )
    .max(5000, 'Contagens demais'),
});
export type Conferencia = z.output<typeof conferenciaSchema>;

export const estornarEntradaSchema = z.object({ motivo: requiredText(500, 'Motivo') });

const duplicataSchema = z.object({
  numero: requiredText(60, 'Número da parcela'),
  vencimento: dataObrigatoria('Vencimento'),
  valor: decimalBR('Valor', { max: 999_999_999_999 }),
});

/** POST /manual — a receipt without XML (typed items), same lifecycle. */
export const entradaManualSchema = z.object({
  fornecedor_id: refObrigatoria('Fornecedor'),
  numero: z.coerce
    .number({ error: 'Número inválido' })
    .int('Número inválido')
    .min(1)
    .max(999_999_999)
    .optional(),
  serie: z.coerce.number({ error: 'Série inválida' }).int('Série inválida').min(0).max(999).optional(),
  emissao: dataObrigatoria('Emissão'),
  condicao_pagamento_id: optionalRef('Condição de pagamento').optional(),
  local_id: optionalRef('Local').optional(),
  observacoes: optionalText(2000, 'Observações').optional(),
  itens: z
    .array(
      z.object({
        produto_id: refObrigatoria('Produto'),
        embalagem_id: optionalRef('Embalagem'),
        quantidade: quantidadeCampo('Quantidade'),
        custo_unitario: custoOpcional('Custo unitário'),
        local_id: optionalRef('Local'),
        lotes: z.array(loteSchema).max(100).optional(),
      }),
      { error: 'Informe os itens' },
    )
    .min(1, 'Informe ao menos um item')
    .max(2000, 'No máximo 2000 itens'),
  duplicatas: z.array(duplicataSchema).max(120, 'No máximo 120 parcelas').optional(),
});
export type EntradaManual = z.output<typeof entradaManualSchema>;

export const notasEntradaListQuerySchema = listQuerySchema(
  ['emissao', 'numero', 'fornecedor', 'valor'],
  'emissao',
  {
    status: z.enum(STATUS_ENTRADA, { error: 'Situação inválida' }).optional(),
    de: dataOpcional('Data inicial').optional(),
    ate: dataOpcional('Data final').optional(),
  },
);
