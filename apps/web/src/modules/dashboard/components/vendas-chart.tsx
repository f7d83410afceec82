import { formatBRL, formatDateBR, plural, toCents, type VendaPorPeriodo } from '@erp/shared';

/** "Vendas por Período" as a small bar chart of the days (plain SVG; heights from integer cents). */
export function VendasChart({ linhas }: { linhas: VendaPorPeriodo[] }) {
  if (linhas.length === 0) return null;
  const max = Math.max(...linhas.map((l) => toCents(l.total)), 1);
  const width = 600;
  const height = 140;
  const gap = 4;
  const barWidth = Math.max(4, (width - gap * (linhas.length - 1)) / linhas.length);
  return (
    <figure className="rounded-md border border-border p-3">
      <svg
        viewBox={`0 0 ${width} ${height + 16}`}
        className="h-auto w-full"
        role="img"
        aria-label={`Gráfico de vendas por dia: ${plural(linhas.length, 'dia com vendas', 'dias com vendas')}`}
      >
        {linhas.map((l, i) => {
          const h = Math.max(2, (toCents(l.total) / max) * height);
          const x = i * (barWidth + gap);
          return (
            <g key={l.data} data-testid="barra-vendas">
              <title>{`${formatDateBR(l.data)}: ${formatBRL(l.total)} (${plural(l.quantidade, 'pedido', 'pedidos')})`}</title>
              <rect x={x} y={height - h} width={barWidth} height={h} rx={2} className="fill-primary" />
              <text
                x={x + barWidth / 2}
                y={height + 12}
                textAnchor="middle"
                className="fill-muted-foreground text-[10px]"
              >
                {l.data.slice(8, 10)}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="mt-1 text-xs text-muted-foreground">Total vendido por dia do mês</figcaption>
    </figure>
  );
}
