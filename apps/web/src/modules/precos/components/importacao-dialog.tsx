import type { ErrosImportacaoPrecos } from '@erp/shared';
import { plural } from '@erp/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import { FileInput } from '@/components/ui/file-input.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { precosKeys } from '../api/keys.ts';
import { itensTabelaApi } from '../api/precos-api.ts';

// "Importar XLSX": a sheet in the export's layout (Código and Valor required; Regra, Preço mínimo
// and the breaks optional). The server checks every line; with any wrong line it changes nothing
// and the dialog lists the errors by line. Products not in the sheet stay as they are.

export function ImportacaoDialog({
  tabela,
  onClose,
}: {
  tabela: { id: string; nome: string };
  onClose(): void;
}) {
  const qc = useQueryClient();
  const [arquivo, setArquivo] = useState<File | null>(null);
  const [erroArquivo, setErroArquivo] = useState<string | undefined>();
  const importa = useMutation({
    mutationFn: (f: File) => itensTabelaApi.importa(tabela.id, f),
    onSuccess: async (r) => {
      toast.success(
        `Planilha importada: ${plural(r.linhas, 'produto', 'produtos')} (${r.alterados} com alteração).`,
      );
      await qc.invalidateQueries({ queryKey: precosKeys.all });
      onClose();
    },
    onError: (err) => {
      setErroArquivo(err instanceof ApiError ? err.fields.arquivo?.[0] : undefined);
      if (!(err instanceof ApiError)) toast.error('Erro ao importar. Tente novamente.');
    },
  });
  const linhas =
    importa.error instanceof ApiError
      ? (importa.error.body.details as ErrosImportacaoPrecos | undefined)?.linhas
      : undefined;
  return (
    <Dialog open onOpenChange={(open) => (open || importa.isPending ? undefined : onClose())}>
      <DialogContent className="max-w-2xl" onInteractOutside={(e) => e.preventDefault()}>
        <DialogHeader>
          <DialogTitle>Importar planilha em {tabela.nome}</DialogTitle>
          <DialogDescription>
            Use o layout da exportação: Código e Valor são obrigatórios; Regra (vazia: preço fixo), Preço
            mínimo e as faixas são opcionais. Se alguma linha estiver errada, nada é importado.
          </DialogDescription>
        </DialogHeader>
        <form
          id="importacao-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!arquivo) setErroArquivo('Escolha a planilha (arquivo .xlsx)');
            else importa.mutate(arquivo);
          }}
        >
          <FormField label="Planilha (.xlsx)" required error={erroArquivo}>
            <FileInput
              value={arquivo}
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(f) => {
                setArquivo(f);
                setErroArquivo(undefined);
                importa.reset();
              }}
            />
          </FormField>
        </form>
        {linhas?.length ? (
          <div
            role="alert"
            className="grid gap-2 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm"
          >
            <p className="font-medium">{importa.error?.message}</p>
            <ul className="grid max-h-64 gap-0.5 overflow-auto" aria-label="Erros por linha">
              {linhas.map((l) => (
                <li key={`${l.linha}-${l.mensagem}`}>
                  {l.linha === null ? l.mensagem : `Linha ${l.linha}: ${l.mensagem}`}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <DialogFooter className="border-t border-border">
          <Button variant="outline" onClick={onClose} disabled={importa.isPending}>
            Cancelar
          </Button>
          <Button type="submit" form="importacao-form" disabled={importa.isPending}>
            {importa.isPending ? <Spinner /> : <Upload aria-hidden />}
            Importar
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
