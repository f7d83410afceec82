import type { LeituraInventarioRow } from '@erp/shared';
import { useMutation } from '@tanstack/react-query';
import { Barcode } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { inventariosApi } from '../../api/estoque-api.ts';
import { formatQtd } from '../formato.ts';

// The scan field of an inventory count: a GTIN and Enter add one unit (or one box) and keep the focus.

/**
 * The scan field: a GTIN typed or read by a scanner, then Enter, counts one unit (or one box); the
 * field is cleared and keeps the focus for the next read. The last read is announced.
 */
export function LeituraCodigo({ id, onLido }: { id: string; onLido(l: LeituraInventarioRow): void }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [codigo, setCodigo] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const [lido, setLido] = useState<string | null>(null);
  const leitura = useMutation({
    mutationFn: (c: string) =>
      inventariosApi.leitura(id, { codigo: c } as never) as Promise<LeituraInventarioRow>,
    onSuccess: (l) => {
      setErro(null);
      setCodigo('');
      const q = l.unidade === l.item.unidade ? '' : ` (1 ${l.unidade})`;
      setLido(
        `+${formatQtd(l.quantidade)} ${l.item.unidade}${q}: ${l.item.codigo} - ${l.item.nome}${l.item.lote_numero ? `, lote ${l.item.lote_numero}` : ''} — contado ${formatQtd(l.item.contado)} ${l.item.unidade}`,
      );
      onLido(l);
    },
    onError: (err) => {
      setLido(null);
      setErro(
        err instanceof ApiError
          ? (err.fields.codigo?.[0] ?? err.message)
          : 'Erro ao registrar a leitura. Tente novamente.',
      );
      // the wrong code stays selected: the next read replaces it
      requestAnimationFrame(() => input.current?.select());
    },
    onSettled: () => input.current?.focus(),
  });
  // the screen opens ready to read: after the shell gave the new page's heading the focus
  useEffect(() => {
    const t = setTimeout(() => {
      const a = document.activeElement;
      if (!a || a === document.body || a.hasAttribute('data-page-heading')) input.current?.focus();
    }, 0);
    return () => clearTimeout(t);
  }, []);
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    const c = codigo.trim();
    if (!c) {
      setErro('Leia ou digite o código de barras');
      return;
    }
    if (!leitura.isPending) leitura.mutate(c);
  };
  return (
    <div className="grid gap-1.5 rounded-lg border border-border bg-card p-3">
      <Label htmlFor={inputId} className="flex items-center gap-2">
        <Barcode aria-hidden className="size-4" />
        Código de barras (GTIN)
      </Label>
      <div className="flex items-center gap-2">
        <Input
          ref={input}
          id={inputId}
          inputMode="numeric"
          autoComplete="off"
          className="max-w-sm font-mono text-base placeholder:font-sans placeholder:text-sm"
          placeholder="Leia ou digite o código e tecle Enter"
          value={codigo}
          aria-invalid={erro ? true : undefined}
          aria-describedby={`${inputId}-status`}
          onChange={(e) => setCodigo(e.target.value)}
          onKeyDown={onKeyDown}
        />
        {leitura.isPending ? <Spinner /> : null}
      </div>
      <p
        id={`${inputId}-status`}
        aria-live="polite"
        className={cn('min-h-5 text-sm', erro ? 'font-medium text-destructive' : 'text-muted-foreground')}
      >
        {erro ??
          lido ??
          'Cada leitura soma 1 unidade; o código de uma embalagem soma o seu fator (ex.: 1 CX = 12 UN).'}
      </p>
    </div>
  );
}
