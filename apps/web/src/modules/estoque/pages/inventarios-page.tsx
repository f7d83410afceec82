import {
  formatDateTimeBR,
  type InventarioDetalhe,
  type InventarioRow,
  inventarioAbrirSchema,
  type ListPage,
  SITUACOES_INVENTARIO,
  type SituacaoInventario,
  situacaoInventarioLabels,
} from '@erp/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { ClipboardList, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { type Column, DataTable, erroDaLista } from '@/components/data-table/data-table.tsx';
import { FilterSelect } from '@/components/data-table/filter-select.tsx';
import { ListToolbar } from '@/components/data-table/list-toolbar.tsx';
import { FieldGroup, SelectField, TextareaField } from '@/components/forms/fields.tsx';
import { RegisterFormDialog } from '@/components/forms/register-form-dialog.tsx';
import type { RecordForm } from '@/components/forms/use-record-form.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { useListState } from '@/lib/list-state.ts';
import { inventariosApi } from '../api/estoque-api.ts';
import { estoqueKeys } from '../api/keys.ts';
import { useOpcoesEstoque } from '../api/queries.ts';

// Inventários (/estoque/inventarios): the counts, newest first, and "Abrir inventário" (a location,
// optionally one group) which freezes the system quantities and opens the count screen.

export const situacaoVariant: Record<SituacaoInventario, 'warning' | 'success' | 'outline'> = {
  aberto: 'warning',
  lancado: 'success',
  cancelado: 'outline',
};

const columns: Column<InventarioRow>[] = [
  {
    key: 'numero',
    header: 'Inventário',
    card: 'title',
    className: 'whitespace-nowrap',
    cell: (r) => (
      <Link to={`/estoque/inventarios/${r.id}`} className="font-medium underline-offset-4 hover:underline">
        Nº {r.numero}
      </Link>
    ),
  },
  { key: 'local', header: 'Local', sortKey: 'local', cell: (r) => r.local_nome },
  { key: 'grupo', header: 'Grupo', cell: (r) => r.grupo_nome ?? 'Todos' },
  {
    key: 'situacao',
    header: 'Situação',
    sortKey: 'situacao',
    card: 'badge',
    cell: (r) => <Badge variant={situacaoVariant[r.situacao]}>{situacaoInventarioLabels[r.situacao]}</Badge>,
  },
  {
    key: 'aberto',
    header: 'Aberto em',
    sortKey: 'aberto_em',
    cell: (r) => (
      <div>
        <div className="whitespace-nowrap">{formatDateTimeBR(r.aberto_em)}</div>
        {r.aberto_por_nome ? <div className="text-xs text-muted-foreground">{r.aberto_por_nome}</div> : null}
      </div>
    ),
  },
  {
    key: 'contados',
    header: 'Contados',
    className: 'text-right whitespace-nowrap tabular-nums',
    cell: (r) => `${r.contados} de ${r.itens}`,
  },
  {
    key: 'lancado',
    header: 'Lançado em',
    cell: (r) => (r.lancado_em ? formatDateTimeBR(r.lancado_em) : '—'),
  },
];

export function InventariosPage() {
  const state = useListState({
    defaultSort: 'aberto_em',
    defaultDir: 'desc',
    filterKeys: ['local_id', 'situacao'],
  });
  const locais = useOpcoesEstoque('locais');
  const navigate = useNavigate();
  const [abrindo, setAbrindo] = useState(false);
  const list = useQuery({
    queryKey: estoqueKeys.inventarios(state.query),
    queryFn: () => inventariosApi.list(state.query) as Promise<ListPage<InventarioRow>>,
    placeholderData: keepPreviousData,
  });
  return (
    <div>
      <PageHeader
        title="Inventários"
        description="Contagens de estoque por local: abra, conte (digitando ou lendo o código de barras), confira as diferenças e lance os ajustes."
        actions={
          <Button onClick={() => setAbrindo(true)}>
            <Plus aria-hidden />
            Abrir inventário
          </Button>
        }
      />
      <ListToolbar
        state={state}
        searchPlaceholder="Buscar pelo número"
        filters={
          <>
            <FilterSelect
              label="Local"
              value={state.filters.local_id}
              options={locais.map((l) => ({ value: l.id, label: l.nome }))}
              onChange={(v) => state.setFilter('local_id', v)}
            />
            <FilterSelect
              label="Situação"
              value={state.filters.situacao}
              allLabel="Todas"
              options={SITUACOES_INVENTARIO.map((s) => ({ value: s, label: situacaoInventarioLabels[s] }))}
              onChange={(v) => state.setFilter('situacao', v)}
            />
          </>
        }
      />
      <DataTable
        caption="Inventários"
        columns={columns}
        rows={list.data?.items}
        total={list.data?.total}
        totalIsLowerBound={list.data?.totalIsLowerBound}
        loading={list.isFetching}
        error={erroDaLista(list)}
        state={state}
        emptyText="Nenhum inventário encontrado."
        onRowClick={(r) => navigate(`/estoque/inventarios/${r.id}`)}
        rowActions={(r) => (
          <Button size="sm" variant="outline" asChild>
            <Link to={`/estoque/inventarios/${r.id}`} aria-label={`Abrir o inventário nº ${r.numero}`}>
              <ClipboardList aria-hidden />
              {r.situacao === 'aberto' ? 'Contar' : 'Ver'}
            </Link>
          </Button>
        )}
      />
      {abrindo ? (
        <AbrirInventarioDialog
          onClose={(id) => {
            setAbrindo(false);
            if (id) navigate(`/estoque/inventarios/${id}`);
          }}
        />
      ) : null}
    </div>
  );
}

const valoresIniciais = { local_id: '', grupo_id: '', observacao: '' };

function AbrirInventarioDialog({ onClose }: { onClose(id?: string): void }) {
  const qc = useQueryClient();
  const record = useMemo<RecordForm<typeof valoresIniciais>>(
    () => ({
      values: valoresIniciais,
      loading: false,
      save: async (data) => {
        const inv = (await inventariosApi.abrir(data as never)) as InventarioDetalhe;
        await qc.invalidateQueries({ queryKey: estoqueKeys.all });
        return { id: inv.id };
      },
      reload: async () => valoresIniciais,
    }),
    [],
  );
  return (
    <RegisterFormDialog
      title="Abrir inventário"
      description="A contagem parte das quantidades do sistema neste momento; o que for contado depois substitui o saldo do local quando o inventário for lançado."
      schema={inventarioAbrirSchema}
      record={record}
      onClose={onClose}
      successMessage="Inventário aberto."
      submitLabel="Abrir inventário"
    >
      <AbrirCampos />
    </RegisterFormDialog>
  );
}

function AbrirCampos() {
  const locais = useOpcoesEstoque('locais');
  const grupos = useOpcoesEstoque('grupos');
  const grupo = useWatch({ name: 'grupo_id' }) as string;
  return (
    <FieldGroup title="Contagem">
      <SelectField
        name="local_id"
        label="Local"
        required
        className="sm:col-span-2"
        emptyLabel="Selecione"
        options={locais.filter((l) => l.ativo).map((l) => ({ value: l.id, label: l.nome }))}
      />
      <SelectField
        name="grupo_id"
        label="Grupo"
        className="sm:col-span-2"
        emptyLabel="Todos os grupos"
        hint={grupo ? 'Só os produtos deste grupo' : 'Todos os produtos do local'}
        options={grupos.filter((g) => g.ativo).map((g) => ({ value: g.id, label: g.nome }))}
      />
      <TextareaField
        name="observacao"
        label="Observação"
        className="sm:col-span-2 lg:col-span-4"
        maxLength={500}
      />
    </FieldGroup>
  );
}
