import type { StatusPedido } from '../comercial/status-pedido.ts';
import type { CategoriaCnh } from '../frota/cnh.ts';
import type { TipoVeiculo } from '../frota/habilitacao.ts';
import type { CapacidadeCarga } from './capacidade-carga.ts';
import type { Divergencia, StatusConferencia } from './conferencia.ts';
import type { StatusCarga, StatusEntrega } from './status-carga.ts';

// The answers of /api/expedicao (loads, stops, available orders, conferências): written once here,
// built by the server's reads and read by the screens.

export type VeiculoCarga = {
  id: string;
  placa: string;
  tipo: TipoVeiculo;
  tara: number;
  capacidade: number;
  volume: string | null;
  valor_maximo_carga: string | null;
  motorista_padrao_id: string | null;
  ativo: boolean;
  categoria_exigida: 'B' | 'C' | 'E';
  descricao: string;
};

export type MotoristaCarga = {
  id: string;
  nome: string;
  ativo: boolean;
  cnh_numero: string | null;
  cnh_categoria: CategoriaCnh | null;
  cnh_validade: string | null;
};

export type ParadaCarga = {
  pedido_id: string;
  sequencia: number;
  numero: number;
  status: StatusPedido;
  cliente_id: string;
  cliente_nome: string;
  fantasia: string | null;
  documento: string;
  endereco: string;
  bairro: string | null;
  cidade: string | null;
  uf: string | null;
  cep: string | null;
  telefone: string | null;
  regiao_nome: string | null;
  data_entrega: string | null;
  peso_bruto: string;
  volume: string;
  valor_total: string;
  forma_pagamento: string | null;
  condicao_pagamento: string | null;
  itens: number;
  entrega_status: StatusEntrega;
  entrega_motivo: string | null;
  /** The order's authorised sale NF-e (a refusal at the door starts its devolução from it; issue 32). */
  nota_autorizada_id?: string | null;
  conferencia_status: StatusConferencia | null;
};

export type Carga = {
  id: string;
  numero: number;
  data_saida_prevista: string;
  status: StatusCarga;
  veiculo: VeiculoCarga | null;
  motorista: MotoristaCarga | null;
  ajudantes: { id: string; nome: string }[];
  regioes: { id: string; nome: string }[];
  observacoes: string | null;
  excesso: { justificativa: string; descricao: string | null; usuario: string | null; em: string } | null;
  motorista_liberacao: { justificativa: string; usuario: string | null; em: string } | null;
  motivo_cancelamento: string | null;
  paradas: ParadaCarga[];
  capacidade: CapacidadeCarga;
  historico: {
    de: StatusCarga | null;
    para: StatusCarga;
    motivo: string | null;
    usuario: string | null;
    created_at: string;
  }[];
  transicoes: StatusCarga[];
  versao: number;
};

export type CargaResumo = {
  id: string;
  numero: number;
  data_saida_prevista: string;
  status: StatusCarga;
  placa: string | null;
  motorista_nome: string | null;
  pedidos: number;
  peso: string;
  valor: string;
  conferidos: number;
  versao: number;
};

export type PedidoDisponivel = {
  id: string;
  numero: number;
  status: StatusPedido;
  cliente_nome: string;
  data_entrega: string | null;
  valor_total: string;
  peso_bruto: string;
  volume: string;
  regiao_id: string | null;
  regiao_nome: string | null;
  cidade: string | null;
  uf: string | null;
  cep: string | null;
  bairro: string | null;
};

export type ConferenciaPedidoResumo = {
  id: string;
  numero: number;
  status: StatusPedido;
  cliente_nome: string;
  carga_id: string | null;
  carga_numero: number | null;
  itens: number;
  conferencia_id: string | null;
  conferencia_status: StatusConferencia | null;
};

export type ConferenciaExpedicao = {
  id: string;
  status: StatusConferencia;
  pedido: { id: string; numero: number; cliente_nome: string; status: StatusPedido };
  carga: { id: string; numero: number } | null;
  conferente: string | null;
  iniciada_em: string;
  finalizada_em: string | null;
  ajustada: boolean;
  progresso: { lidos: number; linhas: number };
  /** What was scanned, per product (counted totals: the checker's own figures). */
  contagem: {
    produto_id: string;
    codigo: string;
    nome: string;
    unidade: string;
    quantidade: string;
    leituras: number;
  }[];
  /** The last scans, newest first. */
  leituras: {
    id: number;
    codigo: string;
    produto_codigo: string;
    produto_nome: string;
    embalagem: string;
    quantidade: string;
    quantidade_base: string;
    created_at: string;
  }[];
  /** Only once finished with divergences (or conferida after an adjustment: empty). */
  divergencias: (Divergencia & { codigo: string; nome: string; unidade: string })[];
};
