import { formatBRL, type LinhaFluxo } from '@erp/shared';
import { geometriaFluxo, rotuloCurto } from './fluxo-chart-geometria.ts';

/** Fluxo de caixa: realizado and previsto running balances per period (plain SVG). */
export function FluxoChart({ linhas }: { linhas: LinhaFluxo[] }) {
  if (linhas.length === 0) return null;
  const g = geometriaFluxo(linhas);
  const ultimo = linhas.at(-1)!;
  const rotulos = Math.max(1, Math.ceil(linhas.length / 8));
  return (
    <figure className="rounded-md border border-border p-3">
      <svg
        viewBox={`-8 -8 ${g.largura + 16} ${g.altura + 32}`}
        className="h-auto w-full"
        role="img"
        aria-label={`Fluxo de caixa: saldo realizado ${formatBRL(ultimo.saldo_realizado)} e previsto ${formatBRL(ultimo.saldo_previsto)} ao fim do período`}
      >
        <line x1={0} x2={g.largura} y1={g.zero} y2={g.zero} className="stroke-border" strokeWidth={1} />
        <polyline
          points={g.previsto}
          fill="none"
          strokeWidth={2}
          strokeDasharray="6 4"
          className="stroke-muted-foreground"
        />
        <polyline points={g.realizado} fill="none" strokeWidth={2.5} className="stroke-primary" />
        {linhas.map((l, i) =>
          i % rotulos === 0 ? (
            <text
              key={l.periodo}
              x={g.xs[i]}
              y={g.altura + 18}
              textAnchor={i === 0 ? 'start' : i === linhas.length - 1 ? 'end' : 'middle'}
              className="fill-muted-foreground text-[10px]"
            >
              {rotuloCurto(l.rotulo)}
            </text>
          ) : null,
        )}
      </svg>
      <figcaption className="mt-1 flex flex-wrap gap-4 text-xs text-muted-foreground">
        <span>
          <span className="mr-1 inline-block h-0.5 w-4 bg-primary align-middle" />
          Saldo realizado
        </span>
        <span>
          <span className="mr-1 inline-block w-4 border-t-2 border-dashed border-muted-foreground align-middle" />
          Saldo previsto
        </span>
      </figcaption>
    </figure>
  );
}
