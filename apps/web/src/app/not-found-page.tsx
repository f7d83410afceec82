import { House } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonVariants } from '@/components/ui/button.tsx';

/** The route id of the catch-all route (the shell tells a signed-out visitor's 404 by it). */
export const NOT_FOUND_ROUTE_ID = 'not-found';

/**
 * Any unknown path (spec section 2): the path is logged, the page offers the way home. Signed in,
 * it shows inside the shell (sidebar and top bar stay); signed out, alone on the page (`standalone`).
 */
export function NotFoundPage({ standalone = false }: { standalone?: boolean }) {
  const location = useLocation();
  useEffect(() => {
    console.error('404: rota inexistente', location.pathname);
    document.title = 'Página não encontrada · Plataforma ERP';
  }, [location.pathname]);
  const content = (
    <div className="text-center">
      <p aria-hidden className="text-7xl font-bold tracking-tight text-primary/80">
        404
      </p>
      <h1
        tabIndex={-1}
        data-page-heading
        className="mt-2 mb-6 text-xl font-medium text-muted-foreground outline-none"
      >
        Oops! Page not found
      </h1>
      <Link to="/" className={buttonVariants()}>
        <House aria-hidden />
        Voltar para o início
      </Link>
    </div>
  );
  if (!standalone) return <div className="grid min-h-[50vh] place-items-center p-8">{content}</div>;
  return <main className="grid min-h-dvh place-items-center bg-muted p-8">{content}</main>;
}
