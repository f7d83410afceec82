import type { ExportFormat, ListPage } from '@erp/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, RotateCcw, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { type ListState, useEditParam } from '@/lib/list-state.ts';
import { type Column, DataTable } from './data-table.tsx';
import { ExportButtons } from './export-buttons.tsx';
import { ListToolbar } from './list-toolbar.tsx';

/** What a register screen needs from its API (typed wrappers over the Hono client). */
export type RegisterApi<Row> = {
  list(query: Record<string, string>): Promise<ListPage<Row>>;
  get(id: string): Promise<Row>;
  update(id: string, input: Record<string, unknown>): Promise<Row>;
  remove(id: string): Promise<unknown>;
  exportFile(query: Record<string, string>): Promise<Response>;
};

type Entity = { id: string; ativo: boolean; versao: number };

/**
 * A whole register screen: header with "Novo", search + filters + export, the server-paginated
 * table (cards on a phone), row actions (editar, reativar on an inactive record, excluir — with
 * the "inativar" offer when the record is in use) and the form dialog opened by
 * ?editar=<id>|novo. The record just saved or reactivated is highlighted. A screen supplies
 * columns, filters and its form.
 */
export function RegisterPage<Row extends Entity>({
  title,
  description,
  queryKey,
  api,
  state,
  columns,
  searchPlaceholder,
  filters,
  newLabel,
  rowLabel,
  exportBase,
  renderForm,
  extraRowActions,
  headerActions,
}: {
  title: string;
  description?: string;
  /** e.g. ['cadastros', 'clientes']; every cadastros mutation invalidates ['cadastros'] */
  queryKey: readonly string[];
  api: RegisterApi<Row>;
  state: ListState<string>;
  columns: Column<Row>[];
  searchPlaceholder: string;
  filters?: ReactNode;
  newLabel: string;
  rowLabel(row: Row): string;
  exportBase: string;
  /**
   * the form dialog for a record id, or null for a new one; call close() when done, with the
   * saved record's id after a save
   */
  renderForm(id: string | null, close: (savedId?: string) => void): ReactNode;
  /** the screen's own row actions, before "Editar" (e.g. a product's Kardex) */
  extraRowActions?: (row: Row) => ReactNode;
  /** the screen's own buttons beside "Novo" */
  headerActions?: ReactNode;
}) {
  const [editing, setEditing] = useEditParam();
  const [deleting, setDeleting] = useState<Row | null>(null);
  const [savedId, setSavedId] = useState<string | null>(null);
  const qc = useQueryClient();
  const list = useQuery({
    queryKey: [...queryKey, 'list', state.query],
    queryFn: () => api.list(state.query),
    placeholderData: keepPreviousData,
  });
  const reactivate = useMutation({
    mutationFn: async (row: Row) => {
      const fresh = await api.get(row.id);
      return api.update(row.id, { ...fresh, ativo: true } as Record<string, unknown>);
    },
    onSuccess: async (_saved, row) => {
      toast.success('Registro reativado.');
      setSavedId(row.id);
      await qc.invalidateQueries({ queryKey: [queryKey[0]!] });
    },
    onError: (err) =>
      toast.error(err instanceof ApiError ? err.message : 'Erro ao reativar. Tente novamente.'),
  });

  return (
    <div>
      <PageHeader
        title={title}
        description={description}
        actions={
          <>
            {headerActions}
            <Button onClick={() => setEditing('novo')}>
              <Plus aria-hidden />
              {newLabel}
            </Button>
          </>
        }
      />
      <ListToolbar
        state={state}
        searchPlaceholder={searchPlaceholder}
        filters={filters}
        actions={
          <ExportButtons
            fileBase={exportBase}
            onExport={(formato: ExportFormat) => {
              const { page: _p, pageSize: _s, ...rest } = state.query;
              return api.exportFile({ ...rest, formato });
            }}
          />
        }
      />
      <DataTable
        caption={title}
        columns={columns}
        rows={list.data?.items}
        total={list.data?.total}
        totalIsLowerBound={list.data?.totalIsLowerBound}
        loading={list.isFetching}
        error={
          list.isError
            ? {
                message:
                  list.error instanceof ApiError ? list.error.message : 'Não foi possível carregar a lista.',
                retry: () => void list.refetch(),
              }
            : null
        }
        state={state}
        savedId={savedId}
        onRowClick={(row, element) => {
          // the dialog gives focus back to what had it: the row's "Editar" button
          element.querySelector<HTMLElement>('[data-row-edit]')?.focus();
          setEditing(row.id);
        }}
        rowActions={(row) => (
          <div className="flex items-center justify-end gap-1">
            {extraRowActions?.(row)}
            {row.ativo ? null : (
              <Button
                size="sm"
                variant="outline"
                aria-label={`Reativar ${rowLabel(row)}`}
                disabled={reactivate.isPending}
                onClick={() => reactivate.mutate(row)}
              >
                <RotateCcw aria-hidden />
                Reativar
              </Button>
            )}
            <Button
              size="icon"
              variant="ghost"
              data-row-edit
              aria-label={`Editar ${rowLabel(row)}`}
              onClick={() => setEditing(row.id)}
            >
              <Pencil aria-hidden />
            </Button>
            <Button
              size="icon"
              variant="ghost"
              aria-label={`Excluir ${rowLabel(row)}`}
              onClick={() => setDeleting(row)}
            >
              <Trash2 aria-hidden />
            </Button>
          </div>
        )}
      />
      {editing
        ? renderForm(editing === 'novo' ? null : editing, (saved) => {
            if (saved) setSavedId(saved);
            setEditing(null);
          })
        : null}
      {deleting ? (
        <DeleteDialog
          row={deleting}
          label={rowLabel(deleting)}
          api={api}
          queryKey={queryKey}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </div>
  );
}

function DeleteDialog<Row extends Entity>({
  row,
  label,
  api,
  queryKey,
  onClose,
}: {
  row: Row;
  label: string;
  api: RegisterApi<Row>;
  queryKey: readonly string[];
  onClose(): void;
}) {
  const qc = useQueryClient();
  const [inUse, setInUse] = useState<string | null>(null);
  const done = () => qc.invalidateQueries({ queryKey: [queryKey[0]!] });
  const remove = useMutation({
    mutationFn: () => api.remove(row.id),
    onSuccess: async () => {
      toast.success('Registro excluído.');
      await done();
      onClose();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.body.details?.podeInativar) setInUse(err.message);
      else toast.error(err instanceof ApiError ? err.message : 'Erro ao excluir. Tente novamente.');
    },
  });
  const inactivate = useMutation({
    mutationFn: async () => {
      const fresh = await api.get(row.id);
      return api.update(row.id, { ...fresh, ativo: false } as Record<string, unknown>);
    },
    onSuccess: async () => {
      toast.success('Registro inativado.');
      await done();
      onClose();
    },
    onError: (err) =>
      toast.error(err instanceof ApiError ? err.message : 'Erro ao inativar. Tente novamente.'),
  });
  const busy = remove.isPending || inactivate.isPending;
  return (
    <Dialog open onOpenChange={(o) => (o || busy ? undefined : onClose())}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{inUse ? 'Registro em uso' : `Excluir ${label}?`}</DialogTitle>
          <DialogDescription>
            {inUse ?? 'O registro será excluído definitivamente. Esta ação não pode ser desfeita.'}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancelar
          </Button>
          {inUse ? (
            row.ativo ? (
              <Button onClick={() => inactivate.mutate()} disabled={busy}>
                {inactivate.isPending ? <Spinner /> : null}
                Inativar
              </Button>
            ) : null
          ) : (
            <Button variant="destructive" onClick={() => remove.mutate()} disabled={busy}>
              {remove.isPending ? <Spinner /> : null}
              Excluir
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
