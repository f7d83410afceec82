import { cancelarDevolucaoSchema, cancelarNotaSchema, TRANSICOES_DEVOLUCAO } from '@erp/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Ban, BookCheck, FileCheck2, Send } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { JustificativaField } from '@/components/forms/justificativa-field.tsx';
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
import { ApiError } from '@/lib/api-client.ts';
import type { DevolucaoDetalhe, DevolucaoEmitida, SefazDevolucao } from '../api/devolucoes-api.ts';
import { devolucoesApi } from '../api/devolucoes-api.ts';

// The actions of one return (its page): «Emitir NF-e» on a draft (our NF-e de devolução, signed and
// sent to SEFAZ at once), «Lançar devolução» on a draft read from the customer's own NF-e (the
// effects without a note of ours), «Transmitir» when it was signed but SEFAZ did not authorise it (down, or a
// rejection), «Cancelar» with a reason (a draft is discarded; an authorised note is cancelled at
// SEFAZ, and the stock, the receivables and the commission go back).

export const mensagemDe = (err: unknown, padrao: string) => (err instanceof ApiError ? err.message : padrao);

/** Every screen a return touches: its own, the notes, the orders, the receivables. */
export function useRecarregaDevolucoes() {
  const qc = useQueryClient();
  return () => {
    for (const key of ['devolucoes', 'notasfiscais', 'comercial', 'financeiro'])
      void qc.invalidateQueries({ queryKey: [key] });
  };
}

/** What SEFAZ said of the return note, as a toast. */
export function avisaSefaz(numero: number, sefaz: SefazDevolucao) {
  if ('erro' in sefaz) {
    toast.warning(
      `Devolução nº ${numero}: NF-e de devolução assinada, mas não autorizada — ${sefaz.erro} Use «Transmitir» quando a SEFAZ responder.`,
    );
    return;
  }
  if (sefaz.status === 'autorizada')
    toast.success(
      `Devolução nº ${numero}: NF-e de devolução autorizada${sefaz.protocolo ? ` (protocolo ${sefaz.protocolo})` : ''}.`,
    );
  else
    toast.error(
      `NF-e de devolução ${sefaz.status === 'denegada' ? 'denegada' : 'rejeitada'}: ${sefaz.cStat ?? ''} – ${sefaz.xMotivo ?? ''}`,
    );
}

export function AcoesDevolucao({ d }: { d: DevolucaoDetalhe }) {
  const recarrega = useRecarregaDevolucoes();
  const [cancelando, setCancelando] = useState(false);
  const enviar = useMutation({
    mutationFn: (acao: 'emitir' | 'transmitir'): Promise<DevolucaoEmitida> =>
      acao === 'emitir' ? devolucoesApi.emitir(d.id) : devolucoesApi.transmitir(d.id),
    onSuccess: (r) => avisaSefaz(r.numero, r.sefaz),
    onError: (err) => toast.error(mensagemDe(err, 'Não foi possível enviar a NF-e de devolução.')),
    onSettled: recarrega,
  });
  const lancar = useMutation({
    mutationFn: () => devolucoesApi.lancar(d.id),
    onSuccess: (r) =>
      toast.success(`Devolução nº ${r.numero} lançada: estoque, títulos e comissão atualizados.`),
    onError: (err) => toast.error(mensagemDe(err, 'Não foi possível lançar a devolução.')),
    onSettled: recarrega,
  });
  const podeEmitir = d.status === 'rascunho' && d.documento === 'propria';
  const podeLancar = d.status === 'rascunho' && d.documento === 'terceiro';
  const podeTransmitir =
    d.status === 'emitida' &&
    (d.nota_devolucao_status === 'assinada' || d.nota_devolucao_status === 'rejeitada');
  const podeCancelar = TRANSICOES_DEVOLUCAO[d.status].includes('cancelada');
  const ocupado = enviar.isPending || lancar.isPending;
  return (
    <>
      {podeEmitir ? (
        <Button disabled={ocupado} onClick={() => enviar.mutate('emitir')}>
          {ocupado ? <Spinner /> : <FileCheck2 aria-hidden />}
          Emitir NF-e
        </Button>
      ) : null}
      {podeLancar ? (
        <Button disabled={ocupado} onClick={() => lancar.mutate()}>
          {lancar.isPending ? <Spinner /> : <BookCheck aria-hidden />}
          Lançar devolução
        </Button>
      ) : null}
      {podeTransmitir ? (
        <Button disabled={ocupado} onClick={() => enviar.mutate('transmitir')}>
          {ocupado ? <Spinner /> : <Send aria-hidden />}
          Transmitir
        </Button>
      ) : null}
      {podeCancelar ? (
        <Button variant="outline" disabled={ocupado} onClick={() => setCancelando(true)}>
          <Ban aria-hidden />
          Cancelar devolução
        </Button>
      ) : null}
      {cancelando ? (
        <CancelarDevolucaoDialog
          d={d}
          onClose={() => setCancelando(false)}
          onCancelada={() => {
            toast.success(`Devolução nº ${d.numero} cancelada.`);
            recarrega();
          }}
        />
      ) : null}
    </>
  );
}

function descricaoCancelamento(d: DevolucaoDetalhe): string {
  if (d.status === 'rascunho') return 'O rascunho é descartado e os itens voltam a poder ser devolvidos.';
  if (d.status === 'emitida')
    return 'A NF-e de devolução ainda não foi autorizada: o número dela é inutilizado e os itens voltam a poder ser devolvidos.';
  return 'A NF-e de devolução é cancelada na SEFAZ (até 24 horas após a autorização). O estoque, o abatimento nos títulos, o crédito do cliente e o estorno de comissão são desfeitos.';
}

export const motivoSefaz =
  'O motivo vai à SEFAZ como justificativa do cancelamento da NF-e: de 15 a 255 caracteres.';

function CancelarDevolucaoDialog({
  d,
  onClose,
  onCancelada,
}: {
  d: DevolucaoDetalhe;
  onClose(): void;
  onCancelada(): void;
}) {
  const [motivo, setMotivo] = useState('');
  const [erro, setErro] = useState<string | undefined>();
  const [enviando, setEnviando] = useState(false);
  const formId = useId();
  // an authorised note is cancelled at SEFAZ with this text as its justificativa: 15 to 255
  const naSefaz = d.nota_devolucao_status === 'autorizada';
  const enviar = async (e: FormEvent) => {
    e.preventDefault();
    const r = cancelarDevolucaoSchema.safeParse({ motivo });
    if (!r.success) {
      // an authorised note's reason goes to SEFAZ: say why the length matters
      setErro(naSefaz ? motivoSefaz : (r.error.issues[0]?.message ?? 'Motivo inválido.'));
      return;
    }
    if (naSefaz && !cancelarNotaSchema.safeParse({ justificativa: motivo }).success) {
      setErro(motivoSefaz);
      return;
    }
    setEnviando(true);
    try {
      await devolucoesApi.cancelar(d.id, r.data.motivo);
      onCancelada();
      onClose();
    } catch (err) {
      setErro(
        err instanceof ApiError
          ? (err.fields.motivo?.[0] ?? err.message)
          : 'Não foi possível cancelar a devolução.',
      );
    } finally {
      setEnviando(false);
    }
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Cancelar a devolução nº {d.numero}</DialogTitle>
          <DialogDescription>{descricaoCancelamento(d)}</DialogDescription>
        </DialogHeader>
        <form id={formId} noValidate onSubmit={enviar}>
          <JustificativaField
            label="Motivo do cancelamento"
            min={naSefaz ? 15 : 10}
            max={naSefaz ? 255 : 500}
            autoFocus
            value={motivo}
            error={erro}
            onChange={(v) => {
              setMotivo(v);
              setErro(undefined);
            }}
          />
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Voltar
          </Button>
          <Button type="submit" form={formId} variant="destructive" disabled={enviando}>
            {enviando ? <Spinner /> : null}
            Cancelar devolução
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
