import {
  AMBIENTES_NFE,
  ambienteLabels,
  type ConfiguracaoFiscalEntrada,
  type ConfiguracaoFiscalResposta,
  CRTS,
  configuracaoFiscalEntradaSchema,
  crtLabels,
  maskCep,
  maskCnpj,
  maskTelefone,
  REGIMES_PIS_COFINS,
  UFS,
} from '@erp/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { FormProvider, type Resolver, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import {
  FieldGroup,
  MaskedField,
  SelectField,
  SwitchField,
  TextareaField,
  TextField,
} from '@/components/forms/fields.tsx';
import { MunicipioPicker } from '@/components/forms/municipio-picker.tsx';
import { showSaveError } from '@/components/forms/server-errors.ts';
import { UnsavedChangesDialog, useUnsavedChanges } from '@/components/forms/unsaved-changes.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { ConfirmDialog } from '@/modules/usuarios/components/confirm-dialog.tsx';
import { useConfiguracaoFiscal, useSalvarConfiguracaoFiscal } from '../api/fiscal-api.ts';
import { CertificadoCard } from '../components/certificado-card.tsx';
import { MdfeConfiguracaoCard } from '../components/mdfe-configuracao-card.tsx';
import { PacoteSchemasCard } from '../components/pacote-schemas-card.tsx';
import { SeriesCard } from '../components/series-card.tsx';

// /configuracoes/fiscais (admin): the company as NF-e emitente, its address, the ambiente (produção only
// after an explicit confirmation), the tax regime the tax engine reads, the responsável técnico, the
// default informações complementares — one form, validated with the shared schema (the server uses the
// same); the séries and the A1 certificate in their own cards.

type Valores = {
  emitente: {
    cnpj: string;
    ie: string;
    im: string;
    cnae: string;
    crt: string;
    razao_social: string;
    fantasia: string;
    endereco: {
      logradouro: string;
      numero: string;
      complemento: string;
      bairro: string;
      codigo_municipio: string;
      municipio: string;
      uf: string;
      cep: string;
      telefone: string;
    };
  };
  ambiente: string;
  tem_responsavel: boolean;
  responsavel_tecnico: {
    cnpj: string;
    contato: string;
    email: string;
    fone: string;
    id_csrt: string;
    csrt: string;
  };
  informacoes_complementares: string;
  regime: { regime_pis_cofins: string; exclui_icms_base_pis_cofins: boolean };
};

const regimeLabels: Record<string, string> = { cumulativo: 'Cumulativo', nao_cumulativo: 'Não cumulativo' };

function paraFormulario(d: ConfiguracaoFiscalResposta): Valores {
  const e = d.emitente;
  const r = d.responsavel_tecnico;
  return {
    emitente: {
      cnpj: e ? maskCnpj(e.cnpj) : '',
      ie: e?.ie ?? '',
      im: e?.im ?? '',
      cnae: e?.cnae ?? '',
      crt: e?.crt ?? '3',
      razao_social: e?.razao_social ?? '',
      fantasia: e?.fantasia ?? '',
      endereco: {
        logradouro: e?.endereco.logradouro ?? '',
        numero: e?.endereco.numero ?? '',
        complemento: e?.endereco.complemento ?? '',
        bairro: e?.endereco.bairro ?? '',
        codigo_municipio: e?.endereco.codigo_municipio ?? '',
        municipio: e?.endereco.municipio ?? '',
        uf: e?.endereco.uf ?? 'SP',
        cep: e ? maskCep(e.endereco.cep) : '',
        telefone: e?.endereco.telefone ? maskTelefone(e.endereco.telefone) : '',
      },
    },
    ambiente: d.ambiente,
    tem_responsavel: r !== null,
    responsavel_tecnico: {
      cnpj: r ? maskCnpj(r.cnpj) : '',
      contato: r?.contato ?? '',
      email: r?.email ?? '',
      fone: r ? maskTelefone(r.fone) : '',
      id_csrt: r?.id_csrt ?? '',
      csrt: '',
    },
    informacoes_complementares: d.informacoes_complementares ?? '',
    regime: d.regime,
  };
}

/** The form's values as the API body (the responsável técnico is null when switched off). */
function paraEnvio(v: Valores, confirmarProducao: boolean): ConfiguracaoFiscalEntrada {
  return {
    emitente: v.emitente as ConfiguracaoFiscalEntrada['emitente'],
    ambiente: v.ambiente as ConfiguracaoFiscalEntrada['ambiente'],
    confirmar_producao: confirmarProducao || undefined,
    responsavel_tecnico: v.tem_responsavel ? v.responsavel_tecnico : null,
    informacoes_complementares: v.informacoes_complementares,
    regime: v.regime as ConfiguracaoFiscalEntrada['regime'],
  };
}

// the client checks the same schema the server does, on the API body built from the form
const schemaDoFormulario = configuracaoFiscalEntradaSchema;
const resolver: Resolver<Valores> = async (values, ctx, opts) => {
  const r = await (
    zodResolver(schemaDoFormulario as never) as unknown as Resolver<ConfiguracaoFiscalEntrada>
  )(paraEnvio(values, true), ctx, opts as never);
  return Object.keys(r.errors).length ? { values: {}, errors: r.errors as never } : { values, errors: {} };
};

function ConfiguracaoForm({ dados }: { dados: ConfiguracaoFiscalResposta }) {
  const salvar = useSalvarConfiguracaoFiscal();
  const form = useForm<Valores>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: paraFormulario(dados),
  });
  const [confirmaProducao, setConfirmaProducao] = useState<Valores | null>(null);
  const { isDirty, isSubmitting } = form.formState;
  const { blocker } = useUnsavedChanges(isDirty && !isSubmitting);
  const [ambiente, temResponsavel] = useWatch({
    control: form.control,
    name: ['ambiente', 'tem_responsavel'],
  });

  useEffect(() => form.reset(paraFormulario(dados)), [dados, form]);

  async function grava(v: Valores, confirmar: boolean) {
    try {
      const salvo = await salvar.mutateAsync(paraEnvio(v, confirmar));
      form.reset(paraFormulario(salvo));
      toast.success('Configurações fiscais salvas.');
    } catch (err) {
      // the API names nested fields as "emitente.endereco.cep": the form uses the same names
      showSaveError(form, err);
    }
  }

  const submit = form.handleSubmit(async (v) => {
    if (v.ambiente === 'producao' && dados.ambiente !== 'producao') {
      setConfirmaProducao(v);
      return;
    }
    await grava(v, false);
  });

  return (
    <FormProvider {...form}>
      <form
        onSubmit={submit}
        noValidate
        className="grid grid-cols-1 gap-6"
        aria-label="Configurações fiscais"
      >
        <Card>
          <CardHeader>
            <CardTitle>Emitente</CardTitle>
            <CardDescription>A empresa como emitente das notas fiscais.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            <FieldGroup title="Identificação">
              <MaskedField
                name="emitente.cnpj"
                label="CNPJ"
                required
                mask={maskCnpj}
                placeholder="00.000.000/0000-00"
                hint="Aceita o CNPJ alfanumérico"
              />
              <TextField
                name="emitente.razao_social"
                label="Razão social"
                required
                className="sm:col-span-2"
                maxLength={60}
              />
              <TextField name="emitente.fantasia" label="Nome fantasia" maxLength={60} />
              <TextField
                name="emitente.ie"
                label="Inscrição estadual"
                required
                hint='Da UF do endereço ou "ISENTO"'
                maxLength={20}
              />
              <TextField name="emitente.im" label="Inscrição municipal" maxLength={15} />
              <TextField
                name="emitente.cnae"
                label="CNAE"
                hint="7 dígitos; exige a inscrição municipal"
                maxLength={9}
              />
            </FieldGroup>
            <FieldGroup title="Endereço">
              <TextField
                name="emitente.endereco.logradouro"
                label="Logradouro"
                required
                className="sm:col-span-2"
                maxLength={60}
              />
              <TextField name="emitente.endereco.numero" label="Número" required maxLength={60} />
              <TextField name="emitente.endereco.complemento" label="Complemento" maxLength={60} />
              <TextField name="emitente.endereco.bairro" label="Bairro" required maxLength={60} />
              <MunicipioPicker prefix="emitente.endereco." required className="sm:col-span-2" />
              <SelectField
                name="emitente.endereco.uf"
                label="UF"
                required
                options={UFS.map((u) => ({ value: u, label: u }))}
              />
              <MaskedField
                name="emitente.endereco.cep"
                label="CEP"
                required
                mask={maskCep}
                placeholder="00000-000"
                inputMode="numeric"
              />
              <MaskedField
                name="emitente.endereco.telefone"
                label="Telefone"
                mask={maskTelefone}
                inputMode="tel"
              />
            </FieldGroup>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle className="flex flex-wrap items-center gap-2">
              Ambiente
              <Badge
                variant={dados.ambiente === 'producao' ? 'destructive' : 'secondary'}
                data-testid="ambiente-atual"
              >
                {ambienteLabels[dados.ambiente]}
              </Badge>
            </CardTitle>
            <CardDescription>
              Em homologação as notas não têm valor fiscal. Produção exige confirmação: as notas passam a
              valer.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <SelectField
              name="ambiente"
              label="Ambiente da NF-e"
              required
              options={AMBIENTES_NFE.map((a) => ({ value: a, label: ambienteLabels[a] }))}
            />
            {ambiente === 'producao' && dados.ambiente !== 'producao' ? (
              <p role="status" className="self-end text-sm text-warning">
                Ao salvar será pedida a confirmação da mudança para produção.
              </p>
            ) : null}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Regime tributário</CardTitle>
            <CardDescription>Usado pelo cálculo de impostos dos pedidos e das notas.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <SelectField
              name="emitente.crt"
              label="Regime tributário (CRT)"
              required
              options={CRTS.map((c) => ({ value: c, label: crtLabels[c] }))}
            />
            <SelectField
              name="regime.regime_pis_cofins"
              label="Regime de PIS/COFINS"
              required
              options={REGIMES_PIS_COFINS.map((r) => ({ value: r, label: regimeLabels[r] ?? r }))}
            />
            <SwitchField
              name="regime.exclui_icms_base_pis_cofins"
              label="Excluir o ICMS da base do PIS/COFINS"
            />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Responsável técnico</CardTitle>
            <CardDescription>
              Empresa responsável pelo sistema emissor (grupo infRespTec da NF-e).
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <SwitchField name="tem_responsavel" label="Informar o responsável técnico" />
            {temResponsavel ? (
              <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                <MaskedField name="responsavel_tecnico.cnpj" label="CNPJ" required mask={maskCnpj} />
                <TextField name="responsavel_tecnico.contato" label="Contato" required maxLength={60} />
                <TextField
                  name="responsavel_tecnico.email"
                  label="E-mail"
                  required
                  type="email"
                  maxLength={60}
                />
                <MaskedField
                  name="responsavel_tecnico.fone"
                  label="Telefone"
                  required
                  mask={maskTelefone}
                  inputMode="tel"
                />
                <TextField
                  name="responsavel_tecnico.id_csrt"
                  label="Identificador do CSRT (idCSRT)"
                  maxLength={2}
                  inputMode="numeric"
                />
                <TextField
                  name="responsavel_tecnico.csrt"
                  label="CSRT"
                  type="password"
                  autoComplete="off"
                  maxLength={36}
                  hint={
                    dados.responsavel_tecnico?.csrt_configurado
                      ? 'Configurado. Deixe em branco para manter.'
                      : 'Código de segurança fornecido pela SEFAZ (opcional)'
                  }
                />
              </div>
            ) : null}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Informações complementares</CardTitle>
            <CardDescription>
              Texto padrão do campo de informações complementares (infCpl) das notas.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <TextareaField
              name="informacoes_complementares"
              label="Informações complementares"
              rows={3}
              maxLength={5000}
            />
          </CardContent>
        </Card>

        <div className="sticky bottom-0 z-10 flex justify-end gap-2 border-t border-border bg-background/95 py-3">
          <Button
            type="button"
            variant="outline"
            disabled={!isDirty || isSubmitting}
            onClick={() => form.reset(paraFormulario(dados))}
          >
            Descartar alterações
          </Button>
          <Button type="submit" disabled={isSubmitting || salvar.isPending}>
            {isSubmitting || salvar.isPending ? <Spinner label="Salvando" /> : null}
            Salvar configurações
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirmaProducao !== null}
        onOpenChange={(o) => !o && setConfirmaProducao(null)}
        title="Mudar para o ambiente de produção?"
        description="As notas emitidas em produção têm valor fiscal e são transmitidas à SEFAZ de verdade. Confirme que o emitente, as séries e o certificado estão corretos."
        confirmLabel="Mudar para produção"
        destructive
        pending={salvar.isPending}
        onConfirm={async () => {
          const v = confirmaProducao;
          setConfirmaProducao(null);
          if (v) await grava(v, true);
        }}
      />
      <UnsavedChangesDialog
        open={blocker.state === 'blocked'}
        onStay={() => blocker.state === 'blocked' && blocker.reset()}
        onLeave={() => blocker.state === 'blocked' && blocker.proceed()}
      />
    </FormProvider>
  );
}

export function ConfiguracoesFiscaisPage() {
  const { data, isLoading, isError } = useConfiguracaoFiscal();
  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-1 gap-6">
      <PageHeader
        title="Configurações Fiscais"
        description="Emitente, ambiente, séries, certificado digital e demais parâmetros da emissão de NF-e."
      />
      {isLoading ? <Skeleton className="h-96 w-full" /> : null}
      {isError ? <p role="alert">Não foi possível carregar as configurações fiscais.</p> : null}
      {data ? (
        <>
          {!data.emitente ? (
            <p role="status" className="rounded-md border border-warning p-3 text-sm">
              O emitente ainda não foi configurado: preencha os dados da empresa e salve para emitir NF-e.
            </p>
          ) : null}
          <CertificadoCard />
          <SeriesCard />
          <PacoteSchemasCard />
          <ConfiguracaoForm dados={data} />
          <MdfeConfiguracaoCard />
        </>
      ) : null}
    </div>
  );
}
