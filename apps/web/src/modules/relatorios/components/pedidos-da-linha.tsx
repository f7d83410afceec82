import { formatDateBR, type LinhaVendas, textoColunaRelatorio } from '@erp/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Pagination } from '@/components/ui/pagination.tsx';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { relatoriosApi, relatoriosKeys } from '../api/relatorios-api.ts';

// The drill-down of a Vendas row: the orders behind it (the report's filters plus the row's key),
// newest first, each with the row's part of the order, each a link to the order.

const POR_PAGINA = 20;

export function PedidosDaLinha({
  linha,
  titulo,
  query,
  onClose,
}: {
  linha: LinhaVendas | null;
  titulo: string;
  query: Record<string, string> | null;
  onClose(): void;
}) {
  const [page, setPage] = useState(1);
  const q = { ...(query ?? {}), page: String(page), pageSize: String(POR_PAGINA) };
  const pedidos = useQuery({
    queryKey: relatoriosKeys.pedidos(q),
    queryFn: () => relatoriosApi.pedidos(q),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
  return (
    <Sheet
      open={linha !== null}
      onOpenChange={(open) => {
        if (!open) {
          setPage(1);
          onClose();
        }
      }}
    >
      <SheetContent className="flex w-full flex-col gap-3 overflow-y-auto sm:max-w-xl">
        <SheetTitle>Pedidos</SheetTitle>
        <SheetDescription>
          {titulo}
          {linha ? ` — receita ${textoColunaRelatorio('dinheiro', linha.receita)}` : ''}
        </SheetDescription>
        {pedidos.data ? (
          <ul className="divide-y divide-border rounded-md border border-border">
            {pedidos.data.items.map((p) => (
              <li key={p.id} className="grid grid-cols-[1fr_auto] gap-x-3 px-3 py-2 text-sm">
                <Link
                  to={`/comercial/pedidos/${p.id}`}
                  className="font-medium underline-offset-4 hover:underline"
                >
                  Nº {p.numero} · {formatDateBR(p.data_emissao)}
                </Link>
                <span className="text-right tabular-nums">{textoColunaRelatorio('dinheiro', p.receita)}</span>
                <span className="truncate text-muted-foreground">
                  {p.cliente_nome}
                  {p.vendedor_nome ? ` · ${p.vendedor_nome}` : ''}
                </span>
                <span className="text-right text-muted-foreground tabular-nums">
                  margem {textoColunaRelatorio('percentual', p.margem_percentual)}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <Skeleton className="h-40 w-full" />
        )}
        {pedidos.data && pedidos.data.total > POR_PAGINA ? (
          <Pagination page={page} pageSize={POR_PAGINA} total={pedidos.data.total} onPageChange={setPage} />
        ) : null}
      </SheetContent>
    </Sheet>
  );
}
