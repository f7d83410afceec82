import {
  Decimal,
  formatBRL,
  formatDateBR,
  formatDecimalBR,
  formatDocumento,
  formatQuantity,
  isIsoDay,
  MOTIVOS_DEVOLUCAO,
  type MotivoDevolucao,
  motivoDevolucaoLabels,
  situacaoDevolucaoLabels,
} from '@erp/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, FileCheck, Save, Search } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { LoadErrorAlert } from '@/components/data-table/list-states.tsx';
import { chaveEmGrupos } from '@/components/nfe/nota-campos.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input, Textarea } from '@/components/ui/input.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { useOpcoesEstoque } from '@/modules/estoque/api/queries.ts';
import {
  type DevolucaoCompraDetalhe,
  devolucoesCompraApi,
  devolucoesCompraKeys,
  type EntradaOrigem,
  type ItemEntradaOrigem,
} from '../api/devolucoes-compra-api.ts';
import {
  avisaSefazCompra,
  mensagemDe,
  useRecarregaDevolucoesCompra,
} from '../components/acoes-devolucao-compra.tsx';
import {
  confereLinha,
  corpoDaDevolucao,
  type ErrosRascunho,
  errosDoRascunho,
  errosDoServidor,
  type LinhaCompra,
  motivoDaLinha,
  type RascunhoCompra,
  rascunhoVazio,
  semErros,
  totalEstimado,
  unidadesDoItem,
} from '../components/rascunho-devolucao-compra.ts';

// Nova devolução de compra (/estoque/devolucoes-compra/nova): the clerk pastes the supplier's chave
// (or types the supplier's NF-e number), sees the posted receipt's items with what was received,
// returned and is left, and types per item the quantity (Enter goes to the next item), the unit,
// the reason and, when needed, the lot and the location the goods leave from (by default the
// receipt's lots, first in first out, from where they came in). The total is an estimate; the note
// computes every tax to the cent. «Salvar rascunho» keeps it; «Salvar e emitir NF-e» also emits our
// NF-e de devolução and sends it to SEFAZ. ?entrada_id= opens a receipt directly.

export function NovaDevolucaoCompraPage() {
  const [params, setParams] = useSearchParams();
  const entradaId = params.get('entrada_id') ?? '';
  const entrada = useQuery({
    queryKey: devolucoesCompraKeys.entrada(entradaId),
    queryFn: () => devolucoesCompraApi.entrada(entradaId),
    enabled: !!entradaId,
  });
  const abre = (e: EntradaOrigem | null) =>
    setParams(
      () => {
        const next = new URLSearchParams(window.location.search);
        if (e) next.set('entrada_id', e.entrada_id);
        else next.delete('entrada_id');
        return next;
      },
      { replace: true },
    );
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title="Nova devolução de compra"
        description="Devolução ao fornecedor: informe a NF-e da compra, as quantidades devolvidas e o motivo."
        actions={
          <Button variant="outline" asChild>
            <Link to="/estoque/devolucoes-compra">
              <ArrowLeft aria-hidden />
              Devoluções de Compra
            </Link>
          </Button>
        }
      />
      {entradaId ? null : <BuscaEntrada onAchou={abre} />}
      {!entradaId ? null : entrada.isError ? (
        <LoadErrorAlert
          message={mensagemDe(entrada.error, 'Não foi possível carregar a entrada.')}
          onRetry={() => void entrada.refetch()}
        />
      ) : !entrada.data ? (
        <div className="grid gap-3" aria-busy>
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-48 w-full" />
        </div>
      ) : (
        <Formulario key={entrada.data.entrada_id} entrada={entrada.data} onTrocar={() => abre(null)} />
      )}
    </div>
  );
}

/** The receipt by the supplier's chave or NF-e number; a pasted 44-character chave searches at once. */
function BuscaEntrada({ onAchou }: { onAchou(e: EntradaOrigem): void }) {
  const qc = useQueryClient();
  const [texto, setTexto] = useState('');
  const [erro, setErro] = useState<string | undefined>();
  const busca = useMutation({
    mutationFn: (q: string) => devolucoesCompraApi.origem(q),
    onSuccess: (e) => {
      qc.setQueryData(devolucoesCompraKeys.entrada(e.entrada_id), e);
      onAchou(e);
    },
    onError: (err) => setErro(mensagemDe(err, 'Não foi possível buscar a entrada.')),
  });
  const buscar = (q: string) => {
    const t = q.replace(/\s/g, '');
    if (!t) {
      setErro('Informe a chave de acesso ou o número da NF-e do fornecedor.');
      return;
    }
    setErro(undefined);
    busca.mutate(t);
  };
  const enviar = (e: FormEvent) => {
    e.preventDefault();
    buscar(texto);
  };
  return (
    <form
      noValidate
      onSubmit={enviar}
      aria-label="Buscar a NF-e de compra"
      className="grid gap-3 rounded-lg border border-border bg-card p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start"
    >
      <FormField
        label="Chave de acesso ou nº da NF-e do fornecedor"
        error={erro}
        hint="Cole a chave (44 caracteres) ou digite o número da nota e tecle Enter. Só entradas lançadas podem ser devolvidas."
      >
        <Input
          autoFocus
          autoComplete="off"
          value={texto}
          onChange={(e) => {
            const v = e.target.value;
            setTexto(v);
            setErro(undefined);
            if (/^[0-9A-Z]{44}$/i.test(v.replace(/\s/g, ''))) buscar(v);
          }}
        />
      </FormField>
      <Button type="submit" className="sm:mt-5.5" disabled={busca.isPending}>
        {busca.isPending ? <Spinner /> : <Search aria-hidden />}
        Buscar
      </Button>
    </form>
  );
}

function CabecalhoEntrada({ entrada, onTrocar }: { entrada: EntradaOrigem; onTrocar(): void }) {
  const emissao = entrada.emissao?.slice(0, 10) ?? '';
  return (
    <section
      aria-label="NF-e do fornecedor"
      className="grid gap-2 rounded-lg border border-border bg-card p-4 text-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold">
          NF-e nº {entrada.numero ?? '—'}
          {entrada.serie != null ? ` / série ${entrada.serie}` : ''}
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="outline">{situacaoDevolucaoLabels[entrada.situacao]}</Badge>
          <Button size="sm" variant="outline" onClick={onTrocar}>
            Trocar nota
          </Button>
        </div>
      </div>
      <div>
        <span className="font-medium">{entrada.fornecedor_nome}</span>
        {entrada.fornecedor_documento ? (
          <span className="text-muted-foreground"> · {formatDocumento(entrada.fornecedor_documento)}</span>
        ) : null}
        {isIsoDay(emissao) ? (
          <span className="text-muted-foreground"> · emitida em {formatDateBR(emissao)}</span>
        ) : null}
        <span className="text-muted-foreground"> · {formatBRL(entrada.valor_nota)}</span>
      </div>
      <div className="break-all font-mono text-xs text-muted-foreground">{chaveEmGrupos(entrada.chave)}</div>
      <p className="text-xs text-muted-foreground">
        A NF-e de devolução é emitida pela empresa (saída, finalidade devolução) para o fornecedor,
        referenciando esta nota; os impostos da nota dele voltam em proporção.
      </p>
    </section>
  );
}

const qtd = (v: string, un: string) => `${formatQuantity(v)} ${un}`;

function Formulario({ entrada, onTrocar }: { entrada: EntradaOrigem; onTrocar(): void }) {
  const navigate = useNavigate();
  const recarrega = useRecarregaDevolucoesCompra();
  const locais = useOpcoesEstoque('locais');
  const [r, setR] = useState<RascunhoCompra>(() => rascunhoVazio(entrada));
  const [tentou, setTentou] = useState(false);
  const [doServidor, setDoServidor] = useState<ErrosRascunho>({ itens: {} });
  const quantidades = useRef<(HTMLInputElement | null)[]>([]);
  const emitirRef = useRef<HTMLButtonElement>(null);
  const padraoId = useId();
  const obsId = useId();

  const muda = (next: RascunhoCompra) => {
    setR(next);
    setDoServidor({ itens: {} });
  };
  const mudaLinha = (itemId: string, patch: Partial<LinhaCompra>) => {
    const linha = { ...r.linhas[itemId]!, ...patch };
    // the first reason chosen by hand becomes the default of the other lines
    const padrao = r.padrao || (patch.motivo ?? '');
    muda({ ...r, padrao, linhas: { ...r.linhas, [itemId]: linha } });
  };
  const locaisErros = errosDoRascunho(entrada, r);
  const total = totalEstimado(entrada, r);
  const erroItem = (id: string) => {
    const c = confereLinha(entrada.itens.find((i) => i.item_id === id)!, r.linhas[id]);
    if (c && !c.ok) return c.erro;
    return doServidor.itens[id] ?? (tentou ? locaisErros.itens[id] : undefined);
  };
  const erroObs = doServidor.observacao ?? (tentou ? locaisErros.observacao : undefined);
  const erroGeral = doServidor.geral ?? (tentou ? locaisErros.geral : undefined);

  const salvar = useMutation({
    mutationFn: async (emitir: boolean) => {
      const { corpo, itemDaLinha } = corpoDaDevolucao(entrada, r);
      let criada: DevolucaoCompraDetalhe;
      try {
        criada = await devolucoesCompraApi.criar(corpo);
      } catch (err) {
        if (err instanceof ApiError) setDoServidor(errosDoServidor(err.fields, itemDaLinha));
        throw err;
      }
      if (!emitir) return { criada, emissao: null };
      // the draft is saved: a failed emission leaves it for «Emitir NF-e» on its page
      const emissao = await devolucoesCompraApi.emitir(criada.id).then(
        (emitida) => ({ ok: true as const, emitida }),
        (erro: unknown) => ({ ok: false as const, erro }),
      );
      return { criada, emissao };
    },
    onSuccess: ({ criada, emissao }) => {
      if (emissao === null) toast.success(`Devolução nº ${criada.numero} salva como rascunho.`);
      else if (emissao.ok) avisaSefazCompra(criada.numero, emissao.emitida.sefaz);
      else
        toast.error(
          `Devolução nº ${criada.numero} salva como rascunho, mas a NF-e não foi emitida: ${mensagemDe(emissao.erro, 'erro inesperado.')}`,
        );
      recarrega();
      navigate(`/estoque/devolucoes-compra/${criada.id}`);
    },
    onError: (err) => toast.error(mensagemDe(err, 'Não foi possível salvar a devolução.')),
  });

  const enviar = (emitir: boolean) => {
    setTentou(true);
    if (!semErros(locaisErros)) {
      const primeiro = entrada.itens.findIndex((i) => locaisErros.itens[i.item_id]);
      if (primeiro >= 0) quantidades.current[primeiro]?.focus();
      return;
    }
    salvar.mutate(emitir);
  };

  // Enter in a quantity goes to the next item's; on the last one, to «Salvar e emitir NF-e»
  const proximo = (e: KeyboardEvent<HTMLInputElement>, idx: number) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    const seguinte = quantidades.current.slice(idx + 1).find((el) => el && !el.disabled);
    (seguinte ?? emitirRef.current)?.focus();
  };

  const tudoDevolvido = entrada.itens.every((i) => !Decimal.of(i.saldo).isPositive());
  return (
    <>
      <CabecalhoEntrada entrada={entrada} onTrocar={onTrocar} />
      {tudoDevolvido ? (
        <p role="note" className="rounded-md border border-border bg-muted p-3 text-sm">
          Todos os itens desta entrada já foram devolvidos (ou estão em outra devolução não cancelada).
        </p>
      ) : null}
      <section aria-label="Itens a devolver" className="grid gap-3">
        <div className="grid gap-1">
          <label htmlFor={padraoId} className="text-xs font-medium text-muted-foreground">
            Motivo (vale para os itens sem motivo próprio)
          </label>
          <NativeSelect
            id={padraoId}
            className="sm:w-56"
            value={r.padrao}
            onChange={(e) => muda({ ...r, padrao: e.target.value as MotivoDevolucao | '' })}
          >
            <option value="">Escolha o motivo</option>
            {MOTIVOS_DEVOLUCAO.map((m) => (
              <option key={m} value={m}>
                {motivoDevolucaoLabels[m]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <ol className="grid gap-2">
          {entrada.itens.map((item, idx) => (
            <LinhaItem
              key={item.item_id}
              item={item}
              r={r}
              locais={locais}
              erro={erroItem(item.item_id)}
              onChange={(patch) => mudaLinha(item.item_id, patch)}
              inputRef={(el) => {
                quantidades.current[idx] = el;
              }}
              onKeyDown={(e) => proximo(e, idx)}
            />
          ))}
        </ol>
      </section>
      <section aria-label="Conclusão" className="grid gap-3 rounded-lg border border-border bg-card p-4">
        <div className="grid gap-1.5">
          <label htmlFor={obsId} className="text-sm font-medium">
            Observação
            {entrada.itens.some((i) => motivoDaLinha(r, i.item_id) === 'outro') ? (
              <span className="text-destructive"> *</span>
            ) : null}
          </label>
          <Textarea
            id={obsId}
            rows={2}
            maxLength={2000}
            value={r.observacao}
            aria-invalid={erroObs ? true : undefined}
            aria-describedby={erroObs ? `${obsId}-erro` : undefined}
            onChange={(e) => muda({ ...r, observacao: e.target.value })}
          />
          {erroObs ? (
            <p id={`${obsId}-erro`} role="alert" className="text-xs font-medium text-destructive">
              {erroObs}
            </p>
          ) : null}
        </div>
        {erroGeral ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {erroGeral}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm" aria-live="polite">
            Total estimado: <span className="text-lg font-semibold tabular-nums">{formatBRL(total)}</span>
            <span className="block text-xs text-muted-foreground">
              Valor unitário da compra (com IPI e ST) × quantidade; a nota calcula os impostos ao centavo.
            </span>
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              disabled={salvar.isPending || tudoDevolvido}
              onClick={() => enviar(false)}
            >
              {salvar.isPending && salvar.variables === false ? <Spinner /> : <Save aria-hidden />}
              Salvar rascunho
            </Button>
            <Button ref={emitirRef} disabled={salvar.isPending || tudoDevolvido} onClick={() => enviar(true)}>
              {salvar.isPending && salvar.variables === true ? <Spinner /> : <FileCheck aria-hidden />}
              Salvar e emitir NF-e
            </Button>
          </div>
        </div>
      </section>
    </>
  );
}

function LinhaItem({
  item,
  r,
  locais,
  erro,
  onChange,
  inputRef,
  onKeyDown,
}: {
  item: ItemEntradaOrigem;
  r: RascunhoCompra;
  locais: { id: string; nome: string }[];
  erro: string | undefined;
  onChange(patch: Partial<LinhaCompra>): void;
  inputRef(el: HTMLInputElement | null): void;
  onKeyDown(e: KeyboardEvent<HTMLInputElement>): void;
}) {
  const linha = r.linhas[item.item_id]!;
  const id = useId();
  const semSaldo = !Decimal.of(item.saldo).isPositive();
  const conferida = confereLinha(item, linha);
  const estimado =
    conferida?.ok && item.valor_unitario
      ? Decimal.of(item.valor_unitario).times(conferida.linha.quantidadeBase).toFixed(2)
      : null;
  const nome = `${item.codigo} — ${item.nome}`;
  const lotes = item.lotes.filter((l) => Decimal.of(l.saldo).isPositive());
  return (
    <li
      aria-label={nome}
      className={cn(
        'grid gap-2 rounded-lg border border-border bg-card p-3',
        erro && 'border-destructive/60',
        semSaldo && 'opacity-70',
      )}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <div className="min-w-0">
          <div className="font-medium">
            <span className="font-mono text-xs text-muted-foreground">{item.codigo}</span> {item.nome}
          </div>
          <div className="text-xs text-muted-foreground">
            Item {item.n_item} da nota: {item.c_prod} · {item.x_prod} · {qtd(item.q_com, item.u_com)}
          </div>
        </div>
        <div className="flex flex-wrap gap-x-3 text-xs text-muted-foreground tabular-nums">
          <span>Recebida {qtd(item.quantidade, item.unidade)}</span>
          <span>Devolvida {qtd(item.devolvida, item.unidade)}</span>
          <span className="font-medium text-foreground">Saldo {qtd(item.saldo, item.unidade)}</span>
          <span>Custo R$ {formatDecimalBR(item.custo_unitario, 2)}</span>
        </div>
      </div>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-[8rem_9rem_minmax(0,11rem)_minmax(0,11rem)_minmax(0,11rem)_1fr] sm:items-end">
        <div className="grid gap-1">
          <label htmlFor={`${id}-q`} className="text-xs font-medium text-muted-foreground">
            Quantidade
          </label>
          <Input
            id={`${id}-q`}
            ref={inputRef}
            aria-label={`Quantidade a devolver de ${item.nome}`}
            inputMode="decimal"
            autoComplete="off"
            className="text-right tabular-nums"
            disabled={semSaldo}
            value={linha.quantidade}
            aria-invalid={erro ? true : undefined}
            aria-describedby={erro ? `${id}-erro` : undefined}
            onChange={(e) => onChange({ quantidade: e.target.value })}
            onKeyDown={onKeyDown}
          />
        </div>
        <div className="grid gap-1">
          <label htmlFor={`${id}-u`} className="text-xs font-medium text-muted-foreground">
            Unidade
          </label>
          <NativeSelect
            id={`${id}-u`}
            aria-label={`Unidade de ${item.nome}`}
            disabled={semSaldo}
            value={linha.unidade}
            onChange={(e) => onChange({ unidade: e.target.value })}
          >
            {unidadesDoItem(item).map((u) => (
              <option key={u.sigla} value={u.sigla}>
                {u.rotulo}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1">
          <label htmlFor={`${id}-m`} className="text-xs font-medium text-muted-foreground">
            Motivo
          </label>
          <NativeSelect
            id={`${id}-m`}
            aria-label={`Motivo de ${item.nome}`}
            disabled={semSaldo}
            value={motivoDaLinha(r, item.item_id)}
            onChange={(e) => onChange({ motivo: e.target.value as MotivoDevolucao })}
          >
            <option value="" disabled>
              Escolha
            </option>
            {MOTIVOS_DEVOLUCAO.map((m) => (
              <option key={m} value={m}>
                {motivoDevolucaoLabels[m]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1">
          <label htmlFor={`${id}-l`} className="text-xs font-medium text-muted-foreground">
            Lote
          </label>
          <NativeSelect
            id={`${id}-l`}
            aria-label={`Lote de ${item.nome}`}
            disabled={semSaldo || !item.lotes.length}
            value={linha.lote_id}
            onChange={(e) => onChange({ lote_id: e.target.value })}
          >
            <option value="">{item.lotes.length ? 'Primeiro que entrou' : 'Sem lote'}</option>
            {lotes.map((l) => (
              <option key={l.lote_id} value={l.lote_id}>
                {l.numero} (saldo {formatQuantity(l.saldo)})
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1">
          <label htmlFor={`${id}-loc`} className="text-xs font-medium text-muted-foreground">
            Sai do local{linha.local_id ? '' : ' (onde entrou)'}
          </label>
          <NativeSelect
            id={`${id}-loc`}
            aria-label={`Local de saída de ${item.nome}`}
            disabled={semSaldo}
            value={linha.local_id}
            onChange={(e) => onChange({ local_id: e.target.value })}
          >
            <option value="">{item.local_nome ?? 'Onde entrou'}</option>
            {locais
              .filter((l) => l.id !== item.local_id)
              .map((l) => (
                <option key={l.id} value={l.id}>
                  {l.nome}
                </option>
              ))}
          </NativeSelect>
        </div>
        <div className="text-right text-sm tabular-nums sm:self-center">
          {estimado ? (
            <>
              <span className="text-xs text-muted-foreground">estimado </span>
              {formatBRL(estimado)}
            </>
          ) : null}
        </div>
      </div>
      {erro ? (
        <p id={`${id}-erro`} role="alert" className="text-xs font-medium text-destructive">
          {erro}
        </p>
      ) : null}
    </li>
  );
}
