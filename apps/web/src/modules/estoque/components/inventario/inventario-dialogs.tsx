import type { InventarioDetalhe } from '@erp/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { inventariosApi } from '../../api/estoque-api.ts';
import { estoqueKeys } from '../../api/keys.ts';
import { formatValor } from '../formato.ts';
export function LancarDialog({ inv, onClose }: { inv: InventarioDetalhe; onClose(): void }) {
  const qc = useQueryClient();
  const [confirmado, setConfirmado] = useState(false);
  const [posteriores, setPosteriores] = useState(inv.movimentos_posteriores);
  const checkId = useId();
  const lancar = useMutation({
    mutationFn: () =>
      inventariosApi.lancar(inv.id, {
        confirmar_movimentos_posteriores: posteriores && confirmado,
      } as never) as Promise<InventarioDetalhe>,
    onSuccess: async () => {
      toast.success('Inventário lançado com sucesso!');
      await qc.invalidateQueries({ queryKey: estoqueKeys.all });
      onClose();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.body.details?.reason === 'movimentos_posteriores') {
        // movements arrived while the dialog was open: confirm them first
        setPosteriores(true);
        setConfirmado(false);
        void qc.invalidateQueries({ queryKey: estoqueKeys.inventario(inv.id) });
      } else toast.error(err instanceof ApiError ? err.message : 'Erro ao lançar. Tente novamente.');
    },
  });
  const r = inv.resumo;
  return (
    <Dialog open onOpenChange={(o) => (o || lancar.isPending ? undefined : onClose())}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Lançar ajustes do inventário nº {inv.numero}?</DialogTitle>
          <DialogDescription>
            Cada item contado com diferença vira um ajuste de inventário no razão, todos de uma vez. Itens não
            contados ficam como estão.
          </DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Itens contados</dt>
          <dd className="tabular-nums">
            {r.contados} de {r.itens}
          </dd>
          <dt className="text-muted-foreground">Com diferença</dt>
          <dd className="tabular-nums">{r.comDiferenca}</dd>
          <dt className="text-muted-foreground">Sobras</dt>
          <dd className="tabular-nums">{formatValor(r.sobras)}</dd>
          <dt className="text-muted-foreground">Faltas</dt>
          <dd className="tabular-nums">{formatValor(r.faltas)}</dd>
          <dt className="text-muted-foreground">Diferença líquida</dt>
          <dd className="font-semibold tabular-nums">{formatValor(r.liquido)}</dd>
        </dl>
        {posteriores ? (
          <div className="grid gap-3">
            <AvisoMovimentos />
            <div className="flex items-start gap-2 text-sm">
              <Checkbox
                id={checkId}
                checked={confirmado}
                onCheckedChange={(v) => setConfirmado(v === true)}
                className="mt-0.5"
              />
              <Label htmlFor={checkId} className="font-normal">
                Conferi as quantidades e quero lançar mesmo assim
              </Label>
            </div>
          </div>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={lancar.isPending}>
            Voltar
          </Button>
          <Button
            onClick={() => lancar.mutate()}
            disabled={lancar.isPending || r.contados === 0 || (posteriores && !confirmado)}
          >
            {lancar.isPending ? <Spinner /> : null}
            Lançar ajustes
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

import { AvisoMovimentos } from './inventario-resumo.tsx';

// Posting (Lançar) and cancelling an inventory count, each behind its confirmation dialog.

export function CancelarDialog({ inv, onClose }: { inv: InventarioDetalhe; onClose(): void }) {
  const qc = useQueryClient();
  const cancelar = useMutation({
    mutationFn: () => inventariosApi.cancelar(inv.id),
    onSuccess: async () => {
      toast.success('Inventário cancelado.');
      await qc.invalidateQueries({ queryKey: estoqueKeys.all });
      onClose();
    },
    onError: (err) =>
      toast.error(err instanceof ApiError ? err.message : 'Erro ao cancelar. Tente novamente.'),
  });
  return (
    <Dialog open onOpenChange={(o) => (o || cancelar.isPending ? undefined : onClose())}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Cancelar o inventário nº {inv.numero}?</DialogTitle>
          <DialogDescription>
            As contagens são descartadas e nenhum ajuste é lançado. Esta ação não pode ser desfeita.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={cancelar.isPending}>
            Voltar
          </Button>
          <Button variant="destructive" onClick={() => cancelar.mutate()} disabled={cancelar.isPending}>
            {cancelar.isPending ? <Spinner /> : null}
            Cancelar inventário
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
