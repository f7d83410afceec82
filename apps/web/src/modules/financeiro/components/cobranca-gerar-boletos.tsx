import { Decimal, formatBRL, plural, type TituloRow } from '@erp/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FilePlus2, Printer } from 'lucide-react';
import { Link } from 'react-router';
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
import { ApiError } from '@/lib/api-client.ts';
import { cobrancaApi, cobrancaKeys } from '../api/cobranca-api.ts';
import { abrirBoletosPdf } from './cobranca-instrucoes.tsx';

// «Gerar boletos» of the receivables selected in Contas a Receber: one request for all of them;
// the answer says which boletos were generated (printable at once, in one PDF) and why each
// refused título could not have one (no CPF/CNPJ, incomplete address, already has a boleto…).

export function GerarBoletosDialog({
  titulos,
  onClose,
}: {
  titulos: TituloRow[];
  /** `gerados` when boletos were generated (the list clears its selection) */
  onClose(gerados?: boolean): void;
}) {
  const qc = useQueryClient();
  const gerar = useMutation({
    mutationFn: () => cobrancaApi.gerar(titulos.map((t) => t.id)),
    onSettled: () => qc.invalidateQueries({ queryKey: cobrancaKeys.all }),
  });
  const r = gerar.data;
  const saldo = Decimal.sum(titulos.map((t) => t.saldo)).toFixed(2);
  const fechar = () => onClose(Boolean(r?.gerados.length));
  return (
    <Dialog open onOpenChange={(o) => (o || gerar.isPending ? undefined : fechar())}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Gerar boletos</DialogTitle>
          <DialogDescription>
            {plural(titulos.length, 'título selecionado', 'títulos selecionados')}, saldo {formatBRL(saldo)}.
            Os boletos são registrados no banco na próxima remessa da carteira.
          </DialogDescription>
        </DialogHeader>
        {gerar.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {gerar.error instanceof ApiError
              ? gerar.error.message
              : 'Não foi possível gerar os boletos. Tente novamente.'}
          </p>
        ) : null}
        {r ? (
          <div className="grid gap-3 text-sm" role="status">
            <p>
              {r.gerados.length
                ? `${plural(r.gerados.length, 'boleto gerado', 'boletos gerados')}.`
                : 'Nenhum boleto gerado.'}{' '}
              <Link to="/financeiro/cobranca" className="font-medium underline underline-offset-2">
                Ver em Cobrança
              </Link>
            </p>
            {r.recusados.length ? (
              <div>
                <p className="mb-1 font-medium text-destructive">
                  {plural(r.recusados.length, 'título recusado', 'títulos recusados')}:
                </p>
                <ul className="grid max-h-60 gap-1 overflow-y-auto" aria-label="Títulos recusados">
                  {r.recusados.map((x) => (
                    <li key={x.titulo_id}>
                      <span className="font-medium">{x.pessoa_nome}</span>: {x.mensagem}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </div>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={fechar} disabled={gerar.isPending}>
            {r ? 'Fechar' : 'Cancelar'}
          </Button>
          {r ? (
            r.gerados.length ? (
              <Button onClick={() => abrirBoletosPdf(r.gerados.map((b) => b.id))}>
                <Printer aria-hidden />
                Imprimir boletos
              </Button>
            ) : null
          ) : (
            <Button onClick={() => gerar.mutate()} disabled={gerar.isPending}>
              {gerar.isPending ? <Spinner /> : <FilePlus2 aria-hidden />}
              Gerar boletos
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
