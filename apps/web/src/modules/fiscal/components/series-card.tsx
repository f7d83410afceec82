import { type NfeSerie, nfeSerieSchema } from '@erp/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { FormProvider, type Resolver, useForm, useFormContext } from 'react-hook-form';
import { toast } from 'sonner';
import { SwitchField, useFieldError } from '@/components/forms/fields.tsx';
import { showSaveError } from '@/components/forms/server-errors.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { useSalvarSerie, useSeries } from '../api/fiscal-api.ts';

// NF-e séries: the next number of each, the last one already used, active and default flags. The
// server refuses a next number at or below one already used.

type Valores = { serie: number; proximo_numero: number; ativa: boolean; padrao: boolean };

/** A whole-number input (the form keeps a number, not the text). */
function NumeroField({ name, label, min, max }: { name: string; label: string; min?: number; max?: number }) {
  const { register } = useFormContext();
  return (
    <FormField label={label} required error={useFieldError(name)}>
      <Input
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        {...register(name, { valueAsNumber: true })}
      />
    </FormField>
  );
}

function SerieDialog({ serie, onClose }: { serie: NfeSerie | 'nova'; onClose(): void }) {
  const salvar = useSalvarSerie();
  const editando = serie === 'nova' ? null : serie;
  const form = useForm<Valores>({
    resolver: zodResolver(nfeSerieSchema as never) as unknown as Resolver<Valores>,
    defaultValues: editando
      ? {
          serie: editando.serie,
          proximo_numero: editando.proximo_numero,
          ativa: editando.ativa,
          padrao: editando.padrao,
        }
      : { serie: 1, proximo_numero: 1, ativa: true, padrao: false },
  });
  const submit = form.handleSubmit(async (v) => {
    try {
      await salvar.mutateAsync({
        id: editando?.id ?? null,
        body: editando ? { ...v, versao: editando.versao } : v,
      });
      toast.success(editando ? 'Série salva.' : 'Série criada.');
      onClose();
    } catch (err) {
      showSaveError(form, err);
    }
  });
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{editando ? `Série ${editando.serie}` : 'Nova série'}</DialogTitle>
          <DialogDescription>
            {editando?.ultimo_numero_usado
              ? `Último número usado: ${editando.ultimo_numero_usado}. O próximo não pode ser menor ou igual a ele.`
              : 'Série de 0 a 999 e o número da próxima nota.'}
          </DialogDescription>
        </DialogHeader>
        <FormProvider {...form}>
          <form onSubmit={submit} noValidate className="grid gap-4 px-6 py-4">
            <NumeroField name="serie" label="Série" min={0} max={999} />
            <NumeroField name="proximo_numero" label="Próximo número" min={1} />
            <SwitchField name="ativa" label="Ativa" />
            <SwitchField name="padrao" label="Série padrão" hint="Usada quando a nota não escolhe outra" />
            <DialogFooter className="px-0">
              <Button type="button" variant="outline" onClick={onClose}>
                Cancelar
              </Button>
              <Button type="submit" disabled={salvar.isPending}>
                {salvar.isPending ? <Spinner label="Salvando" /> : null}
                Salvar
              </Button>
            </DialogFooter>
          </form>
        </FormProvider>
      </DialogContent>
    </Dialog>
  );
}

export function SeriesCard() {
  const { data, isLoading, isError } = useSeries();
  const [aberta, setAberta] = useState<NfeSerie | 'nova' | null>(null);
  const series = data?.items ?? [];
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div>
          <CardTitle>Séries</CardTitle>
          <CardDescription>
            Séries da NF-e (modelo 55) e o número da próxima nota de cada uma.
          </CardDescription>
        </div>
        <Button size="sm" onClick={() => setAberta('nova')}>
          <Plus className="size-4" aria-hidden /> Nova série
        </Button>
      </CardHeader>
      <CardContent>
        {isLoading ? <Skeleton className="h-16 w-full" /> : null}
        {isError ? <p role="alert">Não foi possível carregar as séries.</p> : null}
        {data && series.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nenhuma série cadastrada.</p>
        ) : null}
        {series.length ? (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Série</TableHead>
                <TableHead className="text-right">Próximo número</TableHead>
                <TableHead className="hidden text-right sm:table-cell">Último usado</TableHead>
                <TableHead>Situação</TableHead>
                <TableHead className="w-12">
                  <span className="sr-only">Ações</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {series.map((s) => (
                <TableRow key={s.id}>
                  <TableCell className="font-medium">{s.serie}</TableCell>
                  <TableCell className="text-right tabular-nums">{s.proximo_numero}</TableCell>
                  <TableCell className="hidden text-right tabular-nums sm:table-cell">
                    {s.ultimo_numero_usado ?? '—'}
                  </TableCell>
                  <TableCell className="flex flex-wrap gap-1">
                    <Badge variant={s.ativa ? 'success' : 'secondary'}>{s.ativa ? 'Ativa' : 'Inativa'}</Badge>
                    {s.padrao ? <Badge variant="outline">Padrão</Badge> : null}
                  </TableCell>
                  <TableCell>
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Editar série ${s.serie}`}
                      onClick={() => setAberta(s)}
                    >
                      <Pencil className="size-4" aria-hidden />
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : null}
      </CardContent>
      {aberta ? <SerieDialog serie={aberta} onClose={() => setAberta(null)} /> : null}
    </Card>
  );
}
