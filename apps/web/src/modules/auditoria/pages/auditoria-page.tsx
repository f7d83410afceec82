import {
  AUDIT_ACOES,
  type AuditLogItem,
  auditAcaoLabel,
  auditEntidadeLabel,
  formatDateTimeBR,
} from '@erp/shared';
import { Download, Eye } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { type Column, DataTable } from '@/components/data-table/data-table.tsx';
import { FilterPeriodo, FilterSelect } from '@/components/data-table/filter-select.tsx';
import { ListToolbar } from '@/components/data-table/list-toolbar.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { cn } from '@/lib/cn.ts';
import { type ListState, useListState } from '@/lib/list-state.ts';
import { showApiError } from '@/modules/usuarios/api/form-errors.ts';
import { useUsuarioOpcoes } from '@/modules/usuarios/api/usuarios-api.ts';
import { useAuditoria, useAuditoriaEntidades, useExportarAuditoria } from '../api/auditoria-api.ts';
import { AuditoriaDetalheDialog } from '../components/auditoria-detalhe-dialog.tsx';

type Filtro = 'usuario' | 'tabela' | 'registro' | 'acao' | 'de' | 'ate';
const FILTROS: readonly Filtro[] = ['usuario', 'tabela', 'registro', 'acao', 'de', 'ate'];

const acaoOptions = AUDIT_ACOES.map((a) => ({ value: a, label: auditAcaoLabel(a) }));

const acaoVariant = (acao: string) =>
  acao === 'exclusao' || acao === 'falha_login' || acao === 'desativacao'
    ? 'destructive'
    : acao === 'criacao' || acao === 'convite' || acao === 'reativacao'
      ? 'success'
      : 'secondary';

const porSistema = (r: AuditLogItem) => !r.user_id && (!r.user_email || r.user_email === 'sistema');

/** The log's columns; "Registro" narrows the list to that record's whole history. */
function auditColumns(state: ListState<Filtro>): Column<AuditLogItem>[] {
  const historico = (r: AuditLogItem) =>
    state.setFilters({ usuario: '', acao: '', tabela: r.tabela ?? '', registro: r.registro_id ?? '' });
  return [
    {
      key: 'quando',
      header: 'Data/hora',
      sortKey: 'quando',
      className: 'whitespace-nowrap',
      card: 'title',
      cell: (r) => formatDateTimeBR(r.occurred_at),
      cardCell: (r) => <span className="font-medium">{formatDateTimeBR(r.occurred_at)}</span>,
    },
    {
      key: 'usuario',
      header: 'Usuário',
      cell: (r) =>
        porSistema(r) ? (
          <span className="text-muted-foreground">Sistema</span>
        ) : (
          <>
            <div className="font-medium">{r.user_nome ?? r.user_email}</div>
            {r.user_nome && r.user_email ? (
              <div className="text-xs text-muted-foreground">{r.user_email}</div>
            ) : null}
          </>
        ),
    },
    {
      key: 'acao',
      header: 'Ação',
      cell: (r) => (
        <>
          <Badge variant={acaoVariant(r.acao)}>{auditAcaoLabel(r.acao)}</Badge>
          {r.motivo ? <div className="mt-1 text-xs text-muted-foreground">{r.motivo}</div> : null}
        </>
      ),
    },
    { key: 'entidade', header: 'Entidade', cell: (r) => r.entidade },
    {
      key: 'registro',
      header: 'Registro',
      cell: (r) =>
        r.registro_id ? (
          <button
            type="button"
            className={cn(
              'text-left text-primary underline-offset-2 hover:underline',
              !r.registro_nome && 'font-mono text-xs',
            )}
            title="Ver o histórico deste registro"
            onClick={(e) => {
              // the row's own click opens the detail
              e.stopPropagation();
              historico(r);
            }}
          >
            {r.registro_nome ?? (r.registro_id.length > 12 ? `${r.registro_id.slice(0, 8)}…` : r.registro_id)}
          </button>
        ) : (
          '—'
        ),
    },
    { key: 'ip', header: 'IP', className: 'font-mono text-xs', card: 'hidden', cell: (r) => r.ip ?? '—' },
  ];
}

/** /auditoria: the append-only log of data changes and account events (admin only). */
export function AuditoriaPage() {
  const state = useListState({ defaultSort: 'quando', defaultDir: 'desc', filterKeys: FILTROS });
  const f = state.filters;
  const list = useAuditoria(state.query);
  const usuarios = useUsuarioOpcoes();
  const entidades = useAuditoriaEntidades();
  const exportar = useExportarAuditoria();
  const [detalhe, setDetalhe] = useState<number | null>(null);

  const entidadeOptions = (entidades.data ?? []).map((e) => ({ value: e.tabela, label: e.rotulo }));
  // a table from a link that is not (or not yet) in the list still shows by name
  if (f.tabela && !entidadeOptions.some((o) => o.value === f.tabela))
    entidadeOptions.push({ value: f.tabela, label: auditEntidadeLabel(f.tabela) });

  async function onExport() {
    try {
      const name = await exportar.mutateAsync(state.query);
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
      />
      <ListToolbar
        state={state}
        searchPlaceholder="E-mail do usuário ou identificador do registro"
        filters={
          <>
            <FilterSelect
              label="Usuário"
              value={f.usuario}
              options={(usuarios.data ?? []).map((u) => ({
                value: u.id,
                label: u.nome_completo ? `${u.nome_completo} (${u.email})` : u.email,
              }))}
              allLabel="Todos os usuários"
              onChange={(v) => state.setFilter('usuario', v)}
            />
            <FilterSelect
              label="Entidade"
              value={f.tabela}
              options={entidadeOptions}
              allLabel="Todas as entidades"
              onChange={(v) => state.setFilters({ tabela: v, registro: '' })}
            />
            <FilterSelect
              label="Ação"
              value={f.acao}
              options={acaoOptions}
              allLabel="Todas as ações"
              onChange={(v) => state.setFilter('acao', v)}
            />
            <FilterPeriodo
              de={f.de}
              ate={f.ate}
              onDe={(v) => state.setFilter('de', v)}
              onAte={(v) => state.setFilter('ate', v)}
            />
          </>
        }
        actions={
          <Button variant="outline" onClick={onExport} disabled={exportar.isPending}>
            {exportar.isPending ? <Spinner label="Exportando" /> : <Download aria-hidden />}
            Exportar CSV
          </Button>
        }
      />
      {f.registro ? (
        <p className="mb-3 text-sm text-muted-foreground">
          Mostrando apenas o registro <span className="font-mono break-all">{f.registro}</span>.
        </p>
      ) : null}
      <DataTable
        caption="Registros de auditoria"
        columns={auditColumns(state)}
        rows={list.data?.items}
        total={list.data?.total}
        totalIsLowerBound={list.data?.totalLimitado}
        loading={list.isFetching}
        error={
          list.isError
            ? { message: 'Não foi possível carregar a auditoria.', retry: () => void list.refetch() }
            : null
        }
        state={state}
        emptyText="Nenhum registro encontrado."
        onRowClick={(r, element) => {
          // the dialog gives focus back to what had it: the row's "Detalhes" button
          element.querySelector<HTMLElement>('[data-row-detail]')?.focus();
          setDetalhe(r.id);
        }}
        rowActions={(r) => (
          <Button
            variant="ghost"
            size="icon"
            data-row-detail
            aria-label={`Detalhes: ${auditAcaoLabel(r.acao)} em ${formatDateTimeBR(r.occurred_at)}`}
            onClick={() => setDetalhe(r.id)}
          >
            <Eye aria-hidden />
          </Button>
        )}
      />
      <AuditoriaDetalheDialog id={detalhe} onClose={() => setDetalhe(null)} />
    </>
  );
}
