import type { ReactNode } from 'react';

export type TooltipLinha = { nome: string; valor: ReactNode; cor?: string };

/**
 * The box a recharts <Tooltip content={…}> shows: a title and one line per series, with the figures
 * already formatted in pt-BR from the API's decimal strings (never from the drawn numbers).
 */
export function ChartTooltipBox({ titulo, linhas }: { titulo: ReactNode; linhas: TooltipLinha[] }) {
  return (
    <div
      data-testid="chart-tooltip"
      className="rounded-md border border-border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-md"
    >
      <div className="mb-1 font-medium">{titulo}</div>
      {linhas.map((l) => (
        <div key={l.nome} className="flex items-center justify-between gap-4">
          <span className="flex items-center gap-1.5 text-muted-foreground">
            {l.cor ? (
              <span aria-hidden className="inline-block size-2 rounded-sm" style={{ background: l.cor }} />
            ) : null}
            {l.nome}
          </span>
          <span data-testid="chart-tooltip-valor" className="font-medium tabular-nums">
            {l.valor}
          </span>
        </div>
      ))}
    </div>
  );
}
