import { inutilizacaoSchema } from '@erp/shared';
import { useQueryClient } from '@tanstack/react-query';
import { FileX2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { JustificativaField } from '@/components/forms/justificativa-field.tsx';
import { Button } from '@/components/ui/button.tsx';
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
import { Spinner } from '@/components/ui/spinner.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { sefazApi } from '../api/sefaz-api.ts';

// "Inutilizar faixa" (list page): voids at SEFAZ a range of numbers of a série that were skipped
// (gaps) or belong to notes never authorised. Validated with the shared rule before it goes.

type Campos = { serie: string; numero_inicial: string; numero_final: string; justificativa: string };
type Erros = Partial<Record<keyof Campos, string>>;

export function InutilizarFaixaButton() {
  const [aberto, setAberto] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setAberto(true)}>
        <FileX2 aria-hidden />
        Inutilizar faixa
      </Button>
      {aberto ? <InutilizarFaixaDialog onClose={() => setAberto(false)} /> : null}
    </>
  );
}

function InutilizarFaixaDialog({ onClose }: { onClose(): void }) {
  const qc = useQueryClient();
  const [v, setV] = useState<Campos>({ serie: '1', numero_inicial: '', numero_final: '', justificativa: '' });
  const [erros, setErros] = useState<Erros>({});
  const [geral, setGeral] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const formId = useId();
  const muda = (k: keyof Campos, valor: string) => {
    setV({ ...v, [k]: valor });
    setErros({ ...erros, [k]: undefined });
    setGeral(null);
  };
  const campo = (k: keyof Campos) => ({
    value: v[k],
    onChange: (e: { target: { value: string } }) => muda(k, e.target.value),
  });
  const enviar = async (e: FormEvent) => {
    e.preventDefault();
    const r = inutilizacaoSchema.safeParse({
      ...v,
      serie: v.serie.trim() === '' ? undefined : v.serie,
      numero_inicial: v.numero_inicial.trim() === '' ? undefined : v.numero_inicial,
      numero_final: v.numero_final.trim() === '' ? v.numero_inicial || undefined : v.numero_final,
    });
    if (!r.success) {
      const novos: Erros = {};
      for (const i of r.error.issues) {
        const k = i.path[0] as keyof Campos;
        novos[k] ??= i.message;
      }
      setErros(novos);
      return;
    }
    setEnviando(true);
    try {
      const res = await sefazApi.inutilizar(r.data);
      toast.success(
        `Numeração ${res.numero_inicial} a ${res.numero_final} da série ${res.serie} inutilizada: protocolo ${res.protocolo}.`,
      );
      void qc.invalidateQueries({ queryKey: ['notasfiscais'] });
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.fields) {
        const novos: Erros = {};
        for (const [k, msgs] of Object.entries(err.fields)) novos[k as keyof Campos] = msgs[0];
        setErros(novos);
      }
      setGeral(err instanceof ApiError ? err.message : 'Não foi possível inutilizar a numeração.');
    } finally {
      setEnviando(false);
    }
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Inutilizar faixa de numeração</DialogTitle>
          <DialogDescription>
            Só números já saltados, ou de notas que nunca foram autorizadas, podem ser inutilizados. A SEFAZ
            registra a inutilização com protocolo.
          </DialogDescription>
        </DialogHeader>
        <form id={formId} noValidate onSubmit={enviar} className="grid gap-3 sm:grid-cols-3">
          <FormField label="Série" required error={erros.serie}>
            <Input inputMode="numeric" {...campo('serie')} />
          </FormField>
          <FormField label="Número inicial" required error={erros.numero_inicial}>
            <Input inputMode="numeric" autoFocus {...campo('numero_inicial')} />
          </FormField>
          <FormField label="Número final" error={erros.numero_final} hint="Vazio: só o inicial.">
            <Input inputMode="numeric" {...campo('numero_final')} />
          </FormField>
          <JustificativaField
            label="Justificativa"
            min={15}
            max={255}
            rows={3}
            className="sm:col-span-3"
            value={v.justificativa}
            error={erros.justificativa}
            onChange={(texto) => muda('justificativa', texto)}
          />
          {geral ? (
            <p role="alert" className="text-sm text-destructive sm:col-span-3">
              {geral}
            </p>
          ) : null}
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Voltar
          </Button>
          <Button type="submit" form={formId} disabled={enviando}>
            {enviando ? <Spinner /> : null}
            Inutilizar
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
