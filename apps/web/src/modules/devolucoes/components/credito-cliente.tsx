import { formatBRL, formatDateTimeBR } from '@erp/shared';
import { useQuery } from '@tanstack/react-query';
import { Spinner } from '@/components/ui/spinner.tsx';
import { devolucoesApi, devolucoesKeys } from '../api/devolucoes-api.ts';
import { mensagemDe } from './acoes-devolucao.tsx';

// «Crédito do cliente» on a return's page, for the finance roles (the API is admin + financeiro):
// the customer's balance now and its latest movements (returns in, uses on títulos, refunds).
// Using or refunding it is done by the finance team.

const tipos: Record<string, string> = {
  devolucao: 'Devolução',
  uso: 'Uso em título',
  reembolso: 'Reembolso',
  estorno: 'Estorno',
};

export function CreditoClientePanel({ clienteId }: { clienteId: string }) {
  const q = useQuery({
    queryKey: devolucoesKeys.credito(clienteId),
    queryFn: () => devolucoesApi.credito(clienteId),
  });
  return (
    <section
      aria-label="Crédito do cliente"
      className="grid gap-2 rounded-lg border border-border bg-card p-4"
    >
      <h2 className="text-sm font-semibold">Crédito do cliente</h2>
      {q.isError ? (
        <p className="text-sm text-destructive">
          {mensagemDe(q.error, 'Não foi possível carregar o crédito.')}
        </p>
      ) : !q.data ? (
        <Spinner />
      ) : (
        <>
          <p className="text-sm">
            Saldo disponível:{' '}
            <span className="font-semibold tabular-nums" data-testid="saldo-credito">
              {formatBRL(q.data.saldo)}
            </span>
          </p>
          {q.data.movimentos.length ? (
            <ul className="grid gap-1 text-sm">
              {q.data.movimentos.slice(0, 5).map((m) => (
                <li key={m.id} className="flex flex-wrap justify-between gap-x-3 border-t border-border pt-1">
                  <span>
                    {m.tipo === 'devolucao' && m.devolucao_numero != null
                      ? `Devolução nº ${m.devolucao_numero}`
                      : `${tipos[m.tipo] ?? m.tipo}${m.devolucao_numero != null ? ` · devolução nº ${m.devolucao_numero}` : ''}`}
                    <span className="text-muted-foreground"> · {formatDateTimeBR(m.created_at)}</span>
                  </span>
                  <span className="tabular-nums">{formatBRL(m.valor)}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      )}
    </section>
  );
}
