import {
  DESTINOS_DEVOLUCAO,
  Decimal,
  destinoDevolucaoLabels,
  formatBRL,
  formatDateBR,
  formatDocumento,
  formatQuantity,
  isIsoDay,
  MOTIVOS_DEVOLUCAO,
  type MotivoDevolucao,
  motivoDevolucaoLabels,
  situacaoDevolucaoLabels,
} from '@erp/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, FileCheck, PackageOpen, Save, Search } from 'lucide-react';
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
import {
  type DevolucaoDetalhe,
  devolucoesApi,
  devolucoesKeys,
  type ItemOrigem,
  type NotaOrigem,
} from '../api/devolucoes-api.ts';
import { avisaSefaz, mensagemDe, useRecarregaDevolucoes } from '../components/acoes-devolucao.tsx';
import { ImportarXmlCliente } from '../components/importar-xml-cliente.tsx';
import {
  confereLinha,
  corpoDaDevolucao,
  destinoDaLinha,
  devolveTudo,
  type ErrosRascunho,
  errosDoRascunho,
  errosDoServidor,
  motivoDaLinha,
  mudaLinha,
  mudaPadrao,
  type RascunhoDevolucao,
  rascunhoVazio,
  semErros,
  totalEstimado,
  unidadesDoItem,
} from '../components/rascunho-devolucao.ts';

// Nova devolução (/comercial/devolucoes/nova): a clerk types or pastes the sale note's chave (or
// the note's or the order's number), sees its items with what was sold, returned and is left, and
// types per item the quantity (Enter goes to the next item), the unit, the reason and where the
// goods go; the total is an estimate (unit value × quantity: the server computes the note's values
// to the cent). «Salvar rascunho» keeps it; «Salvar e emitir NF-e» also emits our NF-e de
// devolução and sends it to SEFAZ. ?nota_id= opens a note directly (from the note's page);
// ?motivo= sets the default reason (recusa_entrega from a delivery). A contribuinte customer's own
// NF-e de devolução is imported from its XML instead (ImportarXmlCliente).

export function NovaDevolucaoPage() {
  const [params, setParams] = useSearchParams();
  const notaId = params.get('nota_id') ?? '';
  const motivoParam = params.get('motivo') ?? '';
  const padrao = (MOTIVOS_DEVOLUCAO as readonly string[]).includes(motivoParam)
    ? (motivoParam as MotivoDevolucao)
    : '';
  const nota = useQuery({
    queryKey: devolucoesKeys.nota(notaId),
    queryFn: () => devolucoesApi.nota(notaId),
    enabled: !!notaId,
  });
  const abre = (n: NotaOrigem | null) =>
    setParams(
      () => {
        const next = new URLSearchParams(window.location.search);
        if (n) next.set('nota_id', n.nota_id);
        else next.delete('nota_id');
        return next;
      },
      { replace: true },
    );
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title="Nova devolução"
        description="Devolução de venda: informe a nota fiscal, as quantidades devolvidas e o motivo."
        actions={
          <Button variant="outline" asChild>
            <Link to="/comercial/devolucoes">
              <ArrowLeft aria-hidden />
              Devoluções
            </Link>
          </Button>
        }
      />
      {notaId ? null : (
        <>
          <BuscaNota onAchou={abre} />
          <ImportarXmlCliente motivoInicial={padrao} />
        </>
      )}
      {!notaId ? null : nota.isError ? (
        <LoadErrorAlert
          message={mensagemDe(nota.error, 'Não foi possível carregar a nota fiscal.')}
          onRetry={() => void nota.refetch()}
        />
      ) : !nota.data ? (
        <div className="grid gap-3" aria-busy>
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-48 w-full" />
        </div>
      ) : (
        <Formulario key={nota.data.nota_id} nota={nota.data} padrao={padrao} onTrocar={() => abre(null)} />
      )}
    </div>
  );
}

/** The note by chave, note number or order number; a pasted 44-digit chave searches at once. */
function BuscaNota({ onAchou }: { onAchou(n: NotaOrigem): void }) {
  const qc = useQueryClient();
  const [texto, setTexto] = useState('');
  const [erro, setErro] = useState<string | undefined>();
  const busca = useMutation({
    mutationFn: (q: string) => devolucoesApi.origem(q),
    onSuccess: (n) => {
      qc.setQueryData(devolucoesKeys.nota(n.nota_id), n);
      onAchou(n);
    },
    onError: (err) => setErro(mensagemDe(err, 'Não foi possível buscar a nota fiscal.')),
  });
  const buscar = (q: string) => {
    const t = q.replace(/\s/g, '');
    if (!t) {
      setErro('Informe a chave de acesso, o número da nota ou do pedido.');
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
      aria-label="Buscar a nota fiscal de venda"
      className="grid gap-3 rounded-lg border border-border bg-card p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start"
    >
      <FormField
        label="Chave de acesso, nº da NF-e ou do pedido"
        error={erro}
        hint="Cole a chave (44 dígitos) ou digite o número e tecle Enter."
      >
        <Input
          autoFocus
          inputMode="numeric"
          autoComplete="off"
          value={texto}
          onChange={(e) => {
            const v = e.target.value;
            setTexto(v);
            setErro(undefined);
            if (/^\d{44}$/.test(v.replace(/\s/g, ''))) buscar(v);
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

function CabecalhoNota({ nota, onTrocar }: { nota: NotaOrigem; onTrocar(): void }) {
  return (
    <section
      aria-label="Nota fiscal de venda"
      className="grid gap-2 rounded-lg border border-border bg-card p-4 text-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold">
          NF-e nº {nota.numero} / série {nota.serie}
          {nota.pedido_numero != null ? ` · Pedido nº ${nota.pedido_numero}` : ''}
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="outline">{situacaoDevolucaoLabels[nota.situacao]}</Badge>
          <Button size="sm" variant="outline" onClick={onTrocar}>
            Trocar nota
          </Button>
        </div>
      </div>
      <div>
        <span className="font-medium">{nota.cliente_nome}</span>
        <span className="text-muted-foreground"> · {formatDocumento(nota.cliente_documento)}</span>
        <span className="text-muted-foreground">
          {' '}
          · emitida em {isIsoDay(nota.emissao.slice(0, 10)) ? formatDateBR(nota.emissao.slice(0, 10)) : ''}
        </span>
      </div>
      <div className="break-all font-mono text-xs text-muted-foreground">{chaveEmGrupos(nota.chave)}</div>
      {nota.cliente_contribuinte ? (
        <p role="note" className="rounded-md border border-warning/50 bg-warning/10 p-2">
          O cliente é contribuinte do ICMS: normalmente ele mesmo emite a NF-e de devolução — importe o XML
          dela abaixo. Se ele não emitir, a empresa pode emitir a sua nota de devolução aqui.
        </p>
      ) : null}
    </section>
  );
}

const qtd = (v: string, un: string) => `${formatQuantity(v)} ${un}`;

function Formulario({
  nota,
  padrao,
  onTrocar,
}: {
  nota: NotaOrigem;
  padrao: MotivoDevolucao | '';
  onTrocar(): void;
}) {
  const navigate = useNavigate();
  const recarrega = useRecarregaDevolucoes();
  const [r, setR] = useState<RascunhoDevolucao>(() => rascunhoVazio(nota, padrao));
  const [tentou, setTentou] = useState(false);
  const [doServidor, setDoServidor] = useState<ErrosRascunho>({ itens: {} });
  const quantidades = useRef<(HTMLInputElement | null)[]>([]);
  const emitirRef = useRef<HTMLButtonElement>(null);
  const padraoId = useId();
  const obsId = useId();

  const muda = (next: RascunhoDevolucao) => {
    setR(next);
    setDoServidor({ itens: {} });
  };
  const locais = errosDoRascunho(nota, r);
  const total = totalEstimado(nota, r);
  const erroItem = (id: string) => {
    const c = confereLinha(nota.itens.find((i) => i.item_id === id)!, r.linhas[id]);
    // a quantity out of the saldo shows at once; a missing reason after the first try
    if (c && !c.ok) return c.erro;
    return doServidor.itens[id] ?? (tentou ? locais.itens[id] : undefined);
  };
  const erroObs = doServidor.observacao ?? (tentou ? locais.observacao : undefined);
  const erroGeral = doServidor.geral ?? (tentou ? locais.geral : undefined);

  const salvar = useMutation({
    mutationFn: async (emitir: boolean) => {
      const { corpo, itemDaLinha } = corpoDaDevolucao(nota, r);
      let criada: DevolucaoDetalhe;
      try {
        criada = await devolucoesApi.criar(corpo);
      } catch (err) {
        if (err instanceof ApiError) setDoServidor(errosDoServidor(err.fields, itemDaLinha));
        throw err;
      }
      if (!emitir) return { criada, emissao: null };
      // the draft is saved: a failed emission leaves it for «Emitir NF-e» on its page
      const emissao = await devolucoesApi.emitir(criada.id).then(
        (emitida) => ({ ok: true as const, emitida }),
        (erro: unknown) => ({ ok: false as const, erro }),
      );
      return { criada, emissao };
    },
    onSuccess: ({ criada, emissao }) => {
      if (emissao === null) toast.success(`Devolução nº ${criada.numero} salva como rascunho.`);
      else if (emissao.ok) avisaSefaz(criada.numero, emissao.emitida.sefaz);
      else
        toast.error(
          `Devolução nº ${criada.numero} salva como rascunho, mas a NF-e não foi emitida: ${mensagemDe(emissao.erro, 'erro inesperado.')}`,
        );
      recarrega();
      navigate(`/comercial/devolucoes/${criada.id}`);
    },
    onError: (err) => toast.error(mensagemDe(err, 'Não foi possível salvar a devolução.')),
  });

  const enviar = (emitir: boolean) => {
    setTentou(true);
    if (!semErros(locais)) {
      const primeiro = nota.itens.findIndex((i) => locais.itens[i.item_id]);
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

  const tudoDevolvido = nota.itens.every((i) => !Decimal.of(i.saldo).isPositive());
  return (
    <>
      <CabecalhoNota nota={nota} onTrocar={onTrocar} />
      {nota.cliente_contribuinte ? <ImportarXmlCliente motivoInicial={r.padrao} /> : null}
      {tudoDevolvido ? (
        <p role="note" className="rounded-md border border-border bg-muted p-3 text-sm">
          Todos os itens desta nota já foram devolvidos (ou estão em outra devolução não cancelada).
        </p>
      ) : null}
      <section aria-label="Itens a devolver" className="grid gap-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="grid gap-1">
            <label htmlFor={padraoId} className="text-xs font-medium text-muted-foreground">
              Motivo (vale para os itens sem motivo próprio)
            </label>
            <NativeSelect
              id={padraoId}
              className="sm:w-56"
              value={r.padrao}
              onChange={(e) => muda(mudaPadrao(r, e.target.value as MotivoDevolucao | ''))}
            >
              <option value="">Escolha o motivo</option>
              {MOTIVOS_DEVOLUCAO.map((m) => (
                <option key={m} value={m}>
                  {motivoDevolucaoLabels[m]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button variant="outline" disabled={tudoDevolvido} onClick={() => muda(devolveTudo(r, nota))}>
            <PackageOpen aria-hidden />
            Devolver tudo
          </Button>
        </div>
        <ol className="grid gap-2">
          {nota.itens.map((item, idx) => (
            <LinhaItem
              key={item.item_id}
              item={item}
              r={r}
              erro={erroItem(item.item_id)}
              onChange={(patch) => muda(mudaLinha(r, item.item_id, patch))}
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
            {nota.itens.some((i) => motivoDaLinha(r, i.item_id) === 'outro') ? (
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
              Valor unitário da venda × quantidade; a nota calcula os impostos ao centavo.
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
  erro,
  onChange,
  inputRef,
  onKeyDown,
}: {
  item: ItemOrigem;
  r: RascunhoDevolucao;
  erro: string | undefined;
  onChange(patch: Partial<RascunhoDevolucao['linhas'][string]>): void;
  inputRef(el: HTMLInputElement | null): void;
  onKeyDown(e: KeyboardEvent<HTMLInputElement>): void;
}) {
  const linha = r.linhas[item.item_id]!;
  const id = useId();
  const semSaldo = !Decimal.of(item.saldo).isPositive();
  const conferida = confereLinha(item, linha);
  const estimado = conferida?.ok
    ? Decimal.of(item.valor_unitario).times(conferida.linha.quantidadeBase).toFixed(2)
    : null;
  const nome = `${item.codigo} — ${item.nome}`;
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
        <div className="min-w-0 font-medium">
          <span className="font-mono text-xs text-muted-foreground">{item.codigo}</span> {item.nome}
        </div>
        <div className="flex flex-wrap gap-x-3 text-xs text-muted-foreground tabular-nums">
          <span>Vendida {qtd(item.quantidade, item.unidade)}</span>
          <span>Devolvida {qtd(item.devolvida, item.unidade)}</span>
          <span className="font-medium text-foreground">Saldo {qtd(item.saldo, item.unidade)}</span>
          <span>Unitário {formatBRL(Decimal.of(item.valor_unitario).toFixed(2))}</span>
        </div>
      </div>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-[8rem_9rem_minmax(0,12rem)_minmax(0,12rem)_1fr] sm:items-end">
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
          <label htmlFor={`${id}-d`} className="text-xs font-medium text-muted-foreground">
            Destino
          </label>
          <NativeSelect
            id={`${id}-d`}
            aria-label={`Destino de ${item.nome}`}
            disabled={semSaldo}
            value={destinoDaLinha(r, item.item_id)}
            onChange={(e) => onChange({ destino: e.target.value as (typeof DESTINOS_DEVOLUCAO)[number] })}
          >
            {DESTINOS_DEVOLUCAO.map((d) => (
              <option key={d} value={d}>
                {destinoDevolucaoLabels[d]}
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
