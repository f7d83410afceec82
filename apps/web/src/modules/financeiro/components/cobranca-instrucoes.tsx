import {
  type BoletoRow,
  businessToday,
  formatarLinhaDigitavel,
  formatBRL,
  formatDateBR,
  type InstrucaoBoleto,
  instrucaoBoletoLabels,
  instrucaoBoletoSchema,
  SITUACOES_BOLETO_VIVO,
  type SituacaoBoleto,
  situacaoBoletoLabels,
} from '@erp/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CalendarClock, Gavel, HandCoins, MoreHorizontal, Printer, Undo2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { DateField, DecimalField, FieldGroup } from '@/components/forms/fields.tsx';
import { RegisterFormDialog } from '@/components/forms/register-form-dialog.tsx';
import type { RecordForm } from '@/components/forms/use-record-form.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { openPdf } from '@/lib/file-download.ts';
import { cobrancaApi, cobrancaKeys } from '../api/cobranca-api.ts';

// What the boleto screens share: the situação badge, the PDF (one or many boletos) and the
// instructions to the bank (alterar vencimento, conceder abatimento, pedir baixa, protestar). An
// instruction is recorded now and goes to the bank in the carteira's next remessa.

type Variante = 'default' | 'secondary' | 'destructive' | 'success' | 'warning' | 'outline';
const VARIANTES: Record<SituacaoBoleto, Variante> = {
  a_registrar: 'secondary',
  enviado: 'outline',
  registrado: 'default',
  rejeitado: 'destructive',
  liquidado: 'success',
  baixado: 'outline',
};

export function BoletoSituacaoBadge({ situacao }: { situacao: SituacaoBoleto }) {
  return (
    <Badge variant={VARIANTES[situacao]} className="whitespace-nowrap">
      {situacaoBoletoLabels[situacao]}
    </Badge>
  );
}

export const boletoVivo = (b: Pick<BoletoRow, 'situacao'>) => SITUACOES_BOLETO_VIVO.includes(b.situacao);

/** The instructions a boleto may still receive: protesto only once the bank registered it. */
export function instrucoesPossiveis(b: Pick<BoletoRow, 'situacao'>): InstrucaoManual[] {
  if (!boletoVivo(b)) return [];
  const base: InstrucaoManual[] = ['alteracaoVencimento', 'abatimento', 'baixa'];
  return b.situacao === 'registrado' ? [...base, 'protesto'] : base;
}

export type InstrucaoManual = Exclude<InstrucaoBoleto, 'entrada'>;

const ICONES = {
  alteracaoVencimento: CalendarClock,
  abatimento: HandCoins,
  baixa: Undo2,
  protesto: Gavel,
} as const;

/** The boleto's PDF in a new tab (downloaded when pop-ups are blocked). */
export function abrirBoletoPdf(b: Pick<BoletoRow, 'id' | 'nosso_numero'>) {
  void openPdf(() => cobrancaApi.pdf(b.id), `boleto-${b.nosso_numero}.pdf`).catch((e) =>
    toast.error(e instanceof ApiError ? e.message : 'Não foi possível gerar o PDF do boleto.'),
  );
}

/** The most boletos the server puts in one PDF (MAX_BOLETOS_PDF). */
export const MAX_BOLETOS_PDF = 500;

/** Many boletos in one PDF. */
export function abrirBoletosPdf(ids: string[]) {
  if (ids.length > MAX_BOLETOS_PDF) {
    toast.error(`No máximo ${MAX_BOLETOS_PDF} boletos por PDF: selecione menos boletos.`);
    return;
  }
  void openPdf(() => cobrancaApi.pdfVarios(ids), 'boletos.pdf').catch((e) =>
    toast.error(e instanceof ApiError ? e.message : 'Não foi possível gerar o PDF dos boletos.'),
  );
}

/** "00190.00009 01238.798779 …" (the digits as they came when they are not 47). */
export function linhaFormatada(linha: string): string {
  try {
    return formatarLinhaDigitavel(linha);
  } catch {
    return linha;
  }
}

export const descricaoBoleto = (b: BoletoRow) =>
  `Nosso número ${b.nosso_numero_impresso} · ${b.pessoa_nome} · vencimento ${formatDateBR(b.vencimento)} · ${formatBRL(b.valor)}`;

/** A row's (or panel's) buttons: PDF and the instructions menu. */
export function BoletoAcoes({
  boleto,
  onInstrucao,
}: {
  boleto: BoletoRow;
  onInstrucao(instrucao: InstrucaoManual): void;
}) {
  const possiveis = instrucoesPossiveis(boleto);
  const rotulo = `boleto ${boleto.nosso_numero_impresso} de ${boleto.pessoa_nome}`;
  return (
    <div className="flex justify-end gap-1">
      <Button
        size="sm"
        variant="outline"
        aria-label={`PDF do ${rotulo}`}
        title="PDF do boleto"
        onClick={() => abrirBoletoPdf(boleto)}
      >
        <Printer aria-hidden />
        PDF
      </Button>
      {possiveis.length ? (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button size="icon" variant="ghost" aria-label={`Instruções do ${rotulo}`} title="Instruções">
              <MoreHorizontal aria-hidden />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            {possiveis.map((i) => {
              const Icone = ICONES[i];
              return (
                <DropdownMenuItem
                  key={i}
                  onSelect={() => onInstrucao(i)}
                  className={i === 'protesto' ? 'text-destructive' : undefined}
                >
                  <Icone aria-hidden />
                  {instrucaoBoletoLabels[i]}
                </DropdownMenuItem>
              );
            })}
          </DropdownMenuContent>
        </DropdownMenu>
      ) : (
        // keeps the PDF button in the same column on every row
        <span className="size-9 shrink-0" aria-hidden />
      )}
    </div>
  );
}

/** One boleto's instructions as buttons (the receivable's boleto panel has room for them). */
export function InstrucoesBotoes({
  boleto,
  onInstrucao,
}: {
  boleto: BoletoRow;
  onInstrucao(instrucao: InstrucaoManual): void;
}) {
  const possiveis = instrucoesPossiveis(boleto);
  if (!possiveis.length) return null;
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">Instruções ao banco</legend>
      {possiveis.map((i) => {
        const Icone = ICONES[i];
        return (
          <Button
            key={i}
            size="sm"
            variant="outline"
            className={i === 'protesto' ? 'text-destructive' : undefined}
            onClick={() => onInstrucao(i)}
          >
            <Icone aria-hidden />
            {instrucaoBoletoLabels[i]}
          </Button>
        );
      })}
    </fieldset>
  );
}

const ENVIO = 'A instrução vai ao banco na próxima remessa da carteira.';

/** The dialog of one instruction: a date, a value, or a confirmation. */
export function InstrucaoDialog({
  boleto,
  instrucao,
  onClose,
}: {
  boleto: BoletoRow;
  instrucao: InstrucaoManual;
  onClose(): void;
}) {
  if (instrucao === 'alteracaoVencimento' || instrucao === 'abatimento')
    return <InstrucaoComValorDialog boleto={boleto} instrucao={instrucao} onClose={onClose} />;
  return <InstrucaoConfirmacao boleto={boleto} instrucao={instrucao} onClose={onClose} />;
}

function InstrucaoComValorDialog({
  boleto,
  instrucao,
  onClose,
}: {
  boleto: BoletoRow;
  instrucao: 'alteracaoVencimento' | 'abatimento';
  onClose(): void;
}) {
  const qc = useQueryClient();
  const record: RecordForm = useMemo(() => {
    const inicial =
      instrucao === 'alteracaoVencimento' ? { instrucao, vencimento: '' } : { instrucao, valor: '' };
    return {
      values: inicial,
      loading: false,
      save: async (data: unknown) => {
        await cobrancaApi.instrucao(boleto.id, data as never);
        await qc.invalidateQueries({ queryKey: cobrancaKeys.all });
        return { id: boleto.id };
      },
      reload: async () => inicial,
    };
  }, [boleto.id, instrucao]);
  return (
    <RegisterFormDialog
      title={instrucaoBoletoLabels[instrucao]}
      description={`${descricaoBoleto(boleto)}. ${ENVIO}`}
      schema={instrucaoBoletoSchema}
      record={record}
      onClose={() => onClose()}
      successMessage="Instrução registrada: será enviada na próxima remessa."
      submitLabel={instrucaoBoletoLabels[instrucao]}
    >
      <FieldGroup title="Instrução">
        {instrucao === 'alteracaoVencimento' ? (
          <DateField
            name="vencimento"
            label="Novo vencimento"
            required
            min={businessToday()}
            className="sm:col-span-2"
          />
        ) : (
          <DecimalField
            name="valor"
            label="Valor do abatimento"
            kind="money"
            required
            className="sm:col-span-2"
            hint={`Menor que ${formatBRL(boleto.valor)}`}
          />
        )}
      </FieldGroup>
    </RegisterFormDialog>
  );
}

function InstrucaoConfirmacao({
  boleto,
  instrucao,
  onClose,
}: {
  boleto: BoletoRow;
  instrucao: 'baixa' | 'protesto';
  onClose(): void;
}) {
  const qc = useQueryClient();
  const [erro, setErro] = useState<string | null>(null);
  const enviar = useMutation({
    mutationFn: () => cobrancaApi.instrucao(boleto.id, { instrucao }),
    onSuccess: async () => {
      toast.success('Instrução registrada: será enviada na próxima remessa.');
      await qc.invalidateQueries({ queryKey: cobrancaKeys.all });
      onClose();
    },
    onError: (e) =>
      setErro(e instanceof ApiError ? e.message : 'Não foi possível registrar a instrução. Tente novamente.'),
  });
  const texto =
    instrucao === 'baixa'
      ? 'O banco deixa de cobrar o boleto; o título continua em aberto no sistema.'
      : 'O banco envia o boleto a protesto em cartório; as custas podem ser cobradas da empresa.';
  return (
    <Dialog open onOpenChange={(o) => (o || enviar.isPending ? undefined : onClose())}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{instrucaoBoletoLabels[instrucao]}?</DialogTitle>
          <DialogDescription>
            {descricaoBoleto(boleto)}. {texto} {ENVIO}
          </DialogDescription>
        </DialogHeader>
        {erro ? (
          <p role="alert" className="text-sm text-destructive">
            {erro}
          </p>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={enviar.isPending}>
            Voltar
          </Button>
          <Button
            variant={instrucao === 'protesto' ? 'destructive' : 'default'}
            onClick={() => enviar.mutate()}
            disabled={enviar.isPending}
          >
            {enviar.isPending ? <Spinner /> : null}
            {instrucaoBoletoLabels[instrucao]}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
