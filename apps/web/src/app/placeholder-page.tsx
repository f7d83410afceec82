import { screenTitle } from '@erp/shared';
import { Construction } from 'lucide-react';
import { useLocation } from 'react-router';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';

/** A screen whose content is not built yet: its title, the breadcrumb (top bar) and a short note. */
export function PlaceholderPage() {
  const { pathname } = useLocation();
  return (
    <>
      <PageHeader title={screenTitle(pathname) ?? 'Em construção'} />
      <Card>
        <CardContent className="flex items-start gap-4 p-6">
          <span className="grid size-10 shrink-0 place-items-center rounded-full bg-accent text-accent-foreground">
            <Construction aria-hidden className="size-5" />
          </span>
          <div>
            <p className="font-medium">Esta tela está em construção.</p>
            <p className="mt-1 text-sm text-muted-foreground">
              Ela fará parte de uma próxima versão da Plataforma ERP.
            </p>
          </div>
        </CardContent>
      </Card>
    </>
  );
}
