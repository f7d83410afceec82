import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RefreshCw, TriangleAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useAuth } from '@/lib/auth/auth-context.ts';
import {
  podeEncerrarContingencia,
  rotuloAutorizador,
  textosContingencia,
} from '@/lib/contingencia-textos.ts';
import { shellStatusKey, useShellStatus } from '@/lib/shell-status.ts';
import { sefazApi } from '../api/sefaz-api.ts';

// Where the contingência SVC is left by hand (the shell banner's link, #contingencia): the open
// period with its reason, and «Verificar SEFAZ e sair da contingência», which the server grants only
// when the normal authoriser answers 107 (otherwise the reason, and the contingency stays).

export function ContingenciaCard() {
  const { data } = useShellStatus();
  const { roles } = useAuth();
  const qc = useQueryClient();
  const { hash } = useLocation();
  const ref = useRef<HTMLElement>(null);
  const c = data?.contingencia;
  // the banner's link lands here: bring the card into view
  useEffect(() => {
    if (c && hash === '#contingencia') ref.current?.scrollIntoView({ block: 'start' });
  }, [c, hash]);
  const encerrar = useMutation({
    mutationFn: () => sefazApi.encerrarContingencia(),
    onSuccess: (r) =>
      toast.success(`Contingência encerrada: a SEFAZ ${r.uf} está em operação (${r.cStat} – ${r.xMotivo}).`),
    onError: (err) =>
      toast.error(err instanceof ApiError ? err.message : 'Não foi possível verificar a SEFAZ.'),
    onSettled: () => void qc.invalidateQueries({ queryKey: shellStatusKey }),
  });
  if (!c) return null;
  const t = textosContingencia(c);
  return (
    <section
      id="contingencia"
      ref={ref}
      aria-labelledby="contingencia-titulo"
      className="mb-4 flex scroll-mt-20 flex-col gap-3 rounded-lg border border-warning/50 bg-warning/10 p-4 text-sm sm:flex-row sm:items-center"
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-warning" />
        <div className="min-w-0 flex-1 space-y-1">
          <h2 id="contingencia-titulo" className="font-semibold">
            {t.titulo}
          </h2>
          <p>
            Motivo registrado: <span className="break-words">{t.motivo}</span>
          </p>
          <p className="text-muted-foreground">
            As notas transmitidas agora saem com tpEmis {c.autorizador === 'SVCAN' ? '6' : '7'} e são
            autorizadas pelo {rotuloAutorizador(c.autorizador)}. A contingência termina sozinha na primeira
            transmissão em que a SEFAZ {c.uf} responder; para verificar agora, use «Verificar SEFAZ e sair da
            contingência».
          </p>
        </div>
      </div>
      {podeEncerrarContingencia(roles) ? (
        <Button
          variant="outline"
          className="shrink-0 bg-card"
          disabled={encerrar.isPending}
          onClick={() => encerrar.mutate()}
        >
          {encerrar.isPending ? <Spinner /> : <RefreshCw aria-hidden />}
          Verificar SEFAZ e sair da contingência
        </Button>
      ) : null}
    </section>
  );
}
