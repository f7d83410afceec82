import {
  businessToday,
  formatBRL,
  formatDateBR,
  formatDecimalBR,
  STATUS_MDFE,
  statusMdfeLabels,
} from '@erp/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { type Column, DataTable, erroDaLista } from '@/components/data-table/data-table.tsx';
import { FilterPeriodo, FilterSelect } from '@/components/data-table/filter-select.tsx';
import { ListToolbar } from '@/components/data-table/list-toolbar.tsx';
import { Button } from '@/components/ui/button.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { useListState } from '@/lib/list-state.ts';
import { type MdfeResumo, mdfeApi, mdfeKeys } from '../api/mdfe-api.ts';
import { NaoEncerradosButton } from '../components/nao-encerrados.tsx';
import { StatusMdfeBadge } from '../components/status-mdfe-badge.tsx';

// Manifestos (MDF-e) (/expedicao/mdfe): every load's manifesto — número/série, the load, the truck,
// the route (UF ini → fim), how many NF-e, weight and value, when it was issued and its status;
// filtered by text (número, chave, placa, carga), status and period. «Consultar não encerrados»
// asks SEFAZ which of the company's manifestos are still open.

const num = 'text-right whitespace-nowrap tabular-nums';

/** The manifest's gross weight in kg, pt-BR, with the decimals it has (no trailing zeros forced). */
export const pesoKg = (v: string) => `${formatDecimalBR(v, 0)} kg`;

const columns: Column<MdfeResumo>[] = [
  {
    key: 'numero',
    header: 'Nº / série',
    sortKey: 'numero',
    card: 'title',
    className: 'whitespace-nowrap',
    cell: (r) => (
      <Link to={`/expedicao/mdfe/${r.id}`} className="font-medium underline-offset-4 hover:underline">
        {r.numero} / {r.serie}
      </Link>
    ),
    cardCell: (r) => `MDF-e nº ${r.numero} · série ${r.serie}`,
  },
  {
    key: 'carga',
    header: 'Carga',
    cell: (r) => (
      <Link
        to={`/expedicao/cargas/${r.carga_id}`}
        className="underline-offset-4 hover:underline"
        onClick={(e) => e.stopPropagation()}
      >
        nº {r.carga_numero}
      </Link>
    ),
  },
  { key: 'placa', header: 'Placa', className: 'whitespace-nowrap font-mono', cell: (r) => r.placa },
  {
    key: 'rota',
    header: 'UF ini → fim',
    className: 'whitespace-nowrap',
    cell: (r) => `${r.uf_ini} → ${r.uf_fim}`,
  },
  { key: 'q_nfe', header: 'NF-e', className: num, cell: (r) => r.q_nfe },
  { key: 'peso', header: 'Peso', className: num, cell: (r) => pesoKg(r.q_carga) },
  { key: 'valor', header: 'Valor', className: num, cell: (r) => formatBRL(r.v_carga) },
  {
    key: 'data',
    header: 'Emissão',
    sortKey: 'data',
    className: 'whitespace-nowrap',
    cell: (r) => formatDateBR(businessToday(new Date(r.emissao))),
  },
  {
    key: 'status',
    header: 'Situação',
    sortKey: 'status',
    card: 'badge',
    cell: (r) => <StatusMdfeBadge status={r.status} />,
  },
];

export function MdfesPage() {
  const state = useListState({
    defaultSort: 'data',
    defaultDir: 'desc',
    filterKeys: ['status', 'de', 'ate'],
  });
  const navigate = useNavigate();
  const list = useQuery({
    queryKey: mdfeKeys.list(state.query),
    queryFn: () => mdfeApi.list(state.query),
    placeholderData: keepPreviousData,
  });
  return (
    <div>
      <PageHeader
        title="Manifestos (MDF-e)"
        description="Os manifestos das cargas: emitidos na carga faturada, encerrados na volta do veículo."
        actions={<NaoEncerradosButton />}
      />
      <ListToolbar
        state={state}
        searchPlaceholder="Número, chave, placa ou carga"
        filters={
          <>
            <FilterSelect
              label="Situação"
              value={state.filters.status}
              allLabel="Todas"
              options={STATUS_MDFE.map((s) => ({ value: s, label: statusMdfeLabels[s] }))}
              onChange={(v) => state.setFilter('status', v)}
            />
            <FilterPeriodo
              de={state.filters.de}
              ate={state.filters.ate}
              onDe={(v) => state.setFilter('de', v)}
              onAte={(v) => state.setFilter('ate', v)}
            />
          </>
        }
      />
      <DataTable
        caption="Manifestos (MDF-e)"
        columns={columns}
        rows={list.data?.items}
        total={list.data?.total}
        totalIsLowerBound={list.data?.totalIsLowerBound}
        loading={list.isFetching}
        error={erroDaLista(list)}
        state={state}
        emptyText="Nenhum MDF-e encontrado."
        onRowClick={(r) => navigate(`/expedicao/mdfe/${r.id}`)}
        rowActions={(r) => (
          <Button size="sm" variant="outline" asChild>
            <Link to={`/expedicao/mdfe/${r.id}`} aria-label={`Abrir o MDF-e nº ${r.numero}`}>
              <FileText aria-hidden />
              Abrir
            </Link>
          </Button>
        )}
      />
    </div>
  );
}
