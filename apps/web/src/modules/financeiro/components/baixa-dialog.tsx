import {
  baixaSchema,
  businessToday,
  Decimal,
  type EncargosBaixa,
  formatBRL,
  formatDateBR,
  parseDecimalBR,
  plural,
  principalDaBaixa,
  type TituloRow,
} from '@erp/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  DateField,
  DecimalField,
  decimalText,
  FieldGroup,
  SelectField,
  TextareaField,
} from '@/components/forms/fields.tsx';
import { RegisterFormDialog } from '@/components/forms/register-form-dialog.tsx';
import type { RecordForm } from '@/components/forms/use-record-form.ts';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { type TipoTituloApi, titulosApi } from '../api/financeiro-api.ts';
import { financeiroKeys } from '../api/keys.ts';
import { useContasOpcoes, useFormasOpcoes } from '../api/queries.ts';
import { tituloResumo } from './titulo-resumo.ts';

// Baixa of one título: the payment date (today to start), the account, the forma, and juros,
// multa and desconto as the server proposes them for that date (GET :id/encargos, the shared
// valorParaBaixa) — editable; the valor pago starts at what settles the título and may be less
// (a partial baixa). Under the fields, what the baixa extinguishes and the saldo left.

const dinheiro = (v: string) => decimalText(v, 'money');

function valoresDaBaixa(t: TituloRow, e: EncargosBaixa, data: string) {
  return {
    data_pagamento: data,
    conta_bancaria_id: t.conta_bancaria_id ?? '',
    forma_id: t.forma_id ?? '',
    valor_pago: dinheiro(e.total),
    juros: dinheiro(e.juros),
    multa: dinheiro(e.multa),
    desconto: dinheiro(e.desconto),
    observacao: '',
  };
}

export function BaixaDialog({
  tipo,
  titulo,
  onClose,
}: {
  tipo: TipoTituloApi;
  titulo: TituloRow;
  onClose(savedId?: string): void;
}) {
  const api = titulosApi(tipo);
  const qc = useQueryClient();
  const hoje = businessToday();
  const inicial = useQuery({
    queryKey: [...financeiroKeys.all, tipo, 'encargos', titulo.id, hoje],
    queryFn: () => api.encargos(titulo.id, hoje) as Promise<EncargosBaixa>,
    staleTime: 0,
    gcTime: 0,
  });
  const record: RecordForm = useMemo(
    () => ({
      values: inicial.data ? valoresDaBaixa(titulo, inicial.data, hoje) : null,
      loading: inicial.isPending,
      save: async (data: unknown) => {
        await api.baixar(titulo.id, data as never);
        await qc.invalidateQueries({ queryKey: financeiroKeys.all });
        return { id: titulo.id };
      },
      reload: async () => valoresDaBaixa(titulo, (await inicial.refetch()).data!, hoje),
    }),
    [inicial.data, inicial.isPending],
  );
  const acao = tipo === 'receber' ? 'recebimento' : 'pagamento';
  return (
    <RegisterFormDialog
      title={tipo === 'receber' ? 'Baixar título a receber' : 'Baixar título a pagar'}
      description={`${tituloResumo(titulo)} · vencimento ${formatDateBR(titulo.vencimento)} · saldo ${formatBRL(titulo.saldo)}`}
      schema={baixaSchema}
      record={record}
      onClose={onClose}
      successMessage="Baixa registrada com sucesso!"
      submitLabel="Registrar baixa"
      size="lg"
    >
      <FieldGroup title={`Dados do ${acao}`}>
        <DataPagamento tipo={tipo} titulo={titulo} />
        <ContaForma />
      </FieldGroup>
      <FieldGroup title="Valores">
        <DecimalField name="juros" label="Juros" kind="money" />
        <DecimalField name="multa" label="Multa" kind="money" />
        <DecimalField name="desconto" label="Desconto" kind="money" />
        <DecimalField name="valor_pago" label="Valor pago" required kind="money" />
        <Resumo titulo={titulo} />
        <TextareaField
          name="observacao"
          label="Observação"
          maxLength={500}
          className="sm:col-span-2 lg:col-span-4"
        />
      </FieldGroup>
    </RegisterFormDialog>
  );
}

/** The payment date; changing it asks the server for that date's juros, multa and desconto. */
function DataPagamento({ tipo, titulo }: { tipo: TipoTituloApi; titulo: TituloRow }) {
  const { setValue } = useFormContext();
  const data = (useWatch({ name: 'data_pagamento' }) as string) ?? '';
  const primeira = useRef(data);
  const valido = /^\d{4}-\d{2}-\d{2}$/.test(data) && data <= businessToday();
  const encargos = useQuery({
    queryKey: [...financeiroKeys.all, tipo, 'encargos', titulo.id, data],
    queryFn: () => titulosApi(tipo).encargos(titulo.id, data) as Promise<EncargosBaixa>,
    enabled: valido,
  });
  useEffect(() => {
    if (!encargos.data || data === primeira.current) return;
    primeira.current = data;
    const e = encargos.data;
    const opts = { shouldDirty: true };
    setValue('juros', dinheiro(e.juros), opts);
    setValue('multa', dinheiro(e.multa), opts);
    setValue('desconto', dinheiro(e.desconto), opts);
    setValue('valor_pago', dinheiro(e.total), opts);
  }, [encargos.data, data, setValue]);
  const e = encargos.data;
  return (
    <>
      <DateField name="data_pagamento" label="Data do pagamento" required max={businessToday()} />
      <div className="text-sm sm:col-span-2 lg:col-span-3" aria-live="polite" data-testid="encargos">
        {encargos.isFetching && !e ? (
          <Skeleton className="mt-6 h-4 w-64" />
        ) : e ? (
          <p className="mt-6 text-muted-foreground">
            {e.dias_atraso > 0
              ? `${plural(e.dias_atraso, 'dia', 'dias')} de atraso (juros sobre ${e.dias_juros}). `
              : 'Em dia. '}
            Total para quitar: <span className="font-medium text-foreground">{formatBRL(e.total)}</span>
          </p>
        ) : null}
      </div>
    </>
  );
}

function ContaForma() {
  const contas = useContasOpcoes();
  const formas = useFormasOpcoes();
  return (
    <>
      <SelectField
        name="conta_bancaria_id"
        label="Conta bancária"
        required
        emptyLabel="Selecione"
        className="sm:col-span-2"
        options={contas}
      />
      <SelectField
        name="forma_id"
        label="Forma"
        emptyLabel="Não informada"
        className="sm:col-span-2"
        options={formas}
      />
    </>
  );
}

/** What the baixa extinguishes (valor pago − juros − multa + desconto) and the saldo left. */
function Resumo({ titulo }: { titulo: TituloRow }) {
  const v = useWatch() as Record<string, string>;
  const lido = (k: string) => parseDecimalBR(v[k] || '0', 2);
  const campos = {
    valor_pago: lido('valor_pago'),
    juros: lido('juros'),
    multa: lido('multa'),
    desconto: lido('desconto'),
  };
  if (Object.values(campos).some((c) => c === null)) return null;
  const principal = principalDaBaixa(campos as Record<keyof typeof campos, string>);
  const resta = Decimal.of(titulo.saldo).minus(principal);
  return (
    <p className="text-sm sm:col-span-2 lg:col-span-4" data-testid="resumo-baixa">
      Abate do saldo: <span className="font-medium tabular-nums">{formatBRL(principal.toFixed(2))}</span>
      {' · '}
      {resta.isNegative() ? (
        <span className="text-destructive">excede o saldo de {formatBRL(titulo.saldo)}</span>
      ) : resta.isZero() ? (
        <span>quita o título</span>
      ) : (
        <span>
          baixa parcial, restará{' '}
          <span className="font-medium tabular-nums">{formatBRL(resta.toFixed(2))}</span>
        </span>
      )}
    </p>
  );
}
