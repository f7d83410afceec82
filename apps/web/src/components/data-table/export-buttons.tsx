import type { ExportFormat } from '@erp/shared';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { saveFile } from '@/lib/file-download.ts';

/** Downloads a Response as a file named by its Content-Disposition. */
async function download(res: Response, fallbackName: string) {
  if (!res.ok) {
    const body = await res
      .json()
      .catch(() => ({ code: 'error', message: 'Erro ao exportar. Tente novamente.' }));
    throw new ApiError(res.status, body);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  saveFile(await res.blob(), name);
}

/** "Exportar CSV" / "Exportar XLSX": the filtered list as the server writes it. */
export function ExportButtons({
  onExport,
  fileBase,
  formats = ['csv', 'xlsx'],
}: {
  onExport(formato: ExportFormat): Promise<Response>;
  fileBase: string;
  /** the formats offered (a price table's items: XLSX only, the import's layout) */
  formats?: readonly ExportFormat[];
}) {
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const run = async (formato: ExportFormat) => {
    setBusy(formato);
    try {
      await download(await onExport(formato), `${fileBase}.${formato}`);
      toast.success('Exportação concluída.');
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Erro ao exportar. Tente novamente.');
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      {formats.map((f) => (
        <Button key={f} variant="outline" onClick={() => run(f)} disabled={busy !== null}>
          {busy === f ? <Spinner /> : <Download aria-hidden />}
          Exportar {f.toUpperCase()}
        </Button>
      ))}
    </>
  );
}
