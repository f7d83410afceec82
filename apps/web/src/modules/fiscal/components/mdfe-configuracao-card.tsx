import {
  formatDocumento,
  type MdfeConfiguracao,
  maskCnpj,
  mdfeConfiguracaoSchema,
  TIPOS_CARGA_MDFE,
  tipoCargaMdfeLabels,
} from '@erp/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Truck } from 'lucide-react';
import { useEffect } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import {
  MaskedField,
  SelectField,
  SwitchField,
  TextareaField,
  TextField,
} from '@/components/forms/fields.tsx';
import { showSaveError } from '@/components/forms/server-errors.ts';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { mdfeApi, mdfeKeys } from '@/modules/mdfe/api/mdfe-api.ts';

// «MDF-e» (issue 33): the company's manifesto settings — automatic emission after «Faturar carga»,
// the intrastate requirement, the série, the tipo de emitente (with the company's RNTRC when it
// provides transport), the tipo de carga and the cargo insurance. Saved apart from the NF-e settings
// (PUT /api/fiscal/mdfe), the server's field errors next to their fields.

type Valores = {
  emitir_automaticamente: boolean;
  exigir_intraestadual: boolean;
  serie: string;
  tp_emit: '1' | '2';
  rntrc: string;
  tp_carga: string;
  tem_seguro: boolean;
  seguro: {
    respSeg: '1' | '2';
    responsavelDocumento: string;
    seguradoraNome: string;
    seguradoraCnpj: string;
    nApol: string;
    nAver: string;
  };
};

const paraFormulario = (c: MdfeConfiguracao): Valores => ({
  emitir_automaticamente: c.emitir_automaticamente,
  exigir_intraestadual: c.exigir_intraestadual,
  serie: String(c.serie),
  tp_emit: c.tp_emit,
  rntrc: c.rntrc ?? '',
  tp_carga: c.tp_carga,
  tem_seguro: c.seguro !== null,
  seguro: {
    respSeg: c.seguro?.respSeg ?? '1',
    responsavelDocumento: formatDocumento(c.seguro?.responsavelDocumento ?? ''),
    seguradoraNome: c.seguro?.seguradoraNome ?? '',
    seguradoraCnpj: c.seguro?.seguradoraCnpj ? maskCnpj(c.seguro.seguradoraCnpj) : '',
    nApol: c.seguro?.nApol ?? '',
    nAver: (c.seguro?.nAver ?? []).join('\n'),
  },
});

const opcional = (v: string) => (v.trim() ? v.trim() : undefined);

const paraEnvio = (v: Valores) => ({
  emitir_automaticamente: v.emitir_automaticamente,
  exigir_intraestadual: v.exigir_intraestadual,
  serie: v.serie,
  tp_emit: v.tp_emit,
  rntrc: v.rntrc,
  tp_carga: v.tp_carga,
  seguro: v.tem_seguro
    ? {
        respSeg: v.seguro.respSeg,
        responsavelDocumento: v.seguro.respSeg === '2' ? opcional(v.seguro.responsavelDocumento) : undefined,
        seguradoraNome: opcional(v.seguro.seguradoraNome),
        seguradoraCnpj: opcional(v.seguro.seguradoraCnpj),
        nApol: opcional(v.seguro.nApol),
        nAver: v.seguro.nAver
          .split('\n')
          .map((s) => s.trim())
          .filter(Boolean),
      }
    : null,
});

/** «seguro.nAver.2» → «seguro.nAver»: the list is one field on the screen. */
const campoDoFormulario = (path: PropertyKey[]) =>
  path[0] === 'seguro' && path[1] === 'nAver' ? 'seguro.nAver' : path.map(String).join('.');

export function MdfeConfiguracaoCard() {
  const qc = useQueryClient();
  const dados = useQuery({ queryKey: mdfeKeys.configuracao, queryFn: mdfeApi.configuracao });
  const form = useForm<Valores>();
  const salvar = useMutation({
    mutationFn: mdfeApi.salvaConfiguracao,
    onSuccess: (salvo) => {
      qc.setQueryData(mdfeKeys.configuracao, salvo);
      form.reset(paraFormulario(salvo));
      toast.success('Configurações do MDF-e salvas.');
    },
    onError: (err) => {
      // the server names the insurance's averbações «seguro.nAver.0»: the screen has one field for them
      showSaveError(
        {
          setError: (name, e, o) => form.setError(campoDoFormulario(String(name).split('.')) as never, e, o),
        },
        err,
      );
    },
  });
  useEffect(() => {
    if (dados.data) form.reset(paraFormulario(dados.data));
  }, [dados.data, form]);
  const [tpEmit, temSeguro, respSeg] = useWatch({
    control: form.control,
    name: ['tp_emit', 'tem_seguro', 'seguro.respSeg'],
  });

  const submit = form.handleSubmit((v) => {
    const r = mdfeConfiguracaoSchema.safeParse(paraEnvio(v));
    if (!r.success) {
      let primeiro = true;
      for (const i of r.error.issues) {
        form.setError(campoDoFormulario(i.path) as never, { message: i.message }, { shouldFocus: primeiro });
        primeiro = false;
      }
      return;
    }
    salvar.mutate(r.data);
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Truck className="size-5" aria-hidden /> MDF-e
        </CardTitle>
        <CardDescription>
          Manifesto eletrônico das cargas: emissão, série, emitente, tipo de carga e seguro.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {dados.isLoading ? <Skeleton className="h-40 w-full" /> : null}
        {dados.isError ? <p role="alert">Não foi possível carregar as configurações do MDF-e.</p> : null}
        {dados.data ? (
          <FormProvider {...form}>
            <form onSubmit={submit} noValidate aria-label="Configurações do MDF-e" className="grid gap-6">
              <div className="grid gap-4 sm:grid-cols-2">
                <SwitchField
                  name="emitir_automaticamente"
                  label="Emitir automaticamente"
                  hint="Emite o MDF-e logo depois de «Faturar carga» autorizar as notas."
                />
                <SwitchField
                  name="exigir_intraestadual"
                  label="Exigir MDF-e em viagens dentro do estado"
                  hint="A carga só sai para entrega com o MDF-e autorizado, também dentro da UF — a maioria dos estados o exige para frota própria com várias NF-e. Em viagens interestaduais ele é sempre exigido."
                />
              </div>
              <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
                <TextField
                  name="serie"
                  label="Série"
                  required
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={999}
                />
                <SelectField
                  name="tp_emit"
                  label="Tipo de emitente"
                  required
                  className="lg:col-span-2"
                  options={[
                    { value: '2', label: '2 – Transportador de carga própria' },
                    { value: '1', label: '1 – Prestador de serviço de transporte' },
                  ]}
                />
                <TextField
                  name="rntrc"
                  label="RNTRC da empresa"
                  required={tpEmit === '1'}
                  inputMode="numeric"
                  maxLength={8}
                />
                <SelectField
                  name="tp_carga"
                  label="Tipo de carga"
                  required
                  className="sm:col-span-2"
                  options={TIPOS_CARGA_MDFE.map((t) => ({
                    value: t,
                    label: `${t} – ${tipoCargaMdfeLabels[t]}`,
                  }))}
                />
              </div>
              <fieldset className="grid gap-4">
                <legend className="mb-2 text-sm font-semibold text-muted-foreground">Seguro da carga</legend>
                <SwitchField name="tem_seguro" label="Informar o seguro da carga" />
                {temSeguro ? (
                  <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
                    <SelectField
                      name="seguro.respSeg"
                      label="Responsável pelo seguro"
                      required
                      className="sm:col-span-2"
                      options={[
                        { value: '1', label: '1 – Emitente do MDF-e' },
                        { value: '2', label: '2 – Contratante do transporte' },
                      ]}
                    />
                    {respSeg === '2' ? (
                      <TextField
                        name="seguro.responsavelDocumento"
                        label="CPF/CNPJ do responsável"
                        className="sm:col-span-2"
                      />
                    ) : null}
                    <TextField
                      name="seguro.seguradoraNome"
                      label="Seguradora"
                      maxLength={30}
                      className="sm:col-span-2"
                    />
                    <MaskedField name="seguro.seguradoraCnpj" label="CNPJ da seguradora" mask={maskCnpj} />
                    <TextField name="seguro.nApol" label="Apólice" maxLength={20} />
                    <TextareaField
                      name="seguro.nAver"
                      label="Averbações (uma por linha)"
                      rows={3}
                      className="sm:col-span-2 lg:col-span-4"
                    />
                  </div>
                ) : null}
              </fieldset>
              <div className="flex justify-end gap-2">
                <Button
                  type="button"
                  variant="outline"
                  disabled={!form.formState.isDirty || salvar.isPending}
                  onClick={() => dados.data && form.reset(paraFormulario(dados.data))}
                >
                  Descartar alterações
                </Button>
                <Button type="submit" disabled={salvar.isPending}>
                  {salvar.isPending ? <Spinner label="Salvando" /> : null}
                  Salvar MDF-e
                </Button>
              </div>
            </form>
          </FormProvider>
        ) : null}
      </CardContent>
    </Card>
  );
}
