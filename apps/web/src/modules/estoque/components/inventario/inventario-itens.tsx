import { formatDecimalBR, type InventarioItemRow, inventarioContagemSchema } from '@erp/shared';
import { type UseQueryResult, useMutation } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { FilterSlot } from '@/components/data-table/filter-select.tsx';
import { LoadErrorAlert } from '@/components/data-table/list-states.tsx';
import { Input } from '@/components/ui/input.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { useIsPhone } from '@/components/ui/use-media-query.ts';
import { ApiError } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { inventariosApi } from '../../api/estoque-api.ts';
import { formatQtd, formatQtdSinal, formatValor, negativo } from '../formato.ts';

// The count's item list (filters, desktop table and phone cards) and the per-item count field.

export const chave = (i: Pick<InventarioItemRow, 'produto_id' | 'lote_id'>) =>
  `${i.produto_id}|${i.lote_id ?? ''}`;

export const FILTROS = {
  todos: 'Todos',
  nao_contados: 'Não contados',
  com_diferenca: 'Com diferença',
} as const;

export type Filtro = keyof typeof FILTROS;

export function Itens({
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

export function ItemProduto({ item }: { item: InventarioItemRow }) {
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

export function Diferenca({ item }: { item: InventarioItemRow }) {
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
export function Contagem({
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
