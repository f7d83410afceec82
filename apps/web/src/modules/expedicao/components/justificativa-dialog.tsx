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

/**
 * The admin's override of a refused rule (capacity, driver): the server's reason is shown and a
 * justification of at least 10 characters goes with the repeated request (stored, audited).
 */
export function JustificativaDialog({
  titulo,
  motivo,
  acao,
  onConfirm,
  onClose,
}: {
  titulo: string;
  motivo: string;
  acao: string;
  onConfirm(justificativa: string): Promise<string | null>;
  onClose(): void;
}) {
  const [texto, setTexto] = useState('');
  const [erro, setErro] = useState<string | undefined>();
  const [enviando, setEnviando] = useState(false);
  const formId = useId();
  const enviar = async (e: FormEvent) => {
    e.preventDefault();
    if (texto.trim().length < 10) {
      setErro('Justificativa deve ter ao menos 10 caracteres');
      return;
    }
    setEnviando(true);
    const falha = await onConfirm(texto.trim());
    setEnviando(false);
    if (falha) setErro(falha);
    else onClose();
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{titulo}</DialogTitle>
          <DialogDescription className="text-red-700 dark:text-red-300">{motivo}</DialogDescription>
        </DialogHeader>
        <form id={formId} noValidate onSubmit={enviar}>
          <FormField label="Justificativa (fica registrada na auditoria)" required error={erro}>
            <Textarea
              autoFocus
              rows={3}
              maxLength={500}
              value={texto}
              onChange={(e) => {
                setTexto(e.target.value);
                setErro(undefined);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && e.ctrlKey) void enviar(e);
              }}
            />
          </FormField>
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Voltar
          </Button>
          <Button type="submit" form={formId} disabled={enviando}>
            {enviando ? <Spinner /> : null}
            {acao}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
