import { z } from 'zod';
import { IE_ISENTO, isValidInscricaoEstadual, normalizaIe, onlyDigits, UFS } from '../cadastros/brasil.ts';
import {
  ativo,
  decimalOpcional,
  optionalDigits,
  optionalInt,
  optionalRef,
  optionalText,
  versao,
} from '../cadastros/campos.ts';
import { isValidCnpj, isValidCpf, onlyDocumentChars } from '../documentos.ts';
import { dataOpcional } from '../estoque/campos.ts';
import { filtroVencimentoParam } from '../estoque/validade.ts';
import { booleanParam, listQuerySchema } from '../list-params.ts';
import { escolhaOpcional, kgCampo } from './campos.ts';
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
  /** Owner name, CPF/CNPJ and RNTRC of a third-party vehicle. */
  terceiroObrigatorio: 'Obrigatório para veículo de terceiro',
  motoristaNaoEncontrado: 'Motorista não encontrado',
  documentoInvalido: 'CPF ou CNPJ inválido',
  ieSemUf: 'Informe a UF da inscrição estadual',
  ufSemIe: 'Informe a inscrição estadual desta UF',
  ieInvalida: (uf: string) => `Inscrição estadual inválida para a UF ${uf}`,
} as const;

// What the MDF-e (layout 3.00, modal rodoviário, rodo/veicTracao) asks of the vehicle beyond the
// plate, RENAVAM, tara and capacities: the codes are the layout's own, stored as it carries them.

/** tpRod — tipo de rodado of the traction unit. */
export const TIPOS_RODADO = ['01', '02', '03', '04', '05', '06'] as const;
export type TipoRodado = (typeof TIPOS_RODADO)[number];
export const tipoRodadoLabels: Record<TipoRodado, string> = {
  '01': 'Truck',
  '02': 'Toco',
  '03': 'Cavalo mecânico',
  '04': 'Van',
  '05': 'Utilitário',
  '06': 'Outros',
};

/**
 * The tipo de rodado a vehicle of each tipo usually is (the form proposes it; it stays editable).
 * A carreta is registered by its tractor (cavalo mecânico); VUC and 3/4 have no code of their own.
 * Migration 0059 derives the existing vehicles' value with the same table (veiculos_tipo_rodado()).
 */
export const tipoRodadoPadrao: Record<TipoVeiculo, TipoRodado> = {
  truck: '01',
  toco: '02',
  carreta: '03',
  utilitario: '05',
  vuc: '06',
  tres_quartos: '06',
};

/** tpCar — tipo de carroceria. */
export const TIPOS_CARROCERIA = ['00', '01', '02', '03', '04', '05'] as const;
export type TipoCarroceria = (typeof TIPOS_CARROCERIA)[number];
export const tipoCarroceriaLabels: Record<TipoCarroceria, string> = {
  '00': 'Não aplicável',
  '01': 'Aberta',
  '02': 'Fechada/baú',
  '03': 'Granelera',
  '04': 'Porta container',
  '05': 'Sider',
};

/** tpProp — kind of owner of a third-party vehicle (prop/tpProp). */
export const TIPOS_PROPRIETARIO = ['0', '1', '2'] as const;
export type TipoProprietario = (typeof TIPOS_PROPRIETARIO)[number];
export const tipoProprietarioLabels: Record<TipoProprietario, string> = {
  '0': 'TAC agregado',
  '1': 'TAC independente',
  '2': 'Outros',
};

/** The owner's CPF (11 digits) or CNPJ (14 characters, alphanumeric since July 2026). */
export function isValidCpfCnpj(value: string | null | undefined): boolean {
  const d = onlyDocumentChars(value ?? '');
  return d.length === 11 ? isValidCpf(d) : isValidCnpj(d);
}

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
  /** Absent: the usual one for the tipo (tipoRodadoPadrao). */
  tipo_rodado: z.enum(TIPOS_RODADO, { error: 'Tipo de rodado inválido' }).optional(),
  tipo_carroceria: z.enum(TIPOS_CARROCERIA, { error: 'Tipo de carroceria inválido' }).default('02'),
  proprio: z.boolean({ error: 'Valor inválido' }).default(true),
  proprietario_nome: optionalText(100, 'Proprietário'),
  /** CPF or CNPJ of a third-party vehicle's owner, stored without punctuation. */
  proprietario_documento: z
    .string()
    .trim()
    .max(20, veiculoMensagens.documentoInvalido)
    .refine((v) => v === '' || isValidCpfCnpj(v), veiculoMensagens.documentoInvalido)
    .transform((v) => (v === '' ? null : onlyDocumentChars(v)))
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  proprietario_tipo: escolhaOpcional(TIPOS_PROPRIETARIO, 'Tipo de proprietário inválido'),
  proprietario_ie: z
    .string()
    .trim()
    .max(20, 'Inscrição estadual deve ter no máximo 20 caracteres')
    .transform((v) => (v === '' ? null : normalizaIe(v)))
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  proprietario_uf: escolhaOpcional(UFS, 'UF inválida'),
  rntrc: optionalDigits(isValidRntrc, 'RNTRC deve ter 8 dígitos'),
  licenciamento_vencimento: dataOpcional('Vencimento do licenciamento'),
  ativo,
};

type Terceiro = {
  tipo: TipoVeiculo;
  tipo_rodado?: TipoRodado | undefined;
  proprio: boolean;
  proprietario_nome: string | null;
  proprietario_documento: string | null;
  proprietario_tipo: TipoProprietario | null;
  proprietario_ie: string | null;
  proprietario_uf: string | null;
  rntrc: string | null;
};

/**
 * A third-party vehicle names its owner as the MDF-e's prop group does: name, CPF/CNPJ and RNTRC
 * required; IE and UF optional but together (the layout's sequence), the IE valid for that UF
 * (or ISENTO, which the layout's TIeDest accepts).
 */
function terceiroRules(v: Terceiro, ctx: z.RefinementCtx) {
  if (v.proprio) return;
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (!v.proprietario_nome) issue('proprietario_nome', veiculoMensagens.terceiroObrigatorio);
  if (!v.proprietario_documento) issue('proprietario_documento', veiculoMensagens.terceiroObrigatorio);
  if (!v.rntrc) issue('rntrc', veiculoMensagens.rntrcObrigatorio);
  const ie = v.proprietario_ie;
  if (ie && !v.proprietario_uf) issue('proprietario_uf', veiculoMensagens.ieSemUf);
  else if (!ie && v.proprietario_uf) issue('proprietario_ie', veiculoMensagens.ufSemIe);
  else if (ie && v.proprietario_uf && ie !== IE_ISENTO && !isValidInscricaoEstadual(ie, v.proprietario_uf))
    issue('proprietario_ie', veiculoMensagens.ieInvalida(v.proprietario_uf));
}

type Saida<T extends Terceiro> = Omit<T, 'tipo_rodado'> & { tipo_rodado: TipoRodado };

/**
 * The tipo de rodado defaults to the tipo's usual one; an own vehicle keeps no third-party owner
 * data, a third-party one is of tpProp «outros» unless told.
 */
function resolveVeiculo<T extends Terceiro>(v: T): Saida<T> {
  const tipo_rodado = v.tipo_rodado ?? tipoRodadoPadrao[v.tipo];
  if (v.proprio)
    return {
      ...v,
      tipo_rodado,
      rntrc: null,
      proprietario_nome: null,
      proprietario_documento: null,
      proprietario_tipo: null,
      proprietario_ie: null,
      proprietario_uf: null,
    };
  return { ...v, tipo_rodado, proprietario_tipo: v.proprietario_tipo ?? '2' };
}

export const veiculoCreateSchema = z
  .object(veiculoFields)
  .superRefine(terceiroRules)
  .transform(resolveVeiculo);
export const veiculoUpdateSchema = z
  .object({ ...veiculoFields, versao })
  .superRefine(terceiroRules)
  .transform(resolveVeiculo);
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
  tipo_rodado: TipoRodado;
  tipo_carroceria: TipoCarroceria;
  proprio: boolean;
  proprietario_nome: string | null;
  proprietario_documento: string | null;
  proprietario_tipo: TipoProprietario | null;
  proprietario_ie: string | null;
  proprietario_uf: string | null;
  rntrc: string | null;
  licenciamento_vencimento: string | null;
  /** The CNH category it requires (categoriaExigida). */
  categoria_exigida: CategoriaExigida;
  ativo: boolean;
  versao: number;
  created_at: string;
  updated_at: string;
};
