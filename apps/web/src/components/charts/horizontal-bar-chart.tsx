import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFigure, type ChartTableColumn } from './chart-figure.tsx';
import { encurtar, formatBRLEixo, formatReais, valorGrafico } from './chart-format.ts';
import { ChartTooltipBox } from './chart-tooltip.tsx';
import { COR_GRADE, COR_PRIMARIA } from './cores.ts';

export type BarraItem = {
  /** the label (product, customer, seller, region, group) */
  nome: string;
  /** a decimal string in reais */
  valor: string;
  /** what else the tooltip and the table say ("3 pedidos") */
  detalhe?: string;
};

/**
 * A ranking in reais as horizontal bars (long names fit a 390 px phone: labels cut on the axis,
 * whole in the tooltip and the table). Up to `limite` rows, in the order given.
 */
export function HorizontalBarChart({
  titulo,
  descricao,
  itens,
  limite = 10,
  colunaNome,
  colunaDetalhe,
  testId,
}: {
  titulo: string;
  descricao?: string;
  itens: BarraItem[];
  limite?: number;
  colunaNome: string;
  colunaDetalhe?: string;
  testId?: string;
}) {
  const linhas = itens.slice(0, limite);
  const dados = linhas.map((l) => ({ ...l, grafico: valorGrafico(l.valor) }));
  const colunas: ChartTableColumn<BarraItem>[] = [
    { header: colunaNome, cell: (r) => r.nome },
    ...(colunaDetalhe
      ? [{ header: colunaDetalhe, cell: (r: BarraItem) => r.detalhe ?? '', numeric: true }]
      : []),
    { header: 'Valor', cell: (r) => formatReais(r.valor), numeric: true },
  ];
  const primeiro = linhas[0];
  const resumo = primeiro
    ? `${titulo}: ${linhas.length} ${linhas.length === 1 ? 'item' : 'itens'}; o maior é ${primeiro.nome}, ${formatReais(primeiro.valor)}.`
    : titulo;
  return (
    <ChartFigure
      titulo={titulo}
      descricao={descricao}
      resumo={resumo}
      linhas={linhas}
      colunas={colunas}
      chave={(r, i) => `${i}-${r.nome}`}
      testId={testId}
    >
      <ResponsiveContainer width="100%" height={Math.max(120, dados.length * 30 + 30)}>
        <BarChart data={dados} layout="vertical" margin={{ top: 4, right: 12, bottom: 4, left: 4 }}>
          <CartesianGrid horizontal={false} stroke={COR_GRADE} strokeDasharray="3 3" />
          <XAxis
            type="number"
            dataKey="grafico"
            tickFormatter={formatBRLEixo}
            tick={{ fontSize: 11 }}
            tickCount={4}
          />
          <YAxis
            type="category"
            dataKey="nome"
            width={112}
            tick={{ fontSize: 11 }}
            tickFormatter={(n: string) => encurtar(n, 16)}
            interval={0}
          />
          <Tooltip
            cursor={{ fillOpacity: 0.15 }}
            content={({ active, payload }) => {
              const item = active ? (payload?.[0]?.payload as BarraItem | undefined) : undefined;
              if (!item) return null;
              return (
                <ChartTooltipBox
                  titulo={item.nome}
                  linhas={[
                    { nome: 'Valor', valor: formatReais(item.valor), cor: COR_PRIMARIA },
                    ...(item.detalhe ? [{ nome: colunaDetalhe ?? '', valor: item.detalhe }] : []),
                  ]}
                />
              );
            }}
          />
          <Bar
            dataKey="grafico"
            name="Valor"
            fill={COR_PRIMARIA}
            radius={[0, 3, 3, 0]}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}
