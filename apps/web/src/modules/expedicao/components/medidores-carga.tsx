import {
  type CapacidadeCarga,
  Decimal,
  formatBRL,
  formatDecimalBR,
  type Medidor,
  medidaCargaLabels,
} from '@erp/shared';
import { cn } from '@/lib/cn.ts';

// The load's live gauges: weight, volume and value against the vehicle's limits (the server's
// avaliaCapacidade, recomputed on every change). Over a limit the bar and the figure turn red.

/** m³ for people: 3 decimals at most ("0,012 m³"). */
export const m3 = (v: string) => `${formatDecimalBR(Decimal.of(v).toFixed(3), 0)} m³`;

const texto = (m: Medidor, v: string) =>
  m.medida === 'valor' ? formatBRL(v) : m.medida === 'peso' ? `${formatDecimalBR(v, 0)} kg` : m3(v);

export function MedidoresCarga({ capacidade }: { capacidade: CapacidadeCarga }) {
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      {capacidade.medidores.map((m) => {
        const pct = m.percentual === null ? null : Number(m.percentual);
        return (
          <div key={m.medida} className="grid gap-1" data-medidor={m.medida}>
            <div className="flex items-baseline justify-between gap-2 text-sm">
              <span className="font-medium">{medidaCargaLabels[m.medida]}</span>
              <span
                className={cn('tabular-nums', m.excedido && 'font-semibold text-red-700 dark:text-red-300')}
              >
                {texto(m, m.total)}
                {m.limite ? ` de ${texto(m, m.limite)}` : ''}
                {pct !== null ? ` (${formatDecimalBR(m.percentual!, 0)} %)` : ''}
              </span>
            </div>
            {/* biome-ignore lint/a11y/useSemanticElements: a styled bar (a native meter is not styleable across browsers) */}
            <div
              role="meter"
              aria-label={`${medidaCargaLabels[m.medida]} da carga`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={pct === null ? 0 : Math.min(pct, 100)}
              aria-valuetext={
                m.limite ? `${formatDecimalBR(m.percentual!, 0)} % da capacidade` : 'sem limite cadastrado'
              }
              className="h-2.5 w-full overflow-hidden rounded-full bg-muted"
            >
              <div
                className={cn(
                  'h-full rounded-full transition-[width] duration-300',
                  m.excedido ? 'bg-red-600' : pct !== null && pct >= 90 ? 'bg-amber-500' : 'bg-emerald-600',
                )}
                style={{ width: `${pct === null ? 0 : Math.min(pct, 100)}%` }}
              />
            </div>
            {m.limite === null ? (
              <span className="text-xs text-muted-foreground">Veículo sem limite cadastrado</span>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
