import { inclusaoCondutorSchema, maskCpf } from '@erp/shared';
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
import { Input } from '@/components/ui/input.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { type MdfeDetalhe, mdfeApi } from '../api/mdfe-api.ts';
import { useRecarregaMdfe } from './acoes-mdfe.tsx';

// «Incluir condutor» (evento 110114): a driver who took the wheel during the trip (name and CPF).

export function IncluirCondutorDialog({ m, onClose }: { m: MdfeDetalhe; onClose(): void }) {
  const recarrega = useRecarregaMdfe();
  const [xNome, setXNome] = useState('');
  const [cpf, setCpf] = useState('');
  const [erros, setErros] = useState<{ xNome?: string; cpf?: string }>({});
  const [enviando, setEnviando] = useState(false);
  const formId = useId();
  const enviar = async (e: FormEvent) => {
    e.preventDefault();
    const r = inclusaoCondutorSchema.safeParse({ xNome, cpf });
    if (!r.success) {
      const out: { xNome?: string; cpf?: string } = {};
      for (const i of r.error.issues) out[i.path[0] as 'xNome' | 'cpf'] ??= i.message;
      setErros(out);
      return;
    }
    setEnviando(true);
    try {
      await mdfeApi.incluirCondutor(m.id, r.data);
      toast.success(`Condutor ${r.data.xNome} incluído no MDF-e nº ${m.numero}.`);
      recarrega();
      onClose();
    } catch (err) {
      if (err instanceof ApiError)
        setErros({ xNome: err.fields.xNome?.[0], cpf: err.fields.cpf?.[0] ?? err.message });
      else setErros({ cpf: 'Não foi possível incluir o condutor.' });
    } finally {
      setEnviando(false);
    }
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Incluir condutor no MDF-e nº {m.numero}</DialogTitle>
          <DialogDescription>
            O evento vai à SEFAZ e o condutor passa a constar do manifesto.
          </DialogDescription>
        </DialogHeader>
        <form id={formId} noValidate onSubmit={enviar} className="grid gap-4 sm:grid-cols-[2fr_1fr]">
          <FormField label="Nome" required error={erros.xNome}>
            <Input
              autoFocus
              maxLength={60}
              value={xNome}
              onChange={(e) => {
                setXNome(e.target.value);
                setErros((x) => ({ ...x, xNome: undefined }));
              }}
            />
          </FormField>
          <FormField label="CPF" required error={erros.cpf}>
            <Input
              inputMode="numeric"
              value={cpf}
              onChange={(e) => {
                setCpf(maskCpf(e.target.value));
                setErros((x) => ({ ...x, cpf: undefined }));
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
            Incluir condutor
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
