import type {
  ListPage,
  Opcao,
  VeiculoCreate,
  VeiculoRow,
  VeiculoUpdate,
  veiculosListQuerySchema,
} from '@erp/shared';
import {
  categoriaExigida,
  formatDocumento,
  formatPlaca,
  genericMessages,
  placaMercosul,
  tipoCarroceriaLabels,
  tipoProprietarioLabels,
  tipoRodadoLabels,
  tipoVeiculoLabels,
  veiculoMensagens,
} from '@erp/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/audit-context.ts';
import {
  columnsByName,
  deleteRegister,
  foundOrThrow,
  insertRegister,
  rethrowFieldConflict,
  updateRegister,
} from '../../lib/crud.ts';
import { AppError } from '../../lib/errors.ts';
import {
  ativoWhere,
  type ExportColumn,
  exportFrom,
  type ListSource,
  listFrom,
  searchWhere,
} from '../../lib/list-query.ts';
import type { RegisterService } from '../../lib/register-routes.ts';
import { funcionarios, veiculos } from './frota.tables.ts';
import { vencimentoWhere } from './vencimento-where.ts';

type Query = z.output<typeof veiculosListQuerySchema>;

const uniqueConstraints: Record<string, [string, string]> = {
  veiculos_placa_key: ['placa', veiculoMensagens.placaDuplicada],
  veiculos_renavam_key: ['renavam', veiculoMensagens.renavamDuplicado],
};
const refConstraints: Record<string, [string, string]> = {
  veiculos_motorista_padrao_id_funcionarios_id_fk: [
    'motorista_padrao_id',
    veiculoMensagens.motoristaNaoEncontrado,
  ],
};

const rowFields = { ...columnsByName(veiculos), motorista_padrao_nome: funcionarios.nome };
const selectRows = (db: Db) =>
  db
    .select(rowFields)
    .from(veiculos)
    .leftJoin(funcionarios, eq(funcionarios.id, veiculos.motoristaPadraoId))
    .$dynamic();
type DbRow = Omit<VeiculoRow, 'categoria_exigida'>;

/** The CNH category the vehicle requires, computed by the shared rule (never stored). */
function withCategoria(rows: DbRow[]): VeiculoRow[] {
  return rows.map((r) => ({ ...r, categoria_exigida: categoriaExigida(r) }));
}

const veiculosList: ListSource<DbRow, Query> = {
  table: veiculos,
  select: selectRows,
  whereOf: (q) =>
    and(
      ...[
        searchWhere(veiculos.busca, q.q),
        ativoWhere(veiculos.ativo, q.ativo),
        q.tipo ? eq(veiculos.tipo, q.tipo) : undefined,
        q.proprio === undefined ? undefined : eq(veiculos.proprio, q.proprio),
        vencimentoWhere(veiculos.licenciamentoVencimento, q.licenciamento),
      ].filter(Boolean),
    ),
  sorts: {
    placa: veiculos.placa,
    tipo: veiculos.tipo,
    capacidade: veiculos.capacidade,
    licenciamento_vencimento: veiculos.licenciamentoVencimento,
    created_at: veiculos.createdAt,
  },
  tieBreaker: veiculos.id,
};

export const veiculoExportColumns: ExportColumn<VeiculoRow>[] = [
  { header: 'Placa', value: (r) => formatPlaca(r.placa) },
  { header: 'Placa Mercosul', value: (r) => r.placa_mercosul },
  { header: 'RENAVAM', value: (r) => r.renavam },
  { header: 'UF', value: (r) => r.uf },
  { header: 'Tipo', value: (r) => tipoVeiculoLabels[r.tipo] },
  { header: 'Marca', value: (r) => r.marca },
  { header: 'Modelo', value: (r) => r.modelo },
  { header: 'Ano', value: (r) => r.ano, type: 'number' },
  { header: 'Tara (kg)', value: (r) => r.tara, type: 'number' },
  { header: 'Capacidade (kg)', value: (r) => r.capacidade, type: 'number' },
  { header: 'Volume (m³)', value: (r) => r.volume, type: 'number' },
  { header: 'Valor máximo de carga', value: (r) => r.valor_maximo_carga, type: 'money' },
  { header: 'Categoria exigida', value: (r) => r.categoria_exigida },
  { header: 'Motorista padrão', value: (r) => r.motorista_padrao_nome },
  { header: 'Tipo de rodado', value: (r) => `${r.tipo_rodado} - ${tipoRodadoLabels[r.tipo_rodado]}` },
  {
    header: 'Tipo de carroceria',
    value: (r) => `${r.tipo_carroceria} - ${tipoCarroceriaLabels[r.tipo_carroceria]}`,
  },
  { header: 'Próprio', value: (r) => r.proprio, type: 'boolean' },
  { header: 'Proprietário', value: (r) => r.proprietario_nome },
  { header: 'CPF/CNPJ do proprietário', value: (r) => formatDocumento(r.proprietario_documento) || null },
  {
    header: 'Tipo de proprietário',
    value: (r) => (r.proprietario_tipo ? tipoProprietarioLabels[r.proprietario_tipo] : null),
  },
  { header: 'IE do proprietário', value: (r) => r.proprietario_ie },
  { header: 'UF do proprietário', value: (r) => r.proprietario_uf },
  { header: 'RNTRC', value: (r) => r.rntrc },
  { header: 'Vencimento do licenciamento', value: (r) => r.licenciamento_vencimento, type: 'date' },
  { header: 'Ativo', value: (r) => r.ativo, type: 'boolean' },
];

export async function getVeiculo(db: Db, id: string): Promise<VeiculoRow> {
  return withCategoria([
    foundOrThrow(await selectRows(db).where(eq(veiculos.id, id))) as unknown as DbRow,
  ])[0]!;
}

/** The motorista padrão must be a driver (a missing one is the foreign key's field error). */
async function checkMotorista(db: Db, id: string | null): Promise<void> {
  if (!id) return;
  const [f] = await db
    .select({ funcao: funcionarios.funcao })
    .from(funcionarios)
    .where(eq(funcionarios.id, id));
  if (f && f.funcao !== 'motorista') {
    throw new AppError('validation_failed', genericMessages.validation, {
      fields: { motorista_padrao_id: ['O funcionário escolhido não é motorista'] },
    });
  }
}

const rethrowConflict = (err: unknown) => rethrowFieldConflict(err, uniqueConstraints, refConstraints);

const comPlacaMercosul = <T extends { placa: string }>(input: T) => ({
  ...input,
  placa_mercosul: placaMercosul(input.placa)!,
});

export async function createVeiculo(db: Db, actor: Actor, input: VeiculoCreate): Promise<VeiculoRow> {
  await checkMotorista(db, input.motorista_padrao_id);
  const id = await insertRegister(db, actor, veiculos, comPlacaMercosul(input)).catch(rethrowConflict);
  return getVeiculo(db, id);
}

export async function updateVeiculo(
  db: Db,
  actor: Actor,
  id: string,
  input: VeiculoUpdate,
): Promise<VeiculoRow> {
  await checkMotorista(db, input.motorista_padrao_id);
  await updateRegister(db, actor, veiculos, id, comPlacaMercosul(input)).catch(rethrowConflict);
  return getVeiculo(db, id);
}

export async function listVeiculoOpcoes(db: Db): Promise<Opcao[]> {
  const rows = await db
    .select({ id: veiculos.id, placa: veiculos.placa, ativo: veiculos.ativo })
    .from(veiculos)
    .orderBy(asc(veiculos.placa))
    .limit(2000);
  return rows.map((r) => ({ id: r.id, nome: formatPlaca(r.placa), ativo: r.ativo }));
}

export const veiculosService: RegisterService<Query, VeiculoCreate, VeiculoUpdate, VeiculoRow> = {
  list: async (db, q): Promise<ListPage<VeiculoRow>> => {
    const page = await listFrom(db, q, veiculosList);
    return { ...page, items: withCategoria(page.items) };
  },
  exportRows: async (db, q) => withCategoria(await exportFrom(db, q, veiculosList)),
  get: getVeiculo,
  create: createVeiculo,
  update: updateVeiculo,
  remove: (db, actor, id) => deleteRegister(db, actor, veiculos, id),
  opcoes: listVeiculoOpcoes,
};
