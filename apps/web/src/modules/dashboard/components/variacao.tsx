import { formatDecimalBR, variacaoPercentual } from '@erp/shared';
import { cn } from '@/lib/cn.ts';

/** "▲ 12,5 %" (green) / "▼ 3,0 %" (red) against the previous period, or "sem base" when it had none. */
export function Variacao({ atual, anterior }: { atual: string | number; anterior: string | number }) {
  const v = variacaoPercentual(atual, anterior);
  if (v === null) return <span className="text-muted-foreground">— sem vendas no período anterior</span>;
  const n = Number(v);
  const sobe = n > 0;
  const igual = n === 0;
  return (
    <span
      data-testid="variacao"
      className={cn(
        igual
          ? 'text-muted-foreground'
          : sobe
            ? 'text-emerald-600 dark:text-emerald-400'
            : 'text-destructive',
      )}
    >
      <span aria-hidden>{igual ? '=' : sobe ? '▲' : '▼'}</span>
      <span className="sr-only">{igual ? 'Igual' : sobe ? 'Aumento de' : 'Queda de'}</span>{' '}
      {formatDecimalBR(v.replace('-', ''), 1)} % <span className="text-muted-foreground">vs. anterior</span>
    </span>
  );
}
