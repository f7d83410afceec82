import { ConfirmDialog } from '@/modules/usuarios/components/confirm-dialog.tsx';

// The server refused an OFX whose BANKID/BRANCHID/ACCTID contradict the chosen account (409
// conta_divergente, issue 29 item 5): both accounts are named and the file is imported only when the
// user confirms (the same request again with confirmar_conta).

export type ContaDivergente = {
  arquivo: { banco: string | null; agencia: string | null; conta: string | null };
  conta: { id: string; nome: string; descricao: string };
};

const descreve = (a: ContaDivergente['arquivo']) =>
  [a.banco && `banco ${a.banco}`, a.agencia && `agência ${a.agencia}`, a.conta && `conta ${a.conta}`]
    .filter(Boolean)
    .join(', ');

export function ContaDivergenteDialog({
  divergencia,
  pending,
  onCancelar,
  onConfirmar,
}: {
  divergencia: ContaDivergente | null;
  pending: boolean;
  onCancelar(): void;
  onConfirmar(): void;
}) {
  return (
    <ConfirmDialog
      open={!!divergencia}
      onOpenChange={(o) => !o && onCancelar()}
      title="O extrato é de outra conta?"
      confirmLabel="Importar nesta conta"
      pending={pending}
      onConfirm={onConfirmar}
      description={
        divergencia ? (
          <div className="grid gap-2" data-testid="conta-divergente">
            <p>O banco e a conta do arquivo não conferem com a conta escolhida.</p>
            <dl className="grid gap-1 rounded-md border p-2 text-foreground">
              <div>
                <dt className="text-muted-foreground">No arquivo</dt>
                <dd className="font-medium">{descreve(divergencia.arquivo) || '—'}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Conta escolhida</dt>
                <dd className="font-medium">
                  {divergencia.conta.nome} ({divergencia.conta.descricao})
                </dd>
              </div>
            </dl>
            <p>Importe só se o extrato for mesmo desta conta.</p>
          </div>
        ) : null
      }
    />
  );
}
