import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card.tsx';

/** The centred card of the public screens, titled with the product name. */
export function AuthCard({ subtitle, children }: { subtitle?: string; children: ReactNode }) {
  return (
    <main className="grid min-h-dvh place-items-center bg-muted p-4">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <h1 tabIndex={-1} data-page-heading className="text-2xl font-semibold tracking-tight outline-none">
            Plataforma ERP
          </h1>
          <CardDescription>{subtitle ?? 'Sistema de gestão para distribuidores'}</CardDescription>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </main>
  );
}
