import { z } from 'zod';
import { optionalRef, optionalText } from '../cadastros/campos.ts';
import { siglaUnidade } from '../estoque/cadastros-estoque.schema.ts';
import { quantidadeCampo, refObrigatoria } from '../estoque/campos.ts';
import { DESTINOS_DEVOLUCAO, MOTIVOS_DEVOLUCAO } from './motivos.ts';

// The API inputs of returns (issue 32). Quantities travel as decimal strings, typed in the unit
// named by `unidade` — the product's base unit or one of its packagings (its sigla, as order
// lines name them); the service converts to the base unit and checks the saldo
// (confereLinhaDevolucao), which needs the product's data.

/** Most lines in one return (an NF-e has at most 990 items). */
export const MAX_ITENS_DEVOLUCAO = 990;

export const devolucaoMensagens = {
  semItens: 'Informe ao menos um item a devolver',
  maxItens: `No máximo ${MAX_ITENS_DEVOLUCAO} itens por devolução`,
  motivo: 'Motivo da devolução inválido',
  destino: 'Destino do estoque inválido',
  observacaoOutro: 'Descreva o motivo na observação quando o motivo for «Outro»',
} as const;

const motivo = z.enum(MOTIVOS_DEVOLUCAO, { error: devolucaoMensagens.motivo });

const itemBase = {
  /** The document's item (the NF-e item / the goods receipt item). */
  item_id: refObrigatoria('Item'),
  quantidade: quantidadeCampo('Quantidade a devolver'),
  /** Sigla of the base unit or of a packaging of the product (CX, UN…). */
  unidade: siglaUnidade('Unidade'),
  motivo,
};

/** A returned line of a sale: where the goods go back. */
export const itemDevolucaoVendaSchema = z.object({
  ...itemBase,
  destino: z.enum(DESTINOS_DEVOLUCAO, { error: devolucaoMensagens.destino }),
});

/** A returned line of a purchase: from which location (and lot) it leaves; null: where it came in. */
export const itemDevolucaoCompraSchema = z.object({
  ...itemBase,
  local_id: optionalRef('Local de estoque'),
  lote_id: optionalRef('Lote'),
});

type ComItens = { itens: readonly { motivo: string }[]; observacao: string | null };

// One item may come in several lines (part to avaria, part to normal stock; 1 CX + 3 UN): the
// service checks their sum against the saldo, each line with the previous ones as `anteriores`.
function regrasDevolucao(v: ComItens, ctx: z.RefinementCtx) {
  if (v.itens.some((i) => i.motivo === 'outro') && !v.observacao)
    ctx.addIssue({ code: 'custom', path: ['observacao'], message: devolucaoMensagens.observacaoOutro });
}

const itens = <T extends z.ZodType>(schema: T) =>
  z
    .array(schema, { error: devolucaoMensagens.semItens })
    .min(1, devolucaoMensagens.semItens)
    .max(MAX_ITENS_DEVOLUCAO, devolucaoMensagens.maxItens);

/** POST /api/comercial/devolucoes: a return of an authorised outgoing NF-e, saved as rascunho. */
export const devolucaoVendaCreateSchema = z
  .object({
    nota_id: refObrigatoria('Nota fiscal', 'a'),
    itens: itens(itemDevolucaoVendaSchema),
    observacao: optionalText(2000, 'Observação'),
  })
  .superRefine(regrasDevolucao);
export type DevolucaoVendaInput = z.input<typeof devolucaoVendaCreateSchema>;
export type DevolucaoVendaDados = z.output<typeof devolucaoVendaCreateSchema>;

/** POST /api/estoque/devolucoes-compra: a return of a posted goods receipt, saved as rascunho. */
export const devolucaoCompraCreateSchema = z
  .object({
    entrada_id: refObrigatoria('Entrada', 'a'),
    itens: itens(itemDevolucaoCompraSchema),
    observacao: optionalText(2000, 'Observação'),
  })
  .superRefine(regrasDevolucao);
export type DevolucaoCompraInput = z.input<typeof devolucaoCompraCreateSchema>;
export type DevolucaoCompraDados = z.output<typeof devolucaoCompraCreateSchema>;
