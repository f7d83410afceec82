import { formatDateBR } from '../dates.ts';
import type { CategoriaCnh } from './cnh.ts';

// Which CNH a vehicle requires, and whether a driver may take it on a day (dispatch uses it).
//
// CTB (Lei nº 9.503/1997) art. 143, as amended by Lei nº 12.452/2011 and Lei nº 14.440/2022:
//   II  — B: motorised vehicle not in A "cujo peso bruto total não exceda a três mil e quinhentos
//         quilogramas" and up to 8 seats besides the driver;
//   III — C: the vehicles of B and cargo vehicles "cujo peso bruto total exceda a 3.500 kg";
//   IV  — D: the vehicles of B and C and passenger vehicles over 8 seats;
//   V   — E: "combinação de veículos em que a unidade tratora se enquadre nas categorias B, C ou D
//         e cuja unidade acoplada, reboque, semirreboque, trailer ou articulada tenha 6.000 kg …
//         ou mais de peso bruto total".
// B–E are a sequence where a higher category covers the lower ones (CONTRAN Resolução nº
// 789/2020, Anexo I, "Tabela de abrangência"); A (two or three wheels) is apart and never
// covers a four-wheel vehicle. A fleet of a distributor carries cargo, so: a carreta (tractor
// + semi-trailer) needs E; any other type needs B up to 3,500 kg of peso bruto total (tara +
// capacidade de carga) and C above it.

export const TIPOS_VEICULO = ['utilitario', 'vuc', 'tres_quartos', 'toco', 'truck', 'carreta'] as const;
export type TipoVeiculo = (typeof TIPOS_VEICULO)[number];
export const tipoVeiculoLabels: Record<TipoVeiculo, string> = {
  utilitario: 'Utilitário',
  vuc: 'VUC',
  tres_quartos: '3/4',
  toco: 'Toco',
  truck: 'Truck',
  carreta: 'Carreta',
};

/** The largest peso bruto total (kg) a category B driver may drive (CTB art. 143, II). */
export const PBT_MAXIMO_CATEGORIA_B = 3500;

export type CategoriaExigida = 'B' | 'C' | 'E';

/** tara + capacidade de carga, in whole kilograms. */
export function pesoBrutoTotal(v: { tara: number; capacidade: number }): number {
  return v.tara + v.capacidade;
}

/** The CNH category a vehicle requires: E for a carreta, else B up to 3,500 kg of PBT, C above. */
export function categoriaExigida(v: {
  tipo: TipoVeiculo;
  tara: number;
  capacidade: number;
}): CategoriaExigida {
  if (v.tipo === 'carreta') return 'E';
  return pesoBrutoTotal(v) <= PBT_MAXIMO_CATEGORIA_B ? 'B' : 'C';
}

const ORDEM: Record<string, number> = { B: 1, C: 2, D: 3, E: 4 };

/** True when a CNH of `categoria` covers a vehicle that requires `exigida` (A covers none). */
export function categoriaHabilita(
  categoria: CategoriaCnh | null | undefined,
  exigida: CategoriaExigida,
): boolean {
  if (!categoria) return false;
  const sequencia = categoria.replace('A', '');
  if (!sequencia) return false;
  return (ORDEM[sequencia] ?? 0) >= ORDEM[exigida]!;
}

export type MotoristaParaDespacho = {
  nome?: string;
  ativo: boolean;
  cnh_numero: string | null;
  cnh_categoria: CategoriaCnh | null;
  /** 'YYYY-MM-DD' */
  cnh_validade: string | null;
};

export type VeiculoParaDespacho = {
  tipo: TipoVeiculo;
  tara: number;
  capacidade: number;
  ativo?: boolean;
};

export type Habilitacao =
  | { pode: true; exigida: CategoriaExigida }
  | { pode: false; exigida: CategoriaExigida; motivos: string[] };

export const habilitacaoMensagens = {
  inativo: 'Funcionário inativo.',
  semCnh: 'Funcionário sem CNH cadastrada.',
  vencida: (validade: string) => `CNH vencida em ${formatDateBR(validade)}.`,
  categoria: (categoria: string, exigida: CategoriaExigida) =>
    `CNH categoria ${categoria} não habilita para este veículo (exige categoria ${exigida}).`,
  veiculoInativo: 'Veículo inativo.',
} as const;

/**
 * Whether a driver may be assigned to a vehicle on a day ('YYYY-MM-DD'): an active employee
 * with a CNH valid on that day (valid through its validade date) whose category covers the
 * one the vehicle requires. Every reason that fails is listed, in that order. (An admin may
 * override it with a justification — audited by the dispatch module.)
 */
export function podeDirigir(
  funcionario: MotoristaParaDespacho,
  veiculo: VeiculoParaDespacho,
  data: string,
): Habilitacao {
  const exigida = categoriaExigida(veiculo);
  const motivos: string[] = [];
  if (!funcionario.ativo) motivos.push(habilitacaoMensagens.inativo);
  if (veiculo.ativo === false) motivos.push(habilitacaoMensagens.veiculoInativo);
  if (!funcionario.cnh_numero || !funcionario.cnh_categoria || !funcionario.cnh_validade) {
    motivos.push(habilitacaoMensagens.semCnh);
  } else {
    if (funcionario.cnh_validade < data) motivos.push(habilitacaoMensagens.vencida(funcionario.cnh_validade));
    if (!categoriaHabilita(funcionario.cnh_categoria, exigida))
      motivos.push(habilitacaoMensagens.categoria(funcionario.cnh_categoria, exigida));
  }
  return motivos.length ? { pode: false, exigida, motivos } : { pode: true, exigida };
}
