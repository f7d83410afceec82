import { TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { TELA_CONTINGENCIA, textosContingencia } from '@/lib/contingencia-textos.ts';
import { useShellStatus } from '@/lib/shell-status.ts';

/**
 * The contingência SVC banner under the top bar, on every screen, for the roles that issue NF-e
 * (admin, comercial: the server sends the contingency only to them). Links to where it is left.
 */
export function ContingenciaBanner() {
  const { data } = useShellStatus();
  const c = data?.contingencia;
  if (!c) return null;
  const t = textosContingencia(c);
  return (
    <section
      aria-label="Contingência da NF-e"
      data-testid="contingencia-banner"
      className="flex flex-col gap-1 border-b border-warning/50 bg-warning/10 px-4 py-2.5 text-sm sm:flex-row sm:items-center sm:gap-3 md:px-6"
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-warning" />
        <div className="min-w-0">
          <p className="font-semibold">{t.titulo}</p>
          <p className="hidden text-muted-foreground sm:block">{t.detalhe}</p>
          <p className="text-muted-foreground sm:hidden">{t.resumo}</p>
        </div>
      </div>
      <Link
        to={TELA_CONTINGENCIA}
        className="shrink-0 self-start rounded-md pl-7 font-medium text-primary underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-ring sm:self-center sm:pl-0"
      >
        Ver a contingência
      </Link>
    </section>
  );
}
