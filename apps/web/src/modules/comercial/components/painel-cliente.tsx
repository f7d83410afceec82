import { Decimal, formatBRL, formatDateBR, formatDocumento, plural } from '@erp/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { clientesComercialApi, type PainelCliente } from '../api/comercial-api.ts';
import { comercialKeys } from '../api/keys.ts';
import { StatusPedidoBadge } from './status-pedido-badge.tsx';

// The customer's panel on the order entry: the credit position (limite, títulos em aberto, vencidos
// with the oldest in days, pedidos liberados não faturados, disponível), situação, vendedor, região
// and the last orders.

export function usePainelCliente(clienteId: string | null) {
  return useQuery({
    queryKey: comercialKeys.cliente(clienteId ?? ''),
    queryFn: () => clientesComercialApi.painel(clienteId!),
    enabled: clienteId !== null,
    staleTime: 30_000,
  });
}

function Figura({ rotulo, valor, destaque }: { rotulo: string; valor: string; destaque?: 'ruim' | 'bom' }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{rotulo}</dt>
      <dd
        className={cn(
          'font-medium tabular-nums',
          destaque === 'ruim' && 'text-destructive',
          destaque === 'bom' && 'text-success',
        )}
      >
        {valor}
      </dd>
    </div>
  );
}

export function PainelClienteView({ clienteId }: { clienteId: string }) {
  const q = usePainelCliente(clienteId);
  if (q.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {q.error instanceof ApiError ? q.error.message : 'Não foi possível carregar o cliente.'}
      </p>
    );
  if (!q.data) return <Skeleton className="h-28" />;
  return <Painel p={q.data} />;
}

function Painel({ p }: { p: PainelCliente }) {
  const c = p.credito;
  const negativo = Decimal.of(c.disponivel).isNegative();
  const vencidos = c.vencidos.quantidade
    ? `${formatBRL(c.vencidos.valor)} (${c.vencidos.quantidade}, o mais antigo há ${plural(c.vencidos.diasMaisAntigo ?? 0, 'dia', 'dias')})`
    : 'Nenhum';
  return (
    <section
      aria-label="Posição do cliente"
      className="grid gap-3 rounded-lg border border-border bg-muted/40 p-3 text-sm"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <span className="text-xs text-muted-foreground">
          {formatDocumento(p.cliente.documento)}
          {p.cliente.fantasia ? ` · ${p.cliente.fantasia}` : ''}
          {p.cliente.codigo ? ` · código ${p.cliente.codigo}` : ''}
        </span>
        <span className="text-xs">
          Situação:{' '}
          <span className={cn('font-medium', p.situacao?.bloqueia_vendas && 'text-destructive')}>
            {p.situacao?.nome ?? '—'}
            {p.situacao?.bloqueia_vendas ? ' (bloqueia vendas)' : ''}
          </span>
          {' · '}Vendedor: <span className="font-medium">{p.vendedor?.nome ?? '—'}</span>
          {' · '}Região: <span className="font-medium">{p.regiao?.nome ?? '—'}</span>
        </span>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-label="Posição de crédito">
        <Figura rotulo="Limite de crédito" valor={formatBRL(c.limite)} />
        <Figura rotulo="Títulos em aberto" valor={formatBRL(c.titulosEmAberto)} />
        <Figura rotulo="Vencidos" valor={vencidos} destaque={c.vencidos.quantidade ? 'ruim' : undefined} />
        <Figura rotulo="Liberados não faturados" valor={formatBRL(c.pedidosLiberados)} />
        <Figura rotulo="Disponível" valor={formatBRL(c.disponivel)} destaque={negativo ? 'ruim' : 'bom'} />
      </dl>
      {p.ultimos_pedidos.length ? (
        <div className="grid gap-1">
          <span className="text-xs text-muted-foreground">Últimos pedidos</span>
          <ul className="flex flex-wrap gap-2" aria-label="Últimos pedidos">
            {p.ultimos_pedidos.map((o) => (
              <li
                key={o.id}
                className="flex items-center gap-1.5 rounded-md border border-border bg-card px-2 py-1 text-xs"
              >
                <Link
                  to={`/comercial/pedidos/${o.id}`}
                  className="font-medium underline-offset-4 hover:underline"
                >
                  Nº {o.numero}
                </Link>
                <span>{formatDateBR(o.data_emissao)}</span>
                <span className="tabular-nums">{formatBRL(o.valor_total)}</span>
                <StatusPedidoBadge status={o.status} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
