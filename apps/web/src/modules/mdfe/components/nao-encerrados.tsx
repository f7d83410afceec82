import { useMutation } from '@tanstack/react-query';
import { SearchCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { chaveEmGrupos } from '@/components/nfe/nota-campos.tsx';
import { Button } from '@/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { mdfeApi, type NaoEncerrados } from '../api/mdfe-api.ts';
import { mensagemDe } from './acoes-mdfe.tsx';

// «Consultar não encerrados»: asks SEFAZ (MDFeConsNaoEnc) which of the company's manifestos are still
// open — a forgotten one blocks the next MDF-e of the same truck (rejeição 611) — each linked to ours.

export function NaoEncerradosButton() {
  const [resposta, setResposta] = useState<NaoEncerrados | null>(null);
  const consulta = useMutation({
    mutationFn: mdfeApi.naoEncerrados,
    onSuccess: setResposta,
    onError: (err) => toast.error(mensagemDe(err, 'Não foi possível consultar a SEFAZ.')),
  });
  return (
    <>
      <Button variant="outline" disabled={consulta.isPending} onClick={() => consulta.mutate()}>
        {consulta.isPending ? <Spinner /> : <SearchCheck aria-hidden />}
        Consultar não encerrados
      </Button>
      {resposta ? (
        <Dialog open onOpenChange={(open) => (open ? undefined : setResposta(null))}>
          <DialogContent className="max-w-2xl">
            <DialogHeader>
              <DialogTitle>MDF-e não encerrados na SEFAZ</DialogTitle>
              <DialogDescription>
                {resposta.cStat} – {resposta.xMotivo}
              </DialogDescription>
            </DialogHeader>
            {resposta.items.length ? (
              <ul className="grid gap-2 text-sm" aria-label="MDF-e não encerrados">
                {resposta.items.map((i) => (
                  <li key={i.chave} className="grid gap-0.5 rounded-md border border-border p-2">
                    {i.id ? (
                      <span className="flex flex-wrap gap-x-2">
                        <Link
                          to={`/expedicao/mdfe/${i.id}`}
                          className="font-medium underline-offset-4 hover:underline"
                          onClick={() => setResposta(null)}
                        >
                          MDF-e nº {i.numero}
                        </Link>
                        <span className="text-muted-foreground">
                          placa {i.placa} ·{' '}
                          <Link
                            to={`/expedicao/cargas/${i.carga_id}`}
                            className="underline-offset-4 hover:underline"
                            onClick={() => setResposta(null)}
                          >
                            carga nº {i.carga_numero}
                          </Link>
                        </span>
                      </span>
                    ) : (
                      <span className="font-medium">MDF-e que não está neste sistema</span>
                    )}
                    <span className="break-all font-mono text-xs">{chaveEmGrupos(i.chave)}</span>
                    {i.protocolo ? (
                      <span className="text-xs text-muted-foreground">Protocolo {i.protocolo}</span>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">Nenhum MDF-e em aberto na SEFAZ.</p>
            )}
            <DialogFooter>
              <Button variant="outline" onClick={() => setResposta(null)}>
                Fechar
              </Button>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      ) : null}
    </>
  );
}
