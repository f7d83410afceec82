import { formatDateBR, type PontoSerieVendas, plural, type SerieVendas } from '@erp/shared';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import {
  ChartFigure,
  ChartTooltipBox,
  COR_ANTERIOR,
  COR_GRADE,
  COR_PRIMARIA,
  formatBRLEixo,
  formatDiaMes,
  formatReais,
  valorGrafico,
} from '@/components/charts/index.ts';

const rotulo = (serie: SerieVendas, data: string) =>
  serie.granularidade === 'semana' ? `Semana de ${formatDateBR(data)}` : formatDateBR(data);

/** Sales per day (per week past 92 days) of the period, bars, with the previous period as a line. */
export function VendasSerieChart({ serie }: { serie: SerieVendas }) {
  const dados = serie.pontos.map((p) => ({
    ...p,
    atual: valorGrafico(p.total),
    anterior: valorGrafico(p.total_anterior),
  }));
  const comVendas = serie.pontos.filter((p) => p.pedidos > 0).length;
  const unidade = serie.granularidade === 'semana' ? ['semana', 'semanas'] : ['dia', 'dias'];
  return (
    <ChartFigure
      testId="grafico-vendas-periodo"
      titulo={serie.granularidade === 'semana' ? 'Vendas por semana' : 'Vendas por dia'}
      descricao="Barras: período escolhido; linha: período anterior, no mesmo dia (ou semana) desde o início."
      resumo={`Vendas por ${unidade[0]}: ${plural(comVendas, `${unidade[0]} com vendas`, `${unidade[1]} com vendas`)} de ${serie.pontos.length}, comparadas com o período anterior.`}
      linhas={serie.pontos.some((p) => p.pedidos > 0 || p.pedidos_anterior > 0) ? serie.pontos : []}
      colunas={[
        {
          header: serie.granularidade === 'semana' ? 'Semana de' : 'Data',
          cell: (r: PontoSerieVendas) => formatDateBR(r.data),
        },
        { header: 'Pedidos', cell: (r) => r.pedidos, numeric: true },
        { header: 'Total', cell: (r) => formatReais(r.total), numeric: true },
        { header: 'Anterior', cell: (r) => formatReais(r.total_anterior), numeric: true },
      ]}
      chave={(r) => r.data}
    >
      <ResponsiveContainer width="100%" height={240}>
        <ComposedChart data={dados} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid vertical={false} stroke={COR_GRADE} strokeDasharray="3 3" />
          <XAxis dataKey="data" tickFormatter={formatDiaMes} tick={{ fontSize: 11 }} minTickGap={16} />
          <YAxis tickFormatter={formatBRLEixo} tick={{ fontSize: 11 }} width={72} />
          <Tooltip
            cursor={{ fillOpacity: 0.1 }}
            content={({ active, payload }) => {
              const p = active ? (payload?.[0]?.payload as PontoSerieVendas | undefined) : undefined;
              if (!p) return null;
              return (
                <ChartTooltipBox
                  titulo={rotulo(serie, p.data)}
                  linhas={[
                    {
                      nome: `Vendas (${plural(p.pedidos, 'pedido', 'pedidos')})`,
                      valor: formatReais(p.total),
                      cor: COR_PRIMARIA,
                    },
                    {
                      nome: `Anterior, ${formatDateBR(p.data_anterior)}`,
                      valor: formatReais(p.total_anterior),
                      cor: COR_ANTERIOR,
                    },
                  ]}
                />
              );
            }}
          />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar
            dataKey="atual"
            name="Período"
            fill={COR_PRIMARIA}
            radius={[2, 2, 0, 0]}
            isAnimationActive={false}
          />
          <Line
            dataKey="anterior"
            name="Período anterior"
            stroke={COR_ANTERIOR}
            strokeDasharray="4 3"
            dot={false}
            type="monotone"
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}
