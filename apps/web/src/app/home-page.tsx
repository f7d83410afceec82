export function HomePage() {
  return (
    <main className="grid min-h-full place-items-center p-8">
      <div className="text-center">
        <h1 className="text-2xl font-semibold">Plataforma ERP</h1>
        <p className="text-muted-foreground">Sistema de gestão para distribuidores</p>
      </div>
    </main>
  );
}
