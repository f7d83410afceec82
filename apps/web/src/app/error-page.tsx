import { RotateCw } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button.tsx';

/** A screen failed to load or crashed (e.g. its code changed after a new release): offer a reload. */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    console.error('erro ao exibir a tela', error);
  }, [error]);
  return (
    <div className="grid min-h-[50vh] place-items-center p-8">
      <div className="max-w-md text-center">
        <h1 tabIndex={-1} data-page-heading className="mb-2 text-xl font-semibold outline-none">
          Algo deu errado
        </h1>
        <p className="mb-6 text-sm text-muted-foreground">
          Não foi possível exibir esta tela. Recarregue a página; se o problema continuar, fale com o
          administrador do sistema.
        </p>
        <div className="flex justify-center gap-2">
          <Button onClick={() => window.location.reload()}>
            <RotateCw aria-hidden />
            Recarregar a página
          </Button>
          <Button variant="outline" asChild>
            <Link to="/">Voltar para o início</Link>
          </Button>
        </div>
      </div>
    </div>
  );
}
