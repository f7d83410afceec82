import { formatBRL, type ItemTabelaPrecoRow, regraPrecoLabels } from '@erp/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Copy, Pencil, Percent, Plus, Trash2, Upload } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { type Column, DataTable, erroDaLista } from '@/components/data-table/data-table.tsx';
import { ExportButtons } from '@/components/data-table/export-buttons.tsx';
import { ListToolbar } from '@/components/data-table/list-toolbar.tsx';
import { Button } from '@/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useEditParam, useListState } from '@/lib/list-state.ts';
import { precosKeys } from '../api/keys.ts';
import { itensTabelaApi, tabelasPrecoApi } from '../api/precos-api.ts';
import { CopiaDialog } from '../components/copia-dialog.tsx';
import { alcanceTexto, faixaTexto, valorItemTexto, vigenciaTexto } from '../components/formato-precos.ts';
import { ImportacaoDialog } from '../components/importacao-dialog.tsx';
import { ItemForm } from '../components/item-form.tsx';
import { ReajusteDialog } from '../components/reajuste-dialog.tsx';

// /estoque/tabela-precos/:id: a table's products — the items grid (rule, value, preço mínimo,
// breaks), the item form (?editar=<produto>|novo), and the bulk tools: Reajustar (with preview),
// Copiar, Exportar XLSX, Importar XLSX (errors by line, nothing changed when any line is wrong).

type Linha = ItemTabelaPrecoRow & { id: string };

const columns: Column<Linha>[] = [
  {
    key: 'codigo',
    header: 'Código',
    sortKey: 'codigo',
    className: 'whitespace-nowrap',
    cell: (r) => <span className="font-mono text-xs">{r.produto_codigo}</span>,
  },
  {
    key: 'nome',
    header: 'Produto',
    sortKey: 'nome',
    card: 'title',
    className: 'min-w-56',
    cell: (r) => (
      <span className="font-medium">
        {r.produto_nome}
        {r.produto_ativo ? null : (
          <span className="text-xs font-normal text-muted-foreground"> (inativo)</span>
        )}
      </span>
    ),
  },
  { key: 'regra', header: 'Regra', className: 'whitespace-nowrap', cell: (r) => regraPrecoLabels[r.regra] },
  {
    key: 'valor',
    header: 'Valor',
    className: 'text-right whitespace-nowrap tabular-nums',
    cell: (r) => valorItemTexto(r.regra, r.valor),
  },
  {
    key: 'preco_minimo',
    header: 'Preço mínimo',
    className: 'text-right whitespace-nowrap tabular-nums',
    cell: (r) => (r.preco_minimo ? formatBRL(r.preco_minimo) : '—'),
  },
  {
    key: 'faixas',
    header: 'Faixas de quantidade',
    className: 'whitespace-nowrap',
    cell: (r) =>
      r.faixas.length ? (
        <ul className="grid gap-0.5 text-xs tabular-nums">
          {r.faixas.map((f) => (
            <li key={f.quantidade_minima}>{faixaTexto(f, r.produto_unidade)}</li>
          ))}
        </ul>
      ) : (
        '—'
      ),
  },
];

type Aberto = 'reajuste' | 'copia' | 'importacao' | null;

export function TabelaPrecoPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const state = useListState({ defaultSort: 'codigo' });
  const [editando, setEditando] = useEditParam();
  const [aberto, setAberto] = useState<Aberto>(null);
  const [excluindo, setExcluindo] = useState<Linha | null>(null);
  const [salvo, setSalvo] = useState<string | null>(null);
  const tabela = useQuery({ queryKey: precosKeys.tabela(id), queryFn: () => tabelasPrecoApi.get(id) });
  const itens = useQuery({
    queryKey: precosKeys.itens(id, state.query),
    queryFn: async () => {
      const page = await itensTabelaApi.list(id, state.query);
      return { ...page, items: page.items.map((i) => ({ ...i, id: i.produto_id })) };
    },
    placeholderData: keepPreviousData,
  });
  const t = tabela.data;
  const ref = t ? { id: t.id, nome: t.nome } : null;

  return (
    <div>
      <PageHeader
        title={t ? t.nome : 'Tabela de preços'}
        description={
          t
            ? `${alcanceTexto(t)} · ${vigenciaTexto(t.vigencia_inicio, t.vigencia_fim)} · ${t.ativa ? 'Ativa' : 'Inativa'}`
            : undefined
        }
        actions={
          <>
            <Button variant="outline" asChild>
              <Link to="/estoque/tabela-precos">
                <ArrowLeft aria-hidden />
                Tabelas
              </Link>
            </Button>
            <Button variant="outline" disabled={!t} onClick={() => setAberto('reajuste')}>
              <Percent aria-hidden />
              Reajustar
            </Button>
            <Button variant="outline" disabled={!t} onClick={() => setAberto('copia')}>
              <Copy aria-hidden />
              Copiar
            </Button>
            <Button variant="outline" disabled={!t} onClick={() => setAberto('importacao')}>
              <Upload aria-hidden />
              Importar XLSX
            </Button>
            <Button disabled={!t} onClick={() => setEditando('novo')}>
              <Plus aria-hidden />
              Novo produto
            </Button>
          </>
        }
      />
      {tabela.isError ? (
        <p role="alert" className="mb-4 text-sm text-destructive">
          {tabela.error instanceof ApiError ? tabela.error.message : 'Tabela de preços não encontrada.'}
        </p>
      ) : null}
      <ListToolbar
        state={state}
        searchPlaceholder="Buscar por código ou nome do produto"
        actions={
          <ExportButtons
            formats={['xlsx']}
            fileBase="tabela-precos"
            onExport={() => itensTabelaApi.exportFile(id)}
          />
        }
      />
      <DataTable
        caption={t ? `Produtos da tabela ${t.nome}` : 'Produtos da tabela'}
        columns={columns}
        rows={itens.data?.items}
        total={itens.data?.total}
        totalIsLowerBound={itens.data?.totalIsLowerBound}
        loading={itens.isFetching}
        error={erroDaLista(itens, 'Não foi possível carregar os produtos.')}
        state={state}
        emptyText="Nenhum produto nesta tabela."
        savedId={salvo}
        onRowClick={(r, element) => {
          element.querySelector<HTMLElement>('[data-row-edit]')?.focus();
          setEditando(r.produto_id);
        }}
        rowActions={(r) => (
          <div className="flex items-center justify-end gap-1">
            <Button
              size="icon"
              variant="ghost"
              data-row-edit
              aria-label={`Editar preço de ${r.produto_nome}`}
              onClick={() => setEditando(r.produto_id)}
            >
              <Pencil aria-hidden />
            </Button>
            <Button
              size="icon"
              variant="ghost"
              aria-label={`Tirar ${r.produto_nome} da tabela`}
              onClick={() => setExcluindo(r)}
            >
              <Trash2 aria-hidden />
            </Button>
          </div>
        )}
      />
      {editando && t ? (
        <ItemForm
          tabelaId={id}
          produtoId={editando === 'novo' ? null : editando}
          onClose={(produtoId) => {
            if (produtoId) setSalvo(produtoId);
            setEditando(null);
          }}
        />
      ) : null}
      {aberto === 'reajuste' && ref ? <ReajusteDialog tabela={ref} onClose={() => setAberto(null)} /> : null}
      {aberto === 'importacao' && ref ? (
        <ImportacaoDialog tabela={ref} onClose={() => setAberto(null)} />
      ) : null}
      {aberto === 'copia' && ref ? (
        <CopiaDialog
          tabela={ref}
          onClose={(copiaId) => {
            setAberto(null);
            if (copiaId) navigate(`/estoque/tabela-precos/${copiaId}`);
          }}
        />
      ) : null}
      {excluindo ? (
        <RemoveItemDialog tabelaId={id} item={excluindo} onClose={() => setExcluindo(null)} />
      ) : null}
    </div>
  );
}

function RemoveItemDialog({ tabelaId, item, onClose }: { tabelaId: string; item: Linha; onClose(): void }) {
  const qc = useQueryClient();
  const remove = useMutation({
    mutationFn: () => itensTabelaApi.remove(tabelaId, item.produto_id),
    onSuccess: async () => {
      toast.success('Produto retirado da tabela.');
      await qc.invalidateQueries({ queryKey: precosKeys.all });
      onClose();
    },
    onError: (err) =>
      toast.error(err instanceof ApiError ? err.message : 'Erro ao retirar o produto. Tente novamente.'),
  });
  return (
    <Dialog open onOpenChange={(o) => (o || remove.isPending ? undefined : onClose())}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Tirar {item.produto_nome} da tabela?</DialogTitle>
          <DialogDescription>
            O preço e as faixas deste produto saem da tabela; ele volta a ser vendido pelas outras tabelas ou
            pelo preço de venda.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={remove.isPending}>
            Cancelar
          </Button>
          <Button variant="destructive" onClick={() => remove.mutate()} disabled={remove.isPending}>
            {remove.isPending ? <Spinner /> : null}
            Tirar da tabela
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
