import {
  formaPlural,
  formatBRL,
  formatDateBR,
  formatDateTimeBR,
  formatDocumento,
  type StatusTitulo,
  statusTituloLabels,
} from '@erp/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AlertTriangle,
  ArrowLeft,
  CheckCheck,
  Download,
  PackageCheck,
  Pencil,
  ShieldAlert,
  Trash2,
  Undo2,
  UserPlus,
} from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
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
import { Label } from '@/components/ui/label.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { RecordLoader } from '@/components/ui/record-loader.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useOpcoesEstoque } from '@/modules/estoque/api/queries.ts';
import { formatCusto, formatQtd } from '@/modules/estoque/components/formato.ts';
import { baixaXml, type Entrada, entradasApi, entradasKeys, type ItemEntrada } from '../api/entradas-api.ts';
import { Conferencia } from '../components/conferencia.tsx';
import { textoConversao, textoEmbalagem } from '../components/conversao.ts';
import { MapearItemDialog } from '../components/mapear-item-dialog.tsx';
import { numeroNota, StatusEntradaBadge } from '../components/status-entrada.tsx';

// One receipt (/estoque/entradas/:id): the NF-e header (fornecedor — created from <emit> when
// unknown —, the signature flag with its explicit confirmation, the alerts), the items with their
// mapping, conversion and unit cost, the blind count, the payables (from <dup> before posting, the
// títulos after), and Lançar / Estornar.

const mapeamentoTexto = { memoria: 'código do fornecedor', gtin: 'GTIN', manual: 'manual' } as const;
const erroDe = (err: unknown) =>
  err instanceof ApiError ? err.message : 'Erro inesperado. Tente novamente.';

export function EntradaPage() {
  const { id = '' } = useParams();
  const q = useQuery({ queryKey: entradasKeys.get(id), queryFn: () => entradasApi.get(id) });
  return (
    <RecordLoader query={q} title="Entrada de mercadorias">
      {(e) => <Detalhe e={e} />}
    </RecordLoader>
  );
}

function useAcao<A extends unknown[]>(fn: (...a: A) => Promise<Entrada>, ok: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: A) => fn(...a),
    onSuccess: async (e) => {
      qc.setQueryData(entradasKeys.get(e.id), e);
      await qc.invalidateQueries({ queryKey: entradasKeys.all });
      await qc.invalidateQueries({ queryKey: ['estoque'] });
      await qc.invalidateQueries({ queryKey: ['financeiro'] });
      toast.success(ok);
    },
    onError: (err) => toast.error(erroDe(err)),
  });
}

function Detalhe({ e }: { e: Entrada }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [mapeando, setMapeando] = useState<ItemEntrada | null>(null);
  const [dialogo, setDialogo] = useState<'lancar' | 'estornar' | 'excluir' | 'assinatura' | null>(null);
  const editavel = e.status === 'rascunho' || e.status === 'conferida';
  const criaFornecedor = useAcao(entradasApi.criarFornecedor, 'Fornecedor cadastrado a partir da nota.');
  const excluir = useMutation({
    mutationFn: () => entradasApi.excluir(e.id),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: entradasKeys.all });
      toast.success('Entrada excluída.');
      navigate('/estoque/entradas');
    },
    onError: (err) => toast.error(erroDe(err)),
  });
  const nomeXml = `${e.chave ?? e.id}.xml`;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title={`Entrada ${e.origem === 'manual' ? 'manual' : `NF-e ${numeroNota(e)}`}`}
        description={[
          e.fornecedor_nome ?? e.emitente_nome,
          e.emissao ? `emitida em ${formatDateBR(e.emissao)}` : null,
          e.natureza_operacao,
          e.lancada_em ? `lançada em ${formatDateTimeBR(e.lancada_em)}` : null,
          e.estornada_em ? `estornada em ${formatDateTimeBR(e.estornada_em)}` : null,
        ]
          .filter(Boolean)
          .join(' · ')}
        actions={
          <>
            <Button variant="outline" asChild>
              <Link to="/estoque/entradas">
                <ArrowLeft aria-hidden />
                Entradas
              </Link>
            </Button>
            {e.origem === 'xml' ? (
              <Button
                variant="outline"
                onClick={() =>
                  void baixaXml('estoque', e.id, nomeXml).catch((err) => toast.error(erroDe(err)))
                }
              >
                <Download aria-hidden />
                Baixar XML
              </Button>
            ) : null}
            {editavel ? (
              <>
                <Button variant="outline" onClick={() => setDialogo('excluir')}>
                  <Trash2 aria-hidden />
                  Excluir
                </Button>
                <Button onClick={() => setDialogo('lancar')} disabled={e.pendencias.length > 0}>
                  <PackageCheck aria-hidden />
                  Lançar
                </Button>
              </>
            ) : null}
            {e.status === 'lancada' ? (
              <Button variant="outline" onClick={() => setDialogo('estornar')}>
                <Undo2 aria-hidden />
                Estornar
              </Button>
            ) : null}
          </>
        }
      />
      <div className="flex flex-wrap items-center gap-2">
        <StatusEntradaBadge status={e.status} />
        {e.assinatura === 'valida' ? <Badge variant="outline">Assinatura válida</Badge> : null}
        {e.assinatura === 'ausente' ? <Badge variant="outline">Sem assinatura</Badge> : null}
        {e.assinatura === 'invalida' ? (
          <Badge variant="destructive">
            Assinatura inválida{e.assinatura_confirmada ? ' (confirmada)' : ''}
          </Badge>
        ) : null}
        {e.chave ? (
          <span className="break-all font-mono text-xs text-muted-foreground">Chave {e.chave}</span>
        ) : null}
      </div>
      {e.assinatura === 'invalida' && !e.assinatura_confirmada && editavel ? (
        <Aviso tom="erro" icone={<ShieldAlert aria-hidden className="mt-0.5 size-4 shrink-0" />}>
          <p className="font-medium">Assinatura inválida</p>
          <p>
            A assinatura digital desta NF-e não confere
            {e.assinatura_motivo ? ` (${e.assinatura_motivo})` : ''}: o conteúdo pode ter sido alterado depois
            de assinado. Confira a nota com o fornecedor antes de lançar.
          </p>
          <Button size="sm" variant="destructive" className="mt-2" onClick={() => setDialogo('assinatura')}>
            Confirmar e continuar
          </Button>
        </Aviso>
      ) : null}
      {e.assinatura === 'ausente' && !e.assinatura_confirmada && editavel ? (
        <Aviso tom="alerta" icone={<ShieldAlert aria-hidden className="mt-0.5 size-4 shrink-0" />}>
          <p className="font-medium">Sem assinatura</p>
          <p>Esta NF-e não tem assinatura digital: confirme o recebimento explicitamente.</p>
          <Button size="sm" variant="outline" className="mt-2" onClick={() => setDialogo('assinatura')}>
            Confirmar recebimento
          </Button>
        </Aviso>
      ) : null}
      {!e.fornecedor_id && e.origem === 'xml' ? (
        <Aviso tom="alerta" icone={<UserPlus aria-hidden className="mt-0.5 size-4 shrink-0" />}>
          <p>
            O emitente {e.emitente_nome} ({formatDocumento(e.emitente_documento ?? '')}) não está cadastrado
            como fornecedor.
          </p>
          {editavel ? (
            <Button
              size="sm"
              className="mt-2"
              disabled={criaFornecedor.isPending}
              onClick={() => criaFornecedor.mutate([e.id])}
            >
              {criaFornecedor.isPending ? <Spinner /> : <UserPlus aria-hidden />}
              Cadastrar fornecedor
            </Button>
          ) : null}
        </Aviso>
      ) : null}
      {e.alertas.length || e.xsd_erros.length ? (
        <Aviso tom="alerta" icone={<AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />}>
          <ul className="list-disc pl-4">
            {e.alertas.map((a) => (
              <li key={a}>{a}</li>
            ))}
            {e.xsd_erros.map((a) => (
              <li key={a}>Schema: {a}</li>
            ))}
          </ul>
        </Aviso>
      ) : null}
      {editavel && e.pendencias.length ? (
        <section aria-label="Pendências" className="rounded-md border border-border p-3 text-sm">
          <p className="font-medium">Para lançar, resolva:</p>
          <ul className="list-disc pl-4 text-muted-foreground">
            {e.pendencias.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <Totais e={e} />
      {editavel ? (
        <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
          <LocalPadrao e={e} />
          {e.duplicatas.length ? null : <CondicaoPagamento e={e} />}
        </div>
      ) : null}
      <Itens e={e} onMapear={editavel ? setMapeando : null} />
      {editavel && e.itens.some((i) => i.produto_id) ? <Conferencia entrada={e} /> : null}
      <Financeiro e={e} />
      {e.motivo_estorno ? (
        <p className="text-sm text-muted-foreground">Motivo do estorno: {e.motivo_estorno}</p>
      ) : null}
      {mapeando ? <MapearItemDialog entrada={e} item={mapeando} onClose={() => setMapeando(null)} /> : null}
      {dialogo === 'lancar' ? <LancarDialog e={e} onClose={() => setDialogo(null)} /> : null}
      {dialogo === 'estornar' ? <EstornarDialog e={e} onClose={() => setDialogo(null)} /> : null}
      {dialogo === 'assinatura' ? <AssinaturaDialog e={e} onClose={() => setDialogo(null)} /> : null}
      {dialogo === 'excluir' ? (
        <Confirmacao
          titulo="Excluir esta entrada?"
          texto="A nota importada e os itens identificados são descartados; o XML pode ser importado de novo."
          acao="Excluir"
          destrutiva
          pendente={excluir.isPending}
          onConfirmar={() => excluir.mutate()}
          onClose={() => setDialogo(null)}
        />
      ) : null}
    </div>
  );
}

function Aviso({
  tom,
  icone,
  children,
}: {
  tom: 'erro' | 'alerta';
  icone: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div
      role={tom === 'erro' ? 'alert' : 'status'}
      className={
        tom === 'erro'
          ? 'flex items-start gap-2 rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm'
          : 'flex items-start gap-2 rounded-md border border-warning/50 bg-warning/10 p-3 text-sm'
      }
    >
      {icone}
      <div className="min-w-0 [overflow-wrap:anywhere]">{children}</div>
    </div>
  );
}

function Totais({ e }: { e: Entrada }) {
  const t = e.totais;
  const figuras: [string, string][] = [
    ['Produtos', t.produtos],
    ['Desconto', t.desconto],
    ['Frete', t.frete],
    ['IPI', t.ipi],
    ['ICMS-ST', t.icms_st],
    ['Total da nota', t.nota],
  ];
  return (
    <dl
      aria-label="Totais da nota"
      className="grid grid-cols-2 gap-3 rounded-lg border border-border bg-card p-3 sm:grid-cols-3 lg:grid-cols-6"
    >
      {figuras.map(([label, v]) => (
        <div key={label} className="grid gap-0.5">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="text-lg font-semibold tabular-nums">{formatBRL(v)}</dd>
        </div>
      ))}
    </dl>
  );
}

function LocalPadrao({ e }: { e: Entrada }) {
  const locais = useOpcoesEstoque('locais');
  const salvar = useAcao(
    (local: string) => entradasApi.atualizar(e.id, { versao: e.versao, local_id: local || null } as never),
    'Local padrão salvo.',
  );
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <Label htmlFor="local-padrao">Local de entrada</Label>
      <NativeSelect
        id="local-padrao"
        className="w-auto min-w-48"
        value={e.local_id ?? ''}
        disabled={salvar.isPending}
        onChange={(ev) => salvar.mutate([ev.target.value])}
      >
        <option value="">Selecione</option>
        {locais
          .filter((l) => l.ativo || l.id === e.local_id)
          .map((l) => (
            <option key={l.id} value={l.id}>
              {l.nome}
            </option>
          ))}
      </NativeSelect>
      <span className="text-muted-foreground">(cada item pode ter o seu)</span>
    </div>
  );
}

function CondicaoPagamento({ e }: { e: Entrada }) {
  const condicoes =
    useQuery({
      queryKey: ['entradas', 'condicoes-pagamento'],
      queryFn: async () => (await entradasApi.condicoes()).items,
      staleTime: 60_000,
    }).data ?? [];
  const salvar = useAcao(
    (c: string) =>
      entradasApi.atualizar(e.id, { versao: e.versao, condicao_pagamento_id: c || null } as never),
    'Condição de pagamento salva.',
  );
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <Label htmlFor="condicao-pagamento">Condição de pagamento</Label>
      <NativeSelect
        id="condicao-pagamento"
        className="w-auto min-w-48"
        value={e.condicao_pagamento_id ?? ''}
        disabled={salvar.isPending}
        onChange={(ev) => salvar.mutate([ev.target.value])}
      >
        <option value="">Selecione</option>
        {condicoes.map((c) => (
          <option key={c.id} value={c.id}>
            {c.nome}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

function Itens({ e, onMapear }: { e: Entrada; onMapear: ((i: ItemEntrada) => void) | null }) {
  const locais = useOpcoesEstoque('locais');
  const nomeLocal = (id: string | null) => locais.find((l) => l.id === id)?.nome ?? null;
  return (
    <section aria-label="Itens" className="grid min-w-0 gap-2">
      <h2 className="text-base font-semibold">
        Itens ({e.itens_mapeados} de {e.itens_total} identificados)
      </h2>
      <div className="overflow-x-auto rounded-lg border border-border">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead className="w-10">Nº</TableHead>
              <TableHead>Na nota</TableHead>
              <TableHead>Produto</TableHead>
              <TableHead>Quantidade</TableHead>
              <TableHead className="text-right">Custo total</TableHead>
              <TableHead className="text-right">Custo unitário</TableHead>
              <TableHead>Local / lotes</TableHead>
              {onMapear ? <TableHead className="w-0" /> : null}
            </TableRow>
          </TableHeader>
          <TableBody>
            {e.itens.map((i) => (
              <TableRow key={i.id} data-testid={`item-${i.n_item}`}>
                <TableCell className="tabular-nums">{i.n_item}</TableCell>
                <TableCell className="min-w-48">
                  <div>{i.x_prod}</div>
                  <div className="text-xs text-muted-foreground">
                    Cód. {i.c_prod}
                    {i.c_ean && /^\d+$/.test(i.c_ean) ? ` · GTIN ${i.c_ean}` : ''} · {formatQtd(i.q_com)}{' '}
                    {i.u_com} × {formatCusto(i.v_un_com)}
                  </div>
                </TableCell>
                <TableCell className="min-w-40">
                  {i.produto_id ? (
                    <div>
                      <div>
                        {i.produto_codigo} - {i.produto_nome}
                      </div>
                      {i.mapeamento ? (
                        <div className="text-xs text-muted-foreground">
                          por {mapeamentoTexto[i.mapeamento]}
                        </div>
                      ) : null}
                    </div>
                  ) : (
                    <Badge variant="warning">Não identificado</Badge>
                  )}
                  {i.produto_id && !i.fator ? (
                    <div className="text-xs text-destructive">
                      Cadastre no produto a embalagem {i.u_com} (com o fator) e identifique de novo.
                    </div>
                  ) : null}
                </TableCell>
                <TableCell className="whitespace-nowrap tabular-nums">
                  {onMapear && i.produto_id && i.embalagens.length ? (
                    <EmbalagemDaLinha e={e} item={i} />
                  ) : null}
                  <div>{textoConversao(i)}</div>
                </TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">
                  {formatBRL(i.custo_total)}
                </TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">
                  {i.custo_unitario
                    ? `${formatCusto(i.custo_unitario)}${i.unidade_base ? ` / ${i.unidade_base}` : ''}`
                    : '—'}
                </TableCell>
                <TableCell className="text-sm">
                  <div>
                    {nomeLocal(i.local_id) ?? (e.local_id ? `${nomeLocal(e.local_id) ?? ''} (padrão)` : '—')}
                  </div>
                  {i.lotes.map((l) => (
                    <div key={l.numero} className="text-xs text-muted-foreground">
                      Lote {l.numero}: {formatQtd(l.quantidade)}
                      {l.validade ? ` · val. ${formatDateBR(l.validade)}` : ''}
                    </div>
                  ))}
                  {i.controla_lote && !i.lotes.length ? (
                    <div className="text-xs text-destructive">Informe lote e validade</div>
                  ) : null}
                </TableCell>
                {onMapear ? (
                  <TableCell>
                    <Button
                      size="sm"
                      variant={i.produto_id ? 'outline' : 'default'}
                      aria-label={`${i.produto_id ? 'Alterar' : 'Identificar'} o item ${i.n_item}`}
                      onClick={() => onMapear(i)}
                    >
                      <Pencil aria-hidden />
                      {i.produto_id ? 'Alterar' : 'Identificar'}
                    </Button>
                  </TableCell>
                ) : null}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </section>
  );
}

/** The line's packaging (the product's CX-12 / FD-6 / UN…): base quantity and unit cost recomputed. */
function EmbalagemDaLinha({ e, item }: { e: Entrada; item: ItemEntrada }) {
  const salvar = useAcao(
    (embalagem: string) =>
      entradasApi.mapearItem(e.id, item.id, {
        produto_id: item.produto_id,
        embalagem_id: embalagem || null,
      } as never),
    'Embalagem do item salva.',
  );
  return (
    <NativeSelect
      aria-label={`Embalagem do item ${item.n_item}`}
      className="mb-1 h-8 w-auto min-w-36 text-sm"
      value={item.embalagem_id ?? ''}
      disabled={salvar.isPending}
      onChange={(ev) => salvar.mutate([ev.target.value])}
    >
      {item.embalagem_id ? null : <option value="">Pela unidade da nota ({item.u_com})</option>}
      {item.embalagens.map((x) => (
        <option key={x.id} value={x.id}>
          {textoEmbalagem(x, item.unidade_base)}
        </option>
      ))}
    </NativeSelect>
  );
}

function Financeiro({ e }: { e: Entrada }) {
  const titulos = e.titulos;
  if (titulos.length)
    return (
      <section aria-label="Contas a pagar" className="grid gap-2">
        <h2 className="text-base font-semibold">
          Contas a pagar{' '}
          <Link to="/financeiro/pagar" className="text-sm font-normal underline-offset-4 hover:underline">
            (abrir Contas a Pagar)
          </Link>
        </h2>
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Parcela</TableHead>
              <TableHead>Vencimento</TableHead>
              <TableHead className="text-right">Valor</TableHead>
              <TableHead>Situação</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {titulos.map((t) => (
              <TableRow key={t.id}>
                <TableCell>{t.parcela}</TableCell>
                <TableCell>{formatDateBR(t.vencimento)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatBRL(t.valor)}</TableCell>
                <TableCell>{statusTituloLabels[t.status as StatusTitulo] ?? t.status}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </section>
    );
  return (
    <section aria-label="Duplicatas" className="grid gap-2">
      <h2 className="text-base font-semibold">Contas a pagar previstas (duplicatas da nota)</h2>
      {e.duplicatas.length ? (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Duplicata</TableHead>
              <TableHead>Vencimento</TableHead>
              <TableHead className="text-right">Valor</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {e.duplicatas.map((d) => (
              <TableRow key={d.numero}>
                <TableCell>{d.numero}</TableCell>
                <TableCell>{formatDateBR(d.vencimento)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatBRL(d.valor)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <p className="text-sm text-muted-foreground">
          A nota não traz duplicatas: as contas a pagar seguem a condição de pagamento da entrada.
        </p>
      )}
    </section>
  );
}

function Confirmacao({
  titulo,
  texto,
  acao,
  destrutiva,
  pendente,
  onConfirmar,
  onClose,
  children,
}: {
  titulo: string;
  texto: string;
  acao: string;
  destrutiva?: boolean;
  pendente: boolean;
  onConfirmar(): void;
  onClose(): void;
  children?: React.ReactNode;
}) {
  return (
    <Dialog open onOpenChange={(o) => (o || pendente ? undefined : onClose())}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{titulo}</DialogTitle>
          <DialogDescription>{texto}</DialogDescription>
        </DialogHeader>
        {children}
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={pendente}>
            Voltar
          </Button>
          <Button variant={destrutiva ? 'destructive' : 'default'} onClick={onConfirmar} disabled={pendente}>
            {pendente ? <Spinner /> : <CheckCheck aria-hidden />}
            {acao}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function LancarDialog({ e, onClose }: { e: Entrada; onClose(): void }) {
  const lancar = useAcao(entradasApi.lancar, 'Entrada lançada: estoque e contas a pagar atualizados.');
  return (
    <Confirmacao
      titulo="Lançar a entrada?"
      texto={`${formaPlural(e.itens_total, 'O item entra', `Os ${e.itens_total} itens entram`)} no estoque com o custo da nota (o custo médio é recalculado) e as contas a pagar de ${formatBRL(e.totais.nota)} são criadas.`}
      acao="Lançar"
      pendente={lancar.isPending}
      onConfirmar={() => lancar.mutate([e.id], { onSuccess: onClose })}
      onClose={onClose}
    />
  );
}

function AssinaturaDialog({ e, onClose }: { e: Entrada; onClose(): void }) {
  const confirmar = useAcao(entradasApi.confirmarAssinatura, 'Recebimento confirmado.');
  return (
    <Confirmacao
      titulo={
        e.assinatura === 'ausente'
          ? 'Aceitar a nota sem assinatura digital?'
          : 'Aceitar a nota com assinatura inválida?'
      }
      texto={`${e.assinatura === 'ausente' ? 'Sem a assinatura, não há como saber se o conteúdo é o que o fornecedor emitiu.' : 'O conteúdo desta NF-e pode ter sido alterado depois de assinado.'} Confirme só depois de conferir a nota com o fornecedor (ou na consulta da SEFAZ). A confirmação fica registrada com o seu usuário.`}
      acao="Confirmo que conferi a nota"
      destrutiva={e.assinatura === 'invalida'}
      pendente={confirmar.isPending}
      onConfirmar={() => confirmar.mutate([e.id], { onSuccess: onClose })}
      onClose={onClose}
    />
  );
}

function EstornarDialog({ e, onClose }: { e: Entrada; onClose(): void }) {
  const [motivo, setMotivo] = useState('');
  const estornar = useAcao(entradasApi.estornar, 'Entrada estornada.');
  return (
    <Confirmacao
      titulo="Estornar a entrada?"
      texto="As quantidades saem do estoque e as contas a pagar ainda não pagas são canceladas."
      acao="Estornar"
      destrutiva
      pendente={estornar.isPending}
      onConfirmar={() => estornar.mutate([e.id, motivo], { onSuccess: onClose })}
      onClose={onClose}
    >
      <div className="grid gap-1">
        <Label htmlFor="motivo-estorno">Motivo</Label>
        <textarea
          id="motivo-estorno"
          className="min-h-20 rounded-md border border-input bg-background p-2 text-sm"
          maxLength={500}
          value={motivo}
          onChange={(ev) => setMotivo(ev.target.value)}
        />
      </div>
    </Confirmacao>
  );
}
