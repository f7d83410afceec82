import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './button.tsx';

const count = new Intl.NumberFormat('pt-BR');

/**
 * Server-side pagination footer: "1–25 de 120" and previous/next. `totalIsLowerBound` says the
 * server stopped counting (shows "mais de N"); an unknown total (still loading) shows no count.
 */
export function Pagination({
  page,
  pageSize,
  total,
  totalIsLowerBound = false,
  onPageChange,
  disabled,
}: {
  page: number;
  pageSize: number;
  total: number | undefined;
  totalIsLowerBound?: boolean;
  onPageChange(page: number): void;
  disabled?: boolean;
}) {
  const known = total !== undefined;
  const n = total ?? 0;
  const pages = Math.max(1, Math.ceil(n / pageSize));
  const first = n === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(n, page * pageSize);
  const totalText = `${totalIsLowerBound ? 'mais de ' : ''}${count.format(n)}`;
  return (
    <nav aria-label="Paginação" className="flex flex-wrap items-center justify-between gap-3 pt-3 text-sm">
      <p className="text-muted-foreground" aria-live="polite">
        {!known
          ? 'Carregando…'
          : n === 0
            ? 'Nenhum registro'
            : `${count.format(first)}–${count.format(last)} de ${totalText}`}
      </p>
      <div className="flex items-center gap-2">
        <span className="text-muted-foreground">
          Página {count.format(page)} de {count.format(pages)}
        </span>
        <Button
          variant="outline"
          size="sm"
          onClick={() => onPageChange(page - 1)}
          disabled={disabled || !known || page <= 1}
          aria-label="Página anterior"
        >
          <ChevronLeft aria-hidden />
          Anterior
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => onPageChange(page + 1)}
          disabled={disabled || !known || page >= pages}
          aria-label="Próxima página"
        >
          Próxima
          <ChevronRight aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
