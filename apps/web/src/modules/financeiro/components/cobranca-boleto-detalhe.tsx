import {
  type BoletoRow,
  formatBRL,
  formatDateBR,
  formatDateTimeBR,
  instrucaoBoletoLabels,
} from '@erp/shared';
import { useQuery } from '@tanstack/react-query';
import { LoadErrorAlert } from '@/components/data-table/list-states.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { cobrancaApi, cobrancaKeys } from '../api/cobranca-api.ts';
import { BoletoSituacaoBadge, linhaFormatada } from './cobranca-instrucoes.tsx';

// One boleto's detail (a click on its row in Cobrança): the data the bank got, the linha
// digitável, the rejection motivo, and every instruction with the remessa (NSA) that carried it.

export function BoletoDetalheDialog({ boleto, onClose }: { boleto: BoletoRow; onClose(): void }) {
  const detalhe = useQuery({
    queryKey: cobrancaKeys.boleto(boleto.id),
    queryFn: () => cobrancaApi.boleto(boleto.id),
  });
  const b = detalhe.data ?? boleto;
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>Boleto {b.nosso_numero_impresso}</DialogTitle>
          <DialogDescription>
            {b.pessoa_nome}
            {b.documento ? ` · ${b.documento}` : ''} · {b.conta_nome}
          </DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-2 gap-3 rounded-md border border-border p-3 text-sm sm:grid-cols-4">
          <Item rotulo="Situação">
            <BoletoSituacaoBadge situacao={b.situacao} />
          </Item>
          <Item rotulo="Emissão">{formatDateBR(b.emissao)}</Item>
          <Item rotulo="Vencimento">{formatDateBR(b.vencimento)}</Item>
          <Item rotulo="Valor">
            <span className="tabular-nums">{formatBRL(b.valor)}</span>
          </Item>
          <div className="col-span-2 sm:col-span-4">
            <dt className="text-muted-foreground">Linha digitável</dt>
            <dd className="font-mono text-xs break-words select-all">{linhaFormatada(b.linha_digitavel)}</dd>
          </div>
          {b.situacao === 'rejeitado' && b.motivo ? (
            <div className="col-span-2 sm:col-span-4">
              <dt className="text-muted-foreground">Motivo da rejeição</dt>
              <dd className="text-destructive">{b.motivo}</dd>
            </div>
          ) : null}
        </dl>
        <h3 className="text-sm font-semibold">Instruções ao banco</h3>
        {detalhe.isPending ? (
          <Skeleton className="h-20 w-full" />
        ) : detalhe.isError ? (
          <LoadErrorAlert
            message={detalhe.error instanceof ApiError ? detalhe.error.message : 'Não foi possível carregar.'}
            onRetry={() => void detalhe.refetch()}
          />
        ) : detalhe.data.instrucoes.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nenhuma instrução.</p>
        ) : (
          <div className="overflow-x-auto">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Data</TableHead>
                  <TableHead>Instrução</TableHead>
                  <TableHead>Detalhe</TableHead>
                  <TableHead>Remessa</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {detalhe.data.instrucoes.map((i) => (
                  <TableRow key={`${i.instrucao}-${i.created_at}`}>
                    <TableCell className="whitespace-nowrap">
                      {formatDateTimeBR(i.created_at)}
                      {i.usuario ? (
                        <span className="block text-xs text-muted-foreground">{i.usuario}</span>
                      ) : null}
                    </TableCell>
                    <TableCell>{instrucaoBoletoLabels[i.instrucao]}</TableCell>
                    <TableCell className="tabular-nums">
                      {i.vencimento ? `Vencimento ${formatDateBR(i.vencimento)}` : ''}
                      {i.valor ? formatBRL(i.valor) : ''}
                    </TableCell>
                    <TableCell>{i.nsa ? `NSA ${i.nsa}` : 'Aguardando remessa'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

function Item({ rotulo, children }: { rotulo: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-muted-foreground">{rotulo}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}
