import {
  FILTROS_VENCIMENTO,
  filtroVencimentoLabels,
  formatDateBR,
  type LoteRow,
  loteCreateSchema,
  loteUpdateSchema,
} from '@erp/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import type { Column } from '@/components/data-table/data-table.tsx';
import { FilterSelect } from '@/components/data-table/filter-select.tsx';
import { type RegisterApi, RegisterPage } from '@/components/data-table/register-page.tsx';
import { DateField, FieldGroup, TextField, useFieldError } from '@/components/forms/fields.tsx';
import { RegisterFormDialog } from '@/components/forms/register-form-dialog.tsx';
import { useRecordForm } from '@/components/forms/use-record-form.ts';
import { FormField } from '@/components/ui/form-field.tsx';
import { useListState } from '@/lib/list-state.ts';
import { lotesApi } from '../api/estoque-api.ts';
import { estoqueKeys } from '../api/keys.ts';
import { useOpcoesEstoque } from '../api/queries.ts';
import { formatQtd } from '../components/formato.ts';
import { ProdutoBusca } from '../components/pickers.tsx';
import { ValidadeBadge } from '../components/validade-badge.tsx';

// Lotes (/estoque/lotes): the lots of the products that control "lote e validade", their validade
// with the "Vencido" / "Vence em N dias" badges and their quantity per location (from the ledger's
// balances); filters by expiry (vencidos, 30/60/90 dias) and location.

type Linha = LoteRow & { ativo: boolean };
const api = lotesApi as unknown as RegisterApi<Linha>;
const queryKey = estoqueKeys.registro('lotes');

const columns: Column<Linha>[] = [
  {
    key: 'produto',
    header: 'Produto',
    sortKey: 'produto',
    className: 'min-w-56',
    card: 'title',
    cell: (r) => (
      <div>
        <div className="font-medium">{r.produto_nome}</div>
        <div className="font-mono text-xs text-muted-foreground">{r.produto_codigo}</div>
      </div>
    ),
  },
  {
    key: 'numero',
    header: 'Lote',
    sortKey: 'numero',
    className: 'whitespace-nowrap',
    cell: (r) => <span className="font-medium">{r.numero}</span>,
  },
  {
    key: 'fabricacao',
    header: 'Fabricação',
    className: 'whitespace-nowrap',
    cell: (r) => (r.fabricacao ? formatDateBR(r.fabricacao) : '—'),
  },
  {
    key: 'validade',
    header: 'Validade',
    sortKey: 'validade',
    className: 'whitespace-nowrap',
    cell: (r) => formatDateBR(r.validade),
  },
  {
    key: 'situacao',
    header: 'Situação',
    card: 'badge',
    cell: (r) => <ValidadeBadge validade={r.validade} />,
  },
  {
    key: 'saldo',
    header: 'Saldo',
    className: 'text-right whitespace-nowrap tabular-nums',
    cell: (r) => formatQtd(r.saldo),
  },
  {
    key: 'locais',
    header: 'Por local',
    cell: (r) =>
      r.locais.length ? (
        <ul className="grid gap-0.5 text-sm">
          {r.locais.map((l) => (
            <li key={l.local_id} className="whitespace-nowrap">
              {l.local_nome}: <span className="tabular-nums">{formatQtd(l.saldo)}</span>
            </li>
          ))}
        </ul>
      ) : (
        '—'
      ),
  },
];

export function LotesPage() {
  const state = useListState({ defaultSort: 'validade', filterKeys: ['vencimento', 'local_id'] });
  const locais = useOpcoesEstoque('locais');
  return (
    <RegisterPage
      title="Lotes"
      description="Lotes e validades dos produtos que controlam lote, com a quantidade em cada local."
      queryKey={queryKey}
      api={api}
      state={state}
      columns={columns}
      searchPlaceholder="Buscar por lote, produto ou código"
      newLabel="Novo lote"
      rowLabel={(r) => `lote ${r.numero} de ${r.produto_nome}`}
      exportBase="lotes"
      filters={
        <>
          <FilterSelect
            label="Vencimento"
            value={state.filters.vencimento}
            options={FILTROS_VENCIMENTO.map((f) => ({ value: f, label: filtroVencimentoLabels[f] }))}
            onChange={(v) => state.setFilter('vencimento', v)}
          />
          <FilterSelect
            label="Local"
            value={state.filters.local_id}
            options={locais.map((l) => ({ value: l.id, label: l.ativo ? l.nome : `${l.nome} (inativo)` }))}
            onChange={(v) => state.setFilter('local_id', v)}
          />
        </>
      }
      renderForm={(id, close) => <LoteForm id={id} onClose={close} />}
    />
  );
}

function toValues(row: LoteRow | null) {
  return {
    produto_id: row?.produto_id ?? '',
    numero: row?.numero ?? '',
    fabricacao: row?.fabricacao ?? '',
    validade: row?.validade ?? '',
    ...(row ? { versao: row.versao } : {}),
  };
}

function LoteForm({ id, onClose }: { id: string | null; onClose(savedId?: string): void }) {
  const form = useRecordForm({
    queryKey,
    id,
    api: lotesApi as never as {
      get(id: string): Promise<LoteRow>;
      create(i: never): Promise<LoteRow>;
      update(id: string, i: never): Promise<LoteRow>;
    },
    toValues,
  });
  const record = useQuery({
    queryKey: [...queryKey, 'get', id],
    queryFn: () => lotesApi.get(id!),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
  }).data;
  return (
    <RegisterFormDialog
      title={id ? 'Editar lote' : 'Novo lote'}
      schema={id ? loteUpdateSchema : loteCreateSchema}
      record={form}
      onClose={onClose}
      successMessage={id ? 'Lote atualizado com sucesso!' : 'Lote cadastrado com sucesso!'}
    >
      <FieldGroup title="Lote">
        <LoteProduto inicial={record ? { codigo: record.produto_codigo, nome: record.produto_nome } : null} />
        <TextField name="numero" label="Número do lote" required maxLength={30} autoComplete="off" />
        <DateField name="fabricacao" label="Fabricação" />
        <DateField name="validade" label="Validade" required />
      </FieldGroup>
    </RegisterFormDialog>
  );
}

function LoteProduto({ inicial }: { inicial: { codigo: string; nome: string } | null }) {
  const { control } = useFormContext();
  const error = useFieldError('produto_id');
  const [escolhido, setEscolhido] = useState<{ codigo: string; nome: string } | null>(null);
  return (
    <Controller
      name="produto_id"
      control={control}
      render={({ field }) => (
        <FormField
          label="Produto"
          required
          error={error}
          className="sm:col-span-2 lg:col-span-4"
          hint="Produtos que controlam lote e validade"
        >
          <ProdutoBusca
            ref={field.ref}
            name={field.name}
            value={field.value ? (escolhido ?? inicial) : null}
            onPick={(p) => {
              setEscolhido(p);
              field.onChange(p?.id ?? '');
            }}
          />
        </FormField>
      )}
    />
  );
}
