import { type FormEvent, useId, useState } from 'react';
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

/** "Cancelar pedido": the reason is required (it goes to the order's history and the audit). */
export function CancelarDialog({
  numero,
  onConfirm,
  onClose,
}: {
  numero: number;
  onConfirm(motivo: string): Promise<string | null>;
  onClose(): void;
}) {
  const [motivo, setMotivo] = useState('');
  const [erro, setErro] = useState<string | undefined>();
  const [enviando, setEnviando] = useState(false);
  const formId = useId();
  const enviar = async (e: FormEvent) => {
    e.preventDefault();
    if (!motivo.trim()) {
      setErro('Informe o motivo do cancelamento');
      return;
    }
    setEnviando(true);
    const falha = await onConfirm(motivo.trim());
    setEnviando(false);
    if (falha) setErro(falha);
    else onClose();
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Cancelar o pedido nº {numero}</DialogTitle>
          <DialogDescription>
            O pedido não poderá mais mudar de situação; a reserva de estoque é desfeita.
          </DialogDescription>
        </DialogHeader>
        <form id={formId} noValidate onSubmit={enviar}>
          <FormField label="Motivo do cancelamento" required error={erro}>
            <Textarea
              autoFocus
              rows={3}
              maxLength={500}
              value={motivo}
              onChange={(e) => {
                setMotivo(e.target.value);
                setErro(undefined);
              }}
            />
          </FormField>
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Voltar
          </Button>
          <Button type="submit" form={formId} variant="destructive" disabled={enviando}>
            {enviando ? <Spinner /> : null}
            Cancelar pedido
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
