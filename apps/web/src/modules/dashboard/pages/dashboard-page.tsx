import { PageHeader } from '@/components/ui/page-header.tsx';

/** Stub until the dashboard issue builds the page (the shell also uses it as a placeholder screen). */
export function DashboardPage() {
  return <PageHeader title="Dashboard" />;
}
