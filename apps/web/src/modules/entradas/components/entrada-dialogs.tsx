import { formaPlural, formatBRL, statusPedidoCompraLabels } from '@erp/shared';
import { CheckCheck } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
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
import { type Entrada, entradasApi } from '../api/entradas-api.ts';
export function Confirmacao({
  titulo,
  texto,
  acao,
  destrutiva,
  pendente,
  onConfirmar,
  onClose,
  children,
}: {
  titulo: string;
  texto: string;
  acao: string;
  destrutiva?: boolean;
  pendente: boolean;
  onConfirmar(): void;
  onClose(): void;
  children?: React.ReactNode;
}) {
  return (
    <Dialog open onOpenChange={(o) => (o || pendente ? undefined : onClose())}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{titulo}</DialogTitle>
          <DialogDescription>{texto}</DialogDescription>
        </DialogHeader>
        {children}
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={pendente}>
            Voltar
          </Button>
          <Button variant={destrutiva ? 'destructive' : 'default'} onClick={onConfirmar} disabled={pendente}>
            {pendente ? <Spinner /> : <CheckCheck aria-hidden />}
            {acao}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

import { useAcao } from './use-acao-entrada.ts';

// Lançar, confirm an invalid signature and estornar a goods receipt, each behind its confirmation.

export function LancarDialog({ e, onClose }: { e: Entrada; onClose(): void }) {
  const lancar = useAcao(entradasApi.lancar, 'Entrada lançada: estoque e contas a pagar atualizados.');
  // «Lançar» refused for divergences with the purchase order (422): the sentences as the server sent them
  const [divergencias, setDivergencias] = useState<string[] | null>(null);
  const pc = e.pedido_compra;
  return (
    <Confirmacao
      titulo="Lançar a entrada?"
      texto={`${formaPlural(e.itens_total, 'O item entra', `Os ${e.itens_total} itens entram`)} no estoque com o custo da nota (o custo médio é recalculado) e as contas a pagar de ${formatBRL(e.totais.nota)} são criadas.${pc?.status_resultante ? ` O pedido de compra nº ${pc.pedido.numero} fica ${statusPedidoCompraLabels[pc.status_resultante]}.` : ''}`}
      acao="Lançar"
      pendente={lancar.isPending}
      onConfirmar={() =>
        lancar.mutate([e.id], {
          onSuccess: onClose,
          onError: (err) => {
            const d = err instanceof ApiError ? err.body.details : undefined;
            if (d?.reason === 'divergencia_pedido_compra' && Array.isArray(d.divergencias))
              setDivergencias(d.divergencias.map(String));
          },
        })
      }
      onClose={onClose}
    >
      {divergencias ? (
        <div
          role="alert"
          className="grid gap-1 rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm"
        >
          <p className="font-medium">Divergências com o pedido de compra além da tolerância:</p>
          <ul className="list-disc pl-4">
            {divergencias.map((d) => (
              <li key={d}>{d}</li>
            ))}
          </ul>
          <p>Informe a justificativa da divergência no bloco «Pedido de compra» para lançar.</p>
        </div>
      ) : null}
    </Confirmacao>
  );
}

export function AssinaturaDialog({ e, onClose }: { e: Entrada; onClose(): void }) {
  const confirmar = useAcao(entradasApi.confirmarAssinatura, 'Recebimento confirmado.');
  return (
    <Confirmacao
      titulo={
        e.assinatura === 'ausente'
          ? 'Aceitar a nota sem assinatura digital?'
          : 'Aceitar a nota com assinatura inválida?'
      }
      texto={`${e.assinatura === 'ausente' ? 'Sem a assinatura, não há como saber se o conteúdo é o que o fornecedor emitiu.' : 'O conteúdo desta NF-e pode ter sido alterado depois de assinado.'} Confirme só depois de conferir a nota com o fornecedor (ou na consulta da SEFAZ). A confirmação fica registrada com o seu usuário.`}
      acao="Confirmo que conferi a nota"
      destrutiva={e.assinatura === 'invalida'}
      pendente={confirmar.isPending}
      onConfirmar={() => confirmar.mutate([e.id], { onSuccess: onClose })}
      onClose={onClose}
    />
  );
}

export function EstornarDialog({ e, onClose }: { e: Entrada; onClose(): void }) {
  const [motivo, setMotivo] = useState('');
  const estornar = useAcao(entradasApi.estornar, 'Entrada estornada.');
  return (
    <Confirmacao
      titulo="Estornar a entrada?"
      texto="As quantidades saem do estoque e as contas a pagar ainda não pagas são canceladas."
      acao="Estornar"
      destrutiva
      pendente={estornar.isPending}
      onConfirmar={() => estornar.mutate([e.id, motivo], { onSuccess: onClose })}
      onClose={onClose}
    >
      <div className="grid gap-1">
        <Label htmlFor="motivo-estorno">Motivo</Label>
        <textarea
          id="motivo-estorno"
          className="min-h-20 rounded-md border border-input bg-background p-2 text-sm"
          maxLength={500}
          value={motivo}
          onChange={(ev) => setMotivo(ev.target.value)}
        />
      </div>
    </Confirmacao>
  );
}
