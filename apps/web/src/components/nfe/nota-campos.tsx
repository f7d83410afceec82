import type { ReactNode } from 'react';
import { cn } from '@/lib/cn.ts';

// The boxes an NF-e is drawn with on its detail pages (saída and entrada), after the DANFE: a
// labelled field and a titled block of fields.

/** "3525 0612 …" in groups of four, as a DANFE prints the chave. */
export const chaveEmGrupos = (chave: string) => chave.replace(/(.{4})(?=.)/g, '$1 ');

export function Campo({
  rotulo,
  children,
  className,
}: {
  rotulo: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('min-w-0 border border-border px-2 py-1', className)}>
      <div className="text-[10px] font-medium uppercase text-muted-foreground">{rotulo}</div>
      <div className="break-words text-sm">{children || '\u00a0'}</div>
    </div>
  );
}

export function Bloco({ titulo, children }: { titulo: string; children: ReactNode }) {
  return (
    <section aria-label={titulo} className="grid gap-0.5">
      <h2 className="text-xs font-semibold uppercase">{titulo}</h2>
      {children}
    </section>
  );
}
