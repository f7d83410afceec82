import {
  type ExportFormat,
  estornoSchema,
  formatDateTimeBR,
  type KardexRow,
  type ListPage,
  type MovimentoRow,
  type ProdutoRow,
  TIPOS_MOVIMENTO,
  type TipoMovimento,
  tipoMovimentoLabels,
  valorEstoque,
} from '@erp/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Undo2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { type Column, DataTable, erroDaLista } from '@/components/data-table/data-table.tsx';
import { ExportButtons } from '@/components/data-table/export-buttons.tsx';
import { FilterPeriodo, FilterSelect } from '@/components/data-table/filter-select.tsx';
import { ListToolbar } from '@/components/data-table/list-toolbar.tsx';
import { FieldGroup, TextareaField } from '@/components/forms/fields.tsx';
import { RegisterFormDialog } from '@/components/forms/register-form-dialog.tsx';
import type { RecordForm } from '@/components/forms/use-record-form.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useListState } from '@/lib/list-state.ts';
import { movimentosApi, produtosApi } from '../api/estoque-api.ts';
import { estoqueKeys } from '../api/keys.ts';
import { useLotesDoProduto, useOpcoesEstoque } from '../api/queries.ts';
import { formatCusto, formatQtd, formatQtdSinal, formatValor, negativo } from '../components/formato.ts';

// Kardex of a product (/estoque/produtos/:id/kardex): every ledger row, oldest first, with its
// value (quantity × unit cost), the balance after it and the custo médio of its moment; filters by period, location, lot and type;
// export; and the reversal (estorno) of a row.

const num = 'text-right whitespace-nowrap tabular-nums';

const tipoVariant: Record<TipoMovimento, 'success' | 'destructive' | 'secondary' | 'outline' | 'warning'> = {
  entrada: 'success',
  saida: 'secondary',
  transferencia: 'outline',
  ajuste: 'warning',
  inventario: 'warning',
  estorno: 'destructive',
};

export function KardexPage() {
  const { id = '' } = useParams();
  const state = useListState({
    defaultSort: 'ocorrido_em',
    filterKeys: ['de', 'ate', 'local_id', 'lote_id', 'tipo'],
  });
  const produto = useQuery({
    queryKey: [...estoqueKeys.registro('produtos'), 'get', id],
    queryFn: () => produtosApi.get(id) as Promise<ProdutoRow>,
  });
  const p = produto.data;
  const locais = useOpcoesEstoque('locais');
  const lotes = useLotesDoProduto(id, Boolean(p?.controla_lote));
  const [estornando, setEstornando] = useState<KardexRow | null>(null);
  const list = useQuery({
    queryKey: estoqueKeys.kardex(id, state.query),
    queryFn: () => produtosApi.kardex(id, state.query) as Promise<ListPage<KardexRow>>,
    placeholderData: keepPreviousData,
  });
  const unidade = p?.unidade ?? '';

  const columns = useMemo<Column<KardexRow & { id: number }>[]>(
    () => [
      {
        key: 'data',
        header: 'Data',
        sortKey: 'ocorrido_em',
        className: 'whitespace-nowrap',
        card: 'title',
        cell: (r) => formatDateTimeBR(r.ocorrido_em),
      },
      {
        key: 'tipo',
        header: 'Tipo',
        card: 'badge',
        cell: (r) => <Badge variant={tipoVariant[r.tipo]}>{tipoMovimentoLabels[r.tipo]}</Badge>,
      },
      { key: 'local', header: 'Local', cell: (r) => r.local_nome },
      ...(p?.controla_lote
        ? [{ key: 'lote', header: 'Lote', cell: (r: KardexRow) => r.lote_numero ?? '—' }]
        : []),
      {
        key: 'quantidade',
        header: 'Quantidade',
        className: num,
        cell: (r) => (
          <span className={negativo(r.quantidade) ? 'text-destructive' : 'text-success'}>
            {formatQtdSinal(r.quantidade)} <span className="text-xs text-muted-foreground">{unidade}</span>
          </span>
        ),
      },
      { key: 'custo', header: 'Custo unitário', className: num, cell: (r) => formatCusto(r.custo_unitario) },
      {
        key: 'valor',
        header: 'Valor',
        className: num,
        cell: (r) => formatValor(valorEstoque(r.quantidade, r.custo_unitario)),
      },
      {
        key: 'saldo',
        header: 'Saldo',
        className: num,
        cell: (r) => (
          <span className="font-medium">
            {formatQtd(r.saldo)} <span className="text-xs font-normal text-muted-foreground">{unidade}</span>
          </span>
        ),
      },
      { key: 'custo_medio', header: 'Custo médio', className: num, cell: (r) => formatCusto(r.custo_medio) },
      {
        key: 'observacao',
        header: 'Observação',
        className: 'min-w-44',
        cell: (r) => (
          <div>
            <div>{r.observacao ?? '—'}</div>
            {r.usuario_nome ? <div className="text-xs text-muted-foreground">{r.usuario_nome}</div> : null}
          </div>
        ),
      },
    ],
    [p?.controla_lote, unidade],
  );

  const opcao = (o: { id: string; nome: string; ativo: boolean }) => ({
    value: o.id,
    label: o.ativo ? o.nome : `${o.nome} (inativo)`,
  });
  return (
    <div>
      <PageHeader
        title={p ? `Kardex: ${p.codigo} - ${p.nome}` : 'Kardex'}
        description={
          p
            ? `Saldo atual ${formatQtd(p.estoque_atual)} ${p.unidade} · custo médio ${formatCusto(p.custo_medio)}. Cada movimento com o saldo depois dele e o custo médio do momento.`
            : undefined
        }
        actions={
          <Button variant="outline" asChild>
            <Link to="/estoque/produtos">
              <ArrowLeft aria-hidden />
              Produtos
            </Link>
          </Button>
        }
      />
      {produto.isError ? (
        <p role="alert" className="mb-4 text-sm text-destructive">
          {produto.error instanceof ApiError ? produto.error.message : 'Produto não encontrado.'}
        </p>
      ) : null}
      <ListToolbar
        state={state}
        filters={
          <>
            <FilterPeriodo
              de={state.filters.de}
              ate={state.filters.ate}
              onDe={(v) => state.setFilter('de', v)}
              onAte={(v) => state.setFilter('ate', v)}
            />
            <FilterSelect
              label="Local"
              value={state.filters.local_id}
              options={locais.map(opcao)}
              onChange={(v) => state.setFilter('local_id', v)}
            />
            {p?.controla_lote ? (
              <FilterSelect
                label="Lote"
                value={state.filters.lote_id}
                options={lotes.map((l) => ({ value: l.id, label: l.numero }))}
                onChange={(v) => state.setFilter('lote_id', v)}
              />
            ) : null}
            <FilterSelect
              label="Tipo"
              value={state.filters.tipo}
              options={TIPOS_MOVIMENTO.map((t) => ({ value: t, label: tipoMovimentoLabels[t] }))}
              onChange={(v) => state.setFilter('tipo', v)}
            />
          </>
        }
        actions={
          <ExportButtons
            fileBase={p ? `kardex-${p.codigo}` : 'kardex'}
            onExport={(formato: ExportFormat) => {
              const { page: _p, pageSize: _s, ...rest } = state.query;
              return produtosApi.exportKardex(id, { ...rest, formato });
            }}
          />
        }
      />
      <DataTable
        caption={p ? `Kardex de ${p.nome}` : 'Kardex'}
        columns={columns}
        rows={list.data?.items}
        total={list.data?.total}
        totalIsLowerBound={list.data?.totalIsLowerBound}
        loading={list.isFetching}
        error={erroDaLista(list, 'Não foi possível carregar o Kardex.')}
        state={state}
        emptyText="Nenhum movimento encontrado."
        rowActions={(r) =>
          r.tipo === 'estorno' ? null : (
            <Button
              size="icon"
              variant="ghost"
              aria-label={`Estornar movimento de ${formatDateTimeBR(r.ocorrido_em)}`}
              title="Estornar"
              onClick={() => setEstornando(r)}
            >
              <Undo2 aria-hidden />
            </Button>
          )
        }
      />
      {estornando ? (
        <EstornoDialog movimento={estornando} unidade={unidade} onClose={() => setEstornando(null)} />
      ) : null}
    </div>
  );
}

/** The reversal of a ledger row (a transfer's two legs together), with its reason. */
function EstornoDialog({
  movimento,
  unidade,
  onClose,
}: {
  movimento: KardexRow;
  unidade: string;
  onClose(): void;
}) {
  const qc = useQueryClient();
  const record = useMemo<RecordForm<{ motivo: string }>>(
    () => ({
      values: { motivo: '' },
      loading: false,
      save: async (data) => {
        const rows = (await movimentosApi.estorno(movimento.id, data as never)) as MovimentoRow[];
        await qc.invalidateQueries({ queryKey: estoqueKeys.all });
        return { id: String(rows[0]?.id ?? '') };
      },
      reload: async () => ({ motivo: '' }),
    }),
    [movimento.id],
  );
  return (
    <RegisterFormDialog
      title="Estornar movimento"
      description={`${tipoMovimentoLabels[movimento.tipo]} de ${formatQtdSinal(movimento.quantidade)} ${unidade} em ${movimento.local_nome}, ${formatDateTimeBR(movimento.ocorrido_em)}. O estorno lança o movimento inverso${movimento.tipo === 'transferencia' ? ' (as duas pernas da transferência)' : ''}; o original continua no Kardex.`}
      schema={estornoSchema}
      record={record}
      onClose={() => onClose()}
      successMessage="Estorno lançado com sucesso!"
      submitLabel="Lançar estorno"
    >
      <FieldGroup title="Estorno">
        <TextareaField
          name="motivo"
          label="Motivo"
          required
          className="sm:col-span-2 lg:col-span-4"
          maxLength={500}
        />
      </FieldGroup>
    </RegisterFormDialog>
  );
}
