import {
  formatDateTimeBR,
  ROLES,
  roleLabels,
  USUARIO_STATUS,
  type UsuarioListItem,
  usuarioStatusLabels,
} from '@erp/shared';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { type Column, DataTable } from '@/components/data-table/data-table.tsx';
import { FilterSelect } from '@/components/data-table/filter-select.tsx';
import { ListToolbar } from '@/components/data-table/list-toolbar.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { useAuth } from '@/lib/auth/auth-context.ts';
import { useListState } from '@/lib/list-state.ts';
import { useUsuarios } from '../api/usuarios-api.ts';
import { ConvidarUsuarioDialog } from '../components/convidar-usuario-dialog.tsx';
import { EditarUsuarioDialog } from '../components/editar-usuario-dialog.tsx';
import { UsuarioAcoes } from '../components/usuario-acoes.tsx';
import { UsuarioStatusBadge } from '../components/usuario-status-badge.tsx';

const papelOptions = [
  ...ROLES.map((r) => ({ value: r, label: roleLabels[r] })),
  { value: 'nenhum', label: 'Sem papel' },
];
const statusOptions = USUARIO_STATUS.map((s) => ({ value: s, label: usuarioStatusLabels[s] }));

const columns: Column<UsuarioListItem>[] = [
  {
    key: 'nome',
    header: 'Nome',
    sortKey: 'nome',
    card: 'title',
    cell: (u) => (
      <>
        <div className="font-medium">{u.nome_completo ?? '—'}</div>
        {u.cargo || u.departamento ? (
          <div className="text-xs text-muted-foreground">
            {[u.cargo, u.departamento].filter(Boolean).join(' · ')}
          </div>
        ) : null}
      </>
    ),
  },
  {
    key: 'email',
    header: 'E-mail',
    sortKey: 'email',
    cell: (u) => <span className="break-all">{u.email}</span>,
  },
  {
    key: 'papeis',
    header: 'Papéis',
    cell: (u) => (
      <div className="flex flex-wrap gap-1">
        {u.roles.length ? (
          u.roles.map((r) => (
            <Badge key={r} variant="outline">
              {roleLabels[r]}
            </Badge>
          ))
        ) : (
          <span className="text-xs text-muted-foreground">Sem papel</span>
        )}
      </div>
    ),
  },
  { key: 'status', header: 'Status', card: 'badge', cell: (u) => <UsuarioStatusBadge status={u.status} /> },
  {
    key: 'ultimo_acesso',
    header: 'Último acesso',
    sortKey: 'ultimo_acesso',
    className: 'whitespace-nowrap',
    cell: (u) => (u.last_sign_in_at ? formatDateTimeBR(u.last_sign_in_at) : 'Nunca'),
  },
];

/** /usuarios: everyone who can sign in, invitations, roles and deactivation (admin only). */
export function UsuariosPage() {
  const { user } = useAuth();
  const state = useListState({ defaultSort: 'nome', filterKeys: ['papel', 'status'] });
  const list = useUsuarios(state.query);
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<UsuarioListItem | null>(null);
  const [savedId, setSavedId] = useState<string | null>(null);

  return (
    <>
      <PageHeader
        title="Usuários"
        description="Convide pessoas, defina os papéis de acesso e desative contas."
        actions={
          <Button onClick={() => setInviting(true)}>
            <UserPlus aria-hidden />
            Convidar usuário
          </Button>
        }
      />
      <ListToolbar
        state={state}
        searchPlaceholder="Nome, e-mail, cargo ou departamento"
        filters={
          <>
            <FilterSelect
              label="Papel"
              value={state.filters.papel}
              options={papelOptions}
              allLabel="Todos os papéis"
              onChange={(v) => state.setFilter('papel', v)}
            />
            <FilterSelect
              label="Status"
              value={state.filters.status}
              options={statusOptions}
              allLabel="Todos os status"
              onChange={(v) => state.setFilter('status', v)}
            />
          </>
        }
      />
      <DataTable
        caption="Usuários"
        columns={columns}
        rows={list.data?.items}
        total={list.data?.total}
        loading={list.isFetching}
        error={
          list.isError
            ? { message: 'Não foi possível carregar os usuários.', retry: () => void list.refetch() }
            : null
        }
        state={state}
        emptyText="Nenhum usuário encontrado."
        savedId={savedId}
        rowActions={(u) => (
          <UsuarioAcoes usuario={u} isSelf={u.id === user?.id} onEdit={() => setEditing(u)} />
        )}
      />
      <ConvidarUsuarioDialog open={inviting} onOpenChange={setInviting} onInvited={setSavedId} />
      <EditarUsuarioDialog
        usuario={editing}
        onOpenChange={(o) => !o && setEditing(null)}
        onSaved={setSavedId}
      />
    </>
  );
}
