import { ESCOPOS_TABELA, escopoTabelaLabels } from '@erp/shared';
import { Calculator, Copy, ListOrdered } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Column } from '@/components/data-table/data-table.tsx';
import { FilterDate, FilterSelect } from '@/components/data-table/filter-select.tsx';
import { type RegisterApi, RegisterPage } from '@/components/data-table/register-page.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useListState } from '@/lib/list-state.ts';
import { precosKeys } from '../api/keys.ts';
import { type TabelaPrecoTela, tabelasPrecoApi } from '../api/precos-api.ts';
import { ConsultaPrecoDialog } from '../components/consulta-preco-dialog.tsx';
import { CopiaDialog } from '../components/copia-dialog.tsx';
import { alcanceTexto, vigenciaTexto } from '../components/formato-precos.ts';
import { TabelaForm } from '../components/tabela-form.tsx';

// /estoque/tabela-precos (admin): the price tables — name, scope, vigência, active, how many
// products — on the register pattern; a table's items on its own page (Itens), "Copiar", and the
// "Consultar preço" panel that asks the server's engine for a price and its explanation.

const api = tabelasPrecoApi as unknown as RegisterApi<TabelaPrecoTela>;

const ativaBadge = (ativa: boolean) => (
  <Badge variant={ativa ? 'success' : 'outline'}>{ativa ? 'Ativa' : 'Inativa'}</Badge>
);

const columns: Column<TabelaPrecoTela>[] = [
  {
    key: 'nome',
    header: 'Nome',
    sortKey: 'nome',
    card: 'title',
    className: 'min-w-48',
    cell: (r) => (
      <Link
        to={`/estoque/tabela-precos/${r.id}`}
        className="font-medium hover:underline"
        onClick={(e) => e.stopPropagation()}
      >
        {r.nome}
      </Link>
    ),
  },
  { key: 'escopo', header: 'Escopo', cell: (r) => alcanceTexto(r) },
  {
    key: 'vigencia',
    header: 'Vigência',
    sortKey: 'vigencia_inicio',
    className: 'whitespace-nowrap',
    cell: (r) => vigenciaTexto(r.vigencia_inicio, r.vigencia_fim),
  },
  { key: 'itens', header: 'Produtos', className: 'text-right tabular-nums', cell: (r) => r.itens },
  { key: 'ativa', header: 'Status', card: 'badge', cell: (r) => ativaBadge(r.ativa) },
];

export function TabelasPrecoPage() {
  const navigate = useNavigate();
  const state = useListState({
    defaultSort: 'nome',
    filterKeys: ['ativa', 'escopo', 'vigente_em'],
  });
  const [copiando, setCopiando] = useState<TabelaPrecoTela | null>(null);
  const [consultando, setConsultando] = useState(false);
  return (
    <>
      <RegisterPage
        title="Tabela de Preços"
        description="Preços por produto para todos os clientes, um grupo empresarial, um segmento, uma região ou uma lista de clientes. Vale a tabela mais específica; no mesmo nível, a de vigência mais recente."
        queryKey={precosKeys.tabelas}
        api={api}
        state={state}
        columns={columns}
        searchPlaceholder="Buscar por nome"
        newLabel="Nova tabela"
        rowLabel={(r) => r.nome}
        exportBase="tabelas-precos"
        headerActions={
          <Button variant="outline" onClick={() => setConsultando(true)}>
            <Calculator aria-hidden />
            Consultar preço
          </Button>
        }
        filters={
          <>
            <FilterSelect
              label="Status"
              value={state.filters.ativa}
              allLabel="Todas"
              options={[
                { value: 'true', label: 'Ativas' },
                { value: 'false', label: 'Inativas' },
              ]}
              onChange={(v) => state.setFilter('ativa', v)}
            />
            <FilterSelect
              label="Escopo"
              value={state.filters.escopo}
              options={ESCOPOS_TABELA.map((e) => ({ value: e, label: escopoTabelaLabels[e] }))}
              onChange={(v) => state.setFilter('escopo', v)}
            />
            <FilterDate
              label="Vigente em"
              value={state.filters.vigente_em}
              onChange={(v) => state.setFilter('vigente_em', v)}
            />
          </>
        }
        extraRowActions={(r) => (
          <>
            <Button
              size="icon"
              variant="ghost"
              aria-label={`Produtos de ${r.nome}`}
              title="Produtos e preços"
              onClick={() => navigate(`/estoque/tabela-precos/${r.id}`)}
            >
              <ListOrdered aria-hidden />
            </Button>
            <Button
              size="icon"
              variant="ghost"
              aria-label={`Copiar ${r.nome}`}
              title="Copiar"
              onClick={() => setCopiando(r)}
            >
              <Copy aria-hidden />
            </Button>
          </>
        )}
        renderForm={(id, close) => (
          <TabelaForm
            id={id}
            onClose={(saved) => {
              close(saved);
              // a new table's next step is its products
              if (id === null && saved) navigate(`/estoque/tabela-precos/${saved}`);
            }}
          />
        )}
      />
      {copiando ? (
        <CopiaDialog
          tabela={copiando}
          onClose={(copiaId) => {
            setCopiando(null);
            if (copiaId) navigate(`/estoque/tabela-precos/${copiaId}`);
          }}
        />
      ) : null}
      {consultando ? <ConsultaPrecoDialog onClose={() => setConsultando(false)} /> : null}
    </>
  );
}
