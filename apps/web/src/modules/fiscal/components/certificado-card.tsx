import { type CertificadoA1Info, formatCnpj, formatDateTimeBR } from '@erp/shared';
import { ShieldCheck, Upload } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { FileInput } from '@/components/ui/file-input.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { ConfirmDialog } from '@/modules/usuarios/components/confirm-dialog.tsx';
import { useCertificado, useEnviarCertificado, useRemoverCertificado } from '../api/fiscal-api.ts';

// "Certificado digital A1": the stored certificate (titular, CNPJ, emissor, validade with the expiry
// badge, the CNPJ-differs warning) and the upload of a new .pfx/.p12 with its password. The file travels
// as base64; the password is used by the server to open it and is not kept.

function base64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result).replace(/^data:[^,]*,/, ''));
    r.onerror = () => reject(r.error);
    r.readAsDataURL(file);
  });
}

export function ValidadeBadge({ validade }: { validade: CertificadoA1Info['validade'] }) {
  const variant =
    validade.situacao === 'valido'
      ? 'success'
      : validade.situacao === 'vence_em_breve'
        ? 'warning'
        : 'destructive';
  return (
    <Badge variant={variant} data-testid="certificado-validade">
      {validade.texto}
    </Badge>
  );
}

function Dado({ rotulo, children }: { rotulo: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium text-muted-foreground">{rotulo}</dt>
      <dd className="break-words text-sm">{children}</dd>
    </div>
  );
}

export function CertificadoCard() {
  const { data, isLoading, isError } = useCertificado();
  const enviar = useEnviarCertificado();
  const remover = useRemoverCertificado();
  const [arquivo, setArquivo] = useState<File | null>(null);
  const [senha, setSenha] = useState('');
  const [erros, setErros] = useState<{ arquivo?: string; senha?: string }>({});
  const [confirmaRemover, setConfirmaRemover] = useState(false);
  const inputArquivo = useRef<HTMLInputElement>(null);
  const formId = useId();
  const c = data?.certificado ?? null;

  async function envia(e: FormEvent) {
    e.preventDefault();
    if (!arquivo) {
      setErros({ arquivo: 'Escolha o arquivo do certificado (.pfx ou .p12)' });
      return;
    }
    setErros({});
    try {
      await enviar.mutateAsync({ nome: arquivo.name, conteudo_base64: await base64(arquivo), senha });
      toast.success('Certificado digital guardado.');
      setArquivo(null);
      setSenha('');
      if (inputArquivo.current) inputArquivo.current.value = '';
    } catch (err) {
      if (err instanceof ApiError) {
        const f = err.fields;
        setErros({ arquivo: f.conteudo_base64?.[0], senha: f.senha?.[0] });
        if (!f.conteudo_base64 && !f.senha) toast.error(err.message);
      } else toast.error('Erro ao enviar o certificado. Tente novamente.');
    }
  }

  async function remove() {
    try {
      await remover.mutateAsync();
      toast.success('Certificado removido.');
      setConfirmaRemover(false);
    } catch {
      toast.error('Erro ao remover o certificado. Tente novamente.');
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck className="size-5" aria-hidden /> Certificado digital
        </CardTitle>
        <CardDescription>
          Certificado A1 (e-CNPJ) usado para assinar as notas e falar com a SEFAZ. A chave privada fica
          criptografada no servidor; a senha não é guardada.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {isLoading ? <Skeleton className="h-24 w-full" /> : null}
        {isError ? <p role="alert">Não foi possível carregar o certificado.</p> : null}
        {data && !c ? (
          <p className="text-sm text-muted-foreground">
            Nenhum certificado enviado. Sem ele não é possível emitir NF-e.
          </p>
        ) : null}
        {c ? (
          <div className="grid gap-4 rounded-md border border-border p-4" data-testid="certificado-atual">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-medium" data-testid="certificado-titular">
                {c.titular}
              </p>
              <ValidadeBadge validade={c.validade} />
            </div>
            {c.validade.situacao === 'vence_em_breve' ? (
              <p role="status" className="text-sm text-warning">
                O certificado vence em breve: providencie a renovação para não parar a emissão de notas.
              </p>
            ) : null}
            {c.validade.situacao === 'vencido' ? (
              <p role="alert" className="text-sm text-destructive">
                O certificado está vencido: a SEFAZ recusa notas assinadas com ele. Envie um certificado
                válido.
              </p>
            ) : null}
            {c.cnpj_diferente_do_emitente ? (
              <p role="alert" className="text-sm text-destructive">
                O CNPJ do certificado é diferente do CNPJ do emitente.
              </p>
            ) : null}
            <dl className="grid gap-3 sm:grid-cols-2">
              <Dado rotulo="CNPJ">{c.cnpj ? formatCnpj(c.cnpj) : '—'}</Dado>
              <Dado rotulo="Emissor">{c.emissor}</Dado>
              <Dado rotulo="Válido de">{formatDateTimeBR(c.valido_de)}</Dado>
              <Dado rotulo="Válido até">
                <span data-testid="certificado-valido-ate">{formatDateTimeBR(c.valido_ate)}</span>
              </Dado>
              <Dado rotulo="Número de série">
                <span className="font-mono text-xs">{c.numero_serie}</span>
              </Dado>
              <Dado rotulo="Enviado em">{formatDateTimeBR(c.enviado_em)}</Dado>
            </dl>
            <div>
              <Button variant="outline" size="sm" onClick={() => setConfirmaRemover(true)}>
                Remover certificado
              </Button>
            </div>
          </div>
        ) : null}

        <form id={formId} onSubmit={envia} className="grid gap-4 sm:grid-cols-2" noValidate>
          <FormField
            label={c ? 'Substituir pelo arquivo' : 'Arquivo do certificado (.pfx ou .p12)'}
            error={erros.arquivo}
          >
            <FileInput
              ref={inputArquivo}
              value={arquivo}
              accept=".pfx,.p12,application/x-pkcs12"
              onChange={setArquivo}
            />
          </FormField>
          <FormField label="Senha do certificado" error={erros.senha}>
            <Input
              type="password"
              autoComplete="off"
              value={senha}
              onChange={(e) => setSenha(e.target.value)}
            />
          </FormField>
          <div className="sm:col-span-2">
            <Button type="submit" disabled={enviar.isPending}>
              {enviar.isPending ? <Spinner label="Enviando" /> : <Upload className="size-4" aria-hidden />}
              Enviar certificado
            </Button>
          </div>
        </form>
      </CardContent>
      <ConfirmDialog
        open={confirmaRemover}
        onOpenChange={setConfirmaRemover}
        title="Remover o certificado digital?"
        description="Sem certificado não é possível assinar nem transmitir notas fiscais até que outro seja enviado."
        confirmLabel="Remover"
        destructive
        pending={remover.isPending}
        onConfirm={remove}
      />
    </Card>
  );
}
