import { cancelarPedidoCompraSchema, formatBRL, TRANSICOES_PEDIDO_COMPRA } from '@erp/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Ban, CircleCheck, FileText, PackageX, Pencil, Send } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
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
import { abrePdfPedidoCompra, comprasApi, mensagemDe, type PedidoCompra } from '../api/compras-api.ts';

// The actions of one purchase order (its page), by status: «Editar» and «Aprovar» a draft (above
// the company's limit only an approver may: the server's 403 says so, shown as is), «Enviar ao
// fornecedor» (confirms the address the PDF is e-mailed to; a draft within the limit is approved
// on the way), «Cancelar» with a motivo (before a receipt started), «Encerrar itens pendentes» of a
// partly received order (closed short), and the PDF.

export function useRecarregaCompras() {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: ['compras'] });
}

export function AcoesPedidoCompra({ p }: { p: PedidoCompra }) {
  const recarrega = useRecarregaCompras();
  const [dialogo, setDialogo] = useState<'enviar' | 'cancelar' | 'encerrar' | null>(null);
  const [erroAprovar, setErroAprovar] = useState<string | null>(null);
  const aprovar = useMutation({
    mutationFn: () => comprasApi.aprovar(p.id),
    onSuccess: (r) => {
      setErroAprovar(null);
      toast.success(`Pedido de compra nº ${r.numero} aprovado.`);
    },
    onError: (err) => {
      const msg = mensagemDe(err, 'Não foi possível aprovar o pedido de compra.');
      // a refusal by value stays on the page: the buyer must ask an approver
      if (err instanceof ApiError && err.status === 403) setErroAprovar(msg);
      toast.error(msg);
    },
    onSettled: recarrega,
  });
  const rascunho = p.status === 'rascunho';
  const podeEnviar =
    TRANSICOES_PEDIDO_COMPRA[p.status].includes('enviado') && !(rascunho && p.exige_aprovacao);
  const podeCancelar = TRANSICOES_PEDIDO_COMPRA[p.status].includes('cancelado');
  const podeEncerrar = p.status === 'parcialmente_recebido';
  return (
    <>
      {rascunho ? (
        <Button variant="outline" asChild>
          <Link to={`/compras/pedidos/${p.id}/editar`}>
            <Pencil aria-hidden />
            Editar
          </Link>
        </Button>
      ) : null}
      {rascunho ? (
        <Button
          variant={p.exige_aprovacao ? 'default' : 'outline'}
          disabled={aprovar.isPending}
          onClick={() => aprovar.mutate()}
        >
          {aprovar.isPending ? <Spinner /> : <CircleCheck aria-hidden />}
          Aprovar
        </Button>
      ) : null}
      {podeEnviar ? (
        <Button onClick={() => setDialogo('enviar')}>
          <Send aria-hidden />
          Enviar ao fornecedor
        </Button>
      ) : null}
      {podeEncerrar ? (
        <Button variant="outline" onClick={() => setDialogo('encerrar')}>
          <PackageX aria-hidden />
          Encerrar itens pendentes
        </Button>
      ) : null}
      {podeCancelar ? (
        <Button variant="outline" onClick={() => setDialogo('cancelar')}>
          <Ban aria-hidden />
          Cancelar pedido
        </Button>
      ) : null}
      <Button
        variant="outline"
        onClick={() =>
          void abrePdfPedidoCompra(p.id, p.numero).catch((err) =>
            toast.error(mensagemDe(err, 'Não foi possível gerar o PDF.')),
          )
        }
      >
        <FileText aria-hidden />
        PDF
      </Button>
      {erroAprovar ? (
        <p role="alert" className="basis-full text-sm font-medium text-destructive">
          {erroAprovar}
        </p>
      ) : null}
      {dialogo === 'enviar' ? (
        <EnviarDialog p={p} onClose={() => setDialogo(null)} onFeito={recarrega} />
      ) : null}
      {dialogo === 'cancelar' || dialogo === 'encerrar' ? (
        <MotivoDialog p={p} acao={dialogo} onClose={() => setDialogo(null)} onFeito={recarrega} />
      ) : null}
    </>
  );
}

function EnviarDialog({ p, onClose, onFeito }: { p: PedidoCompra; onClose(): void; onFeito(): void }) {
  const enviar = useMutation({
    mutationFn: () => comprasApi.enviar(p.id),
    onSuccess: (r) => {
      toast.success(`Pedido de compra nº ${r.numero} enviado para ${r.enviado_para ?? 'o fornecedor'}.`);
      onClose();
    },
    onError: (err) => toast.error(mensagemDe(err, 'Não foi possível enviar o pedido de compra.')),
    onSettled: onFeito,
  });
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Enviar o pedido de compra nº {p.numero}</DialogTitle>
          <DialogDescription>
            {p.fornecedor_email
              ? `O PDF do pedido (${formatBRL(p.valor_total)}) vai por e-mail para ${p.fornecedor_email}.`
              : 'O fornecedor não tem e-mail no cadastro: informe o e-mail no cadastro do fornecedor antes de enviar.'}
            {p.status === 'rascunho'
              ? ' O rascunho é aprovado no envio (dentro do limite de aprovação).'
              : ''}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Voltar
          </Button>
          <Button disabled={enviar.isPending || !p.fornecedor_email} onClick={() => enviar.mutate()}>
            {enviar.isPending ? <Spinner /> : <Send aria-hidden />}
            Enviar
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function MotivoDialog({
  p,
  acao,
  onClose,
  onFeito,
}: {
  p: PedidoCompra;
  acao: 'cancelar' | 'encerrar';
  onClose(): void;
  onFeito(): void;
}) {
  const [motivo, setMotivo] = useState('');
  const [erro, setErro] = useState<string | undefined>();
  const [enviando, setEnviando] = useState(false);
  const formId = useId();
  const cancelar = acao === 'cancelar';
  const enviar = async (e: FormEvent) => {
    e.preventDefault();
    const r = cancelarPedidoCompraSchema.safeParse({ motivo });
    if (!r.success) {
      setErro(r.error.issues[0]?.message ?? 'Motivo inválido.');
      return;
    }
    setEnviando(true);
    try {
      const feito = cancelar
        ? await comprasApi.cancelar(p.id, r.data.motivo)
        : await comprasApi.encerrarItens(p.id, r.data.motivo);
      toast.success(
        cancelar
          ? `Pedido de compra nº ${feito.numero} cancelado.`
          : `Itens pendentes do pedido nº ${feito.numero} encerrados.`,
      );
      onFeito();
      onClose();
    } catch (err) {
      setErro(
        err instanceof ApiError ? (err.fields.motivo?.[0] ?? err.message) : 'Não foi possível concluir.',
      );
    } finally {
      setEnviando(false);
    }
  };
  const titulo = cancelar ? `Cancelar o pedido de compra nº ${p.numero}` : 'Encerrar os itens pendentes';
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{titulo}</DialogTitle>
          <DialogDescription>
            {cancelar
              ? 'O pedido deixa de contar como «em pedido» no estoque e na sugestão de compra.'
              : 'O que falta receber não é mais esperado: o pedido fica recebido com o que chegou.'}
          </DialogDescription>
        </DialogHeader>
        <form id={formId} noValidate onSubmit={enviar}>
          <JustificativaField
            label={cancelar ? 'Motivo do cancelamento' : 'Motivo do encerramento'}
            min={10}
            max={500}
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
            {cancelar ? 'Cancelar pedido' : 'Encerrar itens'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
