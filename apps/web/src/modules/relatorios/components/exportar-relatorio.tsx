import type { FormatoRelatorio } from '@erp/shared';
import { Download, Printer } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { saveFile } from '@/lib/file-download.ts';
import { baixaComProgresso } from '../api/relatorios-api.ts';

// The report's actions: «Exportar XLSX», «Exportar PDF» (the server writes what the screen shows,
// with the filters in the header) with the download's progress, and «Imprimir» (print CSS).

type Estado = { formato: FormatoRelatorio; fracao: number | null } | null;

export function ExportarRelatorio({
  onExport,
  arquivo,
}: {
  onExport(formato: FormatoRelatorio): Promise<Response>;
  arquivo: string;
}) {
  const [estado, setEstado] = useState<Estado>(null);
  const run = async (formato: FormatoRelatorio) => {
    setEstado({ formato, fracao: null });
    try {
      const res = await onExport(formato);
      const { blob, nome } = await baixaComProgresso(res, `${arquivo}.${formato}`, (fracao) =>
        setEstado({ formato, fracao }),
      );
      saveFile(blob, nome);
      toast.success('Exportação concluída.');
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Erro ao exportar. Tente novamente.');
    } finally {
      setEstado(null);
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-2 print:hidden">
      {(['xlsx', 'pdf'] as const).map((f) => (
        <Button key={f} variant="outline" onClick={() => run(f)} disabled={estado !== null}>
          {estado?.formato === f ? <Spinner /> : <Download aria-hidden />}
          Exportar {f.toUpperCase()}
        </Button>
      ))}
      <Button variant="outline" onClick={() => window.print()}>
        <Printer aria-hidden />
        Imprimir
      </Button>
      {estado ? <Progresso fracao={estado.fracao} /> : null}
    </div>
  );
}

/** "Gerando arquivo…" until the server answers, then the share received. */
function Progresso({ fracao }: { fracao: number | null }) {
  const pct = fracao === null ? null : Math.round(fracao * 100);
  return (
    <div className="flex min-w-44 items-center gap-2 text-sm text-muted-foreground" aria-live="polite">
      <div
        role="progressbar"
        aria-label="Progresso da exportação"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct ?? undefined}
        className="h-2 w-24 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={
            pct === null ? 'h-full w-1/3 animate-pulse bg-primary' : 'h-full bg-primary transition-all'
          }
          style={pct === null ? undefined : { width: `${pct}%` }}
        />
      </div>
      <span>{pct === null ? 'Gerando arquivo…' : `Baixando ${pct} %`}</span>
    </div>
  );
}
