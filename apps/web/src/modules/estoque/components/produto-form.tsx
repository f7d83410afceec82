import {
  Decimal,
  formatPercentBR,
  margemPercentual,
  ORIGENS,
  origemLabels,
  type ProdutoRow,
  parseDecimalBR,
  produtoCreateSchema,
  produtoUpdateSchema,
  SEM_GTIN,
} from '@erp/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import {
  DecimalField,
  decimalText,
  FieldGroup,
  PickerField,
  SelectField,
  SwitchField,
  TextareaField,
  TextField,
} from '@/components/forms/fields.tsx';
import { RegisterFormDialog } from '@/components/forms/register-form-dialog.tsx';
import { useRecordForm } from '@/components/forms/use-record-form.ts';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx';
import { produtosApi } from '../api/estoque-api.ts';
import { estoqueKeys } from '../api/keys.ts';
import { useFornecedoresOpcoes, useOpcoesEstoque } from '../api/queries.ts';
import { EmbalagensField } from './embalagens-field.tsx';
import { formatCusto, formatQtd } from './formato.ts';
import { NcmField } from './pickers.tsx';

// The product form: tabs Dados, Embalagens, Fiscal and Estoque over one react-hook-form with the
// shared schema. Custo médio and estoque atual are the ledger's (read-only); the margin is shown
// from the price being typed and the custo médio. A save with errors opens the first tab that has
// one and marks the tabs with errors.

const TABS = ['dados', 'embalagens', 'fiscal', 'estoque'] as const;
type Tab = (typeof TABS)[number];
const tabLabels: Record<Tab, string> = {
  dados: 'Dados',
  embalagens: 'Embalagens',
  fiscal: 'Fiscal',
  estoque: 'Estoque',
};
const tabFields: Record<Tab, readonly string[]> = {
  dados: [
    'codigo',
    'nome',
    'descricao_complementar',
    'marca',
    'grupo_id',
    'categoria_id',
    'fornecedor_id',
    'unidade',
    'preco_venda',
    'ativo',
  ],
  embalagens: ['embalagens'],
  fiscal: ['gtin', 'ncm', 'cest', 'origem'],
  estoque: ['estoque_minimo', 'estoque_maximo', 'controla_lote', 'peso_bruto', 'peso_liquido', 'volume'],
};

const qtd = (v: string | undefined, row: ProdutoRow | null) => (row ? decimalText(v, 'quantity') : '');

function toValues(row: ProdutoRow | null) {
  return {
    codigo: row?.codigo ?? '',
    nome: row?.nome ?? '',
    descricao_complementar: row?.descricao_complementar ?? '',
    marca: row?.marca ?? '',
    grupo_id: row?.grupo_id ?? '',
    categoria_id: row?.categoria_id ?? '',
    fornecedor_id: row?.fornecedor_id ?? '',
    unidade: row?.unidade ?? 'UN',
    gtin: row && row.gtin !== SEM_GTIN ? row.gtin : '',
    ncm: row?.ncm ?? '',
    cest: row?.cest ?? '',
    origem: row?.origem ?? '0',
    peso_bruto: qtd(row?.peso_bruto, row),
    peso_liquido: qtd(row?.peso_liquido, row),
    volume: qtd(row?.volume, row),
    preco_venda: row ? decimalText(row.preco_venda, 'money') : '',
    estoque_minimo: qtd(row?.estoque_minimo, row),
    estoque_maximo: qtd(row?.estoque_maximo, row),
    controla_lote: row?.controla_lote ?? false,
    ativo: row?.ativo ?? true,
    embalagens: (row?.embalagens ?? []).map((e) => ({
      unidade: e.unidade,
      fator: decimalText(e.fator, 'quantity'),
      gtin: e.gtin ?? '',
      padrao_compra: e.padrao_compra,
      padrao_venda: e.padrao_venda,
      peso_bruto: e.peso_bruto ? decimalText(e.peso_bruto, 'quantity') : '',
      altura: e.altura ? decimalText(e.altura, 'quantity') : '',
      largura: e.largura ? decimalText(e.largura, 'quantity') : '',
      comprimento: e.comprimento ? decimalText(e.comprimento, 'quantity') : '',
    })),
    ...(row ? { versao: row.versao } : {}),
  };
}

export function ProdutoForm({ id, onClose }: { id: string | null; onClose(savedId?: string): void }) {
  const form = useRecordForm({
    queryKey: estoqueKeys.registro('produtos'),
    id,
    api: produtosApi as never as {
      get(id: string): Promise<ProdutoRow>;
      create(i: never): Promise<ProdutoRow>;
      update(id: string, i: never): Promise<ProdutoRow>;
    },
    toValues,
  });
  // the ledger's read-only figures of the record being edited (the same query as the form's)
  const record = useQuery({
    queryKey: [...estoqueKeys.registro('produtos'), 'get', id],
    queryFn: () => produtosApi.get(id!) as Promise<ProdutoRow>,
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
  }).data;
  return (
    <RegisterFormDialog
      title={id ? 'Editar produto' : 'Novo produto'}
      schema={id ? produtoUpdateSchema : produtoCreateSchema}
      record={form}
      onClose={onClose}
      successMessage={id ? 'Produto atualizado com sucesso!' : 'Produto cadastrado com sucesso!'}
      size="lg"
    >
      <ProdutoTabs
        custoMedio={id === null ? '0' : (record?.custo_medio ?? null)}
        estoqueAtual={id === null ? '0' : (record?.estoque_atual ?? null)}
      />
    </RegisterFormDialog>
  );
}

/** The tab a field belongs to. */
const tabOf = (name: string): Tab | undefined => TABS.find((t) => tabFields[t].includes(name.split('.')[0]!));

function ProdutoTabs({
  custoMedio,
  estoqueAtual,
}: {
  custoMedio: string | null;
  estoqueAtual: string | null;
}) {
  const [tab, setTab] = useState<Tab>('dados');
  const { control, setFocus } = useFormContext();
  const { errors, submitCount } = useFormState({ control });
  const withErrors = new Set(
    Object.keys(errors)
      .map(tabOf)
      .filter((t): t is Tab => t !== undefined),
  );

  // after a save with errors (the form's or the server's: both are set before submitCount
  // moves), open the first tab that has one — never while the user moves between tabs
  useEffect(() => {
    const names = Object.keys(errors);
    if (!names.length || names.some((n) => tabOf(n) === tab)) return;
    const first = TABS.find((t) => names.some((n) => tabOf(n) === t));
    if (!first) return;
    setTab(first);
    const name = names.find((n) => tabOf(n) === first && n !== 'embalagens');
    if (name) requestAnimationFrame(() => setFocus(name));
  }, [submitCount]);

  const unidades = useOpcoesEstoque('unidades');
  const grupos = useOpcoesEstoque('grupos');
  const categorias = useOpcoesEstoque('categorias');
  const fornecedores = useFornecedoresOpcoes();
  const [base = '', grupoId, categoriaId, fornecedorId] = useWatch({
    control,
    name: ['unidade', 'grupo_id', 'categoria_id', 'fornecedor_id'],
  }) as [string | undefined, string, string, string];
  const opts = (list: { id: string; nome: string; ativo: boolean }[], current?: string) =>
    list
      .filter((o) => o.ativo || o.id === current)
      .map((o) => ({ value: o.id, label: o.ativo ? o.nome : `${o.nome} (inativo)` }));
  const unidadeOptions = opts(unidades, base);

  return (
    <Tabs
      value={tab}
      onValueChange={(v) => setTab(v as Tab)}
      // one height for every tab, so the dialog does not jump while moving between them
      className="grid content-start gap-5 sm:min-h-[27rem]"
    >
      <TabsList className="h-auto flex-wrap sm:h-9 sm:flex-nowrap">
        {TABS.map((t) => (
          <TabsTrigger key={t} value={t} className="gap-1.5">
            {tabLabels[t]}
            {withErrors.has(t) ? (
              <>
                <span aria-hidden className="size-1.5 rounded-full bg-destructive" />
                <span className="sr-only"> (com erro)</span>
              </>
            ) : null}
          </TabsTrigger>
        ))}
      </TabsList>

      <TabsContent value="dados" forceMount className="data-[state=inactive]:hidden">
        <FieldGroup title="Dados">
          <TextField name="codigo" label="Código" required maxLength={30} autoComplete="off" />
          <TextField name="nome" label="Nome" required className="sm:col-span-2" maxLength={120} />
          <SwitchField name="ativo" label="Ativo" />
          <TextField name="marca" label="Marca" maxLength={60} />
          <SelectField name="grupo_id" label="Grupo" emptyLabel="Sem grupo" options={opts(grupos, grupoId)} />
          <SelectField
            name="categoria_id"
            label="Categoria"
            emptyLabel="Sem categoria"
            options={opts(categorias, categoriaId)}
          />
          <SelectField
            name="unidade"
            label="Unidade base"
            required
            options={unidadeOptions.length ? unidadeOptions : [{ value: base, label: base }]}
          />
          <PickerField
            name="fornecedor_id"
            label="Fornecedor principal"
            placeholder="Sem fornecedor"
            className="sm:col-span-2"
            options={opts(fornecedores, fornecedorId)}
          />
          <DecimalField name="preco_venda" label="Preço de venda" kind="money" />
          <Margem custoMedio={custoMedio} />
          <TextareaField
            name="descricao_complementar"
            label="Descrição complementar"
            className="sm:col-span-2 lg:col-span-4"
            maxLength={1000}
          />
        </FieldGroup>
      </TabsContent>

      <TabsContent value="embalagens" forceMount className="data-[state=inactive]:hidden">
        <EmbalagensField unidades={unidadeOptions} />
      </TabsContent>

      <TabsContent value="fiscal" forceMount className="data-[state=inactive]:hidden">
        <FieldGroup title="Fiscal">
          <TextField
            name="gtin"
            label="GTIN"
            inputMode="numeric"
            autoComplete="off"
            maxLength={14}
            placeholder={SEM_GTIN}
            hint="Código de barras da unidade base (8, 12, 13 ou 14 dígitos); vazio = SEM GTIN"
          />
          <NcmField className="sm:col-span-2 lg:col-span-3" />
          <TextField
            name="cest"
            label="CEST"
            inputMode="numeric"
            autoComplete="off"
            maxLength={9}
            hint="7 dígitos, se houver"
          />
          <SelectField
            name="origem"
            label="Origem da mercadoria"
            required
            className="sm:col-span-2 lg:col-span-3"
            options={ORIGENS.map((o) => ({ value: o, label: origemLabels[o] }))}
          />
        </FieldGroup>
      </TabsContent>

      <TabsContent value="estoque" forceMount className="data-[state=inactive]:hidden">
        <div className="grid gap-6">
          <FieldGroup title="Níveis de estoque">
            <DecimalField name="estoque_minimo" label="Estoque mínimo" kind="quantity" unit={base} />
            <DecimalField
              name="estoque_maximo"
              label="Estoque máximo"
              kind="quantity"
              unit={base}
              hint="0 = sem máximo"
            />
            <SwitchField
              name="controla_lote"
              label="Controla lote e validade"
              hint="Movimentos informam o lote; saídas seguem o FEFO"
              className="sm:col-span-2"
            />
            <ReadOnly
              label="Custo médio"
              value={custoMedio === null ? '—' : formatCusto(custoMedio)}
              hint="Calculado pelas entradas"
            />
            <ReadOnly
              label="Estoque atual"
              value={estoqueAtual === null ? '—' : `${formatQtd(estoqueAtual)} ${base}`}
              hint="Soma dos saldos dos locais"
            />
          </FieldGroup>
          <FieldGroup title="Pesos e volume (por unidade base)">
            <DecimalField name="peso_bruto" label="Peso bruto" kind="quantity" unit="kg" />
            <DecimalField name="peso_liquido" label="Peso líquido" kind="quantity" unit="kg" />
            <DecimalField name="volume" label="Volume" kind="quantity" unit="m³" places={6} />
          </FieldGroup>
        </div>
      </TabsContent>
    </Tabs>
  );
}

/** A figure the form shows but does not edit (read-only input: focusable, read with its label). */
function ReadOnly({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <FormField label={label} hint={hint}>
      <Input readOnly value={value} className="bg-muted text-right tabular-nums" />
    </FormField>
  );
}

/** Margem = (preço − custo médio) / preço, from the price as typed. */
function Margem({ custoMedio }: { custoMedio: string | null }) {
  const preco = useWatch({ name: 'preco_venda' }) as string | undefined;
  const parsed = parseDecimalBR(preco ?? '', 2);
  const semCusto = custoMedio === null || Decimal.of(custoMedio).isZero();
  const margem = parsed && !semCusto ? margemPercentual(parsed, custoMedio!) : null;
  return (
    <ReadOnly
      label="Margem"
      value={margem === null ? '—' : formatPercentBR(margem)}
      hint={
        semCusto
          ? 'Sem custo médio (nenhuma entrada ainda)'
          : `Sobre o custo médio ${formatCusto(custoMedio)}`
      }
    />
  );
}
