import { addDays, formatDateBR, type VencimentoSemana } from '@erp/shared';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import {
  ChartFigure,
  ChartTooltipBox,
  COR_GRADE,
  COR_NEGATIVA,
  COR_POSITIVA,
  formatBRLEixo,
  formatDiaMes,
  formatReais,
  valorGrafico,
} from '@/components/charts/index.ts';

const semana = (v: VencimentoSemana) => `${formatDateBR(v.inicio)} a ${formatDateBR(addDays(v.fim, -1))}`;

/** Open receivables vs payables due in each of the next 8 weeks (from today). */
export function VencimentosChart({ linhas }: { linhas: VencimentoSemana[] }) {
  const dados = linhas.map((l) => ({ ...l, r: valorGrafico(l.receber), p: valorGrafico(l.pagar) }));
  return (
    <ChartFigure
      testId="grafico-vencimentos"
      titulo="A receber × a pagar nas próximas 8 semanas"
      descricao="Saldo em aberto dos títulos por semana de vencimento, a partir de hoje (vencidas fora)."
      resumo={`A receber e a pagar por semana de vencimento nas próximas ${linhas.length} semanas.`}
      linhas={linhas.some((l) => l.receber !== '0.00' || l.pagar !== '0.00') ? linhas : []}
      vazio="Nenhuma conta vence nas próximas 8 semanas"
      colunas={[
        { header: 'Semana', cell: (r: VencimentoSemana) => semana(r) },
        { header: 'A receber', cell: (r) => formatReais(r.receber), numeric: true },
        { header: 'A pagar', cell: (r) => formatReais(r.pagar), numeric: true },
      ]}
      chave={(r) => r.inicio}
    >
      <ResponsiveContainer width="100%" height={240}>
        <BarChart data={dados} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid vertical={false} stroke={COR_GRADE} strokeDasharray="3 3" />
          <XAxis dataKey="inicio" tickFormatter={formatDiaMes} tick={{ fontSize: 11 }} />
          <YAxis tickFormatter={formatBRLEixo} tick={{ fontSize: 11 }} width={72} />
          <Tooltip
            cursor={{ fillOpacity: 0.1 }}
            content={({ active, payload }) => {
              const v = active ? (payload?.[0]?.payload as VencimentoSemana | undefined) : undefined;
              if (!v) return null;
              return (
                <ChartTooltipBox
                  titulo={semana(v)}
                  linhas={[
                    { nome: 'A receber', valor: formatReais(v.receber), cor: COR_POSITIVA },
                    { nome: 'A pagar', valor: formatReais(v.pagar), cor: COR_NEGATIVA },
                  ]}
                />
              );
            }}
          />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar
            dataKey="r"
            name="A receber"
            fill={COR_POSITIVA}
            radius={[2, 2, 0, 0]}
            isAnimationActive={false}
          />
          <Bar
            dataKey="p"
            name="A pagar"
            fill={COR_NEGATIVA}
            radius={[2, 2, 0, 0]}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}
