import {
  CRTS,
  DESTINOS_ESCOPO,
  destinoLabels,
  formataNcm,
  OPERACOES_FISCAIS,
  operacaoFiscalLabels,
  UFS,
} from '@erp/shared';
import { Calculator } from 'lucide-react';
import { useState } from 'react';
import { ativoColumn, type Column } from '@/components/data-table/data-table.tsx';
import { AtivoFilter, FilterSelect } from '@/components/data-table/filter-select.tsx';
import { type RegisterApi, RegisterPage } from '@/components/data-table/register-page.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useListState } from '@/lib/list-state.ts';
import { type RegraLinha, regrasApi, tributacaoKeys } from '../api/tributacao-api.ts';
import { percentual } from '../components/impostos-linhas.ts';
import { RegraForm } from '../components/regra-form.tsx';
import { SimularDialog } from '../components/simular-dialog.tsx';

// /estoque/tabela-tributacao (admin): the tax rules as a register — search by NCM, description or
// CFOP, filters, export, the rule form in sections — and "Simular".

const api = regrasApi as unknown as RegisterApi<RegraLinha>;

const tipoCurto = {
  contribuinte: 'Contribuinte',
  consumidor_final: 'Consumidor final',
  nao_contribuinte: 'Não contribuinte',
} as const;

/** The regime in a list filter (the full NF-e labels are too long for it). */
const crtCurto: Record<(typeof CRTS)[number], string> = {
  '1': '1 - Simples Nacional',
  '2': '2 - Simples (sublimite)',
  '3': '3 - Regime Normal',
  '4': '4 - MEI',
};

const produtos = (r: RegraLinha) =>
  r.produto_id ? (
    <span>
      <span className="font-mono text-xs">{r.produto_codigo}</span> {r.produto_nome}
    </span>
  ) : r.ncm_prefixo ? (
    <span>
      NCM <span className="font-mono">{formataNcm(r.ncm_prefixo)}</span>
    </span>
  ) : (
    <span className="text-muted-foreground">Qualquer</span>
  );

const destino = (r: RegraLinha) =>
  [
    r.uf_origem ? `de ${r.uf_origem}` : null,
    r.destino === null
      ? 'Qualquer destino'
      : r.destino === 'interna'
        ? 'Interna'
        : r.destino === 'interestadual'
          ? 'Interestadual'
          : `Para ${r.destino}`,
  ]
    .filter(Boolean)
    .join(' ');

const icms = (r: RegraLinha) => {
  const codigo = r.cst_icms !== null ? `CST ${r.cst_icms}` : `CSOSN ${r.csosn}`;
  const partes = [codigo];
  if (r.p_icms !== null) partes.push(percentual(r.p_icms));
  if (r.p_mva_st !== null) partes.push(`MVA ${percentual(r.p_mva_st)}`);
  return partes.join(' · ');
};

const columns: Column<RegraLinha>[] = [
  {
    key: 'descricao',
    header: 'Descrição',
    sortKey: 'descricao',
    className: 'min-w-48',
    card: 'title',
    cell: (r) => <span className="font-medium">{r.descricao}</span>,
  },
  { key: 'produtos', header: 'Produtos', sortKey: 'ncm_prefixo', cell: produtos },
  {
    key: 'operacao',
    header: 'Operação',
    sortKey: 'operacao',
    className: 'whitespace-nowrap',
    cell: (r) => `${operacaoFiscalLabels[r.operacao]}${r.sentido === 'entrada' ? ' (entrada)' : ''}`,
  },
  {
    key: 'destino',
    header: 'Destino',
    sortKey: 'destino',
    className: 'whitespace-nowrap',
    cell: (r) => (
      <div>
        <div>{destino(r)}</div>
        {r.tipo_destinatario ? (
          <div className="text-xs text-muted-foreground">{tipoCurto[r.tipo_destinatario]}</div>
        ) : null}
      </div>
    ),
    cardCell: (r) => (r.tipo_destinatario ? `${destino(r)} · ${tipoCurto[r.tipo_destinatario]}` : destino(r)),
  },
  {
    key: 'cfop',
    header: 'CFOP',
    sortKey: 'cfop',
    cell: (r) => <span className="font-mono">{r.cfop}</span>,
  },
  { key: 'icms', header: 'ICMS', className: 'whitespace-nowrap', cell: icms },
  ativoColumn<RegraLinha>(),
];

export function RegrasTributacaoPage() {
  const state = useListState({
    defaultSort: 'descricao',
    filterKeys: ['ativo', 'operacao', 'destino', 'crt'],
    defaultFilters: { ativo: 'true' },
  });
  const [simulando, setSimulando] = useState(false);
  return (
    <>
      <RegisterPage
        title="Tabela de Tributação"
        description="Regras que dão o CFOP e os impostos de cada item (ICMS, ICMS-ST, DIFAL, IPI, PIS/COFINS, IBS/CBS) por produto ou NCM, operação, destino e tipo de destinatário. A mais específica vence."
        queryKey={tributacaoKeys.regras}
        api={api}
        state={state}
        columns={columns}
        searchPlaceholder="Buscar por NCM, descrição ou CFOP"
        newLabel="Nova regra"
        rowLabel={(r) => r.descricao}
        exportBase="regras-tributacao"
        headerActions={
          <Button variant="outline" onClick={() => setSimulando(true)}>
            <Calculator aria-hidden />
            Simular
          </Button>
        }
        filters={
          <>
            <AtivoFilter state={state} />
            <FilterSelect
              label="Operação"
              value={state.filters.operacao}
              allLabel="Todas"
              options={OPERACOES_FISCAIS.map((o) => ({ value: o, label: operacaoFiscalLabels[o] }))}
              onChange={(v) => state.setFilter('operacao', v)}
            />
            <FilterSelect
              label="Destino"
              value={state.filters.destino}
              options={[
                ...DESTINOS_ESCOPO.map((d) => ({ value: d, label: destinoLabels[d] })),
                ...UFS.map((u) => ({ value: u, label: u })),
              ]}
              onChange={(v) => state.setFilter('destino', v)}
            />
            <FilterSelect
              label="CRT"
              value={state.filters.crt}
              options={CRTS.map((c) => ({ value: c, label: crtCurto[c] }))}
              onChange={(v) => state.setFilter('crt', v)}
            />
          </>
        }
        renderForm={(id, close) => <RegraForm id={id} onClose={close} />}
      />
      {simulando ? <SimularDialog onClose={() => setSimulando(false)} /> : null}
    </>
  );
}
