import { formatBRL, tipoChavePixLabels } from '@erp/shared';
import { useQuery } from '@tanstack/react-query';
import { Copy, Printer, QrCode } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { openPdf } from '@/lib/file-download.ts';
import { pixApi } from '../api/financeiro-api.ts';
import { financeiroKeys } from '../api/keys.ts';

// The "PIX" panel of an open receivable (in its detail dialog): the QR code, the copia-e-cola text
// with a copy button, and the printable Cobrança PIX. When the título cannot be charged (no key on
// the account, emitente not configured) the server's pt-BR reason is shown instead.

/** The blob as a data: URL (the CSP allows data: images, not blob:). */
const comoDataUrl = (b: Blob) =>
  new Promise<string>((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error);
    r.readAsDataURL(b);
  });

function useQrUrl(id: string, pronto: boolean) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!pronto) return;
    let vivo = true;
    void pixApi
      .qr(id)
      .then(async (r) => {
        if (!r.ok) return;
        const dataUrl = await comoDataUrl(await r.blob());
        if (vivo) setUrl(dataUrl);
      })
      .catch(() => undefined);
    return () => {
      vivo = false;
    };
  }, [id, pronto]);
  return url;
}

export function PixPanel({ tituloId }: { tituloId: string }) {
  const pix = useQuery({
    queryKey: [...financeiroKeys.all, 'receber', 'pix', tituloId],
    queryFn: () => pixApi.cobranca(tituloId),
    retry: false,
  });
  const qr = useQrUrl(tituloId, pix.isSuccess);
  const copiar = async () => {
    try {
      await navigator.clipboard.writeText(pix.data?.br_code ?? '');
      toast.success('Código PIX copiado.');
    } catch {
      toast.error('Não foi possível copiar. Selecione o código e copie-o.');
    }
  };
  const imprimir = async () => {
    await openPdf(async () => {
      const r = await pixApi.pdf(tituloId);
      if (!r.ok) throw new Error(String(r.status));
      return r.blob();
    }, 'cobranca-pix.pdf').catch(() => toast.error('Não foi possível gerar a cobrança PIX.'));
  };
  return (
    <section
      aria-labelledby="pix-titulo"
      className="rounded-md border border-border p-3"
      data-testid="pix-panel"
    >
      <h3 id="pix-titulo" className="mb-2 flex items-center gap-2 text-sm font-semibold">
        <QrCode aria-hidden className="size-4" />
        PIX
      </h3>
      {pix.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : pix.isError ? (
        <p className="text-sm text-muted-foreground" role="status">
          {pix.error instanceof ApiError ? pix.error.message : 'Não foi possível gerar o PIX.'}
        </p>
      ) : (
        <div className="flex flex-col gap-3 sm:flex-row">
          <div className="flex shrink-0 justify-center">
            {qr ? (
              <img src={qr} alt="QR Code PIX" className="size-44 [image-rendering:pixelated]" />
            ) : (
              <Skeleton className="size-44" />
            )}
          </div>
          <div className="flex min-w-0 flex-1 flex-col gap-2 text-sm">
            <p>
              Valor <strong className="tabular-nums">{formatBRL(pix.data.valor)}</strong> · conta{' '}
              {pix.data.conta.nome} ({tipoChavePixLabels[pix.data.tipo_chave]})
            </p>
            <label htmlFor="pix-copia-e-cola" className="text-xs font-medium text-muted-foreground">
              PIX copia e cola
            </label>
            <textarea
              id="pix-copia-e-cola"
              readOnly
              value={pix.data.br_code}
              onFocus={(e) => e.currentTarget.select()}
              rows={4}
              className="w-full resize-none break-all rounded-md border border-input bg-muted/40 p-2 font-mono text-xs"
            />
            <div className="flex flex-wrap gap-2">
              <Button size="sm" onClick={() => void copiar()}>
                <Copy aria-hidden />
                Copiar código
              </Button>
              <Button size="sm" variant="outline" onClick={() => void imprimir()}>
                <Printer aria-hidden />
                Imprimir cobrança
              </Button>
            </div>
          </div>
        </div>
      )}
    </section>
  );
}
