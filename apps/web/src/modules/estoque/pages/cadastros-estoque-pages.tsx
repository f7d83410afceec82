import {
  type CategoriaRow,
  categoriaCreateSchema,
  categoriaUpdateSchema,
  type GrupoEstoqueRow,
  grupoEstoqueCreateSchema,
  grupoEstoqueUpdateSchema,
  type LocalRow,
  localCreateSchema,
  localUpdateSchema,
  TIPOS_LOCAL,
  tipoLocalLabels,
  type UnidadeRow,
  unidadeCreateSchema,
  unidadeUpdateSchema,
} from '@erp/shared';
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { ativoColumn, type Column, nomeColumn } from '@/components/data-table/data-table.tsx';
import { AtivoFilter, FilterSelect } from '@/components/data-table/filter-select.tsx';
import { type RegisterApi, RegisterPage } from '@/components/data-table/register-page.tsx';
import { FieldGroup, SelectField, SwitchField, TextField } from '@/components/forms/fields.tsx';
import { RegisterFormDialog } from '@/components/forms/register-form-dialog.tsx';
import { useRecordForm } from '@/components/forms/use-record-form.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { useListState } from '@/lib/list-state.ts';
import { categoriasApi, gruposEstoqueApi, locaisApi, unidadesApi } from '../api/estoque-api.ts';
import { estoqueKeys } from '../api/keys.ts';

// The stock registers: Unidades, Grupos de estoque, Categorias and Locais de estoque — one screen
// shape (RegisterPage + a RegisterFormDialog) with each one's texts, columns and fields.

type Entity = { id: string; ativo: boolean; versao: number };

type RegistroConfig<Row extends Entity> = {
  key: string;
  title: string;
  description: string;
  singular: string;
  novo: string;
  exportBase: string;
  searchPlaceholder: string;
  defaultSort: string;
  api: RegisterApi<Row> & {
    get(id: string): Promise<Row>;
    create(i: never): Promise<Row>;
    update(id: string, i: never): Promise<Row>;
  };
  createSchema: z.ZodType<unknown, FieldValues>;
  updateSchema: z.ZodType<unknown, FieldValues>;
  columns: Column<Row>[];
  rowLabel(row: Row): string;
  toValues(row: Row | null): Record<string, unknown>;
  fields: ReactNode;
  saved: [criado: string, atualizado: string];
  /** a filter besides Status (Locais: tipo) */
  tipoFilter?: boolean;
};

function RegistroPage<Row extends Entity>({ cfg }: { cfg: RegistroConfig<Row> }) {
  const state = useListState({
    defaultSort: cfg.defaultSort,
    filterKeys: cfg.tipoFilter ? ['ativo', 'tipo'] : (['ativo'] as unknown as ['ativo', 'tipo']),
    defaultFilters: { ativo: 'true' },
  });
  return (
    <RegisterPage
      title={cfg.title}
      description={cfg.description}
      queryKey={estoqueKeys.registro(cfg.key)}
      api={cfg.api}
      state={state}
      columns={cfg.columns}
      searchPlaceholder={cfg.searchPlaceholder}
      newLabel={cfg.novo}
      rowLabel={cfg.rowLabel}
      exportBase={cfg.exportBase}
      filters={
        <>
          <AtivoFilter state={state} />
          {cfg.tipoFilter ? (
            <FilterSelect
              label="Tipo"
              value={state.filters.tipo}
              options={TIPOS_LOCAL.map((t) => ({ value: t, label: tipoLocalLabels[t] }))}
              onChange={(v) => state.setFilter('tipo', v)}
            />
          ) : null}
        </>
      }
      renderForm={(id, close) => <RegistroForm cfg={cfg} id={id} onClose={close} />}
    />
  );
}

function RegistroForm<Row extends Entity>({
  cfg,
  id,
  onClose,
}: {
  cfg: RegistroConfig<Row>;
  id: string | null;
  onClose(savedId?: string): void;
}) {
  const form = useRecordForm({
    queryKey: estoqueKeys.registro(cfg.key),
    id,
    api: cfg.api,
    toValues: (row: Row | null) => ({ ...cfg.toValues(row), ...(row ? { versao: row.versao } : {}) }),
  });
  return (
    <RegisterFormDialog
      title={id ? `Editar ${cfg.singular}` : cfg.novo}
      schema={id ? cfg.updateSchema : cfg.createSchema}
      record={form}
      onClose={onClose}
      successMessage={id ? cfg.saved[1] : cfg.saved[0]}
    >
      <FieldGroup title="Dados">{cfg.fields}</FieldGroup>
    </RegisterFormDialog>
  );
}

const codigoColumn = <Row extends { codigo: string }>(): Column<Row> => ({
  key: 'codigo',
  header: 'Código',
  sortKey: 'codigo',
  cell: (r) => <span className="font-mono text-xs">{r.codigo}</span>,
  className: 'whitespace-nowrap',
});

const codigoNomeFields = (
  <>
    <TextField name="codigo" label="Código" required maxLength={20} autoComplete="off" />
    <TextField name="nome" label="Nome" required className="sm:col-span-2" maxLength={100} />
    <SwitchField name="ativo" label="Ativo" />
  </>
);

const codigoNomeValues = (row: { codigo: string; nome: string; ativo: boolean } | null) => ({
  codigo: row?.codigo ?? '',
  nome: row?.nome ?? '',
  ativo: row?.ativo ?? true,
});

const unidades: RegistroConfig<UnidadeRow> = {
  key: 'unidades',
  title: 'Unidades',
  description: 'Unidades de medida dos produtos e das embalagens, com as casas decimais que cada uma aceita.',
  singular: 'unidade',
  novo: 'Nova unidade',
  exportBase: 'unidades',
  searchPlaceholder: 'Buscar por sigla ou descrição',
  defaultSort: 'sigla',
  api: unidadesApi as never,
  createSchema: unidadeCreateSchema,
  updateSchema: unidadeUpdateSchema,
  columns: [
    {
      key: 'sigla',
      header: 'Sigla',
      sortKey: 'sigla',
      cell: (r) => <span className="font-medium">{r.sigla}</span>,
      card: 'title',
    },
    { key: 'descricao', header: 'Descrição', sortKey: 'descricao', cell: (r) => r.descricao },
    {
      key: 'casas',
      header: 'Casas decimais',
      sortKey: 'casas_decimais',
      cell: (r) => r.casas_decimais,
      className: 'text-right',
    },
    ativoColumn(),
  ],
  rowLabel: (r) => r.sigla,
  toValues: (row) => ({
    sigla: row?.sigla ?? '',
    descricao: row?.descricao ?? '',
    casas_decimais: String(row?.casas_decimais ?? 0),
    ativo: row?.ativo ?? true,
  }),
  fields: (
    <>
      <TextField
        name="sigla"
        label="Sigla"
        required
        maxLength={6}
        autoComplete="off"
        hint="UN, CX, KG, L, FD, PC…"
      />
      <TextField name="descricao" label="Descrição" required className="sm:col-span-2" maxLength={60} />
      <SwitchField name="ativo" label="Ativo" />
      <TextField
        name="casas_decimais"
        label="Casas decimais"
        inputMode="numeric"
        maxLength={1}
        hint="UN 0, KG 3 (de 0 a 6)"
      />
    </>
  ),
  saved: ['Unidade cadastrada com sucesso!', 'Unidade atualizada com sucesso!'],
};

const grupos: RegistroConfig<GrupoEstoqueRow> = {
  key: 'grupos',
  title: 'Grupos',
  description: 'Grupos de estoque que classificam os produtos (filtros, inventário por grupo).',
  singular: 'grupo',
  novo: 'Novo grupo',
  exportBase: 'grupos-estoque',
  searchPlaceholder: 'Buscar por código ou nome',
  defaultSort: 'nome',
  api: gruposEstoqueApi as never,
  createSchema: grupoEstoqueCreateSchema,
  updateSchema: grupoEstoqueUpdateSchema,
  columns: [codigoColumn(), nomeColumn(), ativoColumn()],
  rowLabel: (r) => r.nome,
  toValues: codigoNomeValues,
  fields: codigoNomeFields,
  saved: ['Grupo cadastrado com sucesso!', 'Grupo atualizado com sucesso!'],
};

const categorias: RegistroConfig<CategoriaRow> = {
  key: 'categorias',
  title: 'Categorias',
  description: 'Categorias de produtos, uma segunda classificação além do grupo.',
  singular: 'categoria',
  novo: 'Nova categoria',
  exportBase: 'categorias',
  searchPlaceholder: 'Buscar por código ou nome',
  defaultSort: 'nome',
  api: categoriasApi as never,
  createSchema: categoriaCreateSchema,
  updateSchema: categoriaUpdateSchema,
  columns: [codigoColumn(), nomeColumn(), ativoColumn()],
  rowLabel: (r) => r.nome,
  toValues: codigoNomeValues,
  fields: codigoNomeFields,
  saved: ['Categoria cadastrada com sucesso!', 'Categoria atualizada com sucesso!'],
};

const locais: RegistroConfig<LocalRow> = {
  key: 'locais',
  title: 'Locais de Estoque',
  description:
    'Onde o estoque fica: depósitos, áreas de separação e avaria / quarentena (nunca disponível para venda).',
  singular: 'local',
  novo: 'Novo local',
  exportBase: 'locais-estoque',
  searchPlaceholder: 'Buscar por código ou nome',
  defaultSort: 'nome',
  api: locaisApi as never,
  createSchema: localCreateSchema,
  updateSchema: localUpdateSchema,
  columns: [
    codigoColumn(),
    nomeColumn(),
    {
      key: 'tipo',
      header: 'Tipo',
      sortKey: 'tipo',
      cell: (r) =>
        r.tipo === 'avaria' ? (
          <Badge variant="warning">{tipoLocalLabels[r.tipo]}</Badge>
        ) : (
          tipoLocalLabels[r.tipo]
        ),
    },
    {
      key: 'padrao',
      header: 'Padrão',
      cell: (r) =>
        r.padrao_entrada && r.padrao_saida
          ? 'Entrada e saída'
          : r.padrao_entrada
            ? 'Entrada'
            : r.padrao_saida
              ? 'Saída'
              : '—',
    },
    ativoColumn(),
  ],
  rowLabel: (r) => r.nome,
  toValues: (row) => ({
    ...codigoNomeValues(row),
    tipo: row?.tipo ?? 'deposito',
    padrao_entrada: row?.padrao_entrada ?? false,
    padrao_saida: row?.padrao_saida ?? false,
  }),
  fields: (
    <>
      {codigoNomeFields}
      <SelectField
        name="tipo"
        label="Tipo"
        required
        className="sm:col-span-2"
        options={TIPOS_LOCAL.map((t) => ({ value: t, label: tipoLocalLabels[t] }))}
      />
      <SwitchField name="padrao_entrada" label="Padrão de entrada" hint="Recebe as entradas sem local" />
      <SwitchField name="padrao_saida" label="Padrão de saída" hint="Atende as saídas sem local" />
    </>
  ),
  saved: ['Local cadastrado com sucesso!', 'Local atualizado com sucesso!'],
  tipoFilter: true,
};

export function UnidadesPage() {
  return <RegistroPage cfg={unidades} />;
}
export function GruposEstoquePage() {
  return <RegistroPage cfg={grupos} />;
}
export function CategoriasPage() {
  return <RegistroPage cfg={categorias} />;
}
export function LocaisPage() {
  return <RegistroPage cfg={locais} />;
}
