import { formatBRL, formatDateBR } from '@erp/shared';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import type { Preview } from './parcelas-preview.ts';

/** The instalments a condição generates (live, from previewParcelas), or why there are none yet. */
export function ParcelasPreviewTable({ preview, titulo }: { preview: Preview; titulo?: string }) {
  return (
    <section aria-label={titulo ?? 'Parcelas geradas'} className="rounded-md border border-border">
      <h3 className="border-b border-border px-3 py-2 text-sm font-medium">{titulo ?? 'Parcelas geradas'}</h3>
      {preview.ok ? (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Parcela</TableHead>
              <TableHead>Vencimento</TableHead>
              <TableHead className="text-right">Valor</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {preview.linhas.map((p) => (
              <TableRow key={p.numero} data-testid="parcela-preview">
                <TableCell className="whitespace-nowrap">
                  {p.numero}/{p.total}
                  {p.entrada ? <span className="ml-1 text-xs text-muted-foreground">(entrada)</span> : null}
                </TableCell>
                <TableCell>
                  {formatDateBR(p.vencimento)}
                  {p.ajuste ? <span className="block text-xs text-muted-foreground">{p.ajuste}</span> : null}
                </TableCell>
                <TableCell className="text-right tabular-nums">{formatBRL(p.valor)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <p className="px-3 py-2 text-sm text-muted-foreground">{preview.mensagem}</p>
      )}
    </section>
  );
}
