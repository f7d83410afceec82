import { Decimal, formatDecimalBR } from '@erp/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Barcode, CheckCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { type Entrada, entradasApi, entradasKeys } from '../api/entradas-api.ts';
import { decimalDe, leitura } from './leitura.ts';

// The blind count of a receipt (conferência): the expected quantities are not shown. A scanner
// types a GTIN and Enter: the NF-e's box code (cEAN) adds the box's factor, the tributável code
// (cEANTrib) one base unit; counts can also be typed. "Registrar conferência" sends the counts in
// the base unit and the server answers with the divergences (esperado × contado).

export function Conferencia({ entrada }: { entrada: Entrada }) {
  const qc = useQueryClient();
  const uid = useId();
  const itens = entrada.itens.filter((i) => i.produto_id);
  const [contagens, setContagens] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      entrada.itens
        .filter((i) => i.quantidade_conferida !== null)
        .map((i) => [i.id, formatDecimalBR(i.quantidade_conferida!, 0)]),
    ),
  );
  const [codigo, setCodigo] = useState('');
  const [aviso, setAviso] = useState<string | null>(null);
  const registrar = useMutation({
    mutationFn: () =>
      entradasApi.conferencia(
        entrada.id,
        itens.map((i) => ({ item_id: i.id, quantidade: decimalDe(contagens[i.id]) })),
      ),
    onSuccess: async (e) => {
      qc.setQueryData(entradasKeys.get(entrada.id), e);
      await qc.invalidateQueries({ queryKey: entradasKeys.all });
      toast.success(
        e.divergencias.length
          ? 'Conferência registrada com divergências.'
          : 'Conferência registrada sem divergências.',
      );
    },
    onError: (err) =>
      toast.error(err instanceof ApiError ? err.message : 'Erro ao registrar. Tente novamente.'),
  });
  const lido = (ev: React.FormEvent) => {
    ev.preventDefault();
    const l = leitura(itens, codigo);
    if (!l) setAviso(`Código ${codigo} não pertence a nenhum item identificado desta nota.`);
    else {
      setAviso(null);
      setContagens((c) => ({
        ...c,
        [l.itemId]: formatDecimalBR(Decimal.of(decimalDe(c[l.itemId])).plus(l.soma).toString(), 0),
      }));
    }
    setCodigo('');
  };
  return (
    <section
      aria-label="Conferência"
      className="grid min-w-0 gap-3 rounded-lg border border-border bg-card p-3"
    >
      <h2 className="text-base font-semibold">Conferência (contagem às cegas)</h2>
      <form onSubmit={lido} className="flex flex-wrap items-end gap-2">
        <div className="grid gap-1">
          <Label htmlFor={`${uid}-c`}>Código de barras</Label>
          <Input
            id={`${uid}-c`}
            value={codigo}
            inputMode="numeric"
            autoComplete="off"
            placeholder="Leia ou digite o GTIN"
            onChange={(ev) => setCodigo(ev.target.value)}
            className="w-64"
          />
        </div>
        <Button type="submit" variant="outline">
          <Barcode aria-hidden />
          Ler
        </Button>
      </form>
      {aviso ? (
        <p role="alert" className="text-sm text-destructive">
          {aviso}
        </p>
      ) : null}
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Item</TableHead>
            <TableHead>Produto</TableHead>
            <TableHead className="w-40 text-right">Contado</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {itens.map((i) => {
            const div = entrada.divergencias.find((d) => d.item_id === i.id);
            return (
              <TableRow key={i.id}>
                <TableCell className="tabular-nums">{i.n_item}</TableCell>
                <TableCell>
                  {i.produto_codigo} - {i.produto_nome}
                  {div ? (
                    <div className="text-xs text-destructive">
                      Divergência: esperado {formatDecimalBR(div.esperado, 0)}, contado{' '}
                      {formatDecimalBR(div.contado, 0)} {i.unidade_base}
                    </div>
                  ) : null}
                </TableCell>
                <TableCell className="text-right">
                  <Input
                    aria-label={`Contado do item ${i.n_item}`}
                    inputMode="decimal"
                    className="ml-auto w-32 text-right"
                    value={contagens[i.id] ?? ''}
                    onChange={(ev) => setContagens((c) => ({ ...c, [i.id]: ev.target.value }))}
                  />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <Button
        className="justify-self-end"
        onClick={() => registrar.mutate()}
        disabled={registrar.isPending || !itens.length}
      >
        {registrar.isPending ? <Spinner /> : <CheckCheck aria-hidden />}
        Registrar conferência
      </Button>
    </section>
  );
}
