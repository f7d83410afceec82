import { businessToday, formatBRL, formatDateBR, plural } from '@erp/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import { type DragEvent, type FormEvent, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { DateInput } from '@/components/ui/date-input.tsx';
import { Input } from '@/components/ui/input.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { ApiError, api, unwrap } from '@/lib/api-client.ts';
import { financeiroKeys } from '../api/keys.ts';
import { type ContaDivergente, ContaDivergenteDialog } from '../components/conta-divergente-dialog.tsx';
import { ContaPeriodo, useContaPeriodo } from '../components/conta-periodo.tsx';
import {
  type ArquivoComExtratos,
  type ExtratoDoArquivo,
  ExtratosDoArquivo,
} from '../components/extratos-do-arquivo.tsx';

// /financeiro/extrato-bancario: choose the account, import an OFX (or a CNAB retorno) by
// drag-and-drop, see the lines with the running balance, each file's LEDGERBAL against the
// computed balance (difference flagged), and add a manual line (e.g. a fee).

type Linha = {
  id: string;
  data: string;
  memo: string;
  documento: string | null;
  valor: string;
  saldo: string;
  origem: string;
};
type Importacao = {
  id: string;
  arquivo_nome: string;
  formato: string;
  saldo_arquivo: string | null;
  saldo_data: string | null;
  saldo_calculado: string | null;
  diferenca: string | null;
  linhas_novas: number;
  linhas_repetidas: number;
  erros: { linha: number; mensagem: string }[];
};
type Extrato = { saldo_anterior: string; saldo_final: string; linhas: Linha[]; importacoes: Importacao[] };
// biome-ignore lint/suspicious/noExplicitAny: typed by the answer types above
const e = (api.financeiro as any)['extrato-bancario'];
const extratoApi = {
  get: (contaId: string, query: Record<string, string>) =>
    unwrap(e[':contaId'].$get({ param: { contaId }, query })) as Promise<Extrato>,
  importar: (json: Record<string, unknown>, cnab: boolean) =>
    unwrap((cnab ? e.cnab : e.importar).$post({ json })) as Promise<Record<string, unknown>>,
  manual: (contaId: string, json: Record<string, string>) =>
    unwrap(e[':contaId'].linhas.$post({ param: { contaId }, json })),
};

const num = 'px-2 py-1.5 text-right whitespace-nowrap tabular-nums';
const valorClasse = (v: string) => (v.startsWith('-') ? 'text-destructive' : 'text-success');

function base64(file: File): Promise<string> {
  return new Promise((ok, falha) => {
    const r = new FileReader();
    r.onload = () => ok(String(r.result).replace(/^data:[^,]*,/, ''));
    r.onerror = () => falha(r.error);
    r.readAsDataURL(file);
  });
}

export function ExtratoBancarioPage() {
  const qc = useQueryClient();
  const cp = useContaPeriodo();
  const { conta, de, ate, contas } = cp;
  const [erro, setErro] = useState<string | null>(null);
  const [resultado, setResultado] = useState<string | null>(null);
  // the manual line's date: the pt-BR date field (dd/mm/aaaa + calendar), not the browser's own
  const [dataManual, setDataManual] = useState(businessToday);
  const [arrastando, setArrastando] = useState(false);
  // a file with several statements: which goes to which account
  const [multi, setMulti] = useState<ArquivoComExtratos | null>(null);
  // an OFX of another account: asked, then sent again with confirmar_conta
  const [divergencia, setDivergencia] = useState<
    (ContaDivergente & { json: Record<string, unknown> }) | null
  >(null);
  const arquivo = useRef<HTMLInputElement>(null);
  const query: Record<string, string> = {};
  if (de) query.de = de;
  if (ate) query.ate = ate;
  const extrato = useQuery({
    queryKey: [...financeiroKeys.all, 'extrato-bancario', conta, de, ate],
    queryFn: () => extratoApi.get(conta, query),
    enabled: !!conta,
  });
  const importar = useMutation({
    mutationFn: async (entrada: File | { json: Record<string, unknown> }) => {
      const file = entrada instanceof File ? entrada : null;
      const cnab = !!file && /\.(ret|rem|txt|cnab)$/i.test(file.name);
      const json = file
        ? { conta_bancaria_id: conta, nome: file.name, conteudo_base64: await base64(file) }
        : (entrada as { json: Record<string, unknown> }).json;
      try {
        return { cnab, r: await extratoApi.importar(json, cnab), json };
      } catch (x) {
        // several statements, none naming this account: the screen asks which goes where
        const extratos = x instanceof ApiError ? (x.body.details?.extratos as ExtratoDoArquivo[]) : undefined;
        if (extratos?.length) {
          setMulti({
            nome: String(json.nome),
            conteudo_base64: String(json.conteudo_base64),
            extratos,
            contaImportada: null,
          });
        }
        if (x instanceof ApiError && x.body.details?.reason === 'conta_divergente')
          setDivergencia({ ...(x.body.details as unknown as ContaDivergente), json });
        throw x;
      }
    },
    onMutate: () => {
      setErro(null);
      setResultado(null);
      setMulti(null);
    },
    onSuccess: ({ cnab, r, json }) => {
      const extratos = (r.extratos as ExtratoDoArquivo[] | undefined) ?? [];
      if (!cnab && extratos.length > 1)
        setMulti({
          nome: String(json.nome),
          conteudo_base64: String(json.conteudo_base64),
          extratos,
          contaImportada: String(json.conta_bancaria_id),
        });
      setDivergencia(null);
      const erros = (r.erros as { linha: number; mensagem: string }[]) ?? [];
      const errosTexto = erros.length
        ? ` Linhas com erro: ${erros.map((x) => `linha ${x.linha}: ${x.mensagem}`).join('; ')}`
        : '';
      if (cnab) {
        const desconhecidos = (r.desconhecidos as { nosso_numero: string }[]) ?? [];
        setResultado(
          `Retorno CNAB: ${plural(Number(r.lidos), 'registro', 'registros')}, ${plural(Number(r.baixados), 'título baixado', 'títulos baixados')}.` +
            (desconhecidos.length
              ? ` Nosso número sem título: ${desconhecidos.map((d) => d.nosso_numero).join(', ')}.`
              : '') +
            errosTexto,
        );
      } else {
        setResultado(
          `OFX: ${plural(Number(r.lidas), 'lançamento lido', 'lançamentos lidos')}, ${plural(Number(r.novas), 'novo', 'novos')}, ${plural(Number(r.repetidas), 'já importado', 'já importados')}.${errosTexto}`,
        );
      }
    },
    onError: (x) => {
      // the dialog names both accounts; the error line is for every other refusal
      if (x instanceof ApiError && x.body.details?.reason === 'conta_divergente') return;
      setDivergencia(null);
      setErro(x instanceof ApiError ? x.message : 'Não foi possível importar o arquivo.');
    },
    onSettled: () => qc.invalidateQueries({ queryKey: financeiroKeys.all }),
  });
  const manual = useMutation({
    mutationFn: (json: Record<string, string>) => extratoApi.manual(conta, json),
    onMutate: () => setErro(null),
    onError: (x) => setErro(x instanceof ApiError ? x.message : 'Não foi possível incluir a linha.'),
    onSettled: () => qc.invalidateQueries({ queryKey: financeiroKeys.all }),
  });
  const soltar = (ev: DragEvent) => {
    ev.preventDefault();
    setArrastando(false);
    const f = ev.dataTransfer.files[0];
    if (f) importar.mutate(f);
  };
  const enviarManual = (ev: FormEvent<HTMLFormElement>) => {
    ev.preventDefault();
    const f = new FormData(ev.currentTarget);
    const form = ev.currentTarget;
    manual.mutate(
      {
        data: dataManual,
        valor: String(f.get('valor')),
        memo: String(f.get('memo')),
        documento: String(f.get('documento') ?? ''),
      },
      {
        onSuccess: () => {
          form.reset();
          setDataManual(businessToday());
        },
      },
    );
  };
  const x = extrato.data;
  const ultima = x?.importacoes.find((i) => i.saldo_arquivo !== null);

  return (
    <div>
      <PageHeader
        title="Extrato Bancário"
        description="Importe o extrato OFX ou o retorno CNAB do banco e confira o saldo."
      />
      <ContaPeriodo id="extrato-conta" estado={cp} />
      <section
        aria-label="Importar arquivo"
        onDragOver={(ev) => {
          ev.preventDefault();
          setArrastando(true);
        }}
        onDragLeave={() => setArrastando(false)}
        onDrop={soltar}
        className={`mb-4 flex flex-col items-center gap-2 rounded-md border-2 border-dashed p-6 text-center text-sm ${arrastando ? 'border-primary bg-muted' : ''}`}
      >
        <Upload aria-hidden className="size-6 text-muted-foreground" />
        <p>Arraste aqui o arquivo OFX do extrato ou o retorno CNAB (.ret)</p>
        <input
          ref={arquivo}
          type="file"
          accept=".ofx,.ret,.txt"
          className="sr-only"
          aria-label="Arquivo do extrato"
          data-testid="arquivo-extrato"
          onChange={(ev) => {
            const f = ev.target.files?.[0];
            if (f) importar.mutate(f);
            ev.target.value = '';
          }}
        />
        <Button
          type="button"
          variant="outline"
          disabled={!conta || importar.isPending}
          onClick={() => arquivo.current?.click()}
        >
          {importar.isPending ? 'Importando…' : 'Escolher arquivo'}
        </Button>
      </section>
      {resultado ? (
        <p role="status" className="mb-4 rounded-md border p-3 text-sm" data-testid="resultado-importacao">
          {resultado}
        </p>
      ) : null}
      {erro ? (
        <p role="alert" className="mb-4 text-sm text-destructive">
          {erro}
        </p>
      ) : null}
      <ContaDivergenteDialog
        divergencia={divergencia}
        // busy only while the confirmed file is being sent (not while the refusal's refetch settles)
        pending={importar.isPending && !(importar.variables instanceof File)}
        onCancelar={() => setDivergencia(null)}
        onConfirmar={() =>
          divergencia && importar.mutate({ json: { ...divergencia.json, confirmar_conta: true } })
        }
      />
      {multi ? (
        <ExtratosDoArquivo
          key={`${multi.nome}-${multi.contaImportada}`}
          arquivo={multi}
          contas={contas}
          importar={(json) => extratoApi.importar(json, false)}
          onConcluido={(texto) => {
            setErro(null);
            setResultado(texto);
            void qc.invalidateQueries({ queryKey: financeiroKeys.all });
          }}
        />
      ) : null}
      {x ? (
        <dl className="mb-4 grid grid-cols-2 gap-3 rounded-md border p-3 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-muted-foreground">Saldo anterior</dt>
            <dd className="font-medium tabular-nums">{formatBRL(x.saldo_anterior)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Saldo calculado</dt>
            <dd className="font-medium tabular-nums">{formatBRL(x.saldo_final)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Saldo do arquivo (LEDGERBAL)</dt>
            <dd className="font-medium tabular-nums">
              {ultima?.saldo_arquivo
                ? `${formatBRL(ultima.saldo_arquivo)} em ${ultima.saldo_data ? formatDateBR(ultima.saldo_data) : '—'}`
                : '—'}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Diferença</dt>
            <dd className="font-medium tabular-nums" data-testid="diferenca-saldo">
              {ultima?.diferenca ? (
                <Badge variant={ultima.diferenca === '0.00' ? 'success' : 'destructive'}>
                  {formatBRL(ultima.diferenca)}
                </Badge>
              ) : (
                '—'
              )}
            </dd>
          </div>
        </dl>
      ) : null}
      <div className="mb-4 overflow-x-auto rounded-md border">
        <table className="w-full text-sm">
          <caption className="sr-only">Linhas do extrato</caption>
          <thead className="bg-muted/50 text-left">
            <tr>
              <th className="px-2 py-1.5">Data</th>
              <th className="px-2 py-1.5">Histórico</th>
              <th className="hidden px-2 py-1.5 sm:table-cell">Documento</th>
              <th className={num}>Valor</th>
              <th className={num}>Saldo</th>
            </tr>
          </thead>
          <tbody>
            {(x?.linhas ?? []).map((l) => (
              <tr key={l.id} className="border-t">
                <td className="px-2 py-1.5 whitespace-nowrap">{formatDateBR(l.data)}</td>
                <td className="px-2 py-1.5 break-words">
                  {l.memo}
                  {l.origem === 'manual' ? (
                    <Badge variant="secondary" className="ml-2">
                      Manual
                    </Badge>
                  ) : null}
                </td>
                <td className="hidden px-2 py-1.5 sm:table-cell">{l.documento ?? ''}</td>
                <td className={`${num} ${valorClasse(l.valor)}`}>{formatBRL(l.valor)}</td>
                <td className={`${num} font-medium`}>{formatBRL(l.saldo)}</td>
              </tr>
            ))}
            {x && !x.linhas.length ? (
              <tr>
                <td colSpan={5} className="px-2 py-6 text-center text-muted-foreground">
                  Nenhuma linha de extrato nesta conta.
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      <form
        onSubmit={enviarManual}
        className="flex flex-wrap items-end gap-3 rounded-md border p-3 text-sm"
        aria-label="Linha manual"
      >
        <label htmlFor="extrato-manual-data" className="flex flex-col gap-1">
          <span className="text-muted-foreground">Data</span>
          <DateInput id="extrato-manual-data" value={dataManual} onChange={setDataManual} />
        </label>
        <label htmlFor="extrato-manual-valor" className="flex flex-col gap-1">
          <span className="text-muted-foreground">Valor (negativo para débito)</span>
          <Input name="valor" id="extrato-manual-valor" required inputMode="decimal" placeholder="-2,35" />
        </label>
        <label htmlFor="extrato-manual-memo" className="flex min-w-48 flex-1 flex-col gap-1">
          <span className="text-muted-foreground">Histórico</span>
          <Input name="memo" id="extrato-manual-memo" required placeholder="Tarifa bancária" />
        </label>
        <label htmlFor="extrato-manual-documento" className="flex flex-col gap-1">
          <span className="text-muted-foreground">Documento</span>
          <Input name="documento" id="extrato-manual-documento" />
        </label>
        <Button type="submit" disabled={!conta || manual.isPending}>
          Incluir linha
        </Button>
      </form>
    </div>
  );
}
