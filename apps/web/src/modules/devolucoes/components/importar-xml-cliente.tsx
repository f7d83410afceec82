import { MOTIVOS_DEVOLUCAO, type MotivoDevolucao, motivoDevolucaoLabels } from '@erp/shared';
import { useMutation } from '@tanstack/react-query';
import { FileUp } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { FileInput } from '@/components/ui/file-input.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { devolucoesApi } from '../api/devolucoes-api.ts';
import { mensagemDe, useRecarregaDevolucoes } from './acoes-devolucao.tsx';

// A contribuinte customer issues its own NF-e de devolução: its XML is read by the server (XSD,
// signature, our CNPJ as destinatário, finNFe 4, NFref to one of our sale notes), matched to that
// note's items and kept as a rascunho; the clerk checks it on its page and «Lança» it.

function base64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result).replace(/^data:[^,]*,/, ''));
    r.onerror = () => reject(r.error);
    r.readAsDataURL(file);
  });
}

export function ImportarXmlCliente({ motivoInicial = '' }: { motivoInicial?: MotivoDevolucao | '' }) {
  const navigate = useNavigate();
  const recarrega = useRecarregaDevolucoes();
  const [arquivo, setArquivo] = useState<File | null>(null);
  const [motivo, setMotivo] = useState<MotivoDevolucao | ''>(motivoInicial);
  const [erro, setErro] = useState<string | undefined>();
  const arquivoId = useId();
  const motivoId = useId();
  const importar = useMutation({
    mutationFn: async (f: File) =>
      devolucoesApi.importar({
        nome: f.name,
        conteudo_base64: await base64(f),
        ...(motivo ? { motivo } : {}),
      }),
    onSuccess: (d) => {
      toast.success(`XML importado: devolução nº ${d.numero} em rascunho. Confira os itens e lance.`);
      for (const aviso of [...d.alertas, ...d.divergencias]) toast.warning(aviso);
      recarrega();
      navigate(`/comercial/devolucoes/${d.id}`);
    },
    onError: (err) => setErro(mensagemDe(err, 'Não foi possível importar o XML.')),
  });
  const enviar = (e: FormEvent) => {
    e.preventDefault();
    if (!arquivo) {
      setErro('Escolha o arquivo XML da NF-e de devolução do cliente.');
      return;
    }
    importar.mutate(arquivo);
  };
  return (
    <form
      noValidate
      onSubmit={enviar}
      aria-label="Importar a NF-e de devolução do cliente"
      className="grid gap-2 rounded-lg border border-dashed border-border bg-card p-4"
    >
      <p className="text-sm">
        <span className="font-medium">O cliente emitiu a própria NF-e de devolução?</span>{' '}
        <span className="text-muted-foreground">
          Importe o XML dela: os itens são conferidos com a nota de venda referenciada.
        </span>
      </p>
      <div className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,14rem)_auto] sm:items-end">
        <div className="grid gap-1">
          <label htmlFor={arquivoId} className="text-xs font-medium text-muted-foreground">
            XML da NF-e do cliente
          </label>
          <FileInput
            id={arquivoId}
            accept=".xml,application/xml,text/xml"
            value={arquivo}
            aria-invalid={erro ? true : undefined}
            onChange={(f) => {
              setArquivo(f);
              setErro(undefined);
            }}
          />
        </div>
        <div className="grid gap-1">
          <label htmlFor={motivoId} className="text-xs font-medium text-muted-foreground">
            Motivo
          </label>
          <NativeSelect
            id={motivoId}
            value={motivo}
            onChange={(e) => setMotivo(e.target.value as MotivoDevolucao | '')}
          >
            <option value="">Outro (descrito na nota)</option>
            {MOTIVOS_DEVOLUCAO.filter((m) => m !== 'outro').map((m) => (
              <option key={m} value={m}>
                {motivoDevolucaoLabels[m]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button type="submit" variant="outline" disabled={importar.isPending}>
          {importar.isPending ? <Spinner /> : <FileUp aria-hidden />}
          Importar XML
        </Button>
      </div>
      {erro ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {erro}
        </p>
      ) : null}
    </form>
  );
}
