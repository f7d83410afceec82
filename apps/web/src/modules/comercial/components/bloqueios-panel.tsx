import {
  formatDateTimeBR,
  JUSTIFICATIVA_MINIMA,
  liberarBloqueioSchema,
  papeisQueLiberam,
  podeLiberarBloqueio,
  roleLabels,
  tipoBloqueioLabels,
} from '@erp/shared';
import { useQueryClient } from '@tanstack/react-query';
import { ShieldAlert, ShieldCheck, Unlock } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Textarea } from '@/components/ui/input.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useAuth } from '@/lib/auth/auth-context.ts';
import { type BloqueioPedido, type LiberacaoPedido, pedidosApi } from '../api/comercial-api.ts';
import { comercialKeys } from '../api/keys.ts';

// The blockers of an order: each with its reason and figures and who may release it; "Liberar"
// (justification of at least 10 characters) only for the roles that release that blocker. The
// server checks the role again and refuses a release of what the order no longer is (409).

export function BloqueiosPanel({
  pedido,
  liberacoes = [],
}: {
  pedido: { id: string; numero: number; bloqueios: BloqueioPedido[] };
  liberacoes?: LiberacaoPedido[] | undefined;
}) {
  const { roles } = useAuth();
  const [liberando, setLiberando] = useState<BloqueioPedido | null>(null);
  if (!pedido.bloqueios.length && !liberacoes.length) return null;
  return (
    <section
      aria-labelledby={`bloqueios-${pedido.id}`}
      className="grid gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-3"
    >
      <h2 id={`bloqueios-${pedido.id}`} className="flex items-center gap-2 text-sm font-semibold">
        <ShieldAlert aria-hidden className="size-4 text-destructive" />
        Bloqueios
      </h2>
      {pedido.bloqueios.length ? (
        <ul className="grid gap-2">
          {pedido.bloqueios.map((b) => {
            const pode = podeLiberarBloqueio(b.tipo, roles).permitido;
            return (
              <li
                key={b.tipo}
                data-bloqueio={b.tipo}
                className="flex flex-wrap items-start justify-between gap-2 rounded-md border border-border bg-card p-2 text-sm"
              >
                <div className="grid gap-0.5">
                  <span className="font-medium">{tipoBloqueioLabels[b.tipo]}</span>
                  <span>{b.motivo}</span>
                  <span className="text-xs text-muted-foreground">
                    Libera:{' '}
                    {papeisQueLiberam(b.tipo)
                      .map((r) => roleLabels[r])
                      .join(' ou ')}
                  </span>
                </div>
                {pode ? (
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setLiberando(b)}
                    aria-label={`Liberar o bloqueio de ${tipoBloqueioLabels[b.tipo].toLowerCase()} do pedido nº ${pedido.numero}`}
                  >
                    <Unlock aria-hidden />
                    Liberar
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">Nenhum bloqueio pendente.</p>
      )}
      {liberacoes.length ? (
        <ul className="grid gap-1 text-xs text-muted-foreground" aria-label="Liberações">
          {liberacoes.map((l) => (
            <li key={`${l.tipo}-${l.created_at}`} className="flex gap-1.5">
              <ShieldCheck aria-hidden className="size-3.5 shrink-0 text-success" />
              <span>
                {tipoBloqueioLabels[l.tipo]} liberado por {l.usuario ?? '—'} em{' '}
                {formatDateTimeBR(l.created_at)}: «{l.justificativa}»
                {l.valida === false ? ' (sem efeito: o pedido mudou)' : ''}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {liberando ? (
        <LiberarDialog pedido={pedido} bloqueio={liberando} onClose={() => setLiberando(null)} />
      ) : null}
    </section>
  );
}

function LiberarDialog({
  pedido,
  bloqueio,
  onClose,
}: {
  pedido: { id: string; numero: number };
  bloqueio: BloqueioPedido;
  onClose(): void;
}) {
  const qc = useQueryClient();
  const [texto, setTexto] = useState('');
  const [erro, setErro] = useState<string | undefined>();
  const [enviando, setEnviando] = useState(false);
  const formId = useId();
  const enviar = async (e: FormEvent) => {
    e.preventDefault();
    const body = { tipo: bloqueio.tipo, impressao: bloqueio.impressao, justificativa: texto };
    const parsed = liberarBloqueioSchema.safeParse(body);
    if (!parsed.success) {
      setErro(parsed.error.issues.find((i) => i.path[0] === 'justificativa')?.message ?? 'Dados inválidos');
      return;
    }
    setEnviando(true);
    try {
      await pedidosApi.liberar(pedido.id, parsed.data);
      toast.success(`Bloqueio de ${tipoBloqueioLabels[bloqueio.tipo].toLowerCase()} liberado.`);
      await qc.invalidateQueries({ queryKey: comercialKeys.all });
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.fields.justificativa?.[0]) setErro(err.fields.justificativa[0]);
      else toast.error(err instanceof ApiError ? err.message : 'Não foi possível liberar o bloqueio.');
      if (err instanceof ApiError && err.status === 409)
        await qc.invalidateQueries({ queryKey: comercialKeys.all });
    } finally {
      setEnviando(false);
    }
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>
            Liberar bloqueio de {tipoBloqueioLabels[bloqueio.tipo].toLowerCase()} — pedido nº {pedido.numero}
          </DialogTitle>
          <DialogDescription>{bloqueio.motivo}</DialogDescription>
        </DialogHeader>
        <form id={formId} noValidate onSubmit={enviar} className="grid gap-3">
          <FormField
            label="Justificativa"
            required
            error={erro}
            hint={`Ao menos ${JUSTIFICATIVA_MINIMA} caracteres; fica registrada na auditoria.`}
          >
            <Textarea
              autoFocus
              rows={3}
              maxLength={1000}
              value={texto}
              onChange={(e) => {
                setTexto(e.target.value);
                setErro(undefined);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void enviar(e);
              }}
            />
          </FormField>
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" form={formId} disabled={enviando}>
            {enviando ? <Spinner /> : <Unlock aria-hidden />}
            Liberar
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
