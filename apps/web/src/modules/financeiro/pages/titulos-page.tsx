import {
  businessToday,
  FILTROS_STATUS_TITULO,
  filtroStatusTituloLabels,
  formatBRL,
  formatDateBR,
  isTituloVencido,
  type ListPage,
  plural,
  type TituloRow,
  type TitulosTotais,
} from '@erp/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Ban,
  CircleDollarSign,
  FilePlus2,
  History,
  Layers,
  MoreHorizontal,
  Pencil,
  Plus,
  Undo2,
  X,
} from 'lucide-react';
import { useState } from 'react';
import { type Column, DataTable, erroDaLista } from '@/components/data-table/data-table.tsx';
import { FilterPeriodo, FilterSelect } from '@/components/data-table/filter-select.tsx';
import { ListToolbar } from '@/components/data-table/list-toolbar.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { useListState } from '@/lib/list-state.ts';
import { type TipoTituloApi, titulosApi } from '../api/financeiro-api.ts';
import { financeiroKeys } from '../api/keys.ts';
import { useCentrosOpcoes, useClassesOpcoes, useContasOpcoes } from '../api/queries.ts';
import { BaixaDialog } from '../components/baixa-dialog.tsx';
import { BaixaLoteDialog } from '../components/baixa-lote-dialog.tsx';
import { GerarBoletosDialog } from '../components/cobranca-gerar-boletos.tsx';
import { CancelamentoDialog, EstornoDialog } from '../components/estorno-dialog.tsx';
import { HistoricoDialog } from '../components/historico-dialog.tsx';
import { PessoaFiltro } from '../components/pessoa-filtro.tsx';
import { TituloForm } from '../components/titulo-form.tsx';
import { TituloStatusBadge } from '../components/titulo-status-badge.tsx';

// Contas a Receber (/financeiro/receber) and Contas a Pagar (/financeiro/pagar): one screen, two
// tipos. The list's filters live in the URL (status — open ones by default —, due period, pessoa,
// classe, centro, conta); the footer totals cover the whole filter (em aberto, vencido, pago no
// período); each row has its actions (baixar, estornar, cancelar, editar, histórico) and open
// títulos may be selected for a baixa em lote (and, receivables, for «Gerar boletos»).

type Pagina = ListPage<TituloRow> & { totais: TitulosTotais };
type Acao = 'baixar' | 'estornar' | 'cancelar' | 'editar' | 'historico';
type Aberto =
  | { acao: Acao; titulo: TituloRow }
  | { acao: 'novo' }
  | { acao: 'lote' }
  | { acao: 'boletos' }
  | null;

const FILTROS = [
  'status',
  'vencimento_de',
  'vencimento_ate',
  'pessoa_id',
  'classe_financeira_id',
  'centro_custo_id',
  'conta_bancaria_id',
] as const;

const num = 'text-right whitespace-nowrap tabular-nums';
const aberto = (t: TituloRow) => t.status === 'em_aberto' || t.status === 'parcial';

export const ReceberPage = () => <TitulosPage tipo="receber" />;
export const PagarPage = () => <TitulosPage tipo="pagar" />;

function TitulosPage({ tipo }: { tipo: TipoTituloApi }) {
  const state = useListState({
    defaultSort: 'vencimento',
    filterKeys: FILTROS,
    defaultFilters: { status: 'abertos' },
  });
  const hoje = businessToday();
  const classes = useClassesOpcoes(tipo);
  const centros = useCentrosOpcoes();
  const contas = useContasOpcoes();
  const [dialogo, setDialogo] = useState<Aberto>(null);
  const [selecionados, setSelecionados] = useState<ReadonlyMap<string, TituloRow>>(new Map());
  const [salvo, setSalvo] = useState<string | null>(null);
  const list = useQuery({
    queryKey: [...financeiroKeys.all, tipo, 'list', state.query],
    queryFn: () => titulosApi(tipo).list(state.query) as Promise<Pagina>,
    placeholderData: keepPreviousData,
  });
  const fechar = (id?: string) => {
    if (id) setSalvo(id);
    if (dialogo?.acao === 'lote' && id) setSelecionados(new Map());
    setDialogo(null);
  };
  const alterna = (t: TituloRow, marcado: boolean) =>
    setSelecionados((prev) => {
      const next = new Map(prev);
      if (marcado) next.set(t.id, t);
      else next.delete(t.id);
      return next;
    });
  const pessoa = tipo === 'receber' ? 'Cliente' : 'Fornecedor';
  const titulo = tipo === 'receber' ? 'Contas a Receber' : 'Contas a Pagar';

  const columns: Column<TituloRow>[] = [
    {
      key: 'selecionar',
      header: 'Sel.',
      card: 'badge',
      className: 'w-px',
      cell: (r) =>
        aberto(r) ? (
          <Checkbox
            checked={selecionados.has(r.id)}
            onCheckedChange={(c) => alterna(r, c === true)}
            onClick={(e) => e.stopPropagation()}
            aria-label={`Selecionar ${r.pessoa_nome} ${r.parcela}/${r.total_parcelas} vencimento ${formatDateBR(r.vencimento)}`}
          />
        ) : null,
    },
    {
      key: 'vencimento',
      header: 'Vencimento',
      sortKey: 'vencimento',
      className: 'whitespace-nowrap',
      cell: (r) => (
        <span className={isTituloVencido(r, hoje) ? 'font-medium text-destructive' : undefined}>
          {formatDateBR(r.vencimento)}
        </span>
      ),
    },
    {
      key: 'pessoa_nome',
      header: pessoa,
      sortKey: 'pessoa_nome',
      card: 'title',
      className: 'min-w-48',
      cell: (r) => <span className="font-medium">{r.pessoa_nome || '—'}</span>,
    },
    {
      key: 'descricao',
      header: 'Descrição',
      className: 'min-w-48',
      cell: (r) => (
        <div>
          <div>{r.descricao}</div>
          <div className="text-xs text-muted-foreground">
            {[r.documento, `Parcela ${r.parcela}/${r.total_parcelas}`].filter(Boolean).join(' · ')}
          </div>
        </div>
      ),
    },
    { key: 'valor', header: 'Valor', sortKey: 'valor', className: num, cell: (r) => formatBRL(r.valor) },
    {
      key: 'saldo',
      header: 'Saldo',
      sortKey: 'saldo',
      className: num,
      cell: (r) => <span className="font-medium">{formatBRL(r.saldo)}</span>,
    },
    {
      key: 'status',
      header: 'Status',
      card: 'badge',
      className: 'w-px',
      cell: (r) => <TituloStatusBadge status={r.status} vencido={isTituloVencido(r, hoje)} />,
    },
  ];

  const totais = list.data?.totais;
  const marcados = [...selecionados.values()];
  return (
    <div>
      <PageHeader
        title={titulo}
        description={
          tipo === 'receber'
            ? 'Títulos a receber de clientes: baixas totais ou parciais, estornos e cancelamentos.'
            : 'Títulos a pagar a fornecedores: baixas totais ou parciais, estornos e cancelamentos.'
        }
        actions={
          <Button onClick={() => setDialogo({ acao: 'novo' })}>
            <Plus aria-hidden />
            Novo título
          </Button>
        }
      />
      <ListToolbar
        state={state}
        searchPlaceholder="Buscar por pessoa, descrição ou documento"
        filters={
          <>
            <FilterSelect
              label="Status"
              value={state.filters.status}
              options={FILTROS_STATUS_TITULO.map((s) => ({ value: s, label: filtroStatusTituloLabels[s] }))}
              onChange={(v) => state.setFilter('status', v)}
            />
            <FilterPeriodo
              deLabel="Vencimento de"
              ateLabel="Vencimento até"
              de={state.filters.vencimento_de}
              ate={state.filters.vencimento_ate}
              onDe={(v) => state.setFilter('vencimento_de', v)}
              onAte={(v) => state.setFilter('vencimento_ate', v)}
            />
            <PessoaFiltro
              tipo={tipo}
              value={state.filters.pessoa_id}
              onChange={(v) => state.setFilter('pessoa_id', v)}
            />
            <FilterSelect
              label="Classe"
              value={state.filters.classe_financeira_id}
              allLabel="Todas"
              options={classes}
              onChange={(v) => state.setFilter('classe_financeira_id', v)}
            />
            <FilterSelect
              label="Centro de custo"
              value={state.filters.centro_custo_id}
              options={centros}
              onChange={(v) => state.setFilter('centro_custo_id', v)}
            />
            <FilterSelect
              label="Conta"
              value={state.filters.conta_bancaria_id}
              allLabel="Todas"
              options={contas}
              onChange={(v) => state.setFilter('conta_bancaria_id', v)}
            />
          </>
        }
      />
      {marcados.length ? (
        <section
          aria-label="Seleção"
          className="mb-3 flex flex-wrap items-center gap-3 rounded-md border border-border bg-muted/40 px-3 py-2 text-sm"
        >
          <span>{plural(marcados.length, 'título selecionado', 'títulos selecionados')}</span>
          <Button size="sm" onClick={() => setDialogo({ acao: 'lote' })}>
            <Layers aria-hidden />
            Baixa em lote
          </Button>
          {tipo === 'receber' ? (
            <Button size="sm" variant="outline" onClick={() => setDialogo({ acao: 'boletos' })}>
              <FilePlus2 aria-hidden />
              Gerar boletos
            </Button>
          ) : null}
          <Button size="sm" variant="ghost" onClick={() => setSelecionados(new Map())}>
            <X aria-hidden />
            Limpar seleção
          </Button>
        </section>
      ) : null}
      <DataTable<TituloRow>
        caption={titulo}
        columns={columns}
        rows={list.data?.items}
        total={list.data?.total}
        totalIsLowerBound={list.data?.totalIsLowerBound}
        loading={list.isFetching}
        error={erroDaLista(list)}
        state={state}
        savedId={salvo}
        emptyText="Nenhum título encontrado."
        onRowClick={(r) => setDialogo({ acao: 'historico', titulo: r })}
        rowActions={(r) => <Acoes titulo={r} onAcao={(acao) => setDialogo({ acao, titulo: r })} />}
      />
      <Totais
        totais={totais}
        periodo={Boolean(state.filters.vencimento_de || state.filters.vencimento_ate)}
      />
      {dialogo?.acao === 'novo' ? <TituloForm tipo={tipo} titulo={null} onClose={fechar} /> : null}
      {dialogo?.acao === 'editar' ? (
        <TituloForm tipo={tipo} titulo={dialogo.titulo} onClose={fechar} />
      ) : null}
      {dialogo?.acao === 'baixar' ? (
        <BaixaDialog tipo={tipo} titulo={dialogo.titulo} onClose={fechar} />
      ) : null}
      {dialogo?.acao === 'estornar' ? (
        <EstornoDialog tipo={tipo} titulo={dialogo.titulo} onClose={fechar} />
      ) : null}
      {dialogo?.acao === 'cancelar' ? (
        <CancelamentoDialog tipo={tipo} titulo={dialogo.titulo} onClose={fechar} />
      ) : null}
      {dialogo?.acao === 'historico' ? (
        <HistoricoDialog tipo={tipo} titulo={dialogo.titulo} onClose={() => setDialogo(null)} />
      ) : null}
      {dialogo?.acao === 'lote' ? <BaixaLoteDialog tipo={tipo} titulos={marcados} onClose={fechar} /> : null}
      {dialogo?.acao === 'boletos' ? (
        <GerarBoletosDialog
          titulos={marcados}
          onClose={(gerados) => {
            if (gerados) setSelecionados(new Map());
            setDialogo(null);
          }}
        />
      ) : null}
    </div>
  );
}

/** The footer figures of the whole filter. */
function Totais({ totais, periodo }: { totais: TitulosTotais | undefined; periodo: boolean }) {
  if (!totais) return null;
  const itens = [
    ['Em aberto', totais.em_aberto, ''],
    ['Vencido', totais.vencido, 'text-destructive'],
    [periodo ? 'Pago no período' : 'Pago', totais.pago_no_periodo, 'text-success'],
  ] as const;
  return (
    <dl
      aria-label="Totais"
      className="mt-3 grid grid-cols-1 gap-3 rounded-lg border border-border bg-card p-3 text-sm sm:grid-cols-3"
    >
      {itens.map(([rotulo, valor, cor]) => (
        <div key={rotulo} className="flex items-baseline justify-between gap-2 sm:block">
          <dt className="text-muted-foreground">{rotulo}</dt>
          <dd className={`text-lg font-semibold tabular-nums ${cor}`} data-testid={`total-${rotulo}`}>
            {formatBRL(valor)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A row's actions: what the título's status allows. */
function Acoes({ titulo, onAcao }: { titulo: TituloRow; onAcao(acao: Acao): void }) {
  const temBaixa = titulo.status === 'parcial' || titulo.status === 'pago';
  const label = `${titulo.pessoa_nome} ${titulo.parcela}/${titulo.total_parcelas} vencimento ${formatDateBR(titulo.vencimento)}`;
  return (
    <div className="flex justify-end gap-1">
      {aberto(titulo) ? (
        <Button size="sm" variant="outline" aria-label={`Baixar ${label}`} onClick={() => onAcao('baixar')}>
          <CircleDollarSign aria-hidden />
          Baixar
        </Button>
      ) : null}
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button size="icon" variant="ghost" aria-label={`Ações de ${label}`}>
            <MoreHorizontal aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => onAcao('historico')}>
            <History aria-hidden />
            Histórico
          </DropdownMenuItem>
          {aberto(titulo) ? (
            <DropdownMenuItem onSelect={() => onAcao('editar')}>
              <Pencil aria-hidden />
              Editar
            </DropdownMenuItem>
          ) : null}
          {temBaixa ? (
            <DropdownMenuItem onSelect={() => onAcao('estornar')}>
              <Undo2 aria-hidden />
              Estornar baixa
            </DropdownMenuItem>
          ) : null}
          {titulo.status === 'em_aberto' ? (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem onSelect={() => onAcao('cancelar')} className="text-destructive">
                <Ban aria-hidden />
                Cancelar título
              </DropdownMenuItem>
            </>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
