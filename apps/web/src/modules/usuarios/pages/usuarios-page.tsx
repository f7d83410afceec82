import {
  formatDateTimeBR,
  ROLES,
  roleLabels,
  USUARIO_STATUS,
  type UsuarioListItem,
  usuarioStatusLabels,
  usuariosListQuerySchema,
} from '@erp/shared';
import { Search, UserPlus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { LabeledSelect } from '@/components/data-table/filter-select.tsx';
import { LoadErrorAlert, TableRowsPlaceholder } from '@/components/data-table/list-states.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { useAuth } from '@/lib/auth/auth-context.ts';
import { useUsuarios } from '../api/usuarios-api.ts';
import { ConvidarUsuarioDialog } from '../components/convidar-usuario-dialog.tsx';
import { EditarUsuarioDialog } from '../components/editar-usuario-dialog.tsx';
import { UsuarioAcoes } from '../components/usuario-acoes.tsx';
import { UsuarioStatusBadge } from '../components/usuario-status-badge.tsx';
import { useDebounced, useUrlState } from '../hooks/use-url-state.ts';

/**
 * On a phone each row lays out as a card (CSS only, the table stays one table): name and actions on
 * top, then e-mail, roles, status and last access, one per line; the column headers are hidden.
 */
const phoneCard = {
  row: 'max-sm:grid max-sm:grid-cols-[minmax(0,1fr)_auto] max-sm:py-2',
  title: 'max-sm:col-start-1 max-sm:row-start-1',
  actions: 'max-sm:col-start-2 max-sm:row-start-1',
  line: 'max-sm:col-span-2 max-sm:py-1',
  lastAccess: "max-sm:text-xs max-sm:text-muted-foreground max-sm:before:content-['Último_acesso:_']",
};

/** /usuarios: everyone who can sign in, invitations, roles and deactivation (admin only). */
export function UsuariosPage() {
  const { user } = useAuth();
  const [params, update] = useUrlState(usuariosListQuerySchema);
  const [search, setSearch] = useState(params.q ?? '');
  const debounced = useDebounced(search);
  // the text typed goes to the URL once typing pauses; a URL change (back/forward, a link) comes
  // back to the field
  const lastQ = useRef(params.q ?? '');
  useEffect(() => {
    const typed = debounced.trim();
    if (typed !== lastQ.current) {
      lastQ.current = typed;
      update({ q: typed });
    }
  }, [debounced, update]);
  useEffect(() => {
    const fromUrl = params.q ?? '';
    if (fromUrl !== lastQ.current) {
      lastQ.current = fromUrl;
      setSearch(fromUrl);
    }
  }, [params.q]);

  const { data, isLoading, isError, isFetching, refetch } = useUsuarios(params);
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<UsuarioListItem | null>(null);

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
      <Card>
        <CardContent className="grid gap-4 pt-5">
          <search className="grid gap-3 md:grid-cols-[1fr_12rem_12rem]" aria-label="Filtros de usuários">
            <div className="grid gap-1.5">
              <Label htmlFor="usuarios-busca">Buscar</Label>
              <div className="relative">
                <Search
                  aria-hidden
                  className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
                />
                <Input
                  id="usuarios-busca"
                  type="search"
                  className="pl-8"
                  placeholder="Nome, e-mail, cargo ou departamento"
                  value={search}
                  onChange={(e) => setSearch(e.target.value)}
                />
              </div>
            </div>
            <LabeledSelect
              id="usuarios-papel"
              label="Papel"
              value={params.papel ?? ''}
              onChange={(papel) => update({ papel })}
              allLabel="Todos os papéis"
            >
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {roleLabels[r]}
                </option>
              ))}
              <option value="nenhum">Sem papel</option>
            </LabeledSelect>
            <LabeledSelect
              id="usuarios-status"
              label="Status"
              value={params.status ?? ''}
              onChange={(status) => update({ status })}
              allLabel="Todos os status"
            >
              {USUARIO_STATUS.map((s) => (
                <option key={s} value={s}>
                  {usuarioStatusLabels[s]}
                </option>
              ))}
            </LabeledSelect>
          </search>

          {isError ? (
            <LoadErrorAlert message="Não foi possível carregar os usuários." onRetry={() => refetch()} />
          ) : (
            <Table aria-busy={isFetching} aria-label="Usuários">
              <TableHeader className="max-sm:hidden">
                <TableRow>
                  <TableHead>Nome</TableHead>
                  <TableHead>E-mail</TableHead>
                  <TableHead>Papéis</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead>Último acesso</TableHead>
                  <TableHead className="w-12">
                    <span className="sr-only">Ações</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                <TableRowsPlaceholder
                  loading={isLoading}
                  empty={data?.items.length === 0}
                  colSpan={6}
                  skeletonRows={5}
                  emptyText="Nenhum usuário encontrado."
                />
                {data?.items.map((u) => (
                  <TableRow key={u.id} data-usuario={u.email} className={phoneCard.row}>
                    <TableCell className={phoneCard.title}>
                      <div className="font-medium">{u.nome_completo ?? '—'}</div>
                      {u.cargo || u.departamento ? (
                        <div className="text-xs text-muted-foreground">
                          {[u.cargo, u.departamento].filter(Boolean).join(' · ')}
                        </div>
                      ) : null}
                    </TableCell>
                    <TableCell className={`break-all ${phoneCard.line}`}>{u.email}</TableCell>
                    <TableCell className={phoneCard.line}>
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
                    </TableCell>
                    <TableCell className={phoneCard.line}>
                      <UsuarioStatusBadge status={u.status} />
                    </TableCell>
                    <TableCell className={`whitespace-nowrap ${phoneCard.line} ${phoneCard.lastAccess}`}>
                      {u.last_sign_in_at ? formatDateTimeBR(u.last_sign_in_at) : 'Nunca'}
                    </TableCell>
                    <TableCell className={phoneCard.actions}>
                      <UsuarioAcoes usuario={u} isSelf={u.id === user?.id} onEdit={() => setEditing(u)} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
          {data ? (
            <Pagination
              page={data.page}
              pageSize={data.pageSize}
              total={data.total}
              disabled={isFetching}
              onPageChange={(page) => update({ page })}
            />
          ) : null}
        </CardContent>
      </Card>
      <ConvidarUsuarioDialog open={inviting} onOpenChange={setInviting} />
      <EditarUsuarioDialog usuario={editing} onOpenChange={(o) => !o && setEditing(null)} />
    </>
  );
}
