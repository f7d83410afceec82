import type { ReactNode } from 'react';
import { cn } from '@/lib/cn.ts';
import { Bloco } from './nota-campos.tsx';

// The products of an NF-e's page, a bordered table as on the DANFE: each page says its columns.

export type ColunaItem<T> = {
  titulo: string;
  valor(item: T): ReactNode;
  /** Numbers are right-aligned in tabular figures. */
  numero?: boolean;
  className?: string;
};

const celula = 'border border-border px-1 py-0.5';

export function NotaItens<T>({
  titulo,
  itens,
  chave,
  colunas,
}: {
  titulo: string;
  itens: readonly T[];
  chave(item: T): string | number;
  colunas: readonly ColunaItem<T>[];
}) {
  return (
    <Bloco titulo={titulo}>
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-xs">
          <thead>
            <tr className="text-left">
              {colunas.map((c) => (
                <th key={c.titulo} className={cn(celula, 'font-medium uppercase')}>
                  {c.titulo}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {itens.map((item) => (
              <tr key={chave(item)}>
                {colunas.map((c) => (
                  <td
                    key={c.titulo}
                    className={cn(celula, c.numero && 'text-right tabular-nums', c.className)}
                  >
                    {c.valor(item)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Bloco>
  );
}
