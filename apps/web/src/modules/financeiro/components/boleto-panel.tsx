import { type BoletoRow, formatBRL, formatDateBR, instrucaoBoletoLabels } from '@erp/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Barcode, Copy, FilePlus2, Mail, Printer } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { cobrancaApi, cobrancaKeys } from '../api/cobranca-api.ts';
import {
  abrirBoletoPdf,
  BoletoSituacaoBadge,
  boletoVivo,
  InstrucaoDialog,
  type InstrucaoManual,
  InstrucoesBotoes,
  linhaFormatada,
} from './cobranca-instrucoes.tsx';

// The "Boleto" panel of a receivable (beside its PIX panel): the registered boleto — nosso número,
// situação (the bank's motivo when rejected), the linha digitável with a copy button while the
// boleto can still be paid, instructions waiting for the next remessa, PDF and the instructions
// menu — or «Gerar boleto» when the open título has none (the server's pt-BR reason when it cannot
// have one); a rejected or baixado boleto leaves room for a new one.

/** A boleto the bank closed (baixado, rejeitado) leaves the título free for a new one. */
const podeGerarOutro = (b: BoletoRow | undefined) =>
  !b || b.situacao === 'baixado' || b.situacao === 'rejeitado';

export function BoletoPanel({ tituloId, aberto }: { tituloId: string; aberto: boolean }) {
  const qc = useQueryClient();
  const [recusa, setRecusa] = useState<string | null>(null);
  const [instrucao, setInstrucao] = useState<InstrucaoManual | null>(null);
  const lista = useQuery({
    queryKey: cobrancaKeys.doTitulo(tituloId),
    queryFn: () =>
      cobrancaApi.boletos({
        titulo_id: tituloId,
        sort: 'created_at',
        dir: 'desc',
        pageSize: '10',
        page: '1',
      }),
    retry: false,
  });
  const boleto = lista.data?.items[0];
  const email = useMutation({
    mutationFn: (id: string) => cobrancaApi.email(id),
    onSuccess: (r) => toast.success(`Boleto enviado para ${r.para}.`),
    onError: (e) => toast.error(e instanceof ApiError ? e.message : 'Não foi possível enviar o boleto.'),
  });
  const gerar = useMutation({
    mutationFn: () => cobrancaApi.gerar([tituloId]),
    onMutate: () => setRecusa(null),
    onSuccess: async (r) => {
      const gerado = r.gerados[0];
      if (gerado) toast.success(`Boleto gerado: nosso número ${gerado.nosso_numero_impresso}.`);
      else setRecusa(r.recusados[0]?.mensagem ?? 'O boleto não pôde ser gerado.');
      await qc.invalidateQueries({ queryKey: cobrancaKeys.all });
    },
    onError: (e) =>
      setRecusa(e instanceof ApiError ? e.message : 'Não foi possível gerar o boleto. Tente novamente.'),
  });
  const copiar = async (texto: string) => {
    try {
      await navigator.clipboard.writeText(texto);
      toast.success('Linha digitável copiada.');
    } catch {
      toast.error('Não foi possível copiar. Selecione a linha digitável e copie-a.');
    }
  };
  // a closed título that never had a boleto: nothing to show
  if (!aberto && lista.isSuccess && !boleto) return null;
  return (
    <section
      aria-labelledby="boleto-titulo"
      className="rounded-md border border-border p-3"
      data-testid="boleto-panel"
    >
      <h3 id="boleto-titulo" className="mb-2 flex items-center gap-2 text-sm font-semibold">
        <Barcode aria-hidden className="size-4" />
        Boleto
        {boleto ? <BoletoSituacaoBadge situacao={boleto.situacao} /> : null}
      </h3>
      {lista.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : lista.isError ? (
        <p className="text-sm text-muted-foreground" role="status">
          {lista.error instanceof ApiError ? lista.error.message : 'Não foi possível carregar o boleto.'}
        </p>
      ) : (
        <div className="flex flex-col gap-2 text-sm">
          {boleto ? (
            <>
              <p>
                Nosso número <strong className="tabular-nums">{boleto.nosso_numero_impresso}</strong> ·
                vencimento {formatDateBR(boleto.vencimento)} ·{' '}
                <strong className="tabular-nums">{formatBRL(boleto.valor)}</strong> · {boleto.conta_nome}
              </p>
              {boleto.situacao === 'rejeitado' && boleto.motivo ? (
                <p role="alert" className="text-destructive">
                  Rejeitado pelo banco: {boleto.motivo}
                </p>
              ) : null}
              {boleto.instrucoes_pendentes.length ? (
                <p className="text-muted-foreground">
                  Aguardando remessa:{' '}
                  {boleto.instrucoes_pendentes.map((i) => instrucaoBoletoLabels[i]).join(', ')}
                </p>
              ) : null}
              {boletoVivo(boleto) ? (
                <>
                  <span id="boleto-linha-rotulo" className="text-xs font-medium text-muted-foreground">
                    Linha digitável
                  </span>
                  <div className="flex flex-wrap items-center gap-2">
                    <output
                      aria-labelledby="boleto-linha-rotulo"
                      className="min-w-0 flex-1 select-all rounded-md border border-input bg-muted/40 px-2 py-1.5 font-mono text-xs break-words"
                      data-testid="boleto-linha"
                    >
                      {linhaFormatada(boleto.linha_digitavel)}
                    </output>
                    <Button size="sm" onClick={() => void copiar(boleto.linha_digitavel.replace(/\D/g, ''))}>
                      <Copy aria-hidden />
                      Copiar
                    </Button>
                  </div>
                </>
              ) : null}
              <div className="flex flex-wrap items-center gap-2">
                <Button size="sm" variant="outline" onClick={() => abrirBoletoPdf(boleto)}>
                  <Printer aria-hidden />
                  PDF do boleto
                </Button>
                {boletoVivo(boleto) ? (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={email.isPending}
                    onClick={() => email.mutate(boleto.id)}
                  >
                    {email.isPending ? <Spinner /> : <Mail aria-hidden />}
                    Enviar por e-mail
                  </Button>
                ) : null}
                {aberto && podeGerarOutro(boleto) ? (
                  <GerarBotao pendente={gerar.isPending} onGerar={() => gerar.mutate()} novo />
                ) : null}
              </div>
              <InstrucoesBotoes boleto={boleto} onInstrucao={setInstrucao} />
            </>
          ) : (
            <>
              <p className="text-muted-foreground">
                Nenhum boleto para este título. O boleto é registrado no banco na próxima remessa da carteira.
              </p>
              <div>
                <GerarBotao pendente={gerar.isPending} onGerar={() => gerar.mutate()} />
              </div>
            </>
          )}
          {recusa ? (
            <p role="alert" className="text-destructive">
              {recusa}
            </p>
          ) : null}
        </div>
      )}
      {boleto && instrucao ? (
        <InstrucaoDialog boleto={boleto} instrucao={instrucao} onClose={() => setInstrucao(null)} />
      ) : null}
    </section>
  );
}

function GerarBotao({ pendente, onGerar, novo }: { pendente: boolean; onGerar(): void; novo?: boolean }) {
  return (
    <Button size="sm" onClick={onGerar} disabled={pendente}>
      {pendente ? <Spinner /> : <FilePlus2 aria-hidden />}
      {novo ? 'Gerar novo boleto' : 'Gerar boleto'}
    </Button>
  );
}
