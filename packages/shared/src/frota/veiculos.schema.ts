import { z } from 'zod';
import { onlyDigits, UFS } from '../cadastros/brasil.ts';
import {
  ativo,
  decimalOpcional,
  optionalDigits,
  optionalInt,
  optionalRef,
  optionalText,
  versao,
} from '../cadastros/campos.ts';
import { dataOpcional } from '../estoque/campos.ts';
import { filtroVencimentoParam } from '../estoque/validade.ts';
import { booleanParam, listQuerySchema } from '../list-params.ts';
import { kgCampo } from './campos.ts';
import type { CategoriaExigida } from './habilitacao.ts';
import { TIPOS_VEICULO, type TipoVeiculo } from './habilitacao.ts';
import { isValidPlaca, normalizaPlaca } from './placa.ts';
import { isValidRenavam } from './renavam.ts';

// Veículos of the fleet (the "Placas" screen). The plate is stored normalised ("ABC1234",
// "ABC1D23") with its Mercosul equivalent, on which uniqueness is enforced: ABC-1234 and ABC1C34
// are the same vehicle.

/** RNTRC of the ANTT (Registro Nacional de Transportadores Rodoviários de Cargas): 8 digits, as
 * the MDF-e and CT-e layouts carry it (rodo/RNTRC). */
export function isValidRntrc(value: string | null | undefined): boolean {
  return /^\d{8}$/.test(onlyDigits(value)) && /^[\d.\-\s/]+$/.test((value ?? '').trim());
}

export const veiculoMensagens = {
  placaDuplicada: 'Já existe um veículo com esta placa.',
  renavamDuplicado: 'Já existe um veículo com este RENAVAM.',
  rntrcObrigatorio: 'Obrigatório para veículo de terceiro',
  motoristaNaoEncontrado: 'Motorista não encontrado',
} as const;

/** Largest tara or capacidade accepted (a 9-axle bitrem is 74 t of PBT). */
export const KG_MAXIMO = 99_999;

const veiculoFields = {
  placa: z
    .string({ error: 'Placa é obrigatória' })
    .trim()
    .min(1, 'Placa é obrigatória')
    .refine((v) => v === '' || isValidPlaca(v), 'Placa inválida (use ABC1D23 ou ABC-1234)')
    .transform(normalizaPlaca),
  renavam: optionalDigits(isValidRenavam, 'RENAVAM inválido'),
  uf: z.enum(UFS, { error: 'UF inválida' }),
  tipo: z.enum(TIPOS_VEICULO, { error: 'Tipo inválido' }),
  marca: optionalText(60, 'Marca'),
  modelo: optionalText(60, 'Modelo'),
  ano: optionalInt('Ano', 1950, 2100),
  tara: kgCampo('Tara', 'a', 1, KG_MAXIMO),
  capacidade: kgCampo('Capacidade de carga', 'a', 1, KG_MAXIMO),
  /** m³ with up to 3 decimals, decimal string. */
  volume: decimalOpcional('Volume', { max: 999, places: 3 }),
  /** Insurance limit of the goods on board, money decimal string. */
  valor_maximo_carga: decimalOpcional('Valor máximo de carga', { max: 999_999_999_999 }),
  motorista_padrao_id: optionalRef('Motorista padrão'),
  proprio: z.boolean({ error: 'Valor inválido' }).default(true),
  proprietario_nome: optionalText(100, 'Proprietário'),
  rntrc: optionalDigits(isValidRntrc, 'RNTRC deve ter 8 dígitos'),
  licenciamento_vencimento: dataOpcional('Vencimento do licenciamento'),
  ativo,
};

type Terceiro = { proprio: boolean; rntrc: string | null };

function terceiroRules(v: Terceiro, ctx: z.RefinementCtx) {
  if (!v.proprio && !v.rntrc)
    ctx.addIssue({ code: 'custom', path: ['rntrc'], message: veiculoMensagens.rntrcObrigatorio });
}

/** An own vehicle keeps no third-party owner data. */
function semTerceiro<T extends Terceiro & { proprietario_nome: string | null }>(v: T): T {
  return v.proprio ? { ...v, rntrc: null, proprietario_nome: null } : v;
}

export const veiculoCreateSchema = z.object(veiculoFields).superRefine(terceiroRules).transform(semTerceiro);
export const veiculoUpdateSchema = z
  .object({ ...veiculoFields, versao })
  .superRefine(terceiroRules)
  .transform(semTerceiro);
export type VeiculoInput = z.input<typeof veiculoCreateSchema>;
export type VeiculoCreate = z.output<typeof veiculoCreateSchema>;
export type VeiculoUpdate = z.output<typeof veiculoUpdateSchema>;

export const VEICULO_SORTS = [
  'placa',
  'tipo',
  'capacidade',
  'licenciamento_vencimento',
  'created_at',
] as const;
export const veiculosListQuerySchema = listQuerySchema(VEICULO_SORTS, 'placa', {
  ativo: booleanParam.optional(),
  tipo: z.enum(TIPOS_VEICULO, { error: 'Tipo inválido' }).optional(),
  proprio: booleanParam.optional(),
  /** Licenciamento vencido, or expiring within 30/60/90 days. */
  licenciamento: filtroVencimentoParam.optional(),
});
export type VeiculosListQuery = z.input<typeof veiculosListQuerySchema>;

export type VeiculoRow = {
  id: string;
  placa: string;
  placa_mercosul: string;
  renavam: string | null;
  uf: string;
  tipo: TipoVeiculo;
  marca: string | null;
  modelo: string | null;
  ano: number | null;
  tara: number;
  capacidade: number;
  volume: string | null;
  valor_maximo_carga: string | null;
  motorista_padrao_id: string | null;
  motorista_padrao_nome: string | null;
  proprio: boolean;
  proprietario_nome: string | null;
  rntrc: string | null;
  licenciamento_vencimento: string | null;
  /** The CNH category it requires (categoriaExigida). */
  categoria_exigida: CategoriaExigida;
  ativo: boolean;
  versao: number;
  created_at: string;
  updated_at: string;
};
