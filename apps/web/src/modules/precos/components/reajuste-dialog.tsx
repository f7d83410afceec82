import {
  formatBRL,
  formatDecimalBR,
  plural,
  type Reajuste,
  type ResultadoReajusteRow,
  reajusteSchema,
  SENTIDOS_REAJUSTE,
  sentidoReajusteLabels,
} from '@erp/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Eye } from 'lucide-react';
import { useEffect } from 'react';
import { FormProvider, type Resolver, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { DecimalField, SelectField } from '@/components/forms/fields.tsx';
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
import { Spinner } from '@/components/ui/spinner.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { precosKeys } from '../api/keys.ts';
import { itensTabelaApi } from '../api/precos-api.ts';

// "Reajustar": every money value of the table (fixed prices, price breaks, preços mínimos) up or
// down by a percentage, each rounded to the cent — first the preview (nothing written), then
// "Aplicar reajuste", which the server computes again and writes all at once, or nothing when a
// price would become R$ 0,00. Percent rules follow the cost or the sale price and stay as they are.

const campoLabels = { preco: 'Preço', faixa: 'Faixa', preco_minimo: 'Preço mínimo' } as const;

type Entrada = { sentido: string; percentual: string };

export function ReajusteDialog({
  tabela,
  onClose,
}: {
  tabela: { id: string; nome: string };
  onClose(): void;
}) {
  const qc = useQueryClient();
  const form = useForm<Entrada, unknown, Reajuste>({
    resolver: zodResolver(reajusteSchema) as unknown as Resolver<Entrada, unknown, Reajuste>,
    defaultValues: { sentido: 'aumento', percentual: '' },
  });
  const previa = useMutation({
    mutationFn: (r: Reajuste) => itensTabelaApi.previaReajuste(tabela.id, r as never),
    onError: (err) => showSaveError(form, err),
  });
  const aplica = useMutation({
    mutationFn: (r: Reajuste) => itensTabelaApi.aplicaReajuste(tabela.id, r as never),
    onSuccess: async (r) => {
      toast.success(
        `Reajuste aplicado: ${plural(r.aplicados ?? 0, 'produto alterado', 'produtos alterados')}.`,
      );
      await qc.invalidateQueries({ queryKey: precosKeys.all });
      onClose();
    },
    onError: (err) => toast.error(err instanceof ApiError ? err.message : 'Erro ao aplicar o reajuste.'),
  });
  // a change of the inputs makes the preview stale
  const entrada = useWatch({ control: form.control });
  useEffect(() => previa.reset(), [entrada.sentido, entrada.percentual]);

  const p = previa.data;
  const busy = previa.isPending || aplica.isPending;
  return (
    <Dialog open onOpenChange={(open) => (open || busy ? undefined : onClose())}>
      <DialogContent className="max-w-3xl" onInteractOutside={(e) => e.preventDefault()}>
        <DialogHeader>
          <DialogTitle>Reajustar {tabela.nome}</DialogTitle>
          <DialogDescription>
            Preços fixos, faixas de preço e preços mínimos mudam pelo percentual, cada um arredondado ao
            centavo. Regras em % (sobre o custo ou o preço de venda) e faixas de desconto ficam como estão.
          </DialogDescription>
        </DialogHeader>
        <FormProvider {...form}>
          <form
            id="reajuste-form"
            noValidate
            onSubmit={form.handleSubmit((r) => previa.mutate(r))}
            className="grid items-start gap-4 sm:grid-cols-[1fr_1fr_auto]"
          >
            <SelectField
              name="sentido"
              label="Reajuste"
              required
              options={SENTIDOS_REAJUSTE.map((s) => ({ value: s, label: sentidoReajusteLabels[s] }))}
            />
            <DecimalField name="percentual" label="Percentual" required kind="percent" />
            <Button type="submit" variant="outline" className="sm:mt-6" disabled={busy}>
              {previa.isPending ? <Spinner /> : <Eye aria-hidden />}
              Visualizar
            </Button>
          </form>
        </FormProvider>
        {p ? <Previa p={p} /> : null}
        <DialogFooter className="border-t border-border">
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancelar
          </Button>
          <Button
            disabled={!p || p.erros.length > 0 || p.total_linhas === 0 || busy}
            onClick={form.handleSubmit((r) => aplica.mutate(r))}
          >
            {aplica.isPending ? <Spinner /> : null}
            Aplicar reajuste
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function Previa({ p }: { p: ResultadoReajusteRow }) {
  return (
    <section aria-label="Prévia do reajuste" className="grid gap-3">
      {p.erros.length ? (
        <div role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm">
          <p className="font-medium">O reajuste não pode ser aplicado:</p>
          <ul className="mt-1 list-disc pl-5">
            {p.erros.map((e) => (
              <li key={`${e.produto_codigo}-${e.mensagem}`}>
                {e.produto_codigo} - {e.produto_nome}: {e.mensagem}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className="text-sm text-muted-foreground">
        {p.total_linhas === 0
          ? 'Nenhum valor em reais nesta tabela para reajustar.'
          : `${plural(p.total_linhas, 'valor muda', 'valores mudam')}${p.total_linhas > p.linhas.length ? ` (mostrando os ${p.linhas.length} primeiros)` : ''}.`}
        {p.sem_valores
          ? ` ${plural(p.sem_valores, 'produto tem', 'produtos têm')} só regras em % e fica como está.`
          : ''}
      </p>
      {p.linhas.length ? (
        <div className="max-h-80 overflow-auto rounded-md border border-border">
          <Table>
            <TableHeader className="sticky top-0 bg-card">
              <TableRow>
                <TableHead>Produto e valor</TableHead>
                <TableHead className="text-right">Antes</TableHead>
                <TableHead className="text-right">Depois</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {p.linhas.map((l) => (
                <TableRow key={`${l.produto_id}-${l.campo}-${l.quantidade_minima ?? ''}`}>
                  <TableCell>
                    <span className="font-mono text-xs">{l.produto_codigo}</span> {l.produto_nome}
                    <span className="block text-xs text-muted-foreground">
                      {campoLabels[l.campo]}
                      {l.quantidade_minima ? ` a partir de ${formatDecimalBR(l.quantidade_minima, 0)}` : ''}
                    </span>
                  </TableCell>
                  <TableCell className="text-right whitespace-nowrap tabular-nums">
                    {formatBRL(l.antes)}
                  </TableCell>
                  <TableCell className="text-right font-medium whitespace-nowrap tabular-nums">
                    {formatBRL(l.depois)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      ) : null}
    </section>
  );
}
