import { formatBRL, formatDateBR, type TituloRow } from '@erp/shared';
import { LoadErrorAlert } from '@/components/data-table/list-states.tsx';
import { Badge } from '@/components/ui/badge.tsx';
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
import type { TipoTituloApi } from '../api/financeiro-api.ts';
import { useContasOpcoes } from '../api/queries.ts';
import { AbatimentosTitulo } from './abatimentos-titulo.tsx';
import { BoletoPanel } from './boleto-panel.tsx';
import { useBaixas } from './estorno-dialog.tsx';
import { PixPanel } from './pix-panel.tsx';
import { tituloResumo } from './titulo-resumo.ts';

// A título's history: every baixa (date, account, paid, juros, multa, desconto, what it
// extinguished, who), the reversed ones marked with the estorno's motivo; the abatimentos of
// returns and of the customer's crédito (abatimentos-titulo.tsx); and the cancelamento.
// An open receivable also shows its PIX charge (pix-panel.tsx); a receivable its boleto
// (boleto-panel.tsx: the registered boleto, or «Gerar boleto»).

const num = 'text-right whitespace-nowrap tabular-nums';

export function HistoricoDialog({
  tipo,
  titulo,
  onClose,
}: {
  tipo: TipoTituloApi;
  titulo: TituloRow;
  onClose(): void;
}) {
  const baixas = useBaixas(tipo, titulo.id);
  const contas = useContasOpcoes();
  const conta = (id: string) => contas.find((c) => c.value === id)?.label ?? '';
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-4xl">
        <DialogHeader>
          <DialogTitle>Histórico do título</DialogTitle>
          <DialogDescription>
            {tituloResumo(titulo)} · valor {formatBRL(titulo.valor)} · saldo {formatBRL(titulo.saldo)}
          </DialogDescription>
        </DialogHeader>
        {titulo.motivo_cancelamento ? (
          <p className="rounded-md border border-border p-3 text-sm">
            <Badge variant="outline">Cancelado</Badge> {titulo.motivo_cancelamento}
          </p>
        ) : null}
        {tipo === 'receber' ? (
          <div className="grid gap-3 lg:grid-cols-2">
            {titulo.status === 'em_aberto' || titulo.status === 'parcial' ? (
              <PixPanel tituloId={titulo.id} />
            ) : null}
            <BoletoPanel
              tituloId={titulo.id}
              aberto={titulo.status === 'em_aberto' || titulo.status === 'parcial'}
            />
          </div>
        ) : null}
        <AbatimentosTitulo tipo={tipo} titulo={titulo} />
        {baixas.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : baixas.isError ? (
          <LoadErrorAlert
            message={baixas.error instanceof ApiError ? baixas.error.message : 'Não foi possível carregar.'}
            onRetry={() => void baixas.refetch()}
          />
        ) : baixas.data.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">Nenhuma baixa registrada.</p>
        ) : (
          <div className="overflow-x-auto">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Data</TableHead>
                  <TableHead>Conta</TableHead>
                  <TableHead className="text-right">Valor pago</TableHead>
                  <TableHead className="text-right">Juros</TableHead>
                  <TableHead className="text-right">Multa</TableHead>
                  <TableHead className="text-right">Desconto</TableHead>
                  <TableHead className="text-right">Abatido</TableHead>
                  <TableHead>Situação</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {baixas.data.map((b) => (
                  <TableRow key={b.id} data-testid="historico-baixa">
                    <TableCell className="whitespace-nowrap">{formatDateBR(b.data_pagamento)}</TableCell>
                    <TableCell>
                      {conta(b.conta_bancaria_id)}
                      {b.usuario_nome ? (
                        <span className="block text-xs text-muted-foreground">{b.usuario_nome}</span>
                      ) : null}
                    </TableCell>
                    <TableCell className={num}>{formatBRL(b.valor_pago)}</TableCell>
                    <TableCell className={num}>{formatBRL(b.juros)}</TableCell>
                    <TableCell className={num}>{formatBRL(b.multa)}</TableCell>
                    <TableCell className={num}>{formatBRL(b.desconto)}</TableCell>
                    <TableCell className={num}>{formatBRL(b.principal)}</TableCell>
                    <TableCell>
                      {b.estornada ? (
                        <>
                          <Badge variant="outline" className="border-2 border-destructive text-destructive">
                            Estornada
                          </Badge>
                          {b.estorno_motivo ? (
                            <span className="block text-xs text-muted-foreground">{b.estorno_motivo}</span>
                          ) : null}
                        </>
                      ) : (
                        <Badge variant="outline" className="border-2 border-success">
                          Ativa
                        </Badge>
                      )}
                    </TableCell>
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
