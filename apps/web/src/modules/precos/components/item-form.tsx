import {
  type ItemTabelaPrecoRow,
  itemComProdutoSchema,
  itemTabelaPrecoSchema,
  MAX_FAIXAS,
  REGRAS_PRECO,
  regraPrecoLabels,
  TIPOS_FAIXA,
  tipoFaixaLabels,
} from '@erp/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import {
  DecimalField,
  decimalText,
  FieldGroup,
  SelectField,
  useFieldError,
} from '@/components/forms/fields.tsx';
import { RegisterFormDialog } from '@/components/forms/register-form-dialog.tsx';
import type { RecordForm } from '@/components/forms/use-record-form.ts';
import { Button } from '@/components/ui/button.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { ProdutoBusca, type ProdutoOpcao, produtoLabel } from '@/modules/estoque/components/pickers.tsx';
import { precosKeys } from '../api/keys.ts';
import { itensTabelaApi } from '../api/precos-api.ts';

// A product's line in a table: a fixed price or a rule (% over the custo médio, % over or under
// the sale price), the preço mínimo and up to five quantity breaks (from a quantity on: a price,
// or a % off). New: the product is searched; editing: the product is fixed (it is the line's key).

type FaixaValores = { quantidade_minima: string; tipo: string; valor: string };
type Valores = {
  produto_id: string;
  regra: string;
  valor: string;
  preco_minimo: string;
  faixas: FaixaValores[];
};

function toValues(row: ItemTabelaPrecoRow | null): Valores {
  const percentual = row !== null && row.regra !== 'preco_fixo';
  return {
    produto_id: row?.produto_id ?? '',
    regra: row?.regra ?? 'preco_fixo',
    valor: row ? decimalText(row.valor, percentual ? 'percent' : 'money') : '',
    preco_minimo: row?.preco_minimo ? decimalText(row.preco_minimo, 'money') : '',
    faixas: (row?.faixas ?? []).map((f) => ({
      quantidade_minima: decimalText(f.quantidade_minima, 'quantity'),
      tipo: f.tipo,
      valor: decimalText(f.valor, f.tipo === 'preco' ? 'money' : 'percent'),
    })),
  };
}

export function ItemForm({
  tabelaId,
  produtoId,
  onClose,
}: {
  tabelaId: string;
  /** null: a new item */
  produtoId: string | null;
  onClose(savedId?: string): void;
}) {
  const qc = useQueryClient();
  const lido = useQuery({
    queryKey: precosKeys.item(tabelaId, produtoId ?? ''),
    queryFn: () => itensTabelaApi.get(tabelaId, produtoId!),
    enabled: produtoId !== null,
    staleTime: 0,
    gcTime: 0,
  });
  const [produto, setProduto] = useState<ProdutoOpcao | null>(null);
  const record = useMemo<RecordForm<Valores>>(
    () => ({
      values: produtoId === null ? toValues(null) : lido.data ? toValues(lido.data) : null,
      loading: produtoId !== null && lido.isLoading,
      save: async (data) => {
        const d = data as Valores;
        const salvo = await itensTabelaApi.save(tabelaId, produtoId ?? d.produto_id, data as never);
        await qc.invalidateQueries({ queryKey: precosKeys.all });
        return { id: salvo.produto_id };
      },
      reload: async () => toValues((await lido.refetch()).data ?? null),
    }),
    [tabelaId, produtoId, lido.data, lido.isLoading, qc],
  );
  const unidade = lido.data?.produto_unidade ?? produto?.unidade;
  return (
    <RegisterFormDialog
      title={produtoId ? 'Editar preço do produto' : 'Novo produto na tabela'}
      description="Um preço fixo ou uma regra, o preço mínimo e as faixas de quantidade."
      schema={produtoId ? itemTabelaPrecoSchema : itemComProdutoSchema}
      record={record}
      onClose={onClose}
      successMessage="Preço salvo com sucesso!"
      size="lg"
    >
      <FieldGroup title="Produto e preço">
        {produtoId ? (
          <div className="grid gap-1.5 sm:col-span-2 lg:col-span-4">
            <span className="text-sm font-medium">Produto</span>
            <p className="rounded-md bg-muted px-3 py-2 text-sm">
              {lido.data
                ? `${produtoLabel({ codigo: lido.data.produto_codigo, nome: lido.data.produto_nome })} (${lido.data.produto_unidade})`
                : ''}
            </p>
          </div>
        ) : (
          <ProdutoCampo produto={produto} onProduto={setProduto} />
        )}
        <RegraCampos />
      </FieldGroup>
      <FaixasCampo unidade={unidade} />
    </RegisterFormDialog>
  );
}

function ProdutoCampo({
  produto,
  onProduto,
}: {
  produto: ProdutoOpcao | null;
  onProduto(p: ProdutoOpcao | null): void;
}) {
  const { control } = useFormContext();
  const error = useFieldError('produto_id');
  return (
    <Controller
      name="produto_id"
      control={control}
      render={({ field }) => (
        <FormField label="Produto" required error={error} className="sm:col-span-2 lg:col-span-4">
          <ProdutoBusca
            ref={field.ref}
            name={field.name}
            value={produto}
            onPick={(p) => {
              onProduto(p);
              field.onChange(p?.id ?? '');
            }}
          />
        </FormField>
      )}
    />
  );
}

function RegraCampos() {
  const regra = useWatch({ name: 'regra' }) as string;
  const fixo = regra === 'preco_fixo';
  return (
    <>
      <SelectField
        name="regra"
        label="Regra"
        required
        className="sm:col-span-2"
        options={REGRAS_PRECO.map((r) => ({ value: r, label: regraPrecoLabels[r] }))}
      />
      <DecimalField
        name="valor"
        label={fixo ? 'Preço' : 'Percentual'}
        required
        kind={fixo ? 'money' : 'percent'}
      />
      <DecimalField
        name="preco_minimo"
        label="Preço mínimo"
        kind="money"
        hint="Vender abaixo dele exige liberação; vazio: sem mínimo"
      />
    </>
  );
}

function FaixasCampo({ unidade }: { unidade?: string | undefined }) {
  const { control } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name: 'faixas' });
  const faixas = (useWatch({ name: 'faixas' }) as FaixaValores[] | undefined) ?? [];
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-semibold text-muted-foreground">Faixas de quantidade</legend>
      {fields.length === 0 ? (
        <p className="text-sm text-muted-foreground">Sem faixas: o preço vale para qualquer quantidade.</p>
      ) : null}
      {fields.map((f, i) => {
        const preco = faixas[i]?.tipo !== 'desconto';
        return (
          <fieldset
            key={f.id}
            aria-label={`Faixa ${i + 1}`}
            className="grid items-start gap-3 rounded-md border border-border p-3 sm:grid-cols-[1fr_1fr_1fr_auto]"
          >
            <DecimalField
              name={`faixas.${i}.quantidade_minima`}
              label={`Faixa ${i + 1}: a partir de`}
              required
              kind="quantity"
              unit={unidade}
            />
            <SelectField
              name={`faixas.${i}.tipo`}
              label="Tipo"
              required
              options={TIPOS_FAIXA.map((t) => ({ value: t, label: tipoFaixaLabels[t] }))}
            />
            <DecimalField
              name={`faixas.${i}.valor`}
              label={preco ? 'Preço' : 'Desconto'}
              required
              kind={preco ? 'money' : 'percent'}
            />
            <Button
              variant="ghost"
              size="icon"
              className="sm:mt-6"
              aria-label={`Remover faixa ${i + 1}`}
              onClick={() => remove(i)}
            >
              <Trash2 aria-hidden />
            </Button>
          </fieldset>
        );
      })}
      {fields.length < MAX_FAIXAS ? (
        <div>
          <Button
            variant="outline"
            size="sm"
            onClick={() => append({ quantidade_minima: '', tipo: 'preco', valor: '' })}
          >
            <Plus aria-hidden />
            Adicionar faixa
          </Button>
        </div>
      ) : null}
    </fieldset>
  );
}
