import { z } from 'zod';
import { dataOpcional } from '../estoque/campos.ts';
import { listQuerySchema, uuidParam } from '../list-params.ts';
import { STATUS_NOTA, type StatusNota } from './status-nota.ts';

// Outgoing NF-e (issue 19, /notasfiscais/saida): the API's inputs and answers.

export const notasSaidaMensagens = {
  semCertificado: 'Cadastre o certificado digital A1 em Configurações > Fiscais.',
  certificadoVencido: (data: string) =>
    `O certificado digital A1 venceu em ${data}: cadastre um certificado válido em Configurações > Fiscais.`,
  certificadoOutroCnpj: (cert: string, emitente: string) =>
    `O certificado digital A1 é do CNPJ ${cert}, de outra empresa que o emitente (${emitente}): cadastre o certificado do emitente em Configurações > Fiscais.`,
  pedidoNaoEncontrado: 'Pedido não encontrado',
  pedidoNaoFaturavel: (status: string) =>
    `Só pedidos liberados, em separação ou conferidos podem ser faturados; este está «${status}».`,
  pedidoJaTemNota: (numero: number, status: string) =>
    `O pedido já tem a NF-e nº ${numero} («${status}»): cancele-a ou inutilize-a antes de emitir outra.`,
  pedidoEmEmissao:
    'O pedido já está sendo faturado por outra pessoa: confira a nota dele em Notas Fiscais > Saída.',
  pedidoBloqueado: 'O pedido tem bloqueios pendentes: libere-os antes de faturar.',
  semSerie: 'Nenhuma série de NF-e ativa: cadastre uma em Configurações > Fiscais.',
  serieNaoEncontrada: (serie: number) => `A série ${serie} não está cadastrada ou não está ativa.`,
  serieEsgotada: (serie: number) => `A série ${serie} chegou ao último número (999.999.999).`,
  impostosDesatualizados:
    'Os impostos do pedido foram calculados para outro regime tributário: abra o pedido e salve-o de novo antes de faturar.',
  totalDivergente: (pedido: string, nota: string) =>
    `O total do pedido (${pedido}) difere do total dos itens (${nota}): abra o pedido e salve-o de novo antes de faturar.`,
  clienteSemEndereco: (campos: string) =>
    `O cadastro do cliente está incompleto para a NF-e: ${campos}. Complete-o em Cadastros > Clientes.`,
  produtoSemNcm: (produtos: string) => `Produtos sem NCM (obrigatório na NF-e): ${produtos}.`,
  xsdInvalido: 'A NF-e gerada não passou na validação do schema (XSD); nada foi gravado.',
  notaNaoEncontrada: 'Nota fiscal não encontrada',
  regerarSoRejeitada: (status: string) =>
    `Só uma nota rejeitada (ou assinada e ainda não autorizada) pode ser gerada novamente; esta está «${status}».`,
  regerarSemPedido: 'Esta nota não tem pedido de origem: não há de onde gerá-la novamente.',
  regerarAposTimeout:
    'O último envio desta nota ficou sem resposta da SEFAZ: consulte a nota antes de gerá-la novamente.',
  faturarPelaNota:
    'Pedidos são faturados pela emissão da NF-e: use «Faturar (NF-e)» no pedido ou Notas Fiscais > Saída.',
} as const;

export const emitirNotaSchema = z.object({
  pedido_id: uuidParam,
  serie: z
    .number({ error: 'Série deve ser um número' })
    .int('Série deve ser um número inteiro')
    .min(0, 'Série deve estar entre 0 e 999')
    .max(999, 'Série deve estar entre 0 e 999')
    .optional(),
});
export type EmitirNota = z.input<typeof emitirNotaSchema>;

export const notasSaidaListQuerySchema = listQuerySchema(
  ['emissao', 'numero', 'cliente', 'valor', 'status'],
  'emissao',
  {
    status: z.enum(STATUS_NOTA, { error: 'Situação inválida' }).optional(),
    cliente_id: uuidParam.optional(),
    serie: z.coerce
      .number({ error: 'Série inválida' })
      .int('Série inválida')
      .min(0, 'Série inválida')
      .max(999, 'Série inválida')
      .optional(),
    de: dataOpcional('Data inicial').optional(),
    ate: dataOpcional('Data final').optional(),
  },
);
export type NotasSaidaListQuery = z.output<typeof notasSaidaListQuerySchema>;

export const lacunasQuerySchema = z.object({
  serie: z.coerce
    .number({ error: 'Série é obrigatória' })
    .int('Série inválida')
    .min(0, 'Série inválida')
    .max(999, 'Série inválida'),
});

export type NotaSaidaResumo = {
  id: string;
  numero: number;
  serie: number;
  chave: string;
  status: StatusNota;
  ambiente: '1' | '2';
  emissao: string;
  valor_total: string;
  cliente_id: string;
  cliente_nome: string;
  cliente_documento: string;
  pedido_id: string | null;
  pedido_numero: number | null;
  c_stat: string | null;
  x_motivo: string | null;
};

export type NotaSaidaItem = {
  n_item: number;
  c_prod: string;
  x_prod: string;
  ncm: string;
  cfop: string;
  u_com: string;
  q_com: string;
  v_un_com: string;
  v_prod: string;
  v_desc: string;
  cst: string;
  v_icms: string;
  v_st: string;
  v_ipi: string;
};

export type NotaSaidaEvento = {
  id: string;
  tipo: string;
  sequencia: number | null;
  c_stat: string | null;
  x_motivo: string | null;
  protocolo: string | null;
  usuario: string | null;
  created_at: string;
};

export type NotaSaida = NotaSaidaResumo & {
  protocolo: string | null;
  tp_emis: string;
  natureza: string;
  itens: NotaSaidaItem[];
  totais: {
    v_prod: string;
    v_desc: string;
    v_frete: string;
    v_bc: string;
    v_icms: string;
    v_st: string;
    v_ipi: string;
    v_pis: string;
    v_cofins: string;
    v_ibs: string;
    v_cbs: string;
    v_nf: string;
  };
  duplicatas: { numero: string; vencimento: string; valor: string }[];
  eventos: NotaSaidaEvento[];
  xml: string;
  autorizada_xml: boolean;
  /** finNFe ('4' devolução) and tpNF ('0' entrada) — issue 32. */
  fin_nfe: string;
  tp_nf: string;
  /** Set on our own NF-e de devolução: the devolução it belongs to. */
  devolucao_id: string | null;
  /** The returns of this sale note (or the one this return note belongs to). */
  devolucoes: { id: string; numero: number; status: string; valor_total: string }[];
};

/** A number skipped in a série (no note holds it): #20 inutilizes it. */
export type LacunasSerie = { serie: number; proximo_numero: number; lacunas: number[] };
