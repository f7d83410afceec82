import { cancelarNotaSchema, cartaCorrecaoSchema, type StatusNota } from '@erp/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Ban, FilePenLine, Mail, RefreshCw, RotateCcw, Send } from 'lucide-react';
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
import { shellStatusKey } from '@/lib/shell-status.ts';
import { sefazApi } from '../api/sefaz-api.ts';

// The SEFAZ actions of one outgoing NF-e (detail page): transmitir / consultar while it is not
// authorised; cancelar, carta de correção and reenviar e-mail once it is. Every answer of SEFAZ is
// shown as it came (cStat – xMotivo); the page's data is reloaded after each action.

type Nota = { id: string; numero: number; serie: number; status: StatusNota | string };

const mensagemDe = (err: unknown, padrao: string) => (err instanceof ApiError ? err.message : padrao);

export function AcoesSefaz({ nota }: { nota: Nota }) {
  const qc = useQueryClient();
  const [dialogo, setDialogo] = useState<'cancelar' | 'cce' | null>(null);
  const recarrega = () => {
    void qc.invalidateQueries({ queryKey: ['notasfiscais'] });
    void qc.invalidateQueries({ queryKey: ['comercial'] });
    // a transmission may open or close the contingência SVC (the shell's banner)
    void qc.invalidateQueries({ queryKey: shellStatusKey });
  };
  const transmitir = useMutation({
    mutationFn: () => sefazApi.transmitir(nota.id),
    onSuccess: (r) => {
      if (r.status === 'autorizada')
        toast.success(
          `NF-e autorizada: protocolo ${r.protocolo}${r.contingencia ? ` (contingência ${r.contingencia === 'SVCAN' ? 'SVC-AN' : 'SVC-RS'})` : ''}.`,
        );
      else if (r.status === 'denegada') toast.error(`Uso denegado: ${r.cStat} – ${r.xMotivo}`);
      else toast.error(`NF-e rejeitada: ${r.cStat} – ${r.xMotivo}`);
    },
    onError: (err) => toast.error(mensagemDe(err, 'Não foi possível transmitir a nota.')),
    onSettled: recarrega,
  });
  const consultar = useMutation({
    mutationFn: () => sefazApi.consultar(nota.id),
    onSuccess: (r) => toast.info(`SEFAZ: ${r.sefaz.cStat} – ${r.sefaz.xMotivo}`),
    onError: (err) => toast.error(mensagemDe(err, 'Não foi possível consultar a SEFAZ.')),
    onSettled: recarrega,
  });
  const reenviar = useMutation({
    mutationFn: () => sefazApi.reenviarEmail(nota.id),
    onSuccess: (r) => toast.success(`E-mail da nota enviado para ${r.para}.`),
    onError: (err) => toast.error(mensagemDe(err, 'Não foi possível reenviar o e-mail.')),
    onSettled: recarrega,
  });
  const regerar = useMutation({
    mutationFn: () => sefazApi.regerar(nota.id),
    onSuccess: () =>
      toast.success(`NF-e nº ${nota.numero} gerada novamente a partir do pedido: transmita-a.`),
    onError: (err) => toast.error(mensagemDe(err, 'Não foi possível gerar a nota novamente.')),
    onSettled: recarrega,
  });
  const ocupado = transmitir.isPending || consultar.isPending || reenviar.isPending || regerar.isPending;
  const pendente = nota.status === 'assinada' || nota.status === 'rejeitada';
  const autorizada = nota.status === 'autorizada';
  return (
    <>
      {pendente ? (
        <Button disabled={ocupado} onClick={() => transmitir.mutate()}>
          {transmitir.isPending ? <Spinner /> : <Send aria-hidden />}
          Transmitir
        </Button>
      ) : null}
      {nota.status === 'rejeitada' ? (
        <Button
          variant="outline"
          disabled={ocupado}
          onClick={() => regerar.mutate()}
          title="Gera a nota de novo a partir do pedido e do cadastro corrigidos, com o mesmo número"
        >
          {regerar.isPending ? <Spinner /> : <RotateCcw aria-hidden />}
          Gerar novamente
        </Button>
      ) : null}
      {nota.status !== 'inutilizada' && nota.status !== 'em_digitacao' ? (
        <Button variant="outline" disabled={ocupado} onClick={() => consultar.mutate()}>
          {consultar.isPending ? <Spinner /> : <RefreshCw aria-hidden />}
          Consultar
        </Button>
      ) : null}
      {autorizada ? (
        <>
          <Button variant="outline" disabled={ocupado} onClick={() => setDialogo('cce')}>
            <FilePenLine aria-hidden />
            Carta de correção
          </Button>
          <Button variant="outline" disabled={ocupado} onClick={() => setDialogo('cancelar')}>
            <Ban aria-hidden />
            Cancelar NF-e
          </Button>
        </>
      ) : null}
      {autorizada || nota.status === 'cancelada' ? (
        <Button variant="outline" disabled={ocupado} onClick={() => reenviar.mutate()}>
          {reenviar.isPending ? <Spinner /> : <Mail aria-hidden />}
          Reenviar e-mail
        </Button>
      ) : null}
      {dialogo === 'cancelar' ? (
        <TextoSefazDialog
          titulo={`Cancelar a NF-e nº ${nota.numero}`}
          descricao="O cancelamento é pedido à SEFAZ (até 24 horas após a autorização). A saída de estoque e os títulos a receber da nota são estornados e o pedido volta para «Conferido»."
          rotulo="Justificativa"
          maximo={255}
          botao="Cancelar NF-e"
          destrutivo
          valida={(v) => {
            const r = cancelarNotaSchema.safeParse({ justificativa: v });
            return r.success ? null : (r.error.issues[0]?.message ?? 'Justificativa inválida.');
          }}
          onConfirm={async (texto) => {
            try {
              const r = await sefazApi.cancelar(nota.id, texto);
              toast.success(`NF-e cancelada: ${r.c_stat} – ${r.x_motivo}`);
              recarrega();
              return null;
            } catch (err) {
              return mensagemDe(err, 'Não foi possível cancelar a nota.');
            }
          }}
          onClose={() => setDialogo(null)}
        />
      ) : null}
      {dialogo === 'cce' ? (
        <TextoSefazDialog
          titulo={`Carta de correção da NF-e nº ${nota.numero}`}
          descricao="A carta de correção não pode alterar valores, impostos, quantidades, remetente, destinatário nem a data de emissão ou de saída. Cada nova carta substitui a anterior."
          rotulo="Correção"
          maximo={1000}
          botao="Enviar carta de correção"
          valida={(v) => {
            const r = cartaCorrecaoSchema.safeParse({ correcao: v });
            return r.success ? null : (r.error.issues[0]?.message ?? 'Correção inválida.');
          }}
          onConfirm={async (texto) => {
            try {
              const r = await sefazApi.cartaCorrecao(nota.id, texto);
              toast.success(`Carta de correção nº ${r.sequencia} registrada: ${r.c_stat} – ${r.x_motivo}`);
              recarrega();
              return null;
            } catch (err) {
              return mensagemDe(err, 'Não foi possível enviar a carta de correção.');
            }
          }}
          onClose={() => setDialogo(null)}
        />
      ) : null}
    </>
  );
}

/** One text for SEFAZ (justificativa, correção): validated with the shared rule before it goes. */
export function TextoSefazDialog(props: {
  titulo: string;
  descricao: string;
  rotulo: string;
  /** Characters the rule allows (at least 15 always). */
  maximo: number;
  botao: string;
  destrutivo?: boolean;
  valida(texto: string): string | null;
  onConfirm(texto: string): Promise<string | null>;
  onClose(): void;
}) {
  const [texto, setTexto] = useState('');
  const [erro, setErro] = useState<string | undefined>();
  const [enviando, setEnviando] = useState(false);
  const formId = useId();
  const enviar = async (e: FormEvent) => {
    e.preventDefault();
    const invalido = props.valida(texto);
    if (invalido) {
      setErro(invalido);
      return;
    }
    setEnviando(true);
    const falha = await props.onConfirm(texto.replace(/\s+/g, ' ').trim());
    setEnviando(false);
    if (falha) setErro(falha);
    else props.onClose();
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : props.onClose())}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{props.titulo}</DialogTitle>
          <DialogDescription>{props.descricao}</DialogDescription>
        </DialogHeader>
        <form id={formId} noValidate onSubmit={enviar}>
          <JustificativaField
            label={props.rotulo}
            min={15}
            max={props.maximo}
            autoFocus
            value={texto}
            error={erro}
            onChange={(v) => {
              setTexto(v);
              setErro(undefined);
            }}
          />
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={props.onClose}>
            Voltar
          </Button>
          <Button
            type="submit"
            form={formId}
            variant={props.destrutivo ? 'destructive' : 'default'}
            disabled={enviando}
          >
            {enviando ? <Spinner /> : null}
            {props.botao}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
