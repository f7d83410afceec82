import { z } from 'zod';
import { UFS, type Uf } from '../cadastros/brasil.ts';
import { decimalBR } from '../cadastros/campos.ts';
import type { IndicadorIe } from '../cadastros/pessoa.schema.ts';
import { Decimal } from '../decimal.ts';
import { quantidadeCampo, refObrigatoria } from '../estoque/campos.ts';
import type { Origem } from '../estoque/origem.ts';
import { booleanParam, listQuerySchema } from '../list-params.ts';
import type { ImpostosItem } from './calculo-item.ts';
import {
  CRTS,
  type Crt,
  OPERACOES_FISCAIS,
  type OperacaoFiscal,
  type SentidoNf,
  type TipoDestinatario,
} from './dominios.ts';
import { DESTINOS_ESCOPO, type RegraTributacao } from './regra.schema.ts';
import type { SituacaoRegra } from './regra-match.ts';
import type { TotaisDocumento } from './totais.ts';

// The API of the tabela de tributação (server routes /api/tributacao, screen
// /estoque/tabela-tributacao): the rule list and its row, and "Simular".

/** A rule as the list and the form read it: the row plus its product, when it is a product's rule. */
export type RegraTributacaoRow = RegraTributacao & {
  produto_codigo: string | null;
  produto_nome: string | null;
  versao: number;
  created_at: string;
  updated_at: string;
};

export const REGRA_TRIBUTACAO_SORTS = [
  'descricao',
  'operacao',
  'ncm_prefixo',
  'destino',
  'cfop',
  'created_at',
] as const;

/**
 * The rule list: search by description, NCM (a rule whose prefix starts an NCM typed in full, or
 * that starts with the digits typed) or CFOP; filters operação, destino (interna, interestadual or
 * one UF), CRT and ativo.
 */
export const regrasTributacaoListQuerySchema = listQuerySchema(REGRA_TRIBUTACAO_SORTS, 'descricao', {
  ativo: booleanParam.optional(),
  operacao: z.enum(OPERACOES_FISCAIS, { error: 'Operação inválida' }).optional(),
  destino: z.union([z.enum(DESTINOS_ESCOPO), z.enum(UFS)], { error: 'Destino inválido' }).optional(),
  crt: z.enum(CRTS, { error: 'Regime tributário (CRT) inválido' }).optional(),
});
export type RegrasTributacaoListQuery = z.input<typeof regrasTributacaoListQuerySchema>;

export const simulacaoMensagens = {
  valorUnitarioPositivo: 'Valor unitário deve ser maior que zero',
  descontoMaior: 'Desconto maior que o valor dos produtos',
  produtoNaoEncontrado: 'Produto não encontrado',
  clienteNaoEncontrado: 'Cliente não encontrado',
  clienteSemUf: 'O cliente não tem UF no cadastro: informe o endereço para calcular os impostos',
} as const;

/** Money a person types ("1.234,56"): empty is zero. */
const dinheiroOpcional = (label: string) => decimalBR(label, { max: 999_999_999_999 });

/**
 * "Simular" (POST /api/tributacao/simular): the taxes of `quantidade` × `valor_unitario` of a
 * product sold to a customer, and the rule that gives them. `consumidor_final`: a contributor
 * buying for its own use (NF-e indFinal 1); a non-contributor is always a final consumer.
 */
export const simulacaoTributacaoSchema = z
  .object({
    produto_id: refObrigatoria('Produto'),
    cliente_id: refObrigatoria('Cliente'),
    operacao: z.enum(OPERACOES_FISCAIS, { error: 'Operação inválida' }).default('venda'),
    quantidade: quantidadeCampo('Quantidade'),
    valor_unitario: decimalBR('Valor unitário', { max: 999_999_999_999, places: 4 }).refine(
      (v) => Decimal.of(v).isPositive(),
      simulacaoMensagens.valorUnitarioPositivo,
    ),
    desconto: dinheiroOpcional('Desconto'),
    frete: dinheiroOpcional('Frete'),
    consumidor_final: z.boolean({ error: 'Valor inválido' }).default(false),
  })
  .superRefine((v, ctx) => {
    const vProd = Decimal.of(v.quantidade).times(v.valor_unitario).round(2);
    if (Decimal.of(v.desconto).gt(vProd))
      ctx.addIssue({ code: 'custom', path: ['desconto'], message: simulacaoMensagens.descontoMaior });
  });
export type SimulacaoTributacaoInput = z.input<typeof simulacaoTributacaoSchema>;

/** One rule as "Simular" judged it: won, lost to a more specific one, or did not apply (why). */
export type AvaliacaoRegraRow = {
  regra_id: string;
  descricao: string;
  situacao: SituacaoRegra;
  motivos: string[];
};

/** The answer of "Simular". `impostos` and `totais` are null when no rule applies. */
export type SimulacaoTributacaoResultado = {
  produto: { id: string; codigo: string; nome: string; ncm: string | null; origem: Origem };
  cliente: { id: string; nome: string; uf: Uf; indicador_ie: IndicadorIe };
  operacao: {
    operacao: OperacaoFiscal;
    sentido: SentidoNf;
    crt: Crt;
    uf_origem: Uf;
    uf_destino: Uf;
    interna: boolean;
    tipo_destinatario: TipoDestinatario;
  };
  regra: { id: string; descricao: string } | null;
  /** Another rule had the same specificity (the first one won). */
  empate: boolean;
  avaliacoes: AvaliacaoRegraRow[];
  impostos: ImpostosItem | null;
  totais: TotaisDocumento | null;
};
