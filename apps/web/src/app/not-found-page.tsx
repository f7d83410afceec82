import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';

export function NotFoundPage() {
  const location = useLocation();
  useEffect(() => {
    console.error('404: rota inexistente', location.pathname);
  }, [location.pathname]);
  return (
    <main className="grid min-h-full place-items-center bg-muted p-8">
      <div className="text-center">
        <h1 className="mb-4 text-4xl font-bold">404</h1>
        <p className="mb-4 text-xl text-muted-foreground">Oops! Page not found</p>
        <Link to="/" className="text-primary underline underline-offset-4 hover:opacity-80">
          Voltar para o início
        </Link>
      </div>
    </main>
  );
}
