import {
  formatDateTimeBR,
  formatDecimalBR,
  type InventarioDetalhe,
  type InventarioItemRow,
  inventarioContagemSchema,
  inventarioMensagens,
  type LeituraInventarioRow,
  situacaoInventarioLabels,
} from '@erp/shared';
import { type UseQueryResult, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, ArrowLeft, Barcode, CheckCheck, XCircle } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { FilterSlot } from '@/components/data-table/filter-select.tsx';
import { LoadErrorAlert } from '@/components/data-table/list-states.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { useIsPhone } from '@/components/ui/use-media-query.ts';
import { ApiError } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { inventariosApi } from '../api/estoque-api.ts';
import { estoqueKeys } from '../api/keys.ts';
import { formatQtd, formatQtdSinal, formatValor, negativo } from '../components/formato.ts';
import { situacaoVariant } from './inventarios-page.tsx';

// The count screen of an inventory (/estoque/inventarios/:id). A barcode scanner types the GTIN
// and Enter into the scan field: each read adds one base unit (or one box by its factor) to the
// product's count and the focus stays there for the next read. Counts can also be typed per item
// (Enter saves and goes to the next). The differences (contado − sistema) and their value at the
// custo médio are shown per item and in total; posting writes them all to the ledger, after a
// confirmation when the location had movements since the count was opened.

const chave = (i: Pick<InventarioItemRow, 'produto_id' | 'lote_id'>) => `${i.produto_id}|${i.lote_id ?? ''}`;
const FILTROS = { todos: 'Todos', nao_contados: 'Não contados', com_diferenca: 'Com diferença' } as const;
type Filtro = keyof typeof FILTROS;

export function InventarioPage() {
  const { id = '' } = useParams();
  const qc = useQueryClient();
  const detalhe = useQuery({
    queryKey: estoqueKeys.inventario(id),
    queryFn: () => inventariosApi.get(id) as Promise<InventarioDetalhe>,
  });
  const itens = useQuery({
    queryKey: estoqueKeys.inventarioItens(id),
    queryFn: () => inventariosApi.itens(id) as Promise<InventarioItemRow[]>,
  });
  const [ultimo, setUltimo] = useState<string | null>(null);
  const [lancando, setLancando] = useState(false);
  const [cancelando, setCancelando] = useState(false);

  /** A changed item: replaced in (or added to) the list; the totals are read again. */
  const atualizaItens = (novos: InventarioItemRow[]) => {
    qc.setQueryData<InventarioItemRow[]>(estoqueKeys.inventarioItens(id), (old) => {
      const lista = [...(old ?? [])];
      for (const n of novos) {
        const i = lista.findIndex((x) => chave(x) === chave(n));
        if (i >= 0) lista[i] = n;
        else lista.push(n);
      }
      return lista;
    });
    void qc.invalidateQueries({ queryKey: estoqueKeys.inventario(id) });
  };

  const inv = detalhe.data;
  if (detalhe.isError)
    return (
      <div>
        <PageHeader title="Inventário" />
        <LoadErrorAlert
          message={detalhe.error instanceof ApiError ? detalhe.error.message : 'Não foi possível carregar.'}
          onRetry={() => void detalhe.refetch()}
        />
      </div>
    );
  if (!inv)
    return (
      <div className="grid gap-3" aria-busy>
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  const aberto = inv.situacao === 'aberto';
  return (
    <div className="grid gap-4">
      <PageHeader
        title={`Inventário nº ${inv.numero}`}
        description={[
          `Local ${inv.local_nome}`,
          inv.grupo_nome ? `grupo ${inv.grupo_nome}` : 'todos os grupos',
          `aberto em ${formatDateTimeBR(inv.aberto_em)}${inv.aberto_por_nome ? ` por ${inv.aberto_por_nome}` : ''}`,
          inv.lancado_em
            ? `lançado em ${formatDateTimeBR(inv.lancado_em)}${inv.lancado_por_nome ? ` por ${inv.lancado_por_nome}` : ''}`
            : null,
        ]
          .filter(Boolean)
          .join(' · ')}
        actions={
          <>
            <Button variant="outline" asChild>
              <Link to="/estoque/inventarios">
                <ArrowLeft aria-hidden />
                Inventários
              </Link>
            </Button>
            {aberto ? (
              <>
                <Button variant="outline" onClick={() => setCancelando(true)}>
                  <XCircle aria-hidden />
                  Cancelar inventário
                </Button>
                <Button onClick={() => setLancando(true)}>
                  <CheckCheck aria-hidden />
                  Lançar ajustes
                </Button>
              </>
            ) : null}
          </>
        }
      />
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={situacaoVariant[inv.situacao]}>{situacaoInventarioLabels[inv.situacao]}</Badge>
        {inv.observacao ? <span className="text-sm text-muted-foreground">{inv.observacao}</span> : null}
      </div>
      {inv.movimentos_posteriores ? <AvisoMovimentos /> : null}
      <Resumo inv={inv} />
      {aberto ? (
        <LeituraCodigo
          id={id}
          onLido={(l) => {
            atualizaItens([l.item]);
            setUltimo(chave(l.item));
          }}
        />
      ) : null}
      <Itens
        id={id}
        aberto={aberto}
        itens={itens}
        destaque={ultimo}
        onSalvo={(novos) => {
          qc.setQueryData(estoqueKeys.inventarioItens(id), novos);
          void qc.invalidateQueries({ queryKey: estoqueKeys.inventario(id) });
        }}
      />
      {lancando ? <LancarDialog inv={inv} onClose={() => setLancando(false)} /> : null}
      {cancelando ? <CancelarDialog inv={inv} onClose={() => setCancelando(false)} /> : null}
    </div>
  );
}

function AvisoMovimentos() {
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-md border border-warning/50 bg-warning/10 p-3 text-sm"
    >
      <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0 text-warning" />
      {inventarioMensagens.movimentosPosteriores}
    </div>
  );
}

function Resumo({ inv }: { inv: InventarioDetalhe }) {
  const r = inv.resumo;
  const figuras: [string, string, string?][] = [
    ['Itens', String(r.itens)],
    ['Contados', String(r.contados)],
    ['Com diferença', String(r.comDiferenca)],
    ['Sobras', formatValor(r.sobras), 'text-success'],
    ['Faltas', formatValor(r.faltas), negativo(r.faltas) ? 'text-destructive' : undefined],
    ['Diferença líquida', formatValor(r.liquido), negativo(r.liquido) ? 'text-destructive' : undefined],
  ];
  return (
    <dl
      aria-label="Resumo da contagem"
      className="grid grid-cols-2 gap-3 rounded-lg border border-border bg-card p-3 sm:grid-cols-3 lg:grid-cols-6"
    >
      {figuras.map(([label, value, cls]) => (
        <div key={label} className="grid gap-0.5">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className={cn('text-lg font-semibold tabular-nums', cls)}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The scan field: a GTIN typed or read by a scanner, then Enter, counts one unit (or one box); the
 * field is cleared and keeps the focus for the next read. The last read is announced.
 */
function LeituraCodigo({ id, onLido }: { id: string; onLido(l: LeituraInventarioRow): void }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [codigo, setCodigo] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const [lido, setLido] = useState<string | null>(null);
  const leitura = useMutation({
    mutationFn: (c: string) =>
      inventariosApi.leitura(id, { codigo: c } as never) as Promise<LeituraInventarioRow>,
    onSuccess: (l) => {
      setErro(null);
      setCodigo('');
      const q = l.unidade === l.item.unidade ? '' : ` (1 ${l.unidade})`;
      setLido(
        `+${formatQtd(l.quantidade)} ${l.item.unidade}${q}: ${l.item.codigo} - ${l.item.nome}${l.item.lote_numero ? `, lote ${l.item.lote_numero}` : ''} — contado ${formatQtd(l.item.contado)} ${l.item.unidade}`,
      );
      onLido(l);
    },
    onError: (err) => {
      setLido(null);
      setErro(
        err instanceof ApiError
          ? (err.fields.codigo?.[0] ?? err.message)
          : 'Erro ao registrar a leitura. Tente novamente.',
      );
      // the wrong code stays selected: the next read replaces it
      requestAnimationFrame(() => input.current?.select());
    },
    onSettled: () => input.current?.focus(),
  });
  // the screen opens ready to read: after the shell gave the new page's heading the focus
  useEffect(() => {
    const t = setTimeout(() => {
      const a = document.activeElement;
      if (!a || a === document.body || a.hasAttribute('data-page-heading')) input.current?.focus();
    }, 0);
    return () => clearTimeout(t);
  }, []);
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    const c = codigo.trim();
    if (!c) {
      setErro('Leia ou digite o código de barras');
      return;
    }
    if (!leitura.isPending) leitura.mutate(c);
  };
  return (
    <div className="grid gap-1.5 rounded-lg border border-border bg-card p-3">
      <Label htmlFor={inputId} className="flex items-center gap-2">
        <Barcode aria-hidden className="size-4" />
        Código de barras (GTIN)
      </Label>
      <div className="flex items-center gap-2">
        <Input
          ref={input}
          id={inputId}
          inputMode="numeric"
          autoComplete="off"
          className="max-w-sm font-mono text-base placeholder:font-sans placeholder:text-sm"
          placeholder="Leia ou digite o código e tecle Enter"
          value={codigo}
          aria-invalid={erro ? true : undefined}
          aria-describedby={`${inputId}-status`}
          onChange={(e) => setCodigo(e.target.value)}
          onKeyDown={onKeyDown}
        />
        {leitura.isPending ? <Spinner /> : null}
      </div>
      <p
        id={`${inputId}-status`}
        aria-live="polite"
        className={cn('min-h-5 text-sm', erro ? 'font-medium text-destructive' : 'text-muted-foreground')}
      >
        {erro ??
          lido ??
          'Cada leitura soma 1 unidade; o código de uma embalagem soma o seu fator (ex.: 1 CX = 12 UN).'}
      </p>
    </div>
  );
}

function Itens({
  id,
  aberto,
  itens,
  destaque,
  onSalvo,
}: {
  id: string;
  aberto: boolean;
  itens: UseQueryResult<InventarioItemRow[]>;
  destaque: string | null;
  onSalvo(itens: InventarioItemRow[]): void;
}) {
  const phone = useIsPhone();
  const [texto, setTexto] = useState('');
  const [filtro, setFiltro] = useState<Filtro>('todos');
  const lista = useMemo(() => {
    const t = texto.trim().toLowerCase();
    return (itens.data ?? []).filter(
      (i) =>
        (!t ||
          i.codigo.toLowerCase().includes(t) ||
          i.nome.toLowerCase().includes(t) ||
          (i.lote_numero ?? '').toLowerCase().includes(t)) &&
        (filtro === 'todos' ||
          (filtro === 'nao_contados' && i.contado === null) ||
          (filtro === 'com_diferenca' && i.diferenca !== null && !/^-?0(\.0+)?$/.test(i.diferenca))),
    );
  }, [itens.data, texto, filtro]);

  // Enter in a count goes to the next item's
  const tabela = useRef<HTMLDivElement>(null);
  const proximo = (atual: HTMLInputElement): boolean => {
    const todos = [...(tabela.current?.querySelectorAll<HTMLInputElement>('input[data-contagem]') ?? [])];
    const seguinte = todos[todos.indexOf(atual) + 1];
    seguinte?.focus();
    seguinte?.select();
    return seguinte !== undefined;
  };

  return (
    <section aria-label="Itens da contagem" className="rounded-lg border border-border bg-card">
      <div className="flex flex-wrap items-end gap-3 border-b border-border p-3">
        <FilterSlot label="Filtrar itens" className="min-w-48 flex-1 sm:max-w-sm">
          {(id) => (
            <Input
              id={id}
              type="search"
              placeholder="Código, nome ou lote"
              value={texto}
              onChange={(e) => setTexto(e.target.value)}
            />
          )}
        </FilterSlot>
        <FilterSlot label="Mostrar">
          {(id) => (
            <NativeSelect
              id={id}
              className="h-9"
              value={filtro}
              onChange={(e) => setFiltro(e.target.value as Filtro)}
            >
              {Object.entries(FILTROS).map(([v, l]) => (
                <option key={v} value={v}>
                  {l}
                </option>
              ))}
            </NativeSelect>
          )}
        </FilterSlot>
        <p className="ml-auto text-sm text-muted-foreground">
          {lista.length} de {itens.data?.length ?? 0} itens
        </p>
      </div>
      {itens.isError ? (
        <div className="p-3">
          <LoadErrorAlert
            message={
              itens.error instanceof ApiError ? itens.error.message : 'Não foi possível carregar os itens.'
            }
            onRetry={() => void itens.refetch()}
          />
        </div>
      ) : itens.isPending ? (
        <div className="grid gap-2 p-3" aria-busy>
          <Skeleton className="h-6 w-full" />
          <Skeleton className="h-6 w-full" />
        </div>
      ) : lista.length === 0 ? (
        <p className="p-6 text-center text-sm text-muted-foreground">
          {itens.data.length ? 'Nenhum item com este filtro.' : 'Nenhum item: leia um código para contar.'}
        </p>
      ) : (
        <div ref={tabela}>
          {phone ? (
            <ul className="divide-y divide-border">
              {lista.map((item) => (
                <li
                  key={chave(item)}
                  data-destaque={chave(item) === destaque || undefined}
                  className="grid gap-2 p-3 data-[destaque]:bg-accent/40"
                >
                  <ItemProduto item={item} />
                  <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                    <dt className="text-muted-foreground">Sistema</dt>
                    <dd className="tabular-nums">
                      {formatQtd(item.sistema)} {item.unidade}
                    </dd>
                    <dt className="self-center text-muted-foreground">Contado</dt>
                    <dd>
                      <Contagem
                        id={id}
                        item={item}
                        aberto={aberto}
                        onSalvo={onSalvo}
                        onEnter={proximo}
                        className="justify-items-start"
                      />
                    </dd>
                    <dt className="text-muted-foreground">Diferença</dt>
                    <dd>
                      <Diferenca item={item} />
                    </dd>
                  </dl>
                </li>
              ))}
            </ul>
          ) : (
            <Table>
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead>Produto</TableHead>
                  <TableHead>Lote</TableHead>
                  <TableHead className="text-right">Sistema</TableHead>
                  <TableHead className="w-44 text-right">Contado</TableHead>
                  <TableHead className="text-right">Diferença</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {lista.map((item) => (
                  <TableRow
                    key={chave(item)}
                    data-destaque={chave(item) === destaque || undefined}
                    className="data-[destaque]:bg-accent/40"
                  >
                    <TableCell>
                      <ItemProduto item={item} />
                    </TableCell>
                    <TableCell>{item.lote_numero ?? '—'}</TableCell>
                    <TableCell className="text-right whitespace-nowrap tabular-nums">
                      {formatQtd(item.sistema)}{' '}
                      <span className="text-xs text-muted-foreground">{item.unidade}</span>
                    </TableCell>
                    <TableCell className="text-right">
                      <Contagem id={id} item={item} aberto={aberto} onSalvo={onSalvo} onEnter={proximo} />
                    </TableCell>
                    <TableCell className="text-right whitespace-nowrap">
                      <Diferenca item={item} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </div>
      )}
    </section>
  );
}

function ItemProduto({ item }: { item: InventarioItemRow }) {
  return (
    <div>
      <div className="font-medium">{item.nome}</div>
      <div className="font-mono text-xs text-muted-foreground">
        {item.codigo}
        {item.lote_numero ? <span className="font-sans"> · lote {item.lote_numero}</span> : null}
      </div>
    </div>
  );
}

function Diferenca({ item }: { item: InventarioItemRow }) {
  if (item.diferenca === null) return <span className="text-muted-foreground">Não contado</span>;
  const neg = negativo(item.diferenca);
  return (
    <span
      className={cn(
        'tabular-nums',
        neg ? 'text-destructive' : /[1-9]/.test(item.diferenca) && 'text-success',
      )}
    >
      {formatQtdSinal(item.diferenca)} {item.unidade}
      <span className="block text-xs">{formatValor(item.valor_diferenca)}</span>
    </span>
  );
}

/** The counted quantity of an item, typed: Enter (or leaving) saves it; empty clears the count. */
function Contagem({
  id,
  item,
  aberto,
  onSalvo,
  onEnter,
  className = 'justify-items-end',
}: {
  id: string;
  item: InventarioItemRow;
  aberto: boolean;
  onSalvo(itens: InventarioItemRow[]): void;
  /** moves to the next item's count (its blur saves this one); false on the last */
  onEnter(input: HTMLInputElement): boolean;
  className?: string;
}) {
  const servidor = item.contado === null ? '' : formatDecimalBR(item.contado, 0);
  const [texto, setTexto] = useState(servidor);
  const [erro, setErro] = useState<string | null>(null);
  const errorId = useId();
  // a scan or another save changed it on the server
  useEffect(() => setTexto(servidor), [servidor]);
  const salvar = useMutation({
    mutationFn: (body: unknown) =>
      inventariosApi.contagens(id, body as never) as Promise<InventarioItemRow[]>,
    onSuccess: (itens) => {
      setErro(null);
      onSalvo(itens);
    },
    onError: (err) => {
      setErro(
        err instanceof ApiError
          ? (Object.values(err.fields)[0]?.[0] ?? err.message)
          : 'Erro ao salvar a contagem. Tente novamente.',
      );
    },
  });
  const label = `Quantidade contada de ${item.nome}${item.lote_numero ? `, lote ${item.lote_numero}` : ''}`;
  if (!aberto)
    return (
      <span className="tabular-nums">
        {item.contado === null ? '—' : `${formatQtd(item.contado)} ${item.unidade}`}
      </span>
    );
  const salva = () => {
    if (texto.trim() === servidor) return;
    const body = { itens: [{ produto_id: item.produto_id, lote_id: item.lote_id, contado: texto.trim() }] };
    const parsed = inventarioContagemSchema.safeParse(body);
    if (!parsed.success) {
      setErro(parsed.error.issues[0]?.message ?? 'Quantidade inválida');
      return;
    }
    salvar.mutate(parsed.data);
  };
  return (
    <div className={cn('grid gap-1', className)}>
      <div className="flex items-center gap-1">
        {salvar.isPending ? <Spinner /> : null}
        <Input
          data-contagem
          aria-label={label}
          aria-invalid={erro ? true : undefined}
          aria-describedby={erro ? errorId : undefined}
          inputMode="decimal"
          autoComplete="off"
          className="h-8 w-28 text-right tabular-nums"
          placeholder="—"
          value={texto}
          onChange={(e) => setTexto(e.target.value)}
          onBlur={salva}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              if (!onEnter(e.currentTarget)) salva();
            } else if (e.key === 'Escape') setTexto(servidor);
          }}
        />
        <span className="w-8 text-left text-xs text-muted-foreground">{item.unidade}</span>
      </div>
      {erro ? (
        <p id={errorId} role="alert" className="text-xs font-medium text-destructive">
          {erro}
        </p>
      ) : null}
    </div>
  );
}

function LancarDialog({ inv, onClose }: { inv: InventarioDetalhe; onClose(): void }) {
  const qc = useQueryClient();
  const [confirmado, setConfirmado] = useState(false);
  const [posteriores, setPosteriores] = useState(inv.movimentos_posteriores);
  const checkId = useId();
  const lancar = useMutation({
    mutationFn: () =>
      inventariosApi.lancar(inv.id, {
        confirmar_movimentos_posteriores: posteriores && confirmado,
      } as never) as Promise<InventarioDetalhe>,
    onSuccess: async () => {
      toast.success('Inventário lançado com sucesso!');
      await qc.invalidateQueries({ queryKey: estoqueKeys.all });
      onClose();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.body.details?.reason === 'movimentos_posteriores') {
        // movements arrived while the dialog was open: confirm them first
        setPosteriores(true);
        setConfirmado(false);
        void qc.invalidateQueries({ queryKey: estoqueKeys.inventario(inv.id) });
      } else toast.error(err instanceof ApiError ? err.message : 'Erro ao lançar. Tente novamente.');
    },
  });
  const r = inv.resumo;
  return (
    <Dialog open onOpenChange={(o) => (o || lancar.isPending ? undefined : onClose())}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Lançar ajustes do inventário nº {inv.numero}?</DialogTitle>
          <DialogDescription>
            Cada item contado com diferença vira um ajuste de inventário no razão, todos de uma vez. Itens não
            contados ficam como estão.
          </DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Itens contados</dt>
          <dd className="tabular-nums">
            {r.contados} de {r.itens}
          </dd>
          <dt className="text-muted-foreground">Com diferença</dt>
          <dd className="tabular-nums">{r.comDiferenca}</dd>
          <dt className="text-muted-foreground">Sobras</dt>
          <dd className="tabular-nums">{formatValor(r.sobras)}</dd>
          <dt className="text-muted-foreground">Faltas</dt>
          <dd className="tabular-nums">{formatValor(r.faltas)}</dd>
          <dt className="text-muted-foreground">Diferença líquida</dt>
          <dd className="font-semibold tabular-nums">{formatValor(r.liquido)}</dd>
        </dl>
        {posteriores ? (
          <div className="grid gap-3">
            <AvisoMovimentos />
            <div className="flex items-start gap-2 text-sm">
              <Checkbox
                id={checkId}
                checked={confirmado}
                onCheckedChange={(v) => setConfirmado(v === true)}
                className="mt-0.5"
              />
              <Label htmlFor={checkId} className="font-normal">
                Conferi as quantidades e quero lançar mesmo assim
              </Label>
            </div>
          </div>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={lancar.isPending}>
            Voltar
          </Button>
          <Button
            onClick={() => lancar.mutate()}
            disabled={lancar.isPending || r.contados === 0 || (posteriores && !confirmado)}
          >
            {lancar.isPending ? <Spinner /> : null}
            Lançar ajustes
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function CancelarDialog({ inv, onClose }: { inv: InventarioDetalhe; onClose(): void }) {
  const qc = useQueryClient();
  const cancelar = useMutation({
    mutationFn: () => inventariosApi.cancelar(inv.id),
    onSuccess: async () => {
      toast.success('Inventário cancelado.');
      await qc.invalidateQueries({ queryKey: estoqueKeys.all });
      onClose();
    },
    onError: (err) =>
      toast.error(err instanceof ApiError ? err.message : 'Erro ao cancelar. Tente novamente.'),
  });
  return (
    <Dialog open onOpenChange={(o) => (o || cancelar.isPending ? undefined : onClose())}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Cancelar o inventário nº {inv.numero}?</DialogTitle>
          <DialogDescription>
            As contagens são descartadas e nenhum ajuste é lançado. Esta ação não pode ser desfeita.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={cancelar.isPending}>
            Voltar
          </Button>
          <Button variant="destructive" onClick={() => cancelar.mutate()} disabled={cancelar.isPending}>
            {cancelar.isPending ? <Spinner /> : null}
            Cancelar inventário
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
