import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, FileUp, XCircle } from 'lucide-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { entradasApi, entradasKeys, type ResultadoImportacao } from '../api/entradas-api.ts';
import { numeroNota } from './status-entrada.tsx';

// The import area of /estoque/entradas: drop (or choose) one or many NF-e XML files or a .zip of
// them; each file travels as base64 and comes back as one result per XML — the receipt created or
// the reason it was refused (schema, chave, duplicate). Files are sent one request at a time, so a
// long import shows how far it got ("Arquivo 3 de 12: nota.xml — lendo e validando…") and each file's results appear
// as soon as it is read, instead of one silent request for everything.

function base64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result).replace(/^data:[^,]*,/, ''));
    r.onerror = () => reject(r.error);
    r.readAsDataURL(file);
  });
}

export function UploadXml() {
  const qc = useQueryClient();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [arrastando, setArrastando] = useState(false);
  const [enviando, setEnviando] = useState(false);
  const [progresso, setProgresso] = useState<{ atual: number; total: number; nome: string } | null>(null);
  const [resultados, setResultados] = useState<ResultadoImportacao[]>([]);
  const [erro, setErro] = useState<string | null>(null);

  const envia = async (files: File[]) => {
    const aceitos = files.filter((f) => /\.(xml|zip)$/i.test(f.name));
    if (!aceitos.length) {
      setErro('Escolha arquivos .xml de NF-e ou um .zip com eles.');
      return;
    }
    setErro(null);
    setEnviando(true);
    setResultados([]);
    try {
      for (const [i, f] of aceitos.entries()) {
        setProgresso({ atual: i + 1, total: aceitos.length, nome: f.name });
        const r = await entradasApi.importar([{ nome: f.name, conteudo_base64: await base64(f) }]);
        setResultados((antes) => [...antes, ...r.resultados]);
      }
    } catch (e) {
      setErro(e instanceof ApiError ? e.message : 'Não foi possível enviar os arquivos.');
    } finally {
      await qc.invalidateQueries({ queryKey: entradasKeys.all });
      setEnviando(false);
      setProgresso(null);
      if (input.current) input.current.value = '';
    }
  };

  const onDrop = (ev: DragEvent) => {
    ev.preventDefault();
    setArrastando(false);
    void envia([...ev.dataTransfer.files]);
  };

  return (
    <section aria-label="Importar XML" className="grid gap-2">
      <label
        htmlFor={id}
        data-testid="area-upload"
        onDragOver={(ev) => {
          ev.preventDefault();
          setArrastando(true);
        }}
        onDragLeave={() => setArrastando(false)}
        onDrop={onDrop}
        className={cn(
          'flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed border-border bg-card p-6 text-center text-sm transition-colors',
          arrastando && 'border-primary bg-primary/5',
        )}
      >
        {enviando ? <Spinner /> : <FileUp aria-hidden className="size-8 text-muted-foreground" />}
        <span className="font-medium">
          {enviando ? 'Importando…' : 'Arraste aqui os XML das NF-e de compra (ou um .zip)'}
        </span>
        {progresso ? (
          <span role="status" className="text-muted-foreground">
            {progresso.total > 1 ? `Arquivo ${progresso.atual} de ${progresso.total}: ` : ''}
            <span className="break-all">{progresso.nome}</span> — lendo e validando as notas (um .zip grande
            leva alguns segundos por nota)
          </span>
        ) : null}
        <span className="text-muted-foreground">ou clique para escolher os arquivos</span>
        <input
          ref={input}
          id={id}
          type="file"
          multiple
          accept=".xml,.zip,application/xml,text/xml,application/zip"
          className="sr-only"
          aria-label="Arquivos XML ou .zip"
          disabled={enviando}
          onChange={(ev) => void envia([...(ev.target.files ?? [])])}
        />
      </label>
      {erro ? (
        <p role="alert" className="text-sm text-destructive">
          {erro}
        </p>
      ) : null}
      {resultados.length ? (
        <ul
          aria-label="Resultado da importação"
          className="grid gap-1 rounded-lg border border-border p-3 text-sm"
        >
          {resultados.map((r, i) => (
            <li key={`${r.arquivo}-${i}`} className="flex flex-wrap items-start gap-2">
              {r.ok ? (
                <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-success" />
              ) : (
                <XCircle aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive" />
              )}
              <span className="break-all font-mono text-xs">{r.arquivo}</span>
              {r.ok ? (
                <Link
                  to={`/estoque/entradas/${r.entrada.id}`}
                  className="font-medium underline-offset-4 hover:underline"
                >
                  {numeroNota(r.entrada)} — {r.entrada.emitente_nome ?? r.entrada.fornecedor_nome} (
                  {r.entrada.itens_mapeados} de {r.entrada.itens_total} itens identificados)
                </Link>
              ) : (
                <span className="text-destructive">{r.mensagem}</span>
              )}
            </li>
          ))}
          <li>
            <Button variant="ghost" size="sm" onClick={() => setResultados([])}>
              Limpar
            </Button>
          </li>
        </ul>
      ) : null}
    </section>
  );
}
