import {
  type ClienteRow,
  OPERACOES_FISCAIS,
  operacaoFiscalLabels,
  type ProdutoRow,
  type SimulacaoTributacaoResultado,
  semRegraMensagem,
  simulacaoTributacaoSchema,
  tipoDestinatarioLabels,
} from '@erp/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Calculator } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Controller, FormProvider, type Resolver, useForm, useFormContext } from 'react-hook-form';
import {
  DecimalField,
  decimalText,
  SelectField,
  SwitchField,
  useFieldError,
} from '@/components/forms/fields.tsx';
import { showSaveError } from '@/components/forms/server-errors.ts';
import { Button } from '@/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { useIsPhone } from '@/components/ui/use-media-query.ts';
import { BuscaRemota } from '@/modules/estoque/components/busca-remota.tsx';
import { ProdutoBusca, type ProdutoOpcao } from '@/modules/estoque/components/pickers.tsx';
import { buscaClientes, simularTributacao, tributacaoKeys } from '../api/tributacao-api.ts';
import { type Campo, type LinhaImposto, linhasDeImpostos, linhasDeTotal } from './impostos-linhas.ts';

// "Simular": a product sold to a customer (quantity, unit price, discount, freight) through the
// server's rules and the shared engine — the rule that won and why, every tax with its base, rate
// and value (named in pt-BR, the NF-e field in small print) and the invoice total.

const valoresIniciais = {
  produto_id: '',
  cliente_id: '',
  operacao: 'venda',
  quantidade: '1',
  valor_unitario: '',
  desconto: '',
  frete: '',
  consumidor_final: false,
};

export function SimularDialog({ onClose }: { onClose(): void }) {
  const form = useForm({
    resolver: zodResolver(simulacaoTributacaoSchema) as unknown as Resolver<typeof valoresIniciais>,
    defaultValues: valoresIniciais,
  });
  const [resultado, setResultado] = useState<SimulacaoTributacaoResultado | null>(null);
  const simular = useMutation({
    mutationFn: (dados: unknown) => simularTributacao(dados as never),
    onSuccess: setResultado,
    onError: (err) => {
      setResultado(null);
      showSaveError(form, err);
    },
  });
  const submit = form.handleSubmit((dados) => simular.mutate(dados));
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-4xl">
        <DialogHeader>
          <DialogTitle>Simular tributação</DialogTitle>
          <DialogDescription>
            Os impostos de um item vendido a um cliente, pela regra que vence e pelo mesmo cálculo da nota.
          </DialogDescription>
        </DialogHeader>
        <FormProvider {...form}>
          <form
            id="simular-form"
            noValidate
            onSubmit={submit}
            className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
          >
            <ProdutoCampo />
            <ClienteCampo />
            <SelectField
              name="operacao"
              label="Operação"
              options={OPERACOES_FISCAIS.map((o) => ({ value: o, label: operacaoFiscalLabels[o] }))}
            />
            <DecimalField name="quantidade" label="Quantidade" required kind="quantity" />
            <DecimalField name="valor_unitario" label="Valor unitário" required kind="money" />
            <DecimalField name="desconto" label="Desconto" kind="money" />
            <DecimalField name="frete" label="Frete" kind="money" />
            <SwitchField
              name="consumidor_final"
              label="Consumidor final"
              hint="Contribuinte comprando para uso e consumo"
              className="sm:col-span-2 lg:col-span-3"
            />
          </form>
        </FormProvider>
        {resultado ? <Resultado r={resultado} /> : null}
        <DialogFooter className="border-t border-border">
          <Button variant="outline" onClick={onClose}>
            Fechar
          </Button>
          <Button type="submit" form="simular-form" disabled={simular.isPending}>
            {simular.isPending ? <Spinner /> : <Calculator aria-hidden />}
            Simular
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function ProdutoCampo() {
  const { control, getValues, setValue } = useFormContext();
  const error = useFieldError('produto_id');
  const [produto, setProduto] = useState<ProdutoOpcao | null>(null);
  return (
    <Controller
      name="produto_id"
      control={control}
      render={({ field }) => (
        <FormField label="Produto" required error={error} className="sm:col-span-2">
          <ProdutoBusca
            ref={field.ref}
            name={field.name}
            value={produto}
            onPick={(p) => {
              setProduto(p);
              field.onChange(p?.id ?? '');
              // the product's sale price, unless a price was typed
              const preco = (p as Partial<ProdutoRow> | null)?.preco_venda;
              if (preco && !getValues('valor_unitario'))
                setValue('valor_unitario', decimalText(preco, 'money'));
            }}
          />
        </FormField>
      )}
    />
  );
}

const clienteLabel = (c: Pick<ClienteRow, 'razao_social' | 'municipio' | 'uf'>) =>
  c.uf ? `${c.razao_social} — ${c.municipio ?? ''}/${c.uf}` : c.razao_social;

function ClienteCampo() {
  const { control } = useFormContext();
  const error = useFieldError('cliente_id');
  const [cliente, setCliente] = useState<ClienteRow | null>(null);
  return (
    <Controller
      name="cliente_id"
      control={control}
      render={({ field }) => (
        <FormField label="Cliente" required error={error} className="sm:col-span-2">
          <BuscaRemota<ClienteRow>
            ref={field.ref}
            name={field.name}
            selectedLabel={cliente ? clienteLabel(cliente) : ''}
            queryKey={(t) => tributacaoKeys.busca('clientes', t)}
            search={buscaClientes}
            optionKey={(c) => c.id}
            optionLabel={(c) => (
              <span>
                {c.razao_social}
                <span className="block text-xs text-muted-foreground">
                  {c.municipio ? `${c.municipio}/${c.uf}` : 'Sem endereço'} · IE{' '}
                  {c.indicador_ie === '1'
                    ? 'contribuinte'
                    : c.indicador_ie === '2'
                      ? 'isento'
                      : 'não contribuinte'}
                </span>
              </span>
            )}
            onPick={(c) => {
              setCliente(c);
              field.onChange(c?.id ?? '');
            }}
            onBlur={field.onBlur}
            listLabel="Clientes"
            placeholder="Nome, CPF/CNPJ ou cidade"
          />
        </FormField>
      )}
    />
  );
}

/** A value with the NF-e field it fills, in small print under it. */
function ValorCampo({ v }: { v: Campo | null }) {
  if (!v) return <span className="text-muted-foreground">—</span>;
  return (
    <span className="inline-flex flex-col items-end">
      <span className="tabular-nums">{v.texto}</span>
      <span className="font-mono text-[11px] text-muted-foreground">{v.campo}</span>
    </span>
  );
}

/** The taxes: a table, or one card per tax on a phone (the detail then has the width). */
function ImpostosTabela({ linhas }: { linhas: LinhaImposto[] }) {
  const phone = useIsPhone();
  if (phone)
    return (
      <ul aria-label="Impostos do item" className="grid gap-2">
        {linhas.map((l) => (
          <li key={l.tributo} className="rounded-md border border-border p-3 text-sm">
            <div className="flex items-start justify-between gap-3">
              <span className="font-medium">{l.tributo}</span>
              <ValorCampo v={l.valor} />
            </div>
            {l.detalhe ? <div className="text-xs text-muted-foreground">{l.detalhe}</div> : null}
            {l.base || l.aliquota ? (
              <div className="mt-1 flex justify-between gap-3 text-xs">
                <span>
                  Base <ValorCampo v={l.base} />
                </span>
                <span>
                  Alíquota <ValorCampo v={l.aliquota} />
                </span>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    );
  return (
    <Table>
      <caption className="sr-only">Impostos do item</caption>
      <TableHeader>
        <TableRow>
          <TableHead>Tributo</TableHead>
          <TableHead className="text-right">Base de cálculo</TableHead>
          <TableHead className="text-right">Alíquota</TableHead>
          <TableHead className="text-right">Valor</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {linhas.map((l) => (
          <TableRow key={l.tributo}>
            <TableCell className="align-top">
              <div className="font-medium">{l.tributo}</div>
              {l.detalhe ? <div className="text-xs text-muted-foreground">{l.detalhe}</div> : null}
            </TableCell>
            <TableCell className="text-right align-top">
              <ValorCampo v={l.base} />
            </TableCell>
            <TableCell className="text-right align-top">
              <ValorCampo v={l.aliquota} />
            </TableCell>
            <TableCell className="text-right align-top">
              <ValorCampo v={l.valor} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function Resultado({ r }: { r: SimulacaoTributacaoResultado }) {
  const secao = useRef<HTMLElement>(null);
  // a new answer is brought into view (below the form)
  useEffect(() => {
    secao.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [r]);
  const o = r.operacao;
  const trajeto = o.interna ? `Operação interna (${o.uf_origem})` : `${o.uf_origem} → ${o.uf_destino}`;
  const vencedora = r.avaliacoes.find((a) => a.situacao === 'vencedora');
  const outras = r.avaliacoes.filter((a) => a.situacao !== 'vencedora');
  const naoSomados = r.impostos && (r.impostos.ICMSUFDest !== null || r.impostos.IBSCBS !== null);
  return (
    <section
      ref={secao}
      aria-label="Resultado da simulação"
      className="grid scroll-mt-24 gap-4 border-t border-border pt-4"
    >
      <p className="text-sm text-muted-foreground">
        {r.produto.codigo} - {r.produto.nome} para {r.cliente.nome} · {trajeto} ·{' '}
        {operacaoFiscalLabels[o.operacao]} · {tipoDestinatarioLabels[o.tipo_destinatario]}
        {r.impostos ? ` · CFOP ${r.impostos.CFOP}` : ''}
      </p>
      <div className="rounded-md border border-border p-3">
        <h3 className="text-sm font-semibold">Regra aplicada</h3>
        {r.regra ? (
          <>
            <p className="mt-1 font-medium">{r.regra.descricao}</p>
            <ul className="mt-1 list-disc pl-5 text-sm text-muted-foreground">
              {vencedora?.motivos.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          </>
        ) : (
          <p className="mt-1 text-sm text-destructive">{semRegraMensagem}.</p>
        )}
        {outras.length ? (
          <details className="mt-2 text-sm">
            <summary className="cursor-pointer text-muted-foreground">
              Outras regras ({outras.length})
            </summary>
            <ul className="mt-1 grid gap-1 pl-1">
              {outras.map((a) => (
                <li key={a.regra_id}>
                  <span className="font-medium">{a.descricao}</span>:{' '}
                  <span className="text-muted-foreground">{a.motivos.join('; ')}</span>
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </div>
      {r.impostos && r.totais ? (
        <>
          <ImpostosTabela linhas={linhasDeImpostos(r.impostos)} />
          <dl aria-label="Total" className="ml-auto grid w-full max-w-sm gap-1 text-sm">
            {linhasDeTotal(r.totais).map((t) => (
              <div
                key={t.rotulo}
                className={
                  t.destaque
                    ? 'flex justify-between border-t border-border pt-1 font-semibold'
                    : 'flex justify-between'
                }
              >
                <dt>
                  {t.rotulo}{' '}
                  <span className="font-mono text-[11px] font-normal text-muted-foreground">
                    {t.valor.campo}
                  </span>
                </dt>
                <dd className="tabular-nums">{t.valor.texto}</dd>
              </div>
            ))}
            {naoSomados ? (
              <p className="text-xs text-muted-foreground">
                DIFAL e IBS/CBS (2026) não entram no total da nota.
              </p>
            ) : null}
          </dl>
        </>
      ) : null}
    </section>
  );
}
