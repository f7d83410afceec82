import { businessToday, formatBRL, nivelPrecoLabels } from '@erp/shared';
import { useMutation } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { DateInput } from '@/components/ui/date-input.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { BuscaRemota } from '@/modules/estoque/components/busca-remota.tsx';
import { ProdutoBusca, type ProdutoOpcao } from '@/modules/estoque/components/pickers.tsx';
import { precosKeys } from '../api/keys.ts';
import { type PrecoConsultado, precoApi } from '../api/precos-api.ts';
import { buscaClientes, type ClienteOpcao, clienteOpcaoLabel } from './clientes-field.tsx';
import { TracePreco } from './trace-preco.tsx';

// "Consultar preço": the price the server's engine gives a product for a customer, quantity and
// day (GET /api/precos/preco), with "Por que este preço?". No customer: only the general tables.

type Erros = Partial<Record<'produto' | 'cliente' | 'quantidade' | 'data', string>>;

export function ConsultaPrecoDialog({ onClose }: { onClose(): void }) {
  const [produto, setProduto] = useState<ProdutoOpcao | null>(null);
  const [cliente, setCliente] = useState<ClienteOpcao | null>(null);
  const [quantidade, setQuantidade] = useState('1');
  const [data, setData] = useState(businessToday());
  const [erros, setErros] = useState<Erros>({});
  const consulta = useMutation({
    mutationFn: (query: Record<string, string>) => precoApi.consulta(query),
    onError: (err) => setErros(err instanceof ApiError ? errosDe(err) : {}),
    onSuccess: () => setErros({}),
  });

  const consultar = (e: FormEvent) => {
    e.preventDefault();
    if (!produto) {
      setErros({ produto: 'Informe o produto' });
      return;
    }
    consulta.mutate({
      produto: produto.id,
      ...(cliente ? { cliente: cliente.id } : {}),
      quantidade,
      data,
    });
  };

  const r = consulta.data;
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>Consultar preço</DialogTitle>
          <DialogDescription>
            O preço que um cliente paga por um produto, numa quantidade e num dia, pelas tabelas de preços.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={consultar} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <FormField label="Produto" required error={erros.produto} className="sm:col-span-2">
            <ProdutoBusca value={produto} onPick={setProduto} />
          </FormField>
          <FormField
            label="Cliente"
            error={erros.cliente}
            hint="Sem cliente, valem só as tabelas gerais"
            className="sm:col-span-2"
          >
            <BuscaRemota<ClienteOpcao>
              selectedLabel={cliente?.razao_social ?? ''}
              queryKey={precosKeys.clientes}
              search={buscaClientes}
              optionKey={(c) => c.id}
              optionLabel={clienteOpcaoLabel}
              onPick={setCliente}
              listLabel="Clientes"
              placeholder="Nome ou CPF/CNPJ"
            />
          </FormField>
          <FormField label="Quantidade" required error={erros.quantidade}>
            <Input
              inputMode="decimal"
              autoComplete="off"
              className="text-right tabular-nums"
              value={quantidade}
              onChange={(e) => setQuantidade(e.target.value)}
            />
          </FormField>
          <FormField label="Data" required error={erros.data}>
            <DateInput value={data} onChange={setData} />
          </FormField>
          <div className="flex items-end sm:col-span-2">
            <Button type="submit" disabled={consulta.isPending}>
              {consulta.isPending ? <Spinner /> : <Search aria-hidden />}
              Consultar
            </Button>
          </div>
        </form>
        {consulta.isError && !Object.keys(erros).length ? (
          <p role="alert" className="text-sm text-destructive">
            {consulta.error instanceof ApiError
              ? consulta.error.message
              : 'Não foi possível consultar o preço.'}
          </p>
        ) : null}
        {r && !consulta.isPending ? <Resultado r={r} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function errosDe(err: ApiError): Erros {
  const out: Erros = {};
  for (const campo of ['produto', 'cliente', 'quantidade', 'data'] as const) {
    const m = err.fields[campo]?.[0];
    if (m) out[campo] = m;
  }
  return out;
}

function Resultado({ r }: { r: PrecoConsultado }) {
  return (
    <div className="grid gap-4 border-t border-border pt-4" aria-live="polite">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-xs font-medium text-muted-foreground">Preço unitário</p>
          <p className="text-3xl font-semibold tabular-nums" data-testid="preco-consultado">
            {formatBRL(r.preco)}
          </p>
        </div>
        <dl className="grid gap-0.5 text-sm sm:text-right">
          <div>
            <dt className="inline text-muted-foreground">Origem: </dt>
            <dd className="inline">
              {r.origem.tipo === 'tabela'
                ? `${r.origem.tabelaNome} (${nivelPrecoLabels[r.origem.nivel]})`
                : 'Preço de venda do produto'}
            </dd>
          </div>
          <div>
            <dt className="inline text-muted-foreground">Preço mínimo: </dt>
            <dd className="inline">{r.precoMinimo ? formatBRL(r.precoMinimo) : 'sem mínimo'}</dd>
          </div>
        </dl>
      </div>
      <TracePreco resultado={r} />
    </div>
  );
}
