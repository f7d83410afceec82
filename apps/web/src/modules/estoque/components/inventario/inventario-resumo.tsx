import { type InventarioDetalhe, inventarioMensagens } from '@erp/shared';
import { AlertTriangle } from 'lucide-react';
import { cn } from '@/lib/cn.ts';
import { formatValor, negativo } from '../formato.ts';

// The count's summary (counted items, differences and their value) and the movements warning.

export function AvisoMovimentos() {
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

export function Resumo({ inv }: { inv: InventarioDetalhe }) {
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
