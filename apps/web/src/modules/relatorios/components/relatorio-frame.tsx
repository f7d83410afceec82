import { type ColunaRelatorio, type FormatoRelatorio, textoColunaRelatorio } from '@erp/shared';
import type { ReactNode } from 'react';
import { type Column, DataTable } from '@/components/data-table/data-table.tsx';
import { ListToolbar } from '@/components/data-table/list-toolbar.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import type { ListState } from '@/lib/list-state.ts';
import { ExportarRelatorio } from './exportar-relatorio.tsx';

// The common report frame (issue 35; contract in apps/server/src/modules/relatorios/README.md): the
// heading and the actions (export XLSX/PDF with progress, print), the filters — kept in the URL by
// useListState, so a report is a bookmark —, an optional summary (cards, chart), then the paged
// table whose columns come from the shared definition the export also reads, its SQL totals row,
// a clear empty state and a drill-down on the row. Printing hides the shell and the controls and
// prints the filters as a line.

type Linha = { chave: string };

export function RelatorioFrame<T extends Linha>({
  titulo,
  descricao,
  state,
  filtros,
  colunas,
  pagina,
  carregando,
  erro,
  onExport,
  arquivo,
  resumo,
  celula,
  onLinha,
  vazio,
  caption,
}: {
  titulo: string;
  descricao: string;
  state: ListState<string>;
  filtros: ReactNode;
  colunas: ColunaRelatorio[];
  pagina: { items: T[]; total: number; totais: object; filtros: [string, string][] } | undefined;
  carregando: boolean;
  erro: { message: string; retry(): void } | null;
  onExport(formato: FormatoRelatorio): Promise<Response>;
  arquivo: string;
  resumo?: ReactNode;
  /** a column's cell when it is more than its text (a badge) */
  celula?: (coluna: ColunaRelatorio, linha: T) => ReactNode | undefined;
  /** the drill-down: a click on a row */
  onLinha?: (linha: T) => void;
  vazio: string;
  caption: string;
}) {
  const columns: Column<T & { id: string }>[] = colunas.map((c) => ({
    key: c.chave,
    header: c.titulo,
    sortKey: c.ordenacao,
    // the row's name heads its card on a phone (a ranking's position is a line under it)
    card: c.chave === 'rotulo' ? 'title' : undefined,
    className:
      c.tipo === 'texto' || c.tipo === 'data' ? undefined : 'text-right whitespace-nowrap tabular-nums',
    cell: (l) => celula?.(c, l) ?? textoColunaRelatorio(c.tipo, (l as Record<string, unknown>)[c.chave]),
  }));
  const totais = pagina?.totais as Record<string, unknown> | undefined;
  return (
    <div className="relatorio">
      <PageHeader
        title={titulo}
        description={descricao}
        actions={<ExportarRelatorio onExport={onExport} arquivo={arquivo} />}
      />
      <div className="print:hidden">
        <ListToolbar state={state} filters={filtros} />
      </div>
      {pagina?.filtros.length ? (
        <p className="mb-3 hidden text-sm print:block" data-filtros-impressos>
          {pagina.filtros.map(([r, v]) => `${r}: ${v}`).join(' · ')}
        </p>
      ) : null}
      {resumo}
      <DataTable
        caption={caption}
        columns={columns}
        rows={pagina?.items.map((l) => ({ ...l, id: l.chave || '—' }))}
        total={pagina?.total}
        loading={carregando}
        error={erro}
        state={state}
        emptyText={vazio}
        onRowClick={onLinha ? (l) => onLinha(l) : undefined}
        totals={
          // a report without summed columns (the DRE, whose result is a row) has no Total line
          totais && pagina?.items.length && colunas.some((c) => c.total)
            ? {
                label: 'Total',
                cells: Object.fromEntries(
                  colunas
                    .filter((c) => c.total)
                    .map((c) => [c.chave, textoColunaRelatorio(c.tipo, totais[c.chave])]),
                ),
              }
            : null
        }
      />
    </div>
  );
}
