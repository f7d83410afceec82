import { type ReactNode, useId } from 'react';
import { cn } from '@/lib/cn.ts';

export type ChartTableColumn<T> = { header: string; cell: (row: T) => ReactNode; numeric?: boolean };

/**
 * An accessible chart: a titled figure whose drawing is described by `resumo` (read by screen
 * readers in place of the SVG), with the same figures as a table under "Ver tabela" — the table a
 * screen reader or a keyboard user can read row by row, and that anyone can open.
 */
export function ChartFigure<T>({
  titulo,
  descricao,
  resumo,
  linhas,
  colunas,
  chave,
  vazio = 'Nenhum dado encontrado',
  className,
  children,
  testId,
}: {
  titulo: string;
  descricao?: string;
  /** one sentence with what the chart shows (its aria-label) */
  resumo: string;
  linhas: T[];
  colunas: ChartTableColumn<T>[];
  chave: (row: T, i: number) => string;
  vazio?: string;
  className?: string;
  /** the drawing (a recharts chart in a ResponsiveContainer) */
  children: ReactNode;
  testId?: string;
}) {
  const id = useId();
  return (
    <figure
      aria-labelledby={`${id}-t`}
      data-testid={testId}
      className={cn(
        'flex min-w-0 flex-col gap-2 rounded-lg border border-border bg-card p-4 shadow-sm',
        className,
      )}
    >
      <div>
        <h3 id={`${id}-t`} className="text-sm font-semibold">
          {titulo}
        </h3>
        {descricao ? <p className="text-xs text-muted-foreground">{descricao}</p> : null}
      </div>
      {linhas.length === 0 ? (
        <p className="py-8 text-center text-sm text-muted-foreground">{vazio}</p>
      ) : (
        <>
          <div role="img" aria-label={resumo} className="min-w-0">
            {children}
          </div>
          <details className="text-xs">
            <summary className="cursor-pointer text-muted-foreground hover:text-foreground">
              Ver tabela
            </summary>
            <div className="mt-2 max-h-64 overflow-auto">
              <table className="w-full text-xs">
                <caption className="sr-only">{titulo}</caption>
                <thead>
                  <tr>
                    {colunas.map((c) => (
                      <th
                        key={c.header}
                        scope="col"
                        className={cn(
                          'border-b border-border px-2 py-1 font-medium',
                          c.numeric ? 'text-right' : 'text-left',
                        )}
                      >
                        {c.header}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {linhas.map((l, i) => (
                    <tr key={chave(l, i)}>
                      {colunas.map((c) => (
                        <td
                          key={c.header}
                          className={cn(
                            'border-b border-border/50 px-2 py-1',
                            c.numeric && 'text-right tabular-nums',
                          )}
                        >
                          {c.cell(l)}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </figure>
  );
}
