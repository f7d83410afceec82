import type { ReactNode } from 'react';

/**
 * One dashboard block ("Dashboard Comercial", …): a titled region with its cards, an optional
 * control beside the title (the period) and optional charts under the cards.
 */
export function BlockSection({
  id,
  title,
  children,
  acoes,
  graficos,
}: {
  id: string;
  title: string;
  children: ReactNode;
  acoes?: ReactNode;
  graficos?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <h2 id={id} className="text-lg font-semibold tracking-tight">
          {title}
        </h2>
        {acoes}
      </div>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">{children}</div>
      {graficos ? <div className="grid gap-4 lg:grid-cols-2">{graficos}</div> : null}
    </section>
  );
}
