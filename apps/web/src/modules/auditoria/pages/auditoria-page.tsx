import {
  AUDIT_ACOES,
  type AuditAcao,
  auditAcaoLabel,
  auditEntidadeLabel,
  auditoriaListQuerySchema,
  formatDateTimeBR,
} from '@erp/shared';
import { Download, Eye, FilterX } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { LabeledSelect } from '@/components/data-table/filter-select.tsx';
import { LoadErrorAlert, TableRowsPlaceholder } from '@/components/data-table/list-states.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { DateInput } from '@/components/ui/date-input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { cn } from '@/lib/cn.ts';
import { showApiError } from '@/modules/usuarios/api/form-errors.ts';
import { useUsuarioOpcoes } from '@/modules/usuarios/api/usuarios-api.ts';
import { useUrlState } from '@/modules/usuarios/hooks/use-url-state.ts';
import { useAuditoria, useAuditoriaEntidades, useExportarAuditoria } from '../api/auditoria-api.ts';
import { AuditoriaDetalheDialog } from '../components/auditoria-detalhe-dialog.tsx';

const FILTER_CELL = 'grid gap-1.5 lg:col-span-2 2xl:col-span-1';

const acaoVariant = (acao: string) =>
  acao === 'exclusao' || acao === 'falha_login' || acao === 'desativacao'
    ? 'destructive'
    : acao === 'criacao' || acao === 'convite' || acao === 'reativacao'
      ? 'success'
      : 'secondary';

/** /auditoria: the append-only log of data changes and account events (admin only). */
export function AuditoriaPage() {
  const [params, update] = useUrlState(auditoriaListQuerySchema);
  const { data, isLoading, isError, isFetching, refetch } = useAuditoria(params);
  const usuarios = useUsuarioOpcoes();
  const entidades = useAuditoriaEntidades();
  const exportar = useExportarAuditoria();
  const [detalhe, setDetalhe] = useState<number | null>(null);
  const hasFilters = Boolean(params.usuario || params.tabela || params.acao || params.de || params.ate);

  async function onExport() {
    try {
      const name = await exportar.mutateAsync(params);
      toast.success(`Arquivo ${name} gerado.`);
    } catch (err) {
      showApiError(err, { fallback: 'Erro ao exportar. Tente novamente.' });
    }
  }

  return (
    <>
      <PageHeader
        title="Auditoria"
        description="Quem fez o quê e quando: alterações de dados e eventos de acesso. Os registros não podem ser alterados nem excluídos."
        actions={
          <Button variant="outline" onClick={onExport} disabled={exportar.isPending}>
            {exportar.isPending ? <Spinner label="Exportando" /> : <Download aria-hidden />}
            Exportar CSV
          </Button>
        }
      />
      <Card>
        <CardContent className="grid gap-4 pt-5">
          <search
            aria-label="Filtros da auditoria"
            className="grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-6 2xl:grid-cols-[1.5fr_1fr_1fr_10rem_10rem_auto]"
          >
            <LabeledSelect
              id="auditoria-usuario"
              label="Usuário"
              className={FILTER_CELL}
              value={params.usuario ?? ''}
              onChange={(usuario) => update({ usuario })}
              allLabel="Todos os usuários"
            >
              {usuarios.data?.map((u) => (
                <option key={u.id} value={u.id}>
                  {u.nome_completo ? `${u.nome_completo} (${u.email})` : u.email}
                </option>
              ))}
            </LabeledSelect>
            <LabeledSelect
              id="auditoria-entidade"
              label="Entidade"
              className={FILTER_CELL}
              value={params.tabela ?? ''}
              onChange={(tabela) => update({ tabela, registro: undefined })}
              allLabel="Todas as entidades"
            >
              {entidades.data?.map((e) => (
                <option key={e.tabela} value={e.tabela}>
                  {e.rotulo}
                </option>
              ))}
              {params.tabela && !entidades.data?.some((e) => e.tabela === params.tabela) ? (
                <option value={params.tabela}>{auditEntidadeLabel(params.tabela)}</option>
              ) : null}
            </LabeledSelect>
            <LabeledSelect
              id="auditoria-acao"
              label="Ação"
              className={FILTER_CELL}
              value={params.acao ?? ''}
              onChange={(acao) => update({ acao })}
              allLabel="Todas as ações"
            >
              {AUDIT_ACOES.map((a: AuditAcao) => (
                <option key={a} value={a}>
                  {auditAcaoLabel(a)}
                </option>
              ))}
            </LabeledSelect>
            <div className={FILTER_CELL}>
              <Label htmlFor="auditoria-de">De</Label>
              <DateInput
                id="auditoria-de"
                value={params.de ?? ''}
                max={params.ate}
                onChange={(de) => update({ de })}
              />
            </div>
            <div className={FILTER_CELL}>
              <Label htmlFor="auditoria-ate">Até</Label>
              <DateInput
                id="auditoria-ate"
                value={params.ate ?? ''}
                min={params.de}
                onChange={(ate) => update({ ate })}
              />
            </div>
            <Button
              variant="ghost"
              onClick={() =>
                update({
                  usuario: undefined,
                  tabela: undefined,
                  registro: undefined,
                  acao: undefined,
                  de: undefined,
                  ate: undefined,
                })
              }
              disabled={!hasFilters && !params.registro}
            >
              <FilterX aria-hidden />
              Limpar filtros
            </Button>
          </search>
          {params.registro ? (
            <p className="text-sm text-muted-foreground">
              Mostrando apenas o registro <span className="font-mono">{params.registro}</span>.
            </p>
          ) : null}

          {isError ? (
            <LoadErrorAlert message="Não foi possível carregar a auditoria." onRetry={() => refetch()} />
          ) : (
            <Table aria-busy={isFetching} aria-label="Registros de auditoria">
              <TableHeader>
                <TableRow>
                  <TableHead>Data/hora</TableHead>
                  <TableHead>Usuário</TableHead>
                  <TableHead>Ação</TableHead>
                  <TableHead>Entidade</TableHead>
                  <TableHead>Registro</TableHead>
                  <TableHead>IP</TableHead>
                  <TableHead className="w-12">
                    <span className="sr-only">Detalhes</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                <TableRowsPlaceholder
                  loading={isLoading}
                  empty={data?.items.length === 0}
                  colSpan={7}
                  skeletonRows={6}
                  emptyText="Nenhum registro encontrado."
                />
                {data?.items.map((r) => (
                  <TableRow key={r.id} data-acao={r.acao}>
                    <TableCell className="whitespace-nowrap">{formatDateTimeBR(r.occurred_at)}</TableCell>
                    <TableCell>
                      {r.user_id || (r.user_email && r.user_email !== 'sistema') ? (
                        <>
                          <div className="font-medium">{r.user_nome ?? r.user_email}</div>
                          {r.user_nome && r.user_email ? (
                            <div className="text-xs text-muted-foreground">{r.user_email}</div>
                          ) : null}
                        </>
                      ) : (
                        <span className="text-muted-foreground">Sistema</span>
                      )}
                    </TableCell>
                    <TableCell>
                      <Badge variant={acaoVariant(r.acao)}>{auditAcaoLabel(r.acao)}</Badge>
                      {r.motivo ? <div className="mt-1 text-xs text-muted-foreground">{r.motivo}</div> : null}
                    </TableCell>
                    <TableCell>{r.entidade}</TableCell>
                    <TableCell>
                      {r.registro_id ? (
                        <button
                          type="button"
                          className={cn(
                            'text-left text-primary underline-offset-2 hover:underline',
                            !r.registro_nome && 'font-mono text-xs',
                          )}
                          title="Ver o histórico deste registro"
                          onClick={() =>
                            update({
                              tabela: r.tabela ?? undefined,
                              registro: r.registro_id,
                              usuario: undefined,
                              acao: undefined,
                            })
                          }
                        >
                          {r.registro_nome ??
                            (r.registro_id.length > 12 ? `${r.registro_id.slice(0, 8)}…` : r.registro_id)}
                        </button>
                      ) : (
                        '—'
                      )}
                    </TableCell>
                    <TableCell className="font-mono text-xs">{r.ip ?? '—'}</TableCell>
                    <TableCell>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Detalhes: ${auditAcaoLabel(r.acao)} em ${formatDateTimeBR(r.occurred_at)}`}
                        onClick={() => setDetalhe(r.id)}
                      >
                        <Eye aria-hidden />
                      </Button>
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
              totalIsLowerBound={data.totalLimitado}
              disabled={isFetching}
              onPageChange={(page) => update({ page })}
            />
          ) : null}
        </CardContent>
      </Card>
      <AuditoriaDetalheDialog id={detalhe} onClose={() => setDetalhe(null)} />
    </>
  );
}
