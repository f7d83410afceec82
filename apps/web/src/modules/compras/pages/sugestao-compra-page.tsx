import { Decimal, formatBRL, formatDateBR, formatDecimalBR } from '@erp/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ClipboardList, TriangleAlert } from 'lucide-react';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { LoadErrorAlert } from '@/components/data-table/list-states.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { cn } from '@/lib/cn.ts';
import { useFornecedoresOpcoes } from '@/modules/estoque/api/queries.ts';
import { formatCusto, formatQtd } from '@/modules/estoque/components/formato.ts';
import {
  comprasApi,
  comprasKeys,
  mensagemDe,
  type ProdutoSugerido,
  type SugestaoResposta,
} from '../api/compras-api.ts';
import {
  arredondaEdicao,
  calculaLinha,
  type Edicoes,
  edicoesIniciais,
  itensDoPedido,
  totaisEditados,
} from '../components/sugestao-edicao.ts';

// Sugestão de compra (/compras/sugestao): pick a supplier and the sales window; per product of the
// supplier the grid shows the ABC class, the daily demand (stock-out days left out) and its trend,
// what is available and on order, the days the stock lasts, and the suggested quantity — editable
// in place, keyboard first (Enter or ↓ go to the next product, ↑ to the previous; leaving the cell
// rounds it up to the purchase packaging, with a hint) —, the packaging, the cost and the value.
// The alerts of each product are badges under it; the totals (value, weight, volume, what is
// missing to the supplier's minimum order) follow the edits. «Gerar pedido de compra» turns the
// lines to buy into a draft purchase order and opens it.

const JANELAS = ['30', '60', '90', '120', '180', '365'];
const num = 'text-right whitespace-nowrap tabular-nums';
// A dense grid: narrow cells and headers that wrap; on a phone the figures move under the product's
// name and only the product, the quantity and the value stay as columns.
const celula = 'px-2';
const cab = 'px-2 normal-case tracking-normal whitespace-normal leading-tight';
const soLargo = 'hidden md:table-cell';

export function SugestaoCompraPage() {
  const [params, setParams] = useSearchParams();
  const fornecedorId = params.get('fornecedor_id') ?? '';
  const janela = JANELAS.includes(params.get('janela_dias') ?? '') ? params.get('janela_dias')! : '90';
  const fornecedores = useFornecedoresOpcoes();
  const muda = (chave: string, valor: string) =>
    setParams(
      () => {
        const next = new URLSearchParams(window.location.search);
        if (valor) next.set(chave, valor);
        else next.delete(chave);
        return next;
      },
      { replace: true },
    );
  const q = useQuery({
    queryKey: comprasKeys.sugestao(fornecedorId, janela),
    queryFn: () => comprasApi.sugestao({ fornecedor_id: fornecedorId, janela_dias: janela }),
    enabled: !!fornecedorId,
    staleTime: 0,
  });
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title="Sugestão de Compra"
        description="Quanto comprar de cada produto do fornecedor: demanda sem os dias de ruptura, estoque disponível, em pedido, prazo e cobertura."
        actions={
          <Button variant="outline" asChild>
            <Link to="/compras/pedidos">
              <ClipboardList aria-hidden />
              Pedidos de compra
            </Link>
          </Button>
        }
      />
      <section
        aria-label="Parâmetros"
        className="grid gap-3 rounded-lg border border-border bg-card p-4 sm:grid-cols-[minmax(0,24rem)_12rem]"
      >
        <FormField label="Fornecedor">
          <NativeSelect
            autoFocus
            value={fornecedorId}
            onChange={(e) => muda('fornecedor_id', e.target.value)}
          >
            <option value="">Selecione o fornecedor</option>
            {fornecedores.map((f) => (
              <option key={f.id} value={f.id}>
                {f.nome}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label="Janela de vendas">
          <NativeSelect value={janela} onChange={(e) => muda('janela_dias', e.target.value)}>
            {JANELAS.map((j) => (
              <option key={j} value={j}>
                Últimos {j} dias
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </section>
      {!fornecedorId ? (
        <p className="text-sm text-muted-foreground">Escolha o fornecedor para calcular a sugestão.</p>
      ) : q.isError ? (
        <LoadErrorAlert
          message={mensagemDe(q.error, 'Não foi possível calcular a sugestão.')}
          onRetry={() => void q.refetch()}
        />
      ) : !q.data ? (
        <div className="grid gap-3" aria-busy>
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : (
        <Grade key={`${fornecedorId}-${janela}-${q.dataUpdatedAt}`} s={q.data} fornecedorId={fornecedorId} />
      )}
    </div>
  );
}

function Parametros({ s }: { s: SugestaoResposta }) {
  const p = s.parametros;
  if (!p) return null;
  return (
    <p className="text-xs text-muted-foreground">
      Vendas de {formatDateBR(p.janela.de)} a {formatDateBR(p.janela.ate)} (comparadas com{' '}
      {formatDateBR(p.janela_anterior.de)} a {formatDateBR(p.janela_anterior.ate)}) · cobertura de{' '}
      {p.cobertura_dias} dias · segurança de {p.seguranca_dias} dias ·{' '}
      {s.fornecedor?.prazo_entrega_dias != null
        ? `prazo do fornecedor: ${s.fornecedor.prazo_entrega_dias} dias`
        : `fornecedor sem prazo de entrega: usado o prazo padrão da empresa (${p.prazo_padrao_dias} dias)`}
    </p>
  );
}

function Grade({ s, fornecedorId }: { s: SugestaoResposta; fornecedorId: string }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [edicoes, setEdicoes] = useState<Edicoes>(() => edicoesIniciais(s.produtos));
  const [soComprar, setSoComprar] = useState(false);
  const soComprarId = useId();
  const inputs = useRef(new Map<string, HTMLInputElement | null>());
  const visiveis = soComprar
    ? s.produtos.filter(
        (p) => Decimal.of(p.quantidadeSugerida).isPositive() || edicoes[p.produtoId]?.texto.trim() !== '0',
      )
    : s.produtos;
  const totais = totaisEditados(s.produtos, edicoes, s.totais.pedidoMinimo);

  const gerar = useMutation({
    mutationFn: () =>
      comprasApi.gerarPedido({ fornecedor_id: fornecedorId, itens: itensDoPedido(s.produtos, edicoes) }),
    onSuccess: (p) => {
      void qc.invalidateQueries({ queryKey: ['compras'] });
      toast.success(`Pedido de compra nº ${p.numero} gerado como rascunho.`);
      navigate(`/compras/pedidos/${p.id}`);
    },
    onError: (err) => toast.error(mensagemDe(err, 'Não foi possível gerar o pedido de compra.')),
  });

  const move = (e: KeyboardEvent<HTMLInputElement>, idx: number) => {
    const passo = e.key === 'Enter' || e.key === 'ArrowDown' ? 1 : e.key === 'ArrowUp' ? -1 : 0;
    if (!passo) return;
    e.preventDefault();
    const alvo = visiveis[idx + passo];
    const el = alvo ? inputs.current.get(alvo.produtoId) : null;
    if (el) {
      el.focus();
      el.select();
    } else (e.target as HTMLInputElement).blur();
  };

  if (!s.produtos.length)
    return (
      <p role="note" className="rounded-md border border-border bg-muted p-3 text-sm">
        {s.mensagem ?? 'Nenhum produto deste fornecedor para sugerir.'}
      </p>
    );

  return (
    <>
      <Parametros s={s} />
      <section
        aria-label="Produtos sugeridos"
        className="grid gap-2 rounded-lg border border-border bg-card p-2 sm:p-4"
      >
        <div className="flex flex-wrap items-center justify-between gap-2 px-2 sm:px-0">
          <p className="text-sm text-muted-foreground">
            {s.produtos.length} produtos · Enter ou ↓ vai ao próximo, ↑ ao anterior; a quantidade é
            arredondada para a embalagem de compra ao sair da célula.
          </p>
          <div className="flex items-center gap-2 text-sm">
            <Checkbox
              id={soComprarId}
              checked={soComprar}
              onCheckedChange={(v) => setSoComprar(v === true)}
            />
            <label htmlFor={soComprarId}>Só os produtos a comprar</label>
          </div>
        </div>
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead className={cab}>Produto</TableHead>
              <TableHead className={cn(cab, soLargo, 'text-center')}>ABC</TableHead>
              <TableHead className={cn(cab, soLargo, 'text-right')}>Demanda/dia</TableHead>
              <TableHead className={cn(cab, soLargo, 'text-right')}>Tendência</TableHead>
              <TableHead className={cn(cab, soLargo, 'text-right')}>Disponível</TableHead>
              <TableHead className={cn(cab, soLargo, 'text-right')}>Em pedido</TableHead>
              <TableHead className={cn(cab, soLargo, 'text-right')}>Cobertura</TableHead>
              <TableHead className={cn(cab, 'text-right')}>Sugerido</TableHead>
              <TableHead className={cn(cab, soLargo)}>Embalagem</TableHead>
              <TableHead className={cn(cab, 'text-right')}>
                Valor<span className="hidden md:inline"> (custo)</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {visiveis.map((p, idx) => (
              <Linha
                key={p.produtoId}
                p={p}
                texto={edicoes[p.produtoId]?.texto ?? ''}
                dica={edicoes[p.produtoId]?.dica ?? null}
                onTexto={(texto) => setEdicoes((e) => ({ ...e, [p.produtoId]: { texto, dica: null } }))}
                onBlur={() =>
                  setEdicoes((e) => ({
                    ...e,
                    [p.produtoId]: arredondaEdicao(p, e[p.produtoId]?.texto ?? ''),
                  }))
                }
                inputRef={(el) => {
                  inputs.current.set(p.produtoId, el);
                }}
                onKeyDown={(e) => move(e, idx)}
                calculada={calculaLinha(p, edicoes[p.produtoId])}
              />
            ))}
          </TableBody>
        </Table>
      </section>
      <section
        aria-label="Totais da sugestão"
        className="flex flex-wrap items-end justify-between gap-4 rounded-lg border border-border bg-card p-4"
      >
        <dl className="grid grid-cols-[auto_auto] gap-x-6 gap-y-1 text-sm" aria-live="polite">
          <dt>Produtos a comprar</dt>
          <dd className={num}>{totais.itens}</dd>
          <dt className="font-semibold">Valor</dt>
          <dd className={`${num} text-lg font-semibold`} data-testid="total-sugestao">
            {formatBRL(totais.valor)}
          </dd>
          <dt>Peso bruto</dt>
          <dd className={num}>
            {formatDecimalBR(totais.peso, 0)} kg
            {totais.semPeso ? (
              <span className="text-xs text-muted-foreground"> ({totais.semPeso} sem peso)</span>
            ) : null}
          </dd>
          <dt>Volume</dt>
          <dd className={num}>{formatDecimalBR(totais.volume, 0)} m³</dd>
          {totais.faltaParaPedidoMinimo !== null ? (
            <>
              <dt>Falta para o pedido mínimo</dt>
              <dd
                className={cn(
                  num,
                  Decimal.of(totais.faltaParaPedidoMinimo).isPositive() && 'text-destructive',
                )}
                data-testid="falta-minimo"
              >
                {formatBRL(totais.faltaParaPedidoMinimo)}
                <span className="block text-xs text-muted-foreground">
                  mínimo {formatBRL(s.totais.pedidoMinimo)}
                </span>
              </dd>
            </>
          ) : null}
        </dl>
        <div className="grid justify-items-end gap-2">
          {totais.invalidas ? (
            <p role="alert" className="text-sm text-destructive">
              Corrija as quantidades inválidas ({totais.invalidas}).
            </p>
          ) : null}
          <Button
            disabled={gerar.isPending || totais.itens === 0 || totais.invalidas > 0}
            onClick={() => gerar.mutate()}
          >
            {gerar.isPending ? <Spinner /> : <ClipboardList aria-hidden />}
            Gerar pedido de compra
          </Button>
        </div>
      </section>
    </>
  );
}

function Linha({
  p,
  texto,
  dica,
  onTexto,
  onBlur,
  inputRef,
  onKeyDown,
  calculada,
}: {
  p: ProdutoSugerido;
  texto: string;
  dica: string | null;
  onTexto(v: string): void;
  onBlur(): void;
  inputRef(el: HTMLInputElement | null): void;
  onKeyDown(e: KeyboardEvent<HTMLInputElement>): void;
  calculada: ReturnType<typeof calculaLinha>;
}) {
  const tendencia = p.tendenciaPercentual === null ? null : Decimal.of(p.tendenciaPercentual);
  const semEmbalagem = p.embalagem.unidade === p.unidade && Decimal.of(p.embalagem.fator).eq(1);
  const tendenciaTexto =
    tendencia === null
      ? null
      : `${tendencia.isPositive() ? '+' : ''}${formatDecimalBR(tendencia.toFixed(1), 1)}%`;
  const emPedido = Decimal.of(p.emPedido).isZero() ? null : formatQtd(p.emPedido);
  const cobertura = p.diasCoberturaHoje === null ? null : `${formatDecimalBR(p.diasCoberturaHoje, 0)} d`;
  return (
    <>
      <TableRow className={p.alertas.length ? 'border-b-0' : undefined} data-produto={p.codigo}>
        <TableCell className={cn(celula, 'min-w-32 md:min-w-40')}>
          <span className="block font-mono text-xs text-muted-foreground">{p.codigo}</span>
          {p.nome}
          <span className="block text-xs text-muted-foreground md:hidden">
            ABC {p.classeAbc} · {formatDecimalBR(p.demandaDiaria, 0)}/dia
            {tendenciaTexto ? ` (${tendenciaTexto})` : ''} · disp. {formatQtd(p.disponivel)}
            {emPedido ? ` · em pedido ${emPedido}` : ''}
            {cobertura ? ` · ${cobertura}` : ''} · custo {formatCusto(p.custoUnitario)}/{p.unidade}
          </span>
        </TableCell>
        <TableCell className={cn(celula, soLargo, 'text-center')}>
          <Badge variant="outline">{p.classeAbc}</Badge>
        </TableCell>
        <TableCell className={cn(celula, soLargo, num)}>{formatDecimalBR(p.demandaDiaria, 0)}</TableCell>
        <TableCell
          className={cn(
            celula,
            soLargo,
            num,
            tendencia?.isPositive() && 'text-success',
            tendencia?.isNegative() && 'text-destructive',
          )}
        >
          {tendenciaTexto ?? '—'}
        </TableCell>
        <TableCell className={cn(celula, soLargo, num)}>{formatQtd(p.disponivel)}</TableCell>
        <TableCell className={cn(celula, soLargo, num)}>{emPedido ?? '—'}</TableCell>
        <TableCell className={cn(celula, soLargo, num)}>{cobertura ?? '—'}</TableCell>
        <TableCell className={cn(celula, 'w-24 min-w-20 text-right md:w-28')}>
          <Input
            ref={inputRef}
            aria-label={`Quantidade sugerida de ${p.nome}`}
            inputMode="decimal"
            autoComplete="off"
            className={cn(
              'h-8 text-right tabular-nums',
              calculada.quantidade === null && 'border-destructive',
            )}
            value={texto}
            onChange={(e) => onTexto(e.target.value)}
            onBlur={onBlur}
            onKeyDown={onKeyDown}
            onFocus={(e) => e.target.select()}
          />
          {dica ? (
            <span role="status" className="block text-xs leading-tight text-muted-foreground">
              {dica}
            </span>
          ) : null}
          {!semEmbalagem && calculada.embalagens ? (
            <span className="block text-xs text-muted-foreground md:hidden">
              {calculada.embalagens} {p.embalagem.unidade}
            </span>
          ) : null}
        </TableCell>
        <TableCell className={cn(celula, soLargo, 'whitespace-nowrap')}>
          {semEmbalagem ? (
            p.unidade
          ) : (
            <>
              {p.embalagem.unidade} ({formatQtd(p.embalagem.fator)} {p.unidade})
              {calculada.embalagens ? (
                <span className="block text-xs text-muted-foreground">
                  {calculada.embalagens} {p.embalagem.unidade}
                </span>
              ) : null}
            </>
          )}
        </TableCell>
        <TableCell className={cn(celula, num)}>
          <span className="font-medium">{calculada.valor ? formatBRL(calculada.valor) : '—'}</span>
          <span className="hidden text-xs text-muted-foreground md:block">
            {formatCusto(p.custoUnitario)}/{p.unidade}
          </span>
        </TableCell>
      </TableRow>
      {p.alertas.length ? (
        <TableRow>
          <TableCell colSpan={10} className={cn(celula, 'pt-0')}>
            <ul className="flex flex-wrap gap-1" aria-label={`Alertas de ${p.nome}`}>
              {p.alertas.map((a) => (
                <li key={a.codigo}>
                  <Badge
                    variant="outline"
                    className="whitespace-normal border-transparent bg-amber-100 text-left font-normal text-amber-900 dark:bg-amber-950 dark:text-amber-200"
                  >
                    <TriangleAlert aria-hidden className="size-3" />
                    {a.mensagem}
                  </Badge>
                </li>
              ))}
            </ul>
          </TableCell>
        </TableRow>
      ) : null}
    </>
  );
}
