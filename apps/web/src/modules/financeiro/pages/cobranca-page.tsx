import {
  type BoletoRow,
  cobrancaMensagens,
  formatBRL,
  formatDateBR,
  formatDateTimeBR,
  instrucaoBoletoLabels,
  layoutCnabLabels,
  plural,
  type RemessaRow,
  SITUACOES_BOLETO,
  type SituacaoBoleto,
} from '@erp/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, FileOutput, Info, Printer, X } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { type Column, DataTable, erroDaLista } from '@/components/data-table/data-table.tsx';
import { FilterSelect } from '@/components/data-table/filter-select.tsx';
import { LoadErrorAlert } from '@/components/data-table/list-states.tsx';
import { ListToolbar } from '@/components/data-table/list-toolbar.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx';
import { useIsPhone } from '@/components/ui/use-media-query.ts';
import { ApiError } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { saveFile } from '@/lib/file-download.ts';
import { useListState } from '@/lib/list-state.ts';
import { type CarteiraResumo, cobrancaApi, cobrancaKeys } from '../api/cobranca-api.ts';
import { abasSituacao } from '../components/cobranca-abas.ts';
import { BoletoDetalheDialog } from '../components/cobranca-boleto-detalhe.tsx';
import {
  abrirBoletosPdf,
  BoletoAcoes,
  BoletoSituacaoBadge,
  InstrucaoDialog,
  type InstrucaoManual,
} from '../components/cobranca-instrucoes.tsx';

// /financeiro/cobranca (issue 31): the registered boletos by situação (tabs with their counts),
// searched and filtered by account, with their PDF (one, or the selected ones in one file) and the
// instructions to the bank; and the remessas: per carteira what is waiting to be sent, «Gerar
// remessa» (then the file's download) and the files already generated. The bank's retorno is
// imported in Extrato Bancário, which updates the boletos' situação.

const EXTRATO = '/financeiro/extrato-bancario';
const num = 'text-right whitespace-nowrap tabular-nums';
type Aba = 'boletos' | 'remessas';

/** The instructions waiting for a remessa besides the entrada (which «A registrar» already says). */
const pendentesAlem = (b: BoletoRow) => b.instrucoes_pendentes.filter((i) => i !== 'entrada');

export function CobrancaPage() {
  const [params, setParams] = useSearchParams();
  const aba: Aba = params.get('aba') === 'remessas' ? 'remessas' : 'boletos';
  const mudarAba = (v: string) =>
    setParams(
      () => {
        const next = new URLSearchParams(window.location.search);
        if (v === 'remessas') next.set('aba', v);
        else next.delete('aba');
        return next;
      },
      { replace: true },
    );
  const carteiras = useQuery({
    queryKey: cobrancaKeys.carteiras(),
    queryFn: cobrancaApi.carteiras,
  });
  return (
    <div>
      <PageHeader
        title="Cobrança"
        description="Boletos registrados dos títulos a receber, instruções ao banco e arquivos de remessa."
      />
      <p className="mb-4 flex items-start gap-2 rounded-md border border-border bg-muted/40 px-3 py-2 text-sm">
        <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <span>
          O arquivo de retorno do banco (registros, rejeições e liquidações) é importado em{' '}
          <Link to={EXTRATO} className="font-medium underline underline-offset-2">
            Extrato Bancário
          </Link>
          : a situação dos boletos e as baixas dos títulos são atualizadas na importação.
        </span>
      </p>
      <Tabs value={aba} onValueChange={mudarAba} className="grid grid-cols-1 gap-4">
        <TabsList className="w-full sm:w-auto sm:justify-self-start">
          <TabsTrigger value="boletos">Boletos</TabsTrigger>
          <TabsTrigger value="remessas">
            Remessas
            {carteiras.data?.some((c) => c.pendentes > 0) ? (
              <Badge variant="warning" className="ml-2 px-1.5" aria-label="com pendências">
                {carteiras.data.reduce((t, c) => t + c.pendentes, 0)}
              </Badge>
            ) : null}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="boletos">
          <Boletos carteiras={carteiras.data} />
        </TabsContent>
        <TabsContent value="remessas">
          <Remessas carteiras={carteiras} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

// ——— Boletos ———

function Boletos({ carteiras }: { carteiras: CarteiraResumo[] | undefined }) {
  const state = useListState({
    defaultSort: 'vencimento',
    filterKeys: ['situacao', 'conta_bancaria_id'],
  });
  const [selecionados, setSelecionados] = useState<ReadonlyMap<string, BoletoRow>>(new Map());
  const [instrucao, setInstrucao] = useState<{ boleto: BoletoRow; instrucao: InstrucaoManual } | null>(null);
  const [detalhe, setDetalhe] = useState<BoletoRow | null>(null);
  const list = useQuery({
    queryKey: cobrancaKeys.boletos(state.query),
    queryFn: () => cobrancaApi.boletos(state.query),
    placeholderData: keepPreviousData,
  });
  const alterna = (b: BoletoRow, marcado: boolean) =>
    setSelecionados((prev) => {
      const next = new Map(prev);
      if (marcado) next.set(b.id, b);
      else next.delete(b.id);
      return next;
    });
  const contas = (carteiras ?? []).map((c) => ({ value: c.conta_bancaria_id, label: c.conta_nome }));
  const situacao = state.filters.situacao as SituacaoBoleto | '';
  const abas = abasSituacao(list.data?.contagem);

  const columns: Column<BoletoRow>[] = [
    {
      key: 'selecionar',
      header: 'Sel.',
      card: 'badge',
      className: 'w-px',
      cell: (r) => (
        <Checkbox
          checked={selecionados.has(r.id)}
          onCheckedChange={(c) => alterna(r, c === true)}
          onClick={(e) => e.stopPropagation()}
          aria-label={`Selecionar boleto ${r.nosso_numero_impresso} de ${r.pessoa_nome}`}
        />
      ),
    },
    {
      key: 'nosso_numero',
      header: 'Nosso número',
      sortKey: 'nosso_numero',
      className: 'whitespace-nowrap tabular-nums',
      cell: (r) => r.nosso_numero_impresso,
    },
    {
      key: 'pessoa_nome',
      header: 'Pagador',
      sortKey: 'pessoa_nome',
      card: 'title',
      className: 'min-w-40',
      cell: (r) => <span className="font-medium">{r.pessoa_nome}</span>,
    },
    { key: 'documento', header: 'Documento', cell: (r) => r.documento ?? '—' },
    {
      key: 'vencimento',
      header: 'Vencimento',
      sortKey: 'vencimento',
      className: 'whitespace-nowrap',
      cell: (r) => formatDateBR(r.vencimento),
    },
    { key: 'valor', header: 'Valor', sortKey: 'valor', className: num, cell: (r) => formatBRL(r.valor) },
    { key: 'conta', header: 'Conta', className: 'whitespace-nowrap', cell: (r) => r.conta_nome },
    {
      key: 'situacao',
      header: 'Situação',
      cell: (r) => (
        <div className="grid justify-items-start gap-0.5">
          <BoletoSituacaoBadge situacao={r.situacao} />
          {r.situacao === 'rejeitado' && r.motivo ? (
            <span className="max-w-56 text-xs text-destructive">{r.motivo}</span>
          ) : null}
          {pendentesAlem(r).length ? (
            <span className="text-xs text-muted-foreground">
              Aguardando remessa:{' '}
              {pendentesAlem(r)
                .map((i) => instrucaoBoletoLabels[i])
                .join(', ')}
            </span>
          ) : null}
        </div>
      ),
    },
  ];

  const marcados = [...selecionados.keys()];
  return (
    <div>
      <nav aria-label="Situação do boleto" className="mb-4 flex flex-wrap gap-2">
        {abas.map((a) => {
          const ativa = situacao === a.value;
          return (
            <Button
              key={a.value || 'todos'}
              size="sm"
              variant={ativa ? 'default' : 'outline'}
              aria-pressed={ativa}
              onClick={() => state.setFilter('situacao', a.value)}
            >
              {a.label}
              {a.count !== null ? (
                <span
                  className={cn(
                    'rounded-full px-1.5 text-xs tabular-nums',
                    ativa ? 'bg-primary-foreground/20' : 'bg-muted',
                    a.value === 'rejeitado' && a.count > 0 && !ativa && 'bg-destructive/15 text-destructive',
                  )}
                >
                  {a.count}
                </span>
              ) : null}
            </Button>
          );
        })}
      </nav>
      <ListToolbar
        state={state}
        searchPlaceholder="Nosso número, pagador ou documento"
        filters={
          <FilterSelect
            label="Conta"
            value={state.filters.conta_bancaria_id}
            allLabel="Todas"
            options={contas}
            onChange={(v) => state.setFilter('conta_bancaria_id', v)}
          />
        }
      />
      {marcados.length ? (
        <section
          aria-label="Seleção"
          className="mb-3 flex flex-wrap items-center gap-3 rounded-md border border-border bg-muted/40 px-3 py-2 text-sm"
        >
          <span>{plural(marcados.length, 'boleto selecionado', 'boletos selecionados')}</span>
          <Button size="sm" onClick={() => abrirBoletosPdf(marcados)}>
            <Printer aria-hidden />
            Imprimir boletos
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setSelecionados(new Map())}>
            <X aria-hidden />
            Limpar seleção
          </Button>
        </section>
      ) : null}
      <DataTable<BoletoRow>
        caption="Boletos"
        columns={columns}
        rows={list.data?.items}
        total={list.data?.total}
        totalIsLowerBound={list.data?.totalIsLowerBound}
        loading={list.isFetching}
        error={erroDaLista(list)}
        state={state}
        emptyText={
          situacao && SITUACOES_BOLETO.includes(situacao)
            ? 'Nenhum boleto nesta situação.'
            : 'Nenhum boleto. Gere os boletos em Contas a Receber.'
        }
        onRowClick={(r) => setDetalhe(r)}
        rowActions={(r) => (
          <BoletoAcoes boleto={r} onInstrucao={(i) => setInstrucao({ boleto: r, instrucao: i })} />
        )}
      />
      {instrucao ? (
        <InstrucaoDialog
          boleto={instrucao.boleto}
          instrucao={instrucao.instrucao}
          onClose={() => setInstrucao(null)}
        />
      ) : null}
      {detalhe ? <BoletoDetalheDialog boleto={detalhe} onClose={() => setDetalhe(null)} /> : null}
    </div>
  );
}

// ——— Remessas ———

const PAGE_SIZE = 20;

async function baixarRemessa(r: Pick<RemessaRow, 'id' | 'nome_arquivo'>) {
  try {
    saveFile(await cobrancaApi.arquivoRemessa(r.id), r.nome_arquivo);
  } catch (e) {
    toast.error(e instanceof ApiError ? e.message : 'Não foi possível baixar o arquivo da remessa.');
  }
}

function Remessas({
  carteiras,
}: {
  carteiras: {
    data?: CarteiraResumo[] | undefined;
    isPending: boolean;
    isError: boolean;
    error: unknown;
    refetch(): unknown;
  };
}) {
  const qc = useQueryClient();
  const phone = useIsPhone();
  const [page, setPage] = useState(1);
  const [gerada, setGerada] = useState<RemessaRow | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  const query = { page: String(page), pageSize: String(PAGE_SIZE), sort: 'created_at', dir: 'desc' };
  const remessas = useQuery({
    queryKey: cobrancaKeys.remessas(query),
    queryFn: () => cobrancaApi.remessas(query),
    placeholderData: keepPreviousData,
  });
  const gerar = useMutation({
    mutationFn: (contaId: string) => cobrancaApi.gerarRemessa(contaId),
    onMutate: () => setErro(null),
    onSuccess: async (r) => {
      setGerada(r);
      setPage(1);
      await qc.invalidateQueries({ queryKey: cobrancaKeys.all });
    },
    onError: (e) =>
      setErro(e instanceof ApiError ? e.message : 'Não foi possível gerar a remessa. Tente novamente.'),
  });
  return (
    <div className="grid grid-cols-1 gap-6">
      <section aria-labelledby="carteiras-titulo">
        <h2 id="carteiras-titulo" className="mb-2 font-semibold">
          Carteiras
        </h2>
        {erro ? (
          <p role="alert" className="mb-3 text-sm text-destructive">
            {erro}
          </p>
        ) : null}
        {carteiras.isPending ? (
          <Skeleton className="h-28 w-full" />
        ) : carteiras.isError ? (
          <LoadErrorAlert
            message={
              carteiras.error instanceof ApiError
                ? carteiras.error.message
                : 'Não foi possível carregar as carteiras.'
            }
            onRetry={() => void carteiras.refetch()}
          />
        ) : !carteiras.data?.length ? (
          <p className="text-sm text-muted-foreground">
            {cobrancaMensagens.semContaComCarteira}{' '}
            <Link to="/financeiro/contas-bancarias" className="font-medium underline underline-offset-2">
              Ir para Contas Bancárias
            </Link>
          </p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {carteiras.data.map((c) => (
              <li
                key={c.conta_bancaria_id}
                className="flex flex-col gap-2 rounded-lg border border-border bg-card p-3"
                data-testid="carteira-card"
              >
                <div>
                  <div className="flex flex-wrap items-center gap-2 font-medium">
                    {c.conta_nome}
                    {c.ativa === false ? <Badge variant="outline">Inativa</Badge> : null}
                  </div>
                  <div className="text-sm text-muted-foreground">
                    {c.banco_nome ? `${c.banco} - ${c.banco_nome}` : `Banco ${c.banco}`} ·{' '}
                    {layoutCnabLabels[c.layout]}
                  </div>
                </div>
                <p className="text-sm">
                  {c.pendentes ? (
                    <strong>{plural(c.pendentes, 'pendência', 'pendências')} a enviar</strong>
                  ) : (
                    <span className="text-muted-foreground">Nada a enviar</span>
                  )}
                  <span className="text-muted-foreground">
                    {' '}
                    · {c.ultimo_nsa ? `última remessa NSA ${c.ultimo_nsa}` : 'nenhuma remessa'}
                  </span>
                </p>
                <div className="mt-auto">
                  <Button
                    size="sm"
                    disabled={gerar.isPending || c.pendentes === 0}
                    onClick={() => gerar.mutate(c.conta_bancaria_id)}
                  >
                    {gerar.isPending && gerar.variables === c.conta_bancaria_id ? (
                      <Spinner />
                    ) : (
                      <FileOutput aria-hidden />
                    )}
                    Gerar remessa
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="remessas-titulo">
        <h2 id="remessas-titulo" className="mb-2 font-semibold">
          Remessas geradas
        </h2>
        {remessas.isError ? (
          <LoadErrorAlert
            message={
              remessas.error instanceof ApiError
                ? remessas.error.message
                : 'Não foi possível carregar as remessas.'
            }
            onRetry={() => void remessas.refetch()}
          />
        ) : (
          <div className="rounded-lg border border-border bg-card">
            {phone ? (
              <RemessasCards itens={remessas.data?.items} />
            ) : (
              <div className="overflow-x-auto">
                <Table>
                  <TableHeader>
                    <TableRow>
                      <TableHead>Gerada em</TableHead>
                      <TableHead>Conta</TableHead>
                      <TableHead className="text-right">NSA</TableHead>
                      <TableHead>Arquivo</TableHead>
                      <TableHead className="text-right">Registros</TableHead>
                      <TableHead className="text-right">Valor total</TableHead>
                      <TableHead className="w-px">
                        <span className="sr-only">Ações</span>
                      </TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {remessas.isPending ? (
                      <TableRow>
                        <TableCell colSpan={7}>
                          <Skeleton className="h-8 w-full" />
                        </TableCell>
                      </TableRow>
                    ) : remessas.data?.items.length === 0 ? (
                      <TableRow>
                        <TableCell colSpan={7} className="py-6 text-center text-muted-foreground">
                          Nenhuma remessa gerada.
                        </TableCell>
                      </TableRow>
                    ) : (
                      remessas.data?.items.map((r) => (
                        <TableRow key={r.id} data-testid="remessa-linha">
                          <TableCell className="whitespace-nowrap">
                            {formatDateTimeBR(r.created_at)}
                            {r.usuario ? (
                              <span className="block text-xs text-muted-foreground">{r.usuario}</span>
                            ) : null}
                          </TableCell>
                          <TableCell>{r.conta_nome}</TableCell>
                          <TableCell className={num}>{r.nsa}</TableCell>
                          <TableCell>
                            <span className="break-all font-mono text-xs">{r.nome_arquivo}</span>
                            <span className="block text-xs text-muted-foreground">
                              {layoutCnabLabels[r.layout]}
                            </span>
                          </TableCell>
                          <TableCell className={num}>{r.quantidade}</TableCell>
                          <TableCell className={num}>{formatBRL(r.valor_total)}</TableCell>
                          <TableCell>
                            <Button
                              size="sm"
                              variant="outline"
                              aria-label={`Baixar remessa NSA ${r.nsa} de ${r.conta_nome}`}
                              onClick={() => void baixarRemessa(r)}
                            >
                              <Download aria-hidden />
                              Baixar
                            </Button>
                          </TableCell>
                        </TableRow>
                      ))
                    )}
                  </TableBody>
                </Table>
              </div>
            )}
            <div className="border-t border-border px-3 pb-3">
              <Pagination
                page={page}
                pageSize={PAGE_SIZE}
                total={remessas.data?.total}
                totalIsLowerBound={remessas.data?.totalIsLowerBound ?? false}
                onPageChange={setPage}
                disabled={remessas.isFetching}
              />
            </div>
          </div>
        )}
      </section>
      {gerada ? <RemessaGeradaDialog remessa={gerada} onClose={() => setGerada(null)} /> : null}
    </div>
  );
}

/** A phone's remessas: one card each, with the download. */
function RemessasCards({ itens }: { itens: RemessaRow[] | undefined }) {
  if (!itens) return <Skeleton className="m-3 h-16" />;
  if (!itens.length)
    return <p className="py-6 text-center text-sm text-muted-foreground">Nenhuma remessa gerada.</p>;
  return (
    <ul className="divide-y divide-border">
      {itens.map((r) => (
        <li key={r.id} className="grid gap-1 p-3 text-sm" data-testid="remessa-linha">
          <div className="flex items-baseline justify-between gap-2">
            <span className="font-medium">
              {r.conta_nome} · NSA {r.nsa}
            </span>
            <span className="tabular-nums">{formatBRL(r.valor_total)}</span>
          </div>
          <div className="text-muted-foreground">
            {formatDateTimeBR(r.created_at)} · {layoutCnabLabels[r.layout]} ·{' '}
            {plural(r.quantidade, 'registro', 'registros')}
          </div>
          <div className="flex items-center justify-between gap-2">
            <span className="min-w-0 break-all font-mono text-xs">{r.nome_arquivo}</span>
            <Button
              size="sm"
              variant="outline"
              aria-label={`Baixar remessa NSA ${r.nsa} de ${r.conta_nome}`}
              onClick={() => void baixarRemessa(r)}
            >
              <Download aria-hidden />
              Baixar
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}

function RemessaGeradaDialog({ remessa: r, onClose }: { remessa: RemessaRow; onClose(): void }) {
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Remessa gerada</DialogTitle>
          <DialogDescription>
            {r.conta_nome} · NSA {r.nsa} · {layoutCnabLabels[r.layout]}:{' '}
            {plural(r.quantidade, 'registro', 'registros')}, {formatBRL(r.valor_total)}. Envie o arquivo ao
            banco pelo internet banking ou pelo aplicativo de transferência de arquivos.
          </DialogDescription>
        </DialogHeader>
        <p className="break-all rounded-md bg-muted/40 p-2 font-mono text-xs">{r.nome_arquivo}</p>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Fechar
          </Button>
          <Button onClick={() => void baixarRemessa(r)}>
            <Download aria-hidden />
            Baixar arquivo
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
