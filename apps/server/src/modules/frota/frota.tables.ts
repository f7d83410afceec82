import type {
  CategoriaCnh,
  Funcao,
  TipoCarroceria,
  TipoProprietario,
  TipoRodado,
  TipoVeiculo,
} from '@erp/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, dateOnly, id, money, updatedAt, versao } from '../../db/columns.ts';
import { users } from '../auth/auth.tables.ts';

// Fleet registers: the people dispatch assigns to loads and the vehicles that carry them.

// The search text: erp_busca() (migration 0023) keeps a plate or a CPF typed with punctuation
// searchable; a trigram index makes "contains" searches fast.
const busca = (expr: string) =>
  text('busca')
    .notNull()
    .generatedAlwaysAs(sql.raw(`erp_busca(${expr})`));

/** Funcionários: drivers (with their CNH), helpers, checkers, pickers. */
export const funcionarios = pgTable(
  'funcionarios',
  {
    id: id(),
    nome: text('nome').notNull(),
    /** 11 digits, unformatted. */
    cpf: text('cpf').notNull(),
    funcao: text('funcao').$type<Funcao>().notNull(),
    telefone: text('telefone'),
    email: text('email'),
    dataAdmissao: dateOnly('data_admissao'),
    /** CNH número de registro: 11 digits with its two check digits. */
    cnhNumero: text('cnh_numero'),
    cnhCategoria: text('cnh_categoria').$type<CategoriaCnh>(),
    cnhValidade: dateOnly('cnh_validade'),
    /** Optional link to the employee's user account. */
    userId: uuid('user_id').references(() => users.id),
    ativo: boolean('ativo').notNull().default(true),
    busca: busca(`nome || ' ' || cpf || ' ' || coalesce(cnh_numero, '')`),
    versao: versao(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('funcionarios_cpf_key').on(t.cpf),
    uniqueIndex('funcionarios_cnh_numero_key').on(t.cnhNumero).where(sql`${t.cnhNumero} is not null`),
    uniqueIndex('funcionarios_user_id_key').on(t.userId).where(sql`${t.userId} is not null`),
    index('funcionarios_busca_trgm_idx').using('gin', sql`${t.busca} gin_trgm_ops`),
    index('funcionarios_busca_ordem_idx').on(t.busca, t.id),
    index('funcionarios_cnh_validade_idx').on(t.cnhValidade),
    check(
      'funcionarios_funcao_check',
      sql`${t.funcao} in ('motorista', 'ajudante', 'conferente', 'separador', 'outro')`,
    ),
    check(
      'funcionarios_cnh_categoria_check',
      sql`${t.cnhCategoria} in ('A', 'B', 'C', 'D', 'E', 'AB', 'AC', 'AD', 'AE')`,
    ),
    check(
      'funcionarios_motorista_cnh_check',
      sql`${t.funcao} <> 'motorista' or (${t.cnhNumero} is not null and ${t.cnhCategoria} is not null and ${t.cnhValidade} is not null)`,
    ),
  ],
);

/** Veículos (the "Placas" screen). */
export const veiculos = pgTable(
  'veiculos',
  {
    id: id(),
    /** Normalised, as on the vehicle: "ABC1234" (old) or "ABC1D23" (Mercosul). */
    placa: text('placa').notNull(),
    /** The Mercosul equivalent (the plate itself when Mercosul): uniqueness is on it. */
    placaMercosul: text('placa_mercosul').notNull(),
    renavam: text('renavam'),
    uf: text('uf').notNull(),
    tipo: text('tipo').$type<TipoVeiculo>().notNull(),
    marca: text('marca'),
    modelo: text('modelo'),
    ano: smallint('ano'),
    /** kg */
    tara: integer('tara').notNull(),
    /** Capacidade de carga, kg. */
    capacidade: integer('capacidade').notNull(),
    /** m³ */
    volume: numeric('volume', { precision: 7, scale: 3 }),
    /** The insurance limit of the goods on board. */
    valorMaximoCarga: money('valor_maximo_carga'),
    motoristaPadraoId: uuid('motorista_padrao_id').references(() => funcionarios.id),
    /**
     * MDF-e tpRod (01 truck … 06 outros). An insert without it gets the tipo's usual one from the
     * database (migration 0059's trigger, the same table as the shared tipoRodadoPadrao).
     */
    tipoRodado: text('tipo_rodado').$type<TipoRodado>().notNull(),
    /** MDF-e tpCar (00 não aplicável … 05 sider). */
    tipoCarroceria: text('tipo_carroceria').$type<TipoCarroceria>().notNull().default('02'),
    proprio: boolean('proprio').notNull().default(true),
    proprietarioNome: text('proprietario_nome'),
    /** CPF (11 digits) or CNPJ (14 characters) of a third-party vehicle's owner, unformatted. */
    proprietarioDocumento: text('proprietario_documento'),
    /** MDF-e tpProp of a third-party vehicle's owner: 0 TAC agregado, 1 TAC independente, 2 outros. */
    proprietarioTipo: text('proprietario_tipo').$type<TipoProprietario>(),
    proprietarioIe: text('proprietario_ie'),
    proprietarioUf: text('proprietario_uf'),
    /** ANTT RNTRC of a third-party vehicle's owner, 8 digits. */
    rntrc: text('rntrc'),
    licenciamentoVencimento: dateOnly('licenciamento_vencimento'),
    ativo: boolean('ativo').notNull().default(true),
    busca: busca(
      `placa || ' ' || placa_mercosul || ' ' || coalesce(renavam, '') || ' ' || coalesce(marca, '') || ' ' || coalesce(modelo, '')`,
    ),
    versao: versao(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('veiculos_placa_key').on(t.placaMercosul),
    uniqueIndex('veiculos_renavam_key').on(t.renavam).where(sql`${t.renavam} is not null`),
    index('veiculos_busca_trgm_idx').using('gin', sql`${t.busca} gin_trgm_ops`),
    index('veiculos_placa_ordem_idx').on(t.placa, t.id),
    index('veiculos_motorista_idx').on(t.motoristaPadraoId),
    index('veiculos_licenciamento_idx').on(t.licenciamentoVencimento),
    check(
      'veiculos_tipo_check',
      sql`${t.tipo} in ('utilitario', 'vuc', 'tres_quartos', 'toco', 'truck', 'carreta')`,
    ),
    check('veiculos_pesos_check', sql`${t.tara} > 0 and ${t.capacidade} > 0`),
    check('veiculos_terceiro_rntrc_check', sql`${t.proprio} or ${t.rntrc} is not null`),
    check('veiculos_tipo_rodado_check', sql`${t.tipoRodado} in ('01', '02', '03', '04', '05', '06')`),
    check('veiculos_tipo_carroceria_check', sql`${t.tipoCarroceria} in ('00', '01', '02', '03', '04', '05')`),
    check('veiculos_proprietario_tipo_check', sql`${t.proprietarioTipo} in ('0', '1', '2')`),
    check(
      'veiculos_proprietario_ie_uf_check',
      sql`(${t.proprietarioIe} is null) = (${t.proprietarioUf} is null)`,
    ),
    check('veiculos_terceiro_tipo_check', sql`${t.proprio} or ${t.proprietarioTipo} is not null`),
  ],
);
