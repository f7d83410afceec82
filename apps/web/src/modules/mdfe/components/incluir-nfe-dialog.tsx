import { inclusaoDfeSchema } from '@erp/shared';
import { useId, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { MunicipioPicker } from '@/components/forms/municipio-picker.tsx';
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
import { ApiError } from '@/lib/api-client.ts';
import { type MdfeDetalhe, mdfeApi } from '../api/mdfe-api.ts';
import { useRecarregaMdfe } from './acoes-mdfe.tsx';

// «Incluir NF-e» (evento 110115, inclusão de DF-e): authorised NF-e picked up during the trip — their
// chaves (one a line), where they were loaded and the município where they are unloaded.

type Local = { codigo_municipio: string; municipio: string; uf: string };
type Valores = { carregamento: Local; descarga: Local };
const vazio: Local = { codigo_municipio: '', municipio: '', uf: '' };

export function IncluirNfeDialog({ m, onClose }: { m: MdfeDetalhe; onClose(): void }) {
  const recarrega = useRecarregaMdfe();
  const form = useForm<Valores>({ defaultValues: { carregamento: vazio, descarga: vazio } });
  const [chaves, setChaves] = useState('');
  const [erroChaves, setErroChaves] = useState<string | undefined>();
  const [enviando, setEnviando] = useState(false);
  const formId = useId();
  const enviar = form.handleSubmit(async (v) => {
    const lista = chaves
      .split(/[\n,;]+/)
      .map((c) => c.replace(/\s/g, ''))
      .filter(Boolean);
    const r = inclusaoDfeSchema.safeParse({
      codigoMunicipioCarregamento: v.carregamento.codigo_municipio,
      documentos: lista.map((chNFe) => ({ chNFe, codigoMunicipioDescarga: v.descarga.codigo_municipio })),
    });
    if (!r.success) {
      for (const i of r.error.issues) {
        if (i.path[0] === 'codigoMunicipioCarregamento')
          form.setError('carregamento.codigo_municipio', { message: i.message });
        else if (i.path.includes('codigoMunicipioDescarga'))
          form.setError('descarga.codigo_municipio', { message: i.message });
        else setErroChaves(i.message);
      }
      return;
    }
    setEnviando(true);
    try {
      await mdfeApi.incluirDfe(m.id, r.data);
      toast.success(`NF-e incluída(s) no MDF-e nº ${m.numero}.`);
      recarrega();
      onClose();
    } catch (err) {
      setErroChaves(err instanceof ApiError ? err.message : 'Não foi possível incluir as NF-e.');
    } finally {
      setEnviando(false);
    }
  });
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Incluir NF-e no MDF-e nº {m.numero}</DialogTitle>
          <DialogDescription>
            Notas autorizadas carregadas durante a viagem. O evento vai à SEFAZ e as notas passam a constar do
            manifesto.
          </DialogDescription>
        </DialogHeader>
        <FormProvider {...form}>
          <form id={formId} noValidate onSubmit={enviar} className="grid gap-4">
            <FormField label="Chaves de acesso (uma por linha)" required error={erroChaves}>
              <Textarea
                autoFocus
                rows={3}
                className="font-mono text-xs"
                value={chaves}
                onChange={(e) => {
                  setChaves(e.target.value);
                  setErroChaves(undefined);
                }}
              />
            </FormField>
            <fieldset className="grid gap-1">
              <legend className="mb-1 text-sm font-semibold">Carregamento</legend>
              <MunicipioPicker required prefix="carregamento." />
            </fieldset>
            <fieldset className="grid gap-1">
              <legend className="mb-1 text-sm font-semibold">Descarregamento</legend>
              <MunicipioPicker required prefix="descarga." />
            </fieldset>
          </form>
        </FormProvider>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Voltar
          </Button>
          <Button type="submit" form={formId} disabled={enviando}>
            {enviando ? <Spinner /> : null}
            Incluir NF-e
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
