import {
  type CentroCustoRow,
  type ClasseFinanceiraRow,
  centroCustoCreateSchema,
  centroCustoUpdateSchema,
  classeFinanceiraCreateSchema,
  classeFinanceiraUpdateSchema,
  PLANO_MASCARA,
  type PlanoRow,
  proximoCodigoFilho,
  TIPOS_CLASSE,
  type TipoClasse,
  tipoClasseLabels,
} from '@erp/shared';
import { useQuery } from '@tanstack/react-query';
import type { FieldValues } from 'react-hook-form';
import { useFormContext, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { ativoColumn, type Column } from '@/components/data-table/data-table.tsx';
import { AtivoFilter, FilterSelect } from '@/components/data-table/filter-select.tsx';
import { type RegisterApi, RegisterPage } from '@/components/data-table/register-page.tsx';
import {
  FieldGroup,
  PickerField,
  SelectField,
  SwitchField,
  TextareaField,
  TextField,
} from '@/components/forms/fields.tsx';
import { RegisterFormDialog } from '@/components/forms/register-form-dialog.tsx';
import { useRecordForm } from '@/components/forms/use-record-form.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { useListState } from '@/lib/list-state.ts';
import { centrosCustoApi, classesFinanceirasApi } from '../api/financeiro-api.ts';
import { financeiroKeys } from '../api/keys.ts';

// Centros de custo and classes financeiras: the two trees of the plano gerencial, one screen
// shape. The código says the place in the tree (1.01.003 is under 1.01); the list, sorted by
// código, indents each entry by its level; a leaf (analítica) receives values, a node with
// children (sintética) is a total. A new entry picks its parent and gets the next free código.

type PlanoApi<Row> = RegisterApi<Row> & {
  create(i: never): Promise<Row>;
  update(id: string, i: never): Promise<Row>;
};

type PlanoConfig<Row extends PlanoRow> = {
  key: string;
  title: string;
  description: string;
  singular: string;
  novo: string;
  exportBase: string;
  api: PlanoApi<Row>;
  createSchema: z.ZodType<unknown, FieldValues>;
  updateSchema: z.ZodType<unknown, FieldValues>;
  saved: [criado: string, atualizado: string];
  /** classes: receita or despesa */
  comTipo: boolean;
};

const codigoColumn: Column<PlanoRow> = {
  key: 'codigo',
  header: 'Código',
  sortKey: 'codigo',
  cell: (r) => <span className="font-mono text-xs">{r.codigo}</span>,
  className: 'whitespace-nowrap',
};

/** The name indented by the level, in bold for a sintética (a total). */
const nomeArvoreColumn: Column<PlanoRow> = {
  key: 'nome',
  header: 'Nome',
  sortKey: 'nome',
  cell: (r) => (
    <span
      style={{ paddingLeft: `${(r.nivel - 1) * 1.25}rem` }}
      className={r.analitica ? 'inline-block' : 'inline-block font-semibold'}
    >
      {r.nome}
    </span>
  ),
  cardCell: (r) => r.nome,
  card: 'title',
};

const analiticaColumn: Column<PlanoRow> = {
  key: 'analitica',
  header: 'Natureza',
  cell: (r) => (
    <Badge variant={r.analitica ? 'secondary' : 'outline'}>{r.analitica ? 'Analítica' : 'Sintética'}</Badge>
  ),
};

function PlanoPage<Row extends PlanoRow>({ cfg }: { cfg: PlanoConfig<Row> }) {
  const state = useListState({
    defaultSort: 'codigo',
    filterKeys: ['ativo', 'analitica', 'tipo'],
    defaultFilters: { ativo: 'true' },
  });
  const columns: Column<Row>[] = [
    codigoColumn as Column<Row>,
    nomeArvoreColumn as Column<Row>,
    ...(cfg.comTipo
      ? [
          {
            key: 'tipo',
            header: 'Tipo',
            cell: (r: Row) => tipoClasseLabels[(r as unknown as ClasseFinanceiraRow).tipo],
          },
        ]
      : []),
    analiticaColumn as Column<Row>,
    ativoColumn(),
  ];
  return (
    <RegisterPage
      title={cfg.title}
      description={cfg.description}
      queryKey={financeiroKeys.registro(cfg.key)}
      api={cfg.api}
      state={state}
      columns={columns}
      searchPlaceholder="Buscar por código ou nome"
      newLabel={cfg.novo}
      rowLabel={(r) => `${r.codigo} ${r.nome}`}
      exportBase={cfg.exportBase}
      filters={
        <>
          <AtivoFilter state={state} />
          <FilterSelect
            label="Natureza"
            value={state.filters.analitica}
            options={[
              { value: 'true', label: 'Analíticas' },
              { value: 'false', label: 'Sintéticas' },
            ]}
            onChange={(v) => state.setFilter('analitica', v)}
          />
          {cfg.comTipo ? (
            <FilterSelect
              label="Tipo"
              value={state.filters.tipo}
              options={TIPOS_CLASSE.map((t) => ({ value: t, label: tipoClasseLabels[t] }))}
              onChange={(v) => state.setFilter('tipo', v)}
            />
          ) : null}
        </>
      }
      renderForm={(id, close) => <PlanoForm cfg={cfg} id={id} onClose={close} />}
    />
  );
}

/** Every entry of the tree (a plano has well under 100 per level in practice; 100 by código). */
function usePlanoTodo<Row extends PlanoRow>(cfg: PlanoConfig<Row>): Row[] {
  const q = useQuery({
    queryKey: [...financeiroKeys.registro(cfg.key), 'arvore'],
    queryFn: async () => (await cfg.api.list({ pageSize: '100', sort: 'codigo', dir: 'asc' })).items,
    staleTime: 30_000,
  });
  return q.data ?? [];
}

/** "Pertence a": picking a parent fills the next free child código (still editable). */
function PaiField<Row extends PlanoRow>({ cfg, novo }: { cfg: PlanoConfig<Row>; novo: boolean }) {
  const todos = usePlanoTodo(cfg);
  const { setValue } = useFormContext();
  const pai = useWatch({ name: 'pai' }) as string | undefined;
  const tipo = useWatch({ name: 'tipo' }) as TipoClasse | undefined;
  const options = todos
    .filter((r) => !cfg.comTipo || !tipo || (r as unknown as ClasseFinanceiraRow).tipo === tipo)
    .map((r) => ({ value: r.codigo, label: `${r.codigo} ${r.nome}` }));
  if (!novo) return null;
  return (
    <div className="sm:col-span-2">
      <PickerField
        name="pai"
        label="Pertence a"
        options={options}
        placeholder="Primeiro nível"
        hint="Escolha o grupo; o código seguinte é sugerido."
      />
      <SugereCodigo
        pai={pai ?? ''}
        codigos={todos.map((r) => r.codigo)}
        setCodigo={(c) => setValue('codigo', c)}
      />
    </div>
  );
}

function SugereCodigo({
  pai,
  codigos,
  setCodigo,
}: {
  pai: string;
  codigos: string[];
  setCodigo(c: string): void;
}) {
  const sugestao = proximoCodigoFilho(pai || null, codigos);
  const codigo = useWatch({ name: 'codigo' }) as string | undefined;
  if (!sugestao || sugestao === codigo) return null;
  return (
    <button
      type="button"
      className="mt-1 text-xs text-primary underline-offset-2 hover:underline"
      onClick={() => setCodigo(sugestao)}
    >
      Usar o código {sugestao}
    </button>
  );
}

function PlanoForm<Row extends PlanoRow>({
  cfg,
  id,
  onClose,
}: {
  cfg: PlanoConfig<Row>;
  id: string | null;
  onClose(savedId?: string): void;
}) {
  const form = useRecordForm({
    queryKey: financeiroKeys.registro(cfg.key),
    id,
    api: cfg.api,
    toValues: (row: Row | null) => ({
      pai: row?.pai_codigo ?? '',
      codigo: row?.codigo ?? '',
      nome: row?.nome ?? '',
      ...(cfg.comTipo ? { tipo: (row as unknown as ClasseFinanceiraRow | null)?.tipo ?? 'receita' } : {}),
      descricao: row?.descricao ?? '',
      ativo: row?.ativo ?? true,
      ...(row ? { versao: row.versao } : {}),
    }),
  });
  return (
    <RegisterFormDialog
      title={id ? `Editar ${cfg.singular}` : cfg.novo}
      schema={id ? cfg.updateSchema : cfg.createSchema}
      record={form}
      onClose={onClose}
      successMessage={id ? cfg.saved[1] : cfg.saved[0]}
    >
      <FieldGroup title="Dados">
        {cfg.comTipo ? (
          <SelectField
            name="tipo"
            label="Tipo"
            required
            options={TIPOS_CLASSE.map((t) => ({ value: t, label: tipoClasseLabels[t] }))}
          />
        ) : null}
        <PaiField cfg={cfg} novo={id === null} />
        <TextField
          name="codigo"
          label="Código"
          required
          maxLength={16}
          autoComplete="off"
          hint={`Máscara ${PLANO_MASCARA}`}
        />
        <TextField name="nome" label="Nome" required className="sm:col-span-2" maxLength={100} />
        <TextareaField name="descricao" label="Descrição" className="sm:col-span-2" />
        <SwitchField name="ativo" label="Ativo" />
      </FieldGroup>
    </RegisterFormDialog>
  );
}

const centros: PlanoConfig<CentroCustoRow> = {
  key: 'centros-custo',
  title: 'Centros de Custo',
  description: 'A árvore de centros de custo: só os analíticos recebem valores; os demais somam os de baixo.',
  singular: 'centro de custo',
  novo: 'Novo centro de custo',
  exportBase: 'centros-de-custo',
  api: centrosCustoApi as never,
  createSchema: centroCustoCreateSchema,
  updateSchema: centroCustoUpdateSchema,
  saved: ['Centro de custo cadastrado com sucesso!', 'Centro de custo atualizado com sucesso!'],
  comTipo: false,
};

const classes: PlanoConfig<ClasseFinanceiraRow> = {
  key: 'classes-financeiras',
  title: 'Classes Financeiras',
  description: 'O plano gerencial de receitas e despesas: só as classes analíticas recebem títulos.',
  singular: 'classe financeira',
  novo: 'Nova classe financeira',
  exportBase: 'classes-financeiras',
  api: classesFinanceirasApi as never,
  createSchema: classeFinanceiraCreateSchema,
  updateSchema: classeFinanceiraUpdateSchema,
  saved: ['Classe financeira cadastrada com sucesso!', 'Classe financeira atualizada com sucesso!'],
  comTipo: true,
};

export function CentrosCustoPage() {
  return <PlanoPage cfg={centros} />;
}
export function ClassesFinanceirasPage() {
  return <PlanoPage cfg={classes} />;
}
