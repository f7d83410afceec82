import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Ban, FileCheck2, FilePlus2, RefreshCw, Send, ShieldAlert, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { type AcaoMdfe, type MdfeDetalhe, mdfeApi } from '../api/mdfe-api.ts';
import { CancelarMdfeDialog } from './cancelar-mdfe-dialog.tsx';
import { EncerrarMdfeDialog } from './encerrar-mdfe-dialog.tsx';
import { IncluirCondutorDialog } from './incluir-condutor-dialog.tsx';
import { IncluirNfeDialog } from './incluir-nfe-dialog.tsx';

// The actions of one manifesto (its page), as the server's `acoes` says: Transmitir (assinado or
// rejeitado), Emitir em contingência (assinado, never sent in contingência), Consultar, Cancelar (within 24 h and before the trip), Encerrar, Incluir condutor and
// Incluir NF-e (autorizado). Cancelar and Encerrar, when refused, stay visible, disabled, with the reason.

export const mensagemDe = (err: unknown, padrao: string) => (err instanceof ApiError ? err.message : padrao);

/** Every screen a manifesto touches: the list, its page, the load's block and the load itself. */
export function useRecarregaMdfe() {
  const qc = useQueryClient();
  return () => {
    for (const key of ['mdfe', 'expedicao']) void qc.invalidateQueries({ queryKey: [key] });
  };
}

/** What SEFAZ said of a transmission or a consultation, as a toast. */
export function avisaResultado(r: AcaoMdfe) {
  const { resultado, mdfe } = r;
  if (resultado?.status === 'rejeitado')
    toast.error(`MDF-e nº ${mdfe.numero} rejeitado: ${resultado.cStat ?? ''} – ${resultado.xMotivo ?? ''}`);
  else if (resultado?.status === 'autorizado')
    toast.success(
      `MDF-e nº ${mdfe.numero} autorizado${mdfe.protocolo ? ` (protocolo ${mdfe.protocolo})` : ''}.`,
    );
  else
    toast.info(`MDF-e nº ${mdfe.numero}: situação na SEFAZ conferida — ${mdfe.status_label.toLowerCase()}.`);
}

type Dialogo = 'cancelar' | 'encerrar' | 'condutor' | 'nfe' | null;

export function AcoesMdfe({ m }: { m: MdfeDetalhe }) {
  const recarrega = useRecarregaMdfe();
  const [dialogo, setDialogo] = useState<Dialogo>(null);
  const envia = useMutation({
    mutationFn: (acao: 'transmitir' | 'consultar' | 'contingencia') =>
      acao === 'transmitir'
        ? mdfeApi.transmitir(m.id)
        : acao === 'consultar'
          ? mdfeApi.consultar(m.id)
          : mdfeApi.contingencia(m.id),
    onSuccess: (r, acao) =>
      acao === 'contingencia'
        ? toast.success(
            `MDF-e nº ${r.mdfe.numero} assinado em contingência: imprima o DAMDFE para a viagem e transmita-o assim que a SEFAZ voltar.`,
          )
        : avisaResultado(r),
    onError: (err) => toast.error(mensagemDe(err, 'Não foi possível falar com a SEFAZ.')),
    onSettled: recarrega,
  });
  const a = m.acoes;
  // a refused cancel/close is worth explaining only while the manifesto is still alive
  const vivo = m.status === 'autorizado' || m.status === 'assinado' || m.status === 'rejeitado';
  const fecha = () => setDialogo(null);
  return (
    <>
      {a.transmitir ? (
        <Button disabled={envia.isPending} onClick={() => envia.mutate('transmitir')}>
          {envia.isPending && envia.variables === 'transmitir' ? <Spinner /> : <Send aria-hidden />}
          Transmitir
        </Button>
      ) : null}
      {a.contingencia ? (
        <Button
          variant="outline"
          disabled={envia.isPending}
          title="A SEFAZ não responde: assina de novo em contingência (nova chave, mesmo número) para o caminhão sair com o DAMDFE"
          onClick={() => envia.mutate('contingencia')}
        >
          {envia.isPending && envia.variables === 'contingencia' ? <Spinner /> : <ShieldAlert aria-hidden />}
          Emitir em contingência
        </Button>
      ) : null}
      {a.consultar ? (
        <Button variant="outline" disabled={envia.isPending} onClick={() => envia.mutate('consultar')}>
          {envia.isPending && envia.variables === 'consultar' ? <Spinner /> : <RefreshCw aria-hidden />}
          Consultar
        </Button>
      ) : null}
      {a.encerrar === null || vivo ? (
        <Button
          disabled={a.encerrar !== null}
          title={a.encerrar ?? undefined}
          onClick={() => setDialogo('encerrar')}
        >
          <FileCheck2 aria-hidden />
          Encerrar
        </Button>
      ) : null}
      {a.cancelar === null || vivo ? (
        <Button
          variant="outline"
          disabled={a.cancelar !== null}
          title={a.cancelar ?? undefined}
          onClick={() => setDialogo('cancelar')}
        >
          <Ban aria-hidden />
          Cancelar
        </Button>
      ) : null}
      {a.incluir ? (
        <>
          <Button variant="outline" onClick={() => setDialogo('condutor')}>
            <UserPlus aria-hidden />
            Incluir condutor
          </Button>
          <Button variant="outline" onClick={() => setDialogo('nfe')}>
            <FilePlus2 aria-hidden />
            Incluir NF-e
          </Button>
        </>
      ) : null}
      {dialogo === 'cancelar' ? <CancelarMdfeDialog m={m} onClose={fecha} /> : null}
      {dialogo === 'encerrar' ? (
        <EncerrarMdfeDialog
          id={m.id}
          numero={m.numero}
          municipioPadrao={m.municipios.at(-1)?.codigo ?? null}
          onClose={fecha}
        />
      ) : null}
      {dialogo === 'condutor' ? <IncluirCondutorDialog m={m} onClose={fecha} /> : null}
      {dialogo === 'nfe' ? <IncluirNfeDialog m={m} onClose={fecha} /> : null}
    </>
  );
}

/** Why Cancelar / Encerrar are disabled, written out under the header (a title is not seen on a phone). */
export function MotivosAcoes({ m }: { m: MdfeDetalhe }) {
  const vivo = m.status === 'autorizado' || m.status === 'assinado' || m.status === 'rejeitado';
  if (!vivo) return null;
  const motivos = [
    m.acoes.encerrar ? `Encerrar: ${m.acoes.encerrar}` : null,
    m.acoes.cancelar ? `Cancelar: ${m.acoes.cancelar}` : null,
  ].filter((x): x is string => !!x);
  if (!motivos.length) return null;
  return (
    <ul className="grid gap-0.5 text-xs text-muted-foreground" aria-label="Ações indisponíveis">
      {motivos.map((t) => (
        <li key={t}>{t}</li>
      ))}
    </ul>
  );
}
