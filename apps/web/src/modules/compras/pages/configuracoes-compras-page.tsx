import { configuracaoComprasSchema, PAPEIS_APROVADORES_COMPRAS, type Role, roleLabels } from '@erp/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ClipboardCheck, Lightbulb, PackageCheck } from 'lucide-react';
import { useEffect, useId } from 'react';
import { Controller, FormProvider, useForm, useFormContext } from 'react-hook-form';
import { toast } from 'sonner';
import { DecimalField, decimalText, TextField, useFieldError } from '@/components/forms/fields.tsx';
import { showSaveError } from '@/components/forms/server-errors.ts';
import { UnsavedChangesDialog, useUnsavedChanges } from '@/components/forms/unsaved-changes.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { Label } from '@/components/ui/label.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { type ConfiguracaoComprasResposta, comprasApi, comprasKeys } from '../api/compras-api.ts';

// /configuracoes/compras (admin): the company's purchase settings — the approval limit and the roles
// that approve above it, the receipt-vs-order tolerances, and the purchase suggestion's defaults
// (lead time of a supplier without one, coverage and safety days). One form, one PUT
// /api/compras/configuracao, validated with the shared schema the server uses.

type Valores = {
  limite_aprovacao: string;
  papeis_aprovadores: Role[];
  tolerancia_quantidade_percentual: string;
  tolerancia_preco_percentual: string;
  prazo_padrao_dias: string;
  dias_cobertura: string;
  dias_seguranca: string;
};

const paraFormulario = (c: ConfiguracaoComprasResposta): Valores => ({
  limite_aprovacao: decimalText(c.limite_aprovacao, 'money'),
  papeis_aprovadores: c.papeis_aprovadores as Role[],
  tolerancia_quantidade_percentual: decimalText(c.tolerancia_quantidade_percentual, 'percent'),
  tolerancia_preco_percentual: decimalText(c.tolerancia_preco_percentual, 'percent'),
  prazo_padrao_dias: String(c.prazo_padrao_dias),
  dias_cobertura: String(c.dias_cobertura),
  dias_seguranca: String(c.dias_seguranca),
});

const papelDica: Partial<Record<Role, string>> = {
  financeiro: 'O gestor financeiro aprova o que compromete o caixa.',
  estoque: 'Os compradores aprovam os próprios pedidos.',
  comercial: 'A área comercial aprova as compras.',
};

function PapeisAprovadoresField() {
  const { control } = useFormContext<Valores>();
  const id = useId();
  const erro = useFieldError('papeis_aprovadores');
  return (
    <Controller
      name="papeis_aprovadores"
      control={control}
      render={({ field }) => (
        <fieldset className="grid gap-2" aria-describedby={erro ? `${id}-erro` : `${id}-dica`}>
          <legend className="mb-1 text-sm font-medium">Papéis que aprovam compras acima do limite</legend>
          <p id={`${id}-dica`} className="text-xs text-muted-foreground">
            O administrador sempre aprova. Marque os papéis que também podem aprovar.
          </p>
          {PAPEIS_APROVADORES_COMPRAS.map((papel) => {
            const r = papel as Role;
            const marcado = field.value.includes(r);
            return (
              <div key={r} className="flex items-start gap-2.5">
                <Checkbox
                  id={`${id}-${r}`}
                  checked={marcado}
                  onCheckedChange={(on) =>
                    field.onChange(on ? [...field.value, r] : field.value.filter((p) => p !== r))
                  }
                  onBlur={field.onBlur}
                  className="mt-0.5"
                />
                <div className="grid gap-0.5">
                  <Label htmlFor={`${id}-${r}`}>{roleLabels[r]}</Label>
                  {papelDica[r] ? (
                    <span className="text-xs text-muted-foreground">{papelDica[r]}</span>
                  ) : null}
                </div>
              </div>
            );
          })}
          {erro ? (
            <p id={`${id}-erro`} role="alert" className="text-xs font-medium text-destructive">
              {erro}
            </p>
          ) : null}
        </fieldset>
      )}
    />
  );
}

function Secao({
  icone: Icone,
  titulo,
  descricao,
  children,
}: {
  icone: typeof Lightbulb;
  titulo: string;
  descricao: string;
  children: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Icone className="size-5" aria-hidden /> {titulo}
        </CardTitle>
        <CardDescription>{descricao}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function Formulario({ dados }: { dados: ConfiguracaoComprasResposta }) {
  const qc = useQueryClient();
  const form = useForm<Valores>({ defaultValues: paraFormulario(dados) });
  const { isDirty } = form.formState;
  const salvar = useMutation({
    mutationFn: comprasApi.salvaConfiguracao,
    onSuccess: (salvo) => {
      qc.setQueryData(comprasKeys.configuracao, salvo);
      form.reset(paraFormulario(salvo));
      toast.success('Configurações de compras salvas.');
    },
    onError: (err) => showSaveError(form, err),
  });
  const { blocker } = useUnsavedChanges(isDirty && !salvar.isPending);
  useEffect(() => {
    form.reset(paraFormulario(dados));
  }, [dados, form]);

  const submit = form.handleSubmit((v) => {
    const r = configuracaoComprasSchema.safeParse(v);
    if (!r.success) {
      let primeiro = true;
      for (const i of r.error.issues) {
        form.setError(String(i.path[0]) as keyof Valores, { message: i.message }, { shouldFocus: primeiro });
        primeiro = false;
      }
      return;
    }
    // the texts as typed: the server parses them with the same schema (pt-BR decimals)
    salvar.mutate(v);
  });

  return (
    <FormProvider {...form}>
      <UnsavedChangesDialog
        open={blocker.state === 'blocked'}
        onStay={() => blocker.state === 'blocked' && blocker.reset()}
        onLeave={() => blocker.state === 'blocked' && blocker.proceed()}
      />
      <form onSubmit={submit} noValidate aria-label="Configurações de compras" className="grid gap-6">
        <Secao
          icone={ClipboardCheck}
          titulo="Aprovação de pedidos"
          descricao="Pedidos de compra com valor total acima do limite só são enviados depois de aprovados."
        >
          <div className="grid gap-6 md:grid-cols-2">
            <DecimalField
              name="limite_aprovacao"
              label="Limite de aprovação"
              kind="money"
              required
              hint="Até este valor o próprio comprador aprova (ou envia direto)."
            />
            <PapeisAprovadoresField />
          </div>
        </Secao>
        <Secao
          icone={PackageCheck}
          titulo="Recebimento contra o pedido"
          descricao="Diferenças entre a nota do fornecedor e o pedido além destas tolerâncias exigem justificativa para lançar a entrada."
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <DecimalField
              name="tolerancia_quantidade_percentual"
              label="Tolerância de quantidade"
              kind="percent"
              required
              hint="Quanto a nota pode trazer acima do pedido. 0 %: todo excesso é justificado."
            />
            <DecimalField
              name="tolerancia_preco_percentual"
              label="Tolerância de preço"
              kind="percent"
              required
              hint="Diferença aceita no preço unitário, para mais ou para menos."
            />
          </div>
        </Secao>
        <Secao
          icone={Lightbulb}
          titulo="Sugestão de compra"
          descricao="Padrões da empresa para a sugestão: quantidade sugerida = demanda diária × (prazo + cobertura + segurança) − posição."
        >
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField
              name="prazo_padrao_dias"
              label="Prazo de entrega padrão (dias)"
              required
              inputMode="numeric"
              hint="Usado para o fornecedor (e o produto) sem prazo de entrega no cadastro."
            />
            <TextField
              name="dias_cobertura"
              label="Dias de cobertura"
              required
              inputMode="numeric"
              hint="Quantos dias de venda o pedido deve cobrir depois de chegar."
            />
            <TextField
              name="dias_seguranca"
              label="Dias de segurança"
              required
              inputMode="numeric"
              hint="Margem para atrasos e picos de venda."
            />
          </div>
        </Secao>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            type="button"
            variant="outline"
            disabled={!isDirty || salvar.isPending}
            onClick={() => form.reset(paraFormulario(dados))}
          >
            Descartar alterações
          </Button>
          <Button type="submit" disabled={salvar.isPending}>
            {salvar.isPending ? <Spinner label="Salvando" /> : null}
            Salvar configurações
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}

export function ConfiguracoesComprasPage() {
  const dados = useQuery({ queryKey: comprasKeys.configuracao, queryFn: comprasApi.configuracao });
  return (
    <>
      <PageHeader
        title="Configurações de Compras"
        description="Aprovação dos pedidos de compra, tolerâncias do recebimento e padrões da sugestão de compra."
      />
      {dados.isLoading ? <Skeleton className="h-96 w-full" /> : null}
      {dados.isError ? <p role="alert">Não foi possível carregar as configurações de compras.</p> : null}
      {dados.data ? <Formulario dados={dados.data} /> : null}
    </>
  );
}
