import { z } from 'zod';
import { requiredText, versao } from '../cadastros/campos.ts';
import { listQuerySchema, uuidParam } from '../list-params.ts';
import { dataObrigatoria, dataOpcional, refObrigatoria } from './campos.ts';
import { filtroVencimentoParam } from './validade.ts';

// Lots of products that control "lote e validade". Their quantity per location comes from the
// ledger (balances keyed by produto, local, lote).

export const loteMensagens = {
  validadeAntesFabricacao: 'Validade deve ser igual ou posterior à fabricação',
} as const;

const loteFields = {
  produto_id: refObrigatoria('Produto'),
  numero: requiredText(30, 'Número do lote'),
  fabricacao: dataOpcional('Data de fabricação'),
  validade: dataObrigatoria('Validade'),
};

function loteRules(v: { fabricacao: string | null; validade: string }, ctx: z.RefinementCtx) {
  if (v.fabricacao && v.validade < v.fabricacao)
    ctx.addIssue({ code: 'custom', path: ['validade'], message: loteMensagens.validadeAntesFabricacao });
}

/** The lot number is unique per product (the server answers 409 with a field error). */
export const loteCreateSchema = z.object(loteFields).superRefine(loteRules);
export const loteUpdateSchema = z.object({ ...loteFields, versao }).superRefine(loteRules);
export type LoteInput = z.input<typeof loteCreateSchema>;

export const LOTE_SORTS = ['validade', 'numero', 'produto', 'created_at'] as const;
export const lotesListQuerySchema = listQuerySchema(LOTE_SORTS, 'validade', {
  produto_id: uuidParam.optional(),
  local_id: uuidParam.optional(),
  vencimento: filtroVencimentoParam.optional(),
});
export type LotesListQuery = z.input<typeof lotesListQuerySchema>;

export type LoteRow = {
  id: string;
  produto_id: string;
  produto_codigo: string;
  produto_nome: string;
  numero: string;
  fabricacao: string | null;
  validade: string;
  /** Sum over the locations (numeric(14,3) text). */
  saldo: string;
  /** Per location, from the balances. */
  locais: { local_id: string; local_nome: string; saldo: string; reservado: string }[];
  versao: number;
  created_at: string;
  updated_at: string;
};
