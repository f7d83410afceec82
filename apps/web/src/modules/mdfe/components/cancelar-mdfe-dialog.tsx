import { cancelamentoMdfeSchema } from '@erp/shared';
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
import { type MdfeDetalhe, mdfeApi } from '../api/mdfe-api.ts';
import { useRecarregaMdfe } from './acoes-mdfe.tsx';

// «Cancelar» (evento 110111): the justificativa goes to SEFAZ, 15 to 255 characters.

export function CancelarMdfeDialog({ m, onClose }: { m: MdfeDetalhe; onClose(): void }) {
  const recarrega = useRecarregaMdfe();
  const [xJust, setXJust] = useState('');
  const [erro, setErro] = useState<string | undefined>();
  const [enviando, setEnviando] = useState(false);
  const formId = useId();
  const enviar = async (e: FormEvent) => {
    e.preventDefault();
    const r = cancelamentoMdfeSchema.safeParse({ xJust });
    if (!r.success) {
      setErro(r.error.issues[0]?.message ?? 'Justificativa inválida.');
      return;
    }
    setEnviando(true);
    try {
      await mdfeApi.cancelar(m.id, r.data);
      toast.success(`MDF-e nº ${m.numero} cancelado.`);
      recarrega();
      onClose();
    } catch (err) {
      setErro(
        err instanceof ApiError
          ? (err.fields.xJust?.[0] ?? err.message)
          : 'Não foi possível cancelar o MDF-e.',
      );
    } finally {
      setEnviando(false);
    }
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Cancelar o MDF-e nº {m.numero}</DialogTitle>
          <DialogDescription>
            O cancelamento vai à SEFAZ (até 24 horas após a autorização e antes de a viagem começar). A carga
            poderá emitir outro MDF-e.
          </DialogDescription>
        </DialogHeader>
        <form id={formId} noValidate onSubmit={enviar}>
          <JustificativaField
            label="Justificativa"
            min={15}
            max={255}
            autoFocus
            value={xJust}
            error={erro}
            onChange={(v) => {
              setXJust(v);
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
            Cancelar MDF-e
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
