import { formatBRL, formatDateBR, parseDecimalBR, type TituloRow } from '@erp/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { creditosApi, type TipoTituloApi, titulosApi } from '../api/financeiro-api.ts';
import { financeiroKeys } from '../api/keys.ts';

// Issue 32, in a título's history: the reductions that are not payments — a return's value
// (linked to its devolução) or the customer's crédito used — and, on an open receivable whose
// customer has crédito left by returns, «Usar crédito» (the finance roles: this dialog is theirs).

type Abatimento = {
  id: string;
  origem: 'devolucao' | 'credito';
  devolucao_id: string | null;
  devolucao_numero: number | null;
  valor: string;
  comissao: string;
  data: string;
  historico: string;
  estornado: boolean;
};

export function AbatimentosTitulo({ tipo, titulo }: { tipo: TipoTituloApi; titulo: TituloRow }) {
  const abatimentos = useQuery({
    queryKey: [...financeiroKeys.all, tipo, 'abatimentos', titulo.id],
    queryFn: () => titulosApi(tipo).abatimentos(titulo.id) as Promise<Abatimento[]>,
  });
  const aberto = titulo.status === 'em_aberto' || titulo.status === 'parcial';
  return (
    <section aria-label="Abatimentos" className="grid gap-2">
      {abatimentos.data?.length ? (
        <>
          <h3 className="text-sm font-medium">Abatimentos (devoluções e créditos)</h3>
          <ul className="grid gap-1 text-sm">
            {abatimentos.data.map((a) => (
              <li
                key={a.id}
                data-testid="historico-abatimento"
                className="flex flex-wrap items-center gap-2 rounded-md border border-border px-2 py-1"
              >
                <span className="whitespace-nowrap">{formatDateBR(a.data)}</span>
                <span className="font-medium tabular-nums">{formatBRL(a.valor)}</span>
                {a.devolucao_id ? (
                  <Link
                    to={`/comercial/devolucoes/${a.devolucao_id}`}
                    className="underline-offset-4 hover:underline"
                  >
                    {a.historico}
                  </Link>
                ) : (
                  <span>{a.historico}</span>
                )}
                {Number(a.comissao) > 0 ? (
                  <span className="text-muted-foreground">comissão estornada {formatBRL(a.comissao)}</span>
                ) : null}
                {a.estornado ? (
                  <Badge variant="outline" className="border-2 border-destructive text-destructive">
                    Estornado
                  </Badge>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {tipo === 'receber' && aberto && titulo.cliente_id ? (
        <UsarCredito titulo={titulo} clienteId={titulo.cliente_id} />
      ) : null}
    </section>
  );
}

function UsarCredito({ titulo, clienteId }: { titulo: TituloRow; clienteId: string }) {
  const qc = useQueryClient();
  const id = useId();
  const credito = useQuery({
    queryKey: [...financeiroKeys.all, 'credito-cliente', clienteId],
    queryFn: () => creditosApi.doCliente(clienteId) as Promise<{ saldo: string }>,
  });
  const [valor, setValor] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const usar = useMutation({
    mutationFn: (v: string) => creditosApi.usar(clienteId, { titulo_id: titulo.id, valor: v }),
    onSuccess: () => {
      toast.success('Crédito do cliente usado no título.');
      setValor('');
      setErro(null);
      void qc.invalidateQueries({ queryKey: financeiroKeys.all });
    },
    onError: (e) => setErro(e instanceof ApiError ? e.message : 'Não foi possível usar o crédito.'),
  });
  const saldo = credito.data?.saldo;
  if (!saldo || Number(saldo) <= 0) return null;
  const sugerido = Math.min(Number(saldo), Number(titulo.saldo ?? titulo.valor)).toFixed(2);
  return (
    <form
      className="flex flex-wrap items-end gap-2 rounded-md border border-border p-2 text-sm"
      onSubmit={(e) => {
        e.preventDefault();
        const v = parseDecimalBR(valor || sugerido.replace('.', ','), 2) ?? valor;
        usar.mutate(v);
      }}
    >
      <div className="grid gap-1">
        <label htmlFor={id} className="font-medium">
          Crédito do cliente: {formatBRL(saldo)}
        </label>
        <Input
          id={id}
          inputMode="decimal"
          className="w-32"
          placeholder={sugerido.replace('.', ',')}
          value={valor}
          onChange={(e) => setValor(e.target.value)}
        />
      </div>
      <Button type="submit" size="sm" disabled={usar.isPending}>
        {usar.isPending ? <Spinner /> : null}
        Usar crédito no título
      </Button>
      {erro ? (
        <p role="alert" className="w-full text-destructive">
          {erro}
        </p>
      ) : null}
    </form>
  );
}
