import { businessToday, encerramentoMdfeSchema, municipioPorCodigo } from '@erp/shared';
import { useId, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { MunicipioPicker } from '@/components/forms/municipio-picker.tsx';
import { Button } from '@/components/ui/button.tsx';
import { DateInput } from '@/components/ui/date-input.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { mdfeApi } from '../api/mdfe-api.ts';
import { useRecarregaMdfe } from './acoes-mdfe.tsx';

// «Encerrar» (evento 110112): the day and the place the trip ended (município from the IBGE list,
// which fills its UF). Proposed: today, at the last município de descarregamento.

type Local = { codigo_municipio: string; municipio: string; uf: string };

export function EncerrarMdfeDialog({
  id,
  numero,
  municipioPadrao,
  onClose,
  onEncerrado,
}: {
  id: string;
  numero: number | null;
  municipioPadrao: string | null;
  onClose(): void;
  onEncerrado?(): void;
}) {
  const recarrega = useRecarregaMdfe();
  const padrao = municipioPorCodigo(municipioPadrao);
  const form = useForm<Local>({
    defaultValues: {
      codigo_municipio: padrao?.codigo ?? '',
      municipio: padrao?.nome ?? '',
      uf: padrao?.uf ?? '',
    },
  });
  const [dtEnc, setDtEnc] = useState(businessToday());
  const [erroData, setErroData] = useState<string | undefined>();
  const [enviando, setEnviando] = useState(false);
  const formId = useId();
  const enviar = form.handleSubmit(async (v) => {
    const r = encerramentoMdfeSchema.safeParse({ dtEnc, codigoMunicipio: v.codigo_municipio, uf: v.uf });
    if (!r.success) {
      for (const i of r.error.issues) {
        if (i.path[0] === 'dtEnc') setErroData(i.message);
        else form.setError('codigo_municipio', { message: i.message });
      }
      return;
    }
    setEnviando(true);
    try {
      await mdfeApi.encerrar(id, r.data);
      toast.success(`MDF-e${numero != null ? ` nº ${numero}` : ''} encerrado.`);
      recarrega();
      onEncerrado?.();
      onClose();
    } catch (err) {
      const msg = err instanceof ApiError ? err.message : 'Não foi possível encerrar o MDF-e.';
      const campos = err instanceof ApiError ? err.fields : {};
      if (campos.dtEnc) setErroData(campos.dtEnc[0]);
      else form.setError('codigo_municipio', { message: campos.codigoMunicipio?.[0] ?? msg });
    } finally {
      setEnviando(false);
    }
  });
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Encerrar o MDF-e{numero != null ? ` nº ${numero}` : ''}</DialogTitle>
          <DialogDescription>
            O encerramento vai à SEFAZ e libera o veículo para um novo MDF-e. Informe quando e onde a viagem
            terminou.
          </DialogDescription>
        </DialogHeader>
        <FormProvider {...form}>
          <form id={formId} noValidate onSubmit={enviar} className="grid gap-4">
            <FormField label="Data do encerramento" required error={erroData}>
              <DateInput
                value={dtEnc}
                max={businessToday()}
                onChange={(v) => {
                  setDtEnc(v);
                  setErroData(undefined);
                }}
              />
            </FormField>
            <MunicipioPicker required />
          </form>
        </FormProvider>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Voltar
          </Button>
          <Button type="submit" form={formId} disabled={enviando}>
            {enviando ? <Spinner /> : null}
            Encerrar MDF-e
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
