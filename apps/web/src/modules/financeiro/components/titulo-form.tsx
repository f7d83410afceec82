import {
  businessToday,
  type CondicaoPagamentoRow,
  Decimal,
  FINANCEIRO_PADROES,
  formatBRL,
  formatDecimalBR,
  parseDecimalBR,
  ratearCentros,
  type TituloRow,
  tituloCreateSchema,
  tituloUpdateSchema,
} from '@erp/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import {
  DateField,
  DecimalField,
  decimalText,
  FieldGroup,
  SelectField,
  TextareaField,
  TextField,
  useFieldError,
} from '@/components/forms/fields.tsx';
import { RegisterFormDialog } from '@/components/forms/register-form-dialog.tsx';
import type { RecordForm } from '@/components/forms/use-record-form.ts';
import { Button } from '@/components/ui/button.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { type TipoTituloApi, titulosApi } from '../api/financeiro-api.ts';
import { financeiroKeys } from '../api/keys.ts';
import {
  useCentrosOpcoes,
  useClassesOpcoes,
  useCondicoesOpcoes,
  useConfiguracoesFinanceiro,
  useContasOpcoes,
  useFormasOpcoes,
} from '../api/queries.ts';
import { previewParcelas } from './parcelas-preview.ts';
import { ParcelasPreviewTable } from './parcelas-preview-table.tsx';
import { PessoaBusca, type PessoaOpcao } from './pessoa-busca.tsx';
import { tituloResumo } from './titulo-resumo.ts';

// The título form ("Novo título" and "Editar"): pessoa (cliente for a receivable, fornecedor for a
// payable), valor, a single vencimento or a condição de pagamento with the live instalment preview
// (the shared gerarParcelas), classe, centro or rateio (% adding up to 100, each centre's value to
// the cent by the shared ratearCentros), forma, conta prevista, juros/multa (empty: the settings'
// defaults) and desconto. Posted as the shared tituloCreateSchema / tituloUpdateSchema.

const pct = (v: string | null | undefined) => (v ? formatDecimalBR(v, 0) : '');

function valoresIniciais(tipo: TipoTituloApi, row: TituloRow | null) {
  return {
    ...(row ? { versao: row.versao } : { tipo, origem: 'manual' }),
    cliente_id: row?.cliente_id ?? '',
    fornecedor_id: row?.fornecedor_id ?? '',
    documento: row?.documento ?? '',
    descricao: row?.descricao ?? '',
    emissao: row?.emissao ?? businessToday(),
    valor: row ? decimalText(row.valor, 'money') : '',
    vencimento: row?.vencimento ?? '',
    condicao_pagamento_id: '',
    classe_financeira_id: row?.classe_financeira_id ?? '',
    centro_custo_id: row?.centro_custo_id ?? '',
    rateio: (row?.rateio ?? []).map((r) => ({
      centro_custo_id: r.centro_custo_id,
      percentual: pct(r.percentual),
    })),
    forma_id: row?.forma_id ?? '',
    conta_bancaria_id: row?.conta_bancaria_id ?? '',
    juros_mes_percentual: row ? pct(row.juros_mes_percentual) : '',
    multa_percentual: row ? pct(row.multa_percentual) : '',
    desconto_valor: row?.desconto_valor ? decimalText(row.desconto_valor, 'money') : '',
    desconto_ate: row?.desconto_ate ?? '',
    observacoes: row?.observacoes ?? '',
  };
}

export function TituloForm({
  tipo,
  titulo,
  onClose,
}: {
  tipo: TipoTituloApi;
  /** the título being edited; null for a new one */
  titulo: TituloRow | null;
  onClose(savedId?: string): void;
}) {
  const qc = useQueryClient();
  const api = titulosApi(tipo);
  const record: RecordForm = useMemo(() => {
    const values = valoresIniciais(tipo, titulo);
    return {
      values,
      loading: false,
      save: async (data: unknown) => {
        const salvo = titulo
          ? ((await api.update(titulo.id, data)) as TituloRow)
          : ((await api.create(data as never)) as TituloRow[])[0]!;
        await qc.invalidateQueries({ queryKey: financeiroKeys.all });
        return { id: salvo.id };
      },
      reload: async () => valoresIniciais(tipo, titulo ? ((await api.get(titulo.id)) as TituloRow) : null),
    };
  }, [tipo, titulo]);
  const pessoa = tipo === 'receber' ? 'Cliente' : 'Fornecedor';
  return (
    <RegisterFormDialog
      title={titulo ? `Editar título a ${tipo}` : `Novo título a ${tipo}`}
      description={
        titulo
          ? tituloResumo(titulo)
          : 'Um vencimento único ou as parcelas de uma condição de pagamento a partir da emissão.'
      }
      schema={titulo ? tituloUpdateSchema : tituloCreateSchema}
      record={record}
      onClose={onClose}
      successMessage={titulo ? 'Título atualizado com sucesso!' : 'Título cadastrado com sucesso!'}
      size="lg"
    >
      <FieldGroup title="Título">
        {titulo ? (
          <FormField label={pessoa} className="sm:col-span-2">
            <p className="py-2 text-sm">{titulo.pessoa_nome}</p>
          </FormField>
        ) : (
          <PessoaCampo tipo={tipo} />
        )}
        <TextField name="documento" label="Documento" maxLength={60} />
        <DateField name="emissao" label="Emissão" required />
        <TextField name="descricao" label="Descrição" required maxLength={200} className="sm:col-span-2" />
        <DecimalField name="valor" label="Valor" required kind="money" />
      </FieldGroup>
      <Vencimentos tipo={tipo} editando={Boolean(titulo)} />
      <FieldGroup title="Classificação">
        <ClassificacaoCampos tipo={tipo} />
      </FieldGroup>
      <FieldGroup title="Encargos e desconto">
        <Encargos />
        <Desconto />
        <TextareaField
          name="observacoes"
          label="Observações"
          maxLength={2000}
          className="sm:col-span-2 lg:col-span-4"
        />
      </FieldGroup>
    </RegisterFormDialog>
  );
}

/** Juros and multa of the título; empty takes the settings' default (shown in the hint). */
function Encargos() {
  const padroes = useConfiguracoesFinanceiro() ?? FINANCEIRO_PADROES;
  return (
    <>
      <DecimalField
        name="juros_mes_percentual"
        label="Juros de mora (% a.m.)"
        kind="percent"
        hint={`Vazio: o padrão (${formatDecimalBR(padroes.juros_mes_percentual, 0)} % a.m.)`}
      />
      <DecimalField
        name="multa_percentual"
        label="Multa (%)"
        kind="percent"
        hint={`Vazio: o padrão (${formatDecimalBR(padroes.multa_percentual, 0)} %)`}
      />
    </>
  );
}

function PessoaCampo({ tipo }: { tipo: TipoTituloApi }) {
  const { control } = useFormContext();
  const name = tipo === 'receber' ? 'cliente_id' : 'fornecedor_id';
  const error = useFieldError(name);
  const [pessoa, setPessoa] = useState<PessoaOpcao | null>(null);
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <FormField
          label={tipo === 'receber' ? 'Cliente' : 'Fornecedor'}
          required
          error={error}
          className="sm:col-span-2"
        >
          <PessoaBusca
            tipo={tipo}
            ref={field.ref}
            name={field.name}
            selecionada={pessoa}
            onPick={(p) => {
              setPessoa(p);
              field.onChange(p?.id ?? '');
            }}
            onBlur={field.onBlur}
          />
        </FormField>
      )}
    />
  );
}

/** A single vencimento, or a condição whose instalments preview live from the emissão. */
function Vencimentos({ tipo, editando }: { tipo: TipoTituloApi; editando: boolean }) {
  const { setValue } = useFormContext();
  const condicoes = useCondicoesOpcoes();
  const condicaoId = (useWatch({ name: 'condicao_pagamento_id' }) as string) ?? '';
  const valor = (useWatch({ name: 'valor' }) as string) ?? '';
  const emissao = (useWatch({ name: 'emissao' }) as string) ?? '';
  const condicao = condicoes.find((c) => c.id === condicaoId) as CondicaoPagamentoRow | undefined;
  return (
    <FieldGroup title="Vencimento">
      {editando ? null : (
        <SelectField
          name="condicao_pagamento_id"
          label="Condição de pagamento"
          emptyLabel="Vencimento único"
          className="sm:col-span-2"
          options={condicoes.map((c) => ({ value: c.id, label: `${c.nome} (${c.descricao})` }))}
          onValueChange={(v) => {
            if (v) {
              setValue('vencimento', '');
              setValue('desconto_valor', '');
              setValue('desconto_ate', '');
            }
          }}
        />
      )}
      {condicaoId ? null : (
        <DateField name="vencimento" label="Vencimento" required min={emissao || undefined} />
      )}
      {condicao ? (
        <div className="sm:col-span-2 lg:col-span-4">
          <ParcelasPreviewTable
            preview={previewParcelas(
              { tipo: 'dias', dias: condicao.dias, entrada_percentual: condicao.entrada_percentual },
              valor,
              emissao,
            )}
            titulo={`Parcelas a ${tipo}`}
          />
        </div>
      ) : null}
    </FieldGroup>
  );
}

function ClassificacaoCampos({ tipo }: { tipo: TipoTituloApi }) {
  const { setValue, getValues } = useFormContext();
  const classes = useClassesOpcoes(tipo);
  const centros = useCentrosOpcoes();
  const formas = useFormasOpcoes();
  const contas = useContasOpcoes();
  const [rateio, setRateio] = useState(() => ((getValues('rateio') as unknown[]) ?? []).length > 0);
  return (
    <>
      <SelectField
        name="classe_financeira_id"
        label="Classe financeira"
        required
        emptyLabel="Selecione"
        className="sm:col-span-2"
        options={classes}
      />
      {rateio ? null : (
        <SelectField
          name="centro_custo_id"
          label="Centro de custo"
          emptyLabel="Sem centro de custo"
          className="sm:col-span-2"
          options={centros}
        />
      )}
      <FormField label="Ratear entre centros de custo" className="sm:col-span-2 lg:col-span-4">
        <Switch
          checked={rateio}
          aria-label="Ratear entre centros de custo"
          onCheckedChange={(on) => {
            setRateio(on);
            if (on) {
              setValue('centro_custo_id', '');
              setValue('rateio', [
                { centro_custo_id: '', percentual: '50' },
                { centro_custo_id: '', percentual: '50' },
              ]);
            } else setValue('rateio', [], { shouldDirty: true });
          }}
        />
      </FormField>
      {rateio ? <Rateio centros={centros} /> : null}
      <SelectField name="forma_id" label="Forma" emptyLabel="Não informada" options={formas} />
      <SelectField
        name="conta_bancaria_id"
        label="Conta bancária prevista"
        emptyLabel="Não informada"
        options={contas}
      />
    </>
  );
}

/** The rateio lines: centro, % (4 decimals) and its value to the cent (ratearCentros), the sum. */
function Rateio({ centros }: { centros: { value: string; label: string }[] }) {
  const { fields, append, remove } = useFieldArray({ name: 'rateio' });
  const linhas = (useWatch({ name: 'rateio' }) as { centro_custo_id: string; percentual: string }[]) ?? [];
  const valor = parseDecimalBR((useWatch({ name: 'valor' }) as string) ?? '', 2);
  const erro = useFieldError('rateio');
  const percentuais = linhas.map((l) => parseDecimalBR(l.percentual ?? '', 4));
  const soma = percentuais.every((p) => p !== null) ? Decimal.sum(percentuais as string[]) : null;
  const partes =
    valor && soma
      ? ratearCentros(
          valor,
          linhas.map((l, i) => ({
            centro_custo_id: l.centro_custo_id || `linha-${i}`,
            percentual: percentuais[i]!,
          })),
        )
      : null;
  return (
    <fieldset className="grid gap-2 sm:col-span-2 lg:col-span-4" aria-label="Rateio">
      {fields.map((f, i) => (
        <div
          key={f.id}
          className="grid grid-cols-[1fr_7rem_auto] items-start gap-2 sm:grid-cols-[1fr_8rem_8rem_auto]"
        >
          <SelectField
            name={`rateio.${i}.centro_custo_id`}
            label={`Centro ${i + 1}`}
            emptyLabel="Selecione"
            options={centros}
          />
          <DecimalField name={`rateio.${i}.percentual`} label="Percentual" kind="percent" places={4} />
          <FormField label="Valor" className="hidden sm:grid">
            <p className="py-2 text-right text-sm tabular-nums" data-testid="rateio-valor">
              {partes?.ok && partes.partes[i] ? formatBRL(partes.partes[i].valor) : '—'}
            </p>
          </FormField>
          <Button
            type="button"
            size="icon"
            variant="ghost"
            className="mt-6"
            aria-label={`Remover centro ${i + 1}`}
            disabled={fields.length <= 1}
            onClick={() => remove(i)}
          >
            <Trash2 aria-hidden />
          </Button>
          {partes?.ok && partes.partes[i] ? (
            <p className="col-span-3 -mt-1 text-right text-xs text-muted-foreground tabular-nums sm:hidden">
              Valor: {formatBRL(partes.partes[i].valor)}
            </p>
          ) : null}
        </div>
      ))}
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => append({ centro_custo_id: '', percentual: '' })}
        >
          <Plus aria-hidden />
          Adicionar centro
        </Button>
        <span className={soma && !soma.eq(100) ? 'text-destructive' : 'text-muted-foreground'}>
          Soma: {soma ? `${formatDecimalBR(soma.toString(), 0)} %` : '—'}
        </span>
      </div>
      {erro ? (
        <p role="alert" className="text-sm text-destructive">
          {erro}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Desconto (R$) até uma data: only on a título with a single vencimento. */
function Desconto() {
  const condicaoId = (useWatch({ name: 'condicao_pagamento_id' }) as string) ?? '';
  if (condicaoId) return null;
  return (
    <>
      <DecimalField name="desconto_valor" label="Desconto" kind="money" />
      <DateField name="desconto_ate" label="Desconto até" />
    </>
  );
}
