import {
  type GrupoRow,
  grupoCreateSchema,
  grupoUpdateSchema,
  type SegmentoRow,
  type SituacaoRow,
  segmentoCreateSchema,
  segmentoUpdateSchema,
  situacaoCreateSchema,
  situacaoUpdateSchema,
} from '@erp/shared';
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { ativoColumn, type Column, nomeColumn } from '@/components/data-table/data-table.tsx';
import { AtivoFilter } from '@/components/data-table/filter-select.tsx';
import { type RegisterApi, RegisterPage } from '@/components/data-table/register-page.tsx';
import { FieldGroup, SwitchField, TextareaField, TextField } from '@/components/forms/fields.tsx';
import { RegisterFormDialog } from '@/components/forms/register-form-dialog.tsx';
import { useRecordForm } from '@/components/forms/use-record-form.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { useListState } from '@/lib/list-state.ts';
import { gruposApi, segmentosApi, situacoesApi } from '../api/cadastros-api.ts';

// Grupo empresarial, Segmento, Situação do cliente and Região de entrega: name + description
// registers, one generic screen with each one's texts, columns and extra fields.

type Base = GrupoRow;

export type ClassificacaoConfig<Row extends Base> = {
  key: string;
  title: string;
  description: string;
  singular: string;
  /** the "Novo" button */
  novo: string;
  /** the create dialog's title when it differs from the button */
  novoTitulo?: string;
  exportBase: string;
  api: RegisterApi<Row> & {
    get(id: string): Promise<Row>;
    create(i: never): Promise<Row>;
    update(id: string, i: never): Promise<Row>;
  };
  createSchema: z.ZodType<unknown, FieldValues>;
  updateSchema: z.ZodType<unknown, FieldValues>;
  columns: Column<Row>[];
  /** form values of the extra fields */
  extraValues?(row: Row | null): Record<string, unknown>;
  /** fields inside the "Dados" group */
  extraFields?: ReactNode;
  /** groups after "Dados" */
  extraSections?: ReactNode;
  size?: 'md' | 'lg';
  saved: [criado: string, atualizado: string];
};
type Config<Row extends Base> = ClassificacaoConfig<Row>;

const descricaoColumn = <Row extends Base>(): Column<Row> => ({
  key: 'descricao',
  header: 'Descrição',
  cell: (r) => r.descricao ?? '—',
});

export function ClassificacaoPage<Row extends Base>({ cfg }: { cfg: Config<Row> }) {
  const state = useListState({
    defaultSort: 'nome',
    filterKeys: ['ativo'],
    defaultFilters: { ativo: 'true' },
  });
  return (
    <RegisterPage
      title={cfg.title}
      description={cfg.description}
      queryKey={['cadastros', cfg.key]}
      api={cfg.api}
      state={state}
      columns={cfg.columns}
      searchPlaceholder="Buscar por nome"
      newLabel={cfg.novo}
      rowLabel={(r) => r.nome}
      exportBase={cfg.exportBase}
      filters={<AtivoFilter state={state} />}
      renderForm={(id, close) => <ClassificacaoForm cfg={cfg} id={id} onClose={close} />}
    />
  );
}

function ClassificacaoForm<Row extends Base>({
  cfg,
  id,
  onClose,
}: {
  cfg: Config<Row>;
  id: string | null;
  onClose(): void;
}) {
  const form = useRecordForm({
    queryKey: ['cadastros', cfg.key],
    id,
    api: cfg.api,
    toValues: (row: Row | null) => ({
      nome: row?.nome ?? '',
      descricao: row?.descricao ?? '',
      ativo: row?.ativo ?? true,
      ...cfg.extraValues?.(row),
      ...(row ? { versao: row.versao } : {}),
    }),
  });
  return (
    <RegisterFormDialog
      title={id ? `Editar ${cfg.singular}` : (cfg.novoTitulo ?? cfg.novo)}
      schema={id ? cfg.updateSchema : cfg.createSchema}
      record={form}
      onClose={onClose}
      successMessage={id ? cfg.saved[1] : cfg.saved[0]}
      size={cfg.size ?? 'md'}
    >
      <FieldGroup title="Dados">
        <TextField name="nome" label="Nome" required className="sm:col-span-2" maxLength={100} />
        <SwitchField name="ativo" label="Ativo" />
        {cfg.extraFields}
        <TextareaField
          name="descricao"
          label="Descrição"
          className="sm:col-span-2 lg:col-span-4"
          maxLength={500}
        />
      </FieldGroup>
      {cfg.extraSections}
    </RegisterFormDialog>
  );
}

const grupos: Config<GrupoRow> = {
  key: 'grupos',
  title: 'Grupo Empresarial',
  description: 'Grupos econômicos que reúnem clientes (negociação e crédito em conjunto).',
  singular: 'grupo empresarial',
  novo: 'Novo grupo empresarial',
  exportBase: 'grupos-empresariais',
  api: gruposApi as never,
  createSchema: grupoCreateSchema,
  updateSchema: grupoUpdateSchema,
  columns: [nomeColumn(), descricaoColumn(), ativoColumn()],
  saved: ['Grupo empresarial cadastrado com sucesso!', 'Grupo empresarial atualizado com sucesso!'],
};

const segmentos: Config<SegmentoRow> = {
  key: 'segmentos',
  title: 'Segmentos',
  description: 'Ramos de atividade dos clientes.',
  singular: 'segmento',
  novo: 'Novo segmento',
  exportBase: 'segmentos',
  api: segmentosApi as never,
  createSchema: segmentoCreateSchema,
  updateSchema: segmentoUpdateSchema,
  columns: [nomeColumn(), descricaoColumn(), ativoColumn()],
  saved: ['Segmento cadastrado com sucesso!', 'Segmento atualizado com sucesso!'],
};

const situacoes: Config<SituacaoRow> = {
  key: 'situacoes',
  title: 'Situação do Cliente',
  description: 'Situações cadastrais; as que bloqueiam vendas impedem novos pedidos do cliente.',
  singular: 'situação',
  novo: 'Nova situação',
  exportBase: 'situacoes-cliente',
  api: situacoesApi as never,
  createSchema: situacaoCreateSchema,
  updateSchema: situacaoUpdateSchema,
  columns: [
    nomeColumn(),
    descricaoColumn(),
    {
      key: 'bloqueia',
      header: 'Bloqueia vendas',
      cell: (r) => (r.bloqueia_vendas ? <Badge variant="destructive">Sim</Badge> : 'Não'),
    },
    ativoColumn(),
  ],
  extraValues: (row) => ({ bloqueia_vendas: row?.bloqueia_vendas ?? false }),
  extraFields: <SwitchField name="bloqueia_vendas" label="Bloqueia vendas" />,
  saved: ['Situação cadastrada com sucesso!', 'Situação atualizada com sucesso!'],
};

export function GruposPage() {
  return <ClassificacaoPage cfg={grupos} />;
}
export function SegmentosPage() {
  return <ClassificacaoPage cfg={segmentos} />;
}
export function SituacoesPage() {
  return <ClassificacaoPage cfg={situacoes} />;
}
