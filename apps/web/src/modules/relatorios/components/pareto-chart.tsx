import { type ClasseAbc, formatBRL, type TotaisAbc } from '@erp/shared';
import {
  Bar,
  CartesianGrid,
  Cell,
  ComposedChart,
  Line,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

// The Pareto chart of the Curva ABC: the first ranked items' values as bars (coloured by class) and
// the running share as a line on the right axis, with the A and A+B cut-offs as reference lines.
// (apps/web/src/components/charts did not exist when this was written; this one stays in the module.)

const COR: Record<ClasseAbc, string> = { A: 'var(--color-primary)', B: '#d97706', C: '#94a3b8' };

export function ParetoChart({
  pareto,
  cortes,
}: {
  pareto: TotaisAbc['pareto'];
  cortes: { a: number; b: number };
}) {
  const dados = pareto.map((p, i) => ({
    n: i + 1,
    rotulo: p.rotulo,
    valor: Number(p.valor),
    acumulado: Number(p.acumulado),
    classe: p.classe,
    valorTexto: formatBRL(p.valor),
  }));
  return (
    <figure className="min-w-0 rounded-lg border border-border bg-card p-3" aria-label="Gráfico de Pareto">
      <figcaption className="mb-2 text-sm font-medium">
        Pareto — {plural(dados.length)} de maior valor e participação acumulada
      </figcaption>
      <div className="h-64 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={dados} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="n" tickLine={false} fontSize={11} />
            <YAxis
              yAxisId="valor"
              fontSize={11}
              width={64}
              tickFormatter={(v: number) => formatBRL(v).replace(/,\d\d$/, '')}
            />
            <YAxis yAxisId="pct" orientation="right" domain={[0, 100]} fontSize={11} width={36} unit="%" />
            <Tooltip
              formatter={(v, nome, item) =>
                nome === 'acumulado'
                  ? [`${String(v).replace('.', ',')} %`, 'Acumulado']
                  : [(item?.payload as { valorTexto?: string } | undefined)?.valorTexto ?? '', 'Valor']
              }
              labelFormatter={(_, p) => (p?.[0]?.payload as { rotulo?: string } | undefined)?.rotulo ?? ''}
            />
            <Bar yAxisId="valor" dataKey="valor" isAnimationActive={false}>
              {dados.map((d) => (
                <Cell key={d.n} fill={COR[d.classe]} />
              ))}
            </Bar>
            <Line
              yAxisId="pct"
              dataKey="acumulado"
              stroke="#0f766e"
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
            <ReferenceLine yAxisId="pct" y={cortes.a} stroke="#64748b" strokeDasharray="4 4" />
            <ReferenceLine yAxisId="pct" y={cortes.a + cortes.b} stroke="#64748b" strokeDasharray="4 4" />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

const plural = (n: number) => (n === 1 ? 'o item' : `os ${n} itens`);
