import { type ClienteVendas, formatBRL, type TituloVendas } from '@erp/shared';
import { Badge } from '@/components/ui/badge.tsx';

/** The customer's credit position, situação and open títulos, from the synced data. */
export function ClientePainel({ cliente, titulos }: { cliente: ClienteVendas; titulos: TituloVendas[] }) {
  const cr = cliente.credito;
  return (
    <section aria-label="Crédito do cliente" className="space-y-2 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <strong>{cliente.razao_social}</strong>
        {cliente.situacao && (
          <Badge variant={cliente.situacao.bloqueia_vendas ? 'destructive' : 'secondary'}>
            {cliente.situacao.nome}
          </Badge>
        )}
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4">
        <dt className="text-muted-foreground">Limite</dt>
        <dd>{formatBRL(cr.limite)}</dd>
        <dt className="text-muted-foreground">Disponível</dt>
        <dd data-testid="credito-disponivel">{formatBRL(cr.disponivel)}</dd>
        <dt className="text-muted-foreground">Em aberto</dt>
        <dd>{formatBRL(cr.titulosEmAberto)}</dd>
        <dt className="text-muted-foreground">Vencidos</dt>
        <dd>
          {cr.vencidos.quantidade ? `${cr.vencidos.quantidade} · ${formatBRL(cr.vencidos.valor)}` : 'Nenhum'}
        </dd>
      </dl>
      {titulos.length > 0 && (
        <table className="w-full text-left text-xs" aria-label="Títulos em aberto">
          <thead>
            <tr className="text-muted-foreground">
              <th className="py-1">Documento</th>
              <th>Vencimento</th>
              <th className="text-right">Saldo</th>
            </tr>
          </thead>
          <tbody>
            {titulos.map((t) => (
              <tr key={t.id} className="border-t">
                <td className="py-1">{t.numero ?? '—'}</td>
                <td>{t.data_vencimento.split('-').reverse().join('/')}</td>
                <td className="text-right">{formatBRL(t.saldo)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
