import { House } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonVariants } from '@/components/ui/button.tsx';

/** Any unknown path (spec section 2): the path is logged, the page offers the way home. */
export function NotFoundPage() {
  const location = useLocation();
  useEffect(() => {
    console.error('404: rota inexistente', location.pathname);
    document.title = 'Página não encontrada · Plataforma ERP';
  }, [location.pathname]);
  return (
    <main className="grid min-h-dvh place-items-center bg-muted p-8">
      <div className="text-center">
        <p aria-hidden className="text-7xl font-bold tracking-tight text-primary/80">
          404
        </p>
        <h1 className="mt-2 mb-6 text-xl font-medium text-muted-foreground">Oops! Page not found</h1>
        <Link to="/" className={buttonVariants()}>
          <House aria-hidden />
          Voltar para o início
        </Link>
      </div>
    </main>
  );
}
