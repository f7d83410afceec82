import { formaPlural, formatDateTimeBR, plural } from '@erp/shared';
import { LogOut, Monitor, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { showApiError } from '../api/form-errors.ts';
import { useEncerrarOutrasSessoes, useMinhasSessoes } from '../api/usuarios-api.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { describeUserAgent } from './user-agent.ts';

/** Own signed-in devices with the last use, and "Encerrar outras sessões". */
export function SessoesCard() {
  const { data, isLoading, isError, refetch } = useMinhasSessoes();
  const encerrar = useEncerrarOutrasSessoes();
  const [confirming, setConfirming] = useState(false);
  const outras = data?.filter((s) => !s.atual).length ?? 0;

  async function run() {
    try {
      const r = await encerrar.mutateAsync();
      toast.success(
        r.sessoes_encerradas > 0
          ? `${plural(r.sessoes_encerradas, 'sessão encerrada', 'sessões encerradas')}.`
          : 'Não havia outras sessões ativas.',
      );
      setConfirming(false);
    } catch (err) {
      showApiError(err, { fallback: 'Erro ao encerrar as sessões. Tente novamente.' });
    }
  }

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>Sessões ativas</CardTitle>
          <CardDescription>Dispositivos conectados à sua conta.</CardDescription>
        </div>
        <Button variant="outline" onClick={() => setConfirming(true)} disabled={outras === 0}>
          <LogOut aria-hidden />
          Encerrar outras sessões
        </Button>
      </CardHeader>
      <CardContent>
        {isLoading ? <Skeleton className="h-16 w-full" /> : null}
        {isError ? (
          <div role="alert" className="flex items-center justify-between gap-2 text-sm">
            Não foi possível carregar as sessões.
            <Button variant="outline" size="sm" onClick={() => refetch()}>
              Tentar novamente
            </Button>
          </div>
        ) : null}
        <ul className="grid gap-2" aria-label="Sessões ativas">
          {data?.map((s) => {
            const mobile = /Android|iPhone|iPad|Mobile/.test(s.user_agent ?? '');
            const Icon = mobile ? Smartphone : Monitor;
            return (
              <li key={s.id} className="flex items-center gap-3 rounded-md border border-border p-3">
                <Icon aria-hidden className="size-5 shrink-0 text-muted-foreground" />
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2 font-medium">
                    {describeUserAgent(s.user_agent)}
                    {s.atual ? <Badge variant="success">Esta sessão</Badge> : null}
                  </div>
                  <div className="text-xs text-muted-foreground">
                    Último uso: {formatDateTimeBR(s.refreshed_at)}
                    {s.ip ? ` · IP ${s.ip}` : ''} · Entrou em {formatDateTimeBR(s.created_at)}
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Encerrar outras sessões"
        description={`${formaPlural(outras, 'O outro dispositivo será desconectado', `Os outros ${outras} dispositivos serão desconectados`)} agora. Esta sessão continua ativa.`}
        confirmLabel="Encerrar sessões"
        destructive
        pending={encerrar.isPending}
        onConfirm={run}
      />
    </Card>
  );
}
