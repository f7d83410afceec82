import {
  ajusteSchema,
  Decimal,
  formatDateBR,
  type MovimentoRow,
  SENTIDOS_AJUSTE,
  sentidoAjusteLabels,
  transferenciaSchema,
} from '@erp/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import {
  DecimalField,
  decimalText,
  FieldGroup,
  SelectField,
  TextareaField,
  useFieldError,
} from '@/components/forms/fields.tsx';
import { RegisterFormDialog } from '@/components/forms/register-form-dialog.tsx';
import type { RecordForm } from '@/components/forms/use-record-form.ts';
import { FormField } from '@/components/ui/form-field.tsx';
import { movimentosApi, produtosApi } from '../api/estoque-api.ts';
import { estoqueKeys } from '../api/keys.ts';
import { useLotesDoProduto, useOpcoesEstoque } from '../api/queries.ts';
import { formatCusto } from './formato.ts';
import { ProdutoBusca, type ProdutoOpcao, produtoLabel } from './pickers.tsx';

// Manual movements, as dialogs opened from Posição de Estoque and from a product's row: Ajuste
// (entrada or saída, reason required; an entrada at its unit cost, the custo médio to start with)
// and Transferência between two locations. Both are forms on
// the shared schemas (RegisterFormDialog: field errors, unsaved-changes prompt) posted to the
// ledger; the stock message of a refused saída comes back as the error toast.

/**
 * What opens a movement dialog: the product (or only its id: read first; or none: pick it
 * inside), a location, a lot.
 */
export type MovimentoAlvo = {
  produto?: ProdutoOpcao | null;
  produtoId?: string;
  localId?: string | null;
  loteId?: string | null;
};

export type Movimento = 'ajuste' | 'transferencia';
/** The open movement dialog of a screen: which one, for what. */
export type MovimentoAberto = { tipo: Movimento; alvo: MovimentoAlvo } | null;

/** The screen's movement dialog, when one is open. */
export function MovimentoDialog({ aberto, onClose }: { aberto: MovimentoAberto; onClose(): void }) {
  const produtoId = aberto?.alvo.produto ? undefined : aberto?.alvo.produtoId;
  const lido = useQuery({
    queryKey: [...estoqueKeys.registro('produtos'), 'get', produtoId],
    queryFn: () => produtosApi.get(produtoId!) as Promise<ProdutoOpcao>,
    enabled: produtoId !== undefined,
  });
  if (!aberto || (produtoId && !lido.data)) return null;
  const alvo = produtoId ? { ...aberto.alvo, produto: lido.data! } : aberto.alvo;
  return aberto.tipo === 'ajuste' ? (
    <AjusteDialog alvo={alvo} onClose={onClose} />
  ) : (
    <TransferenciaDialog alvo={alvo} onClose={onClose} />
  );
}

/** A movement form's "record": fixed starting values, saved by posting to the ledger. */
function useMovimento(
  values: Record<string, unknown>,
  post: (data: never) => Promise<unknown>,
): RecordForm<Record<string, unknown>> {
  const qc = useQueryClient();
  return useMemo(
    () => ({
      values,
      loading: false,
      save: async (data: unknown) => {
        const rows = (await post(data as never)) as MovimentoRow[];
        await qc.invalidateQueries({ queryKey: estoqueKeys.all });
        return { id: String(rows[0]?.id ?? '') };
      },
      reload: async () => values,
    }),
    [],
  );
}

export function AjusteDialog({ alvo, onClose }: { alvo: MovimentoAlvo; onClose(): void }) {
  const [produto, setProduto] = useState(alvo.produto ?? null);
  const record = useMovimento(
    {
      produto_id: alvo.produto?.id ?? '',
      local_id: alvo.localId ?? '',
      lote_id: alvo.loteId ?? '',
      sentido: 'entrada',
      quantidade: '',
      custo_unitario: custoInicial(alvo.produto ?? null),
      motivo: '',
    },
    movimentosApi.ajuste,
  );
  return (
    <RegisterFormDialog
      title="Ajuste de estoque"
      description="Entrada ou saída manual, com o motivo. O ajuste é lançado no razão e não pode ser editado: um engano se corrige com um estorno."
      schema={ajusteSchema}
      record={record}
      onClose={() => onClose()}
      successMessage="Ajuste lançado com sucesso!"
      submitLabel="Lançar ajuste"
    >
      <FieldGroup title="Ajuste">
        <ProdutoCampo fixo={Boolean(alvo.produto)} produto={produto} onProduto={setProduto} />
        <LocalCampo name="local_id" label="Local" />
        <LoteCampo produto={produto} />
        <SelectField
          name="sentido"
          label="Tipo"
          required
          options={SENTIDOS_AJUSTE.map((s) => ({ value: s, label: sentidoAjusteLabels[s] }))}
        />
        <DecimalField name="quantidade" label="Quantidade" required kind="quantity" unit={produto?.unidade} />
        <CustoCampo produto={produto} />
        <TextareaField
          name="motivo"
          label="Motivo"
          required
          className="sm:col-span-2 lg:col-span-4"
          maxLength={500}
        />
      </FieldGroup>
    </RegisterFormDialog>
  );
}

/** A product's custo médio as the cost field shows it; '' while it has none. */
function custoInicial(produto: ProdutoOpcao | null): string {
  return produto && !Decimal.of(produto.custo_medio).isZero()
    ? decimalText(produto.custo_medio, 'money')
    : '';
}

/**
 * The unit cost of an ajuste de entrada (a saída is valued at the custo médio: no field). It starts
 * at the product's custo médio and may be typed over (4 decimals); a product without one must be
 * given a cost (the ledger answers "Informe o custo unitário").
 */
function CustoCampo({ produto }: { produto: ProdutoOpcao | null }) {
  const { setValue } = useFormContext();
  const sentido = useWatch({ name: 'sentido' }) as string;
  // another product picked inside the dialog: its own custo médio
  const ultimo = useRef(produto?.id);
  useEffect(() => {
    if (produto?.id === ultimo.current) return;
    ultimo.current = produto?.id;
    setValue('custo_unitario', custoInicial(produto));
  }, [produto, setValue]);
  if (sentido !== 'entrada') return null;
  const temCusto = custoInicial(produto) !== '';
  return (
    <DecimalField
      name="custo_unitario"
      label="Custo unitário"
      required={!temCusto}
      kind="money"
      places={4}
      className="sm:col-span-2"
      hint={
        !produto
          ? undefined
          : temCusto
            ? `Custo médio atual: ${formatCusto(produto.custo_medio)}; a entrada entra na média por este custo.`
            : 'Produto ainda sem custo: informe o custo unitário da entrada.'
      }
    />
  );
}

export function TransferenciaDialog({ alvo, onClose }: { alvo: MovimentoAlvo; onClose(): void }) {
  const [produto, setProduto] = useState(alvo.produto ?? null);
  const record = useMovimento(
    {
      produto_id: alvo.produto?.id ?? '',
      lote_id: alvo.loteId ?? '',
      origem_id: alvo.localId ?? '',
      destino_id: '',
      quantidade: '',
      observacao: '',
    },
    movimentosApi.transferencia,
  );
  return (
    <RegisterFormDialog
      title="Transferência entre locais"
      description="Retira do local de origem e põe no de destino, ao mesmo custo, num único lançamento."
      schema={transferenciaSchema}
      record={record}
      onClose={() => onClose()}
      successMessage="Transferência lançada com sucesso!"
      submitLabel="Lançar transferência"
    >
      <FieldGroup title="Transferência">
        <ProdutoCampo fixo={Boolean(alvo.produto)} produto={produto} onProduto={setProduto} />
        <LoteCampo produto={produto} />
        <LocalCampo name="origem_id" label="Local de origem" />
        <LocalCampo name="destino_id" label="Local de destino" />
        <DecimalField name="quantidade" label="Quantidade" required kind="quantity" unit={produto?.unidade} />
        <TextareaField
          name="observacao"
          label="Observação"
          className="sm:col-span-2 lg:col-span-4"
          maxLength={500}
        />
      </FieldGroup>
    </RegisterFormDialog>
  );
}

/** The product: shown when the dialog came from its row, else searched by code, name or GTIN. */
function ProdutoCampo({
  fixo,
  produto,
  onProduto,
}: {
  fixo: boolean;
  produto: ProdutoOpcao | null;
  onProduto(p: ProdutoOpcao | null): void;
}) {
  const { control, setValue } = useFormContext();
  const error = useFieldError('produto_id');
  if (fixo && produto) {
    // shown, not an input: the dialog's first field to type in is the next one
    return (
      <div className="grid gap-1.5 sm:col-span-2 lg:col-span-4">
        <span className="text-sm font-medium">Produto</span>
        <p className="rounded-md bg-muted px-3 py-2 text-sm">
          {produtoLabel(produto)} ({produto.unidade})
        </p>
      </div>
    );
  }
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
              setValue('lote_id', '');
            }}
          />
        </FormField>
      )}
    />
  );
}

function LocalCampo({ name, label }: { name: string; label: string }) {
  const locais = useOpcoesEstoque('locais');
  const current = useWatch({ name }) as string;
  return (
    <SelectField
      name={name}
      label={label}
      required
      className="sm:col-span-2"
      emptyLabel="Selecione"
      options={locais.filter((l) => l.ativo || l.id === current).map((l) => ({ value: l.id, label: l.nome }))}
    />
  );
}

/** The lot, for a product that controls "lote e validade" (none otherwise). */
function LoteCampo({ produto }: { produto: ProdutoOpcao | null }) {
  const controla = Boolean(produto?.controla_lote);
  const lotes = useLotesDoProduto(produto?.id ?? null, controla);
  if (!controla) return null;
  return (
    <SelectField
      name="lote_id"
      label="Lote"
      required
      className="sm:col-span-2"
      emptyLabel="Selecione"
      hint={lotes.length ? undefined : 'Nenhum lote: cadastre-o em Lotes'}
      options={lotes.map((l) => ({
        value: l.id,
        label: `${l.numero} (validade ${formatDateBR(l.validade)})`,
      }))}
    />
  );
}
