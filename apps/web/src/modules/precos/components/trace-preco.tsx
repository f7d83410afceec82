import type { CandidatoPreco, ResultadoPreco, SituacaoCandidato } from '@erp/shared';
import { AlertTriangle } from 'lucide-react';
import { Badge } from '@/components/ui/badge.tsx';

// "Por que este preço?": the engine's explanation of a price, as the server answered it — the
// rule and its arithmetic, every table that reached the customer with why it won, lost or was
// ignored, a same-level conflict and the warnings. The orders screen shows the same block.

const situacao: Record<SituacaoCandidato, { label: string; variant: 'success' | 'secondary' | 'outline' }> = {
  aplicada: { label: 'Aplicada', variant: 'success' },
  perdeu: { label: 'Perdeu', variant: 'secondary' },
  ignorada: { label: 'Ignorada', variant: 'outline' },
};

/** A table that reached the sale: its situation and the engine's sentence (which names it). */
function Candidato({ c }: { c: CandidatoPreco }) {
  const s = situacao[c.situacao];
  return (
    <li className="flex items-start gap-2 rounded-md border border-border p-2 text-sm">
      <Badge variant={s.variant} className="mt-0.5 shrink-0">
        {s.label}
      </Badge>
      <span>{c.motivo}</span>
    </li>
  );
}

export function TracePreco({ resultado }: { resultado: ResultadoPreco }) {
  const { trace } = resultado;
  return (
    <section aria-labelledby="por-que-este-preco" className="grid gap-3">
      <h3 id="por-que-este-preco" className="text-sm font-semibold">
        Por que este preço?
      </h3>
      <div className="grid gap-1 text-sm">
        <p>
          <span className="text-muted-foreground">Regra: </span>
          {trace.regra}
        </p>
        <ol className="grid gap-0.5 font-mono text-xs" aria-label="Cálculo">
          {trace.calculo.map((passo) => (
            <li key={passo}>{passo}</li>
          ))}
        </ol>
      </div>
      {trace.conflito ? (
        <p role="note" className="flex gap-2 rounded-md border border-warning/50 bg-warning/10 p-2 text-sm">
          <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0 text-warning" />
          {trace.conflito}
        </p>
      ) : null}
      {trace.avisos.map((aviso) => (
        <p
          key={aviso}
          role="note"
          className="flex gap-2 rounded-md border border-destructive/40 bg-destructive/10 p-2 text-sm"
        >
          <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive" />
          {aviso}
        </p>
      ))}
      {trace.candidatos.length ? (
        <ul className="grid gap-2" aria-label="Tabelas consideradas">
          {trace.candidatos.map((c) => (
            <Candidato key={c.tabelaId} c={c} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">
          Nenhuma tabela de preços alcança este cliente e produto.
        </p>
      )}
    </section>
  );
}
