import {
  businessToday,
  conferenciaExigidaMensagens,
  Decimal,
  parseDecimalBR,
  pedidoComNotaMensagens,
  plural,
  STATUS_EDITAVEIS,
  statusPedidoLabels,
} from '@erp/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Keyboard } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { FormField } from '@/components/ui/form-field.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useOpcoes } from '@/modules/cadastros/api/opcoes.ts';
import { precoApi } from '@/modules/precos/api/precos-api.ts';
import { type PedidoDetalhe, pedidosApi } from '../api/comercial-api.ts';
import { comercialKeys } from '../api/keys.ts';
import { BloqueiosPanel } from '../components/bloqueios-panel.tsx';
import { ClienteBusca } from '../components/cliente-busca.tsx';
import { ItensGrid } from '../components/itens-grid.tsx';
import { useOpcoesPedido } from '../components/opcoes-pedido.ts';
import { PainelClienteView, usePainelCliente } from '../components/painel-cliente.tsx';
import { PedidoAcoes } from '../components/pedido-acoes.tsx';
import { CondicoesComerciais } from '../components/pedido-condicoes.tsx';
import { PedidoLateral } from '../components/pedido-lateral.tsx';
import { Secao } from '../components/pedido-secao.tsx';
import { ProdutoAdicionar, type ProdutoBuscado } from '../components/produto-adicionar.tsx';
import {
  type Cabecalho,
  corpoDoPedido,
  embalagemPadrao,
  errosDaLinha,
  type Linha,
  mudaLinhas,
  novaChave,
  type Rascunho,
  rascunhoDoPedido,
  rascunhoVazio,
  texto,
} from '../components/rascunho-pedido.ts';

// The order entry (/comercial/pedidos/novo and /comercial/pedidos/:id), keyboard first: customer
// (name, fantasia, CPF/CNPJ or code) with its credit panel, the items grid (Enter adds a product,
// Enter walks a line, Ctrl+Delete removes it), the header and the totals the server computes as
// the order is typed (POST /api/comercial/pedidos/calculo: prices, taxes, totals, nothing saved).
// F2 saves the orçamento, Ctrl+Enter confirms.

export function PedidoPage() {
  const { id } = useParams();
  const novo = !id || id === 'novo';
  const q = useQuery({
    queryKey: comercialKeys.pedido(id ?? ''),
    queryFn: () => pedidosApi.get(id!),
    enabled: !novo,
  });
  if (novo) return <PedidoForm key="novo" pedido={null} />;
  if (q.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {q.error instanceof ApiError ? q.error.message : 'Não foi possível carregar o pedido.'}
      </p>
    );
  if (!q.data) return <PageSpinner />;
  return <PedidoForm key={`${q.data.id}-${q.data.versao}`} pedido={q.data} />;
}

/** Focuses (and selects) an element as soon as React has rendered it. */
function focarQuandoExistir(seletor: string, tentativas = 30) {
  const el = document.querySelector<HTMLInputElement>(seletor);
  if (el) {
    el.focus();
    el.select?.();
  } else if (tentativas > 0) requestAnimationFrame(() => focarQuandoExistir(seletor, tentativas - 1));
}

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

const ATALHOS =
  'F2 salva o orçamento · Ctrl+Enter confirma · Insert adiciona produto · Enter vai ao próximo campo · Ctrl+Delete remove o item';

function PedidoForm({ pedido }: { pedido: PedidoDetalhe | null }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const inicial = useMemo(() => (pedido ? rascunhoDoPedido(pedido) : rascunhoVazio), [pedido]);
  const [r, setR] = useState<Rascunho>(inicial);
  const [erros, setErros] = useState<Record<string, string[]>>({});
  const [salvando, setSalvando] = useState<null | 'salvar' | 'confirmar'>(null);
  const produtoRef = useRef<HTMLInputElement>(null);
  const clienteRef = useRef<HTMLInputElement>(null);
  const _vendedores = useOpcoes('vendedores');
  const _opcoes = useOpcoesPedido();
  const _painel = usePainelCliente(r.cliente?.id ?? null);

  // a live NF-e holds the order as it is (the server refuses the change): cancel or inutilize it first
  const notaViva = pedido?.nota_viva ?? null;
  const editavel = !pedido || (STATUS_EDITAVEIS.includes(pedido.status) && !notaViva);
  const corpo = useMemo(() => corpoDoPedido(r), [r]);
  const corpoTexto = JSON.stringify(corpo);
  const sujo = corpoTexto !== JSON.stringify(corpoDoPedido(inicial));

  // the live computation, once the typing stops
  const pronto =
    r.cliente !== null && r.linhas.length > 0 && r.linhas.every((l) => l.preco.trim() && l.quantidade.trim());
  const corpoCalculo = useDebounced(pronto ? corpoTexto : '', 350);
  const calculo = useQuery({
    queryKey: comercialKeys.calculo(corpoCalculo),
    queryFn: () => pedidosApi.calculo(JSON.parse(corpoCalculo)),
    enabled: editavel && corpoCalculo !== '',
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 30_000,
  });
  const erroCalculo = calculo.error instanceof ApiError ? calculo.error : null;
  const errosVistos = Object.keys(erros).length ? erros : (erroCalculo?.fields ?? {});
  const vivo = editavel && calculo.data && corpoCalculo !== '' ? calculo.data : null;
  const itensCalculados = vivo
    ? vivo.itens.map((it) => ({
        ...it,
        // the preview may leave out the stock figure: the saved order's, for the same product
        disponivel:
          it.disponivel ?? pedido?.itens.find((x) => x.produto_id === it.produto_id)?.disponivel ?? null,
      }))
    : pedido && !sujo
      ? pedido.itens.map((i) => ({ ...i }))
      : [];
  const totais = vivo?.totais ?? (pedido && !sujo ? pedido.totais : null);
  const comissao = vivo?.comissao ?? (pedido && !sujo ? pedido.comissao : undefined);

  // a line whose price the user did not type follows the engine's (quantity breaks, customer)
  useEffect(() => {
    if (!vivo || corpoCalculo !== corpoTexto) return;
    const mudancas: [number, string][] = [];
    vivo.itens.forEach((item, i) => {
      const l = r.linhas[i];
      if (!l || l.precoManual || !item.preco_tabela) return;
      const atual = parseDecimalBR(l.preco, 2);
      // the engine may answer more decimals (a rule's arithmetic): the order's price has two
      const tabela = Decimal.of(item.preco_tabela).toFixed(2);
      if (!atual || !Decimal.of(atual).eq(tabela)) mudancas.push([i, texto(tabela, 2)]);
    });
    if (mudancas.length) {
      const precos = new Map(mudancas);
      setR((x) => mudaLinhas(x, (_, i) => (precos.has(i) ? { preco: precos.get(i)! } : null)));
    }
  }, [vivo, corpoCalculo, corpoTexto, r.linhas]);

  const cabecalho = (patch: Partial<Cabecalho>) =>
    setR((x) => ({ ...x, cabecalho: { ...x.cabecalho, ...patch } }));
  const mudaLinha = (i: number, patch: Partial<Linha>) =>
    setR((x) => mudaLinhas(x, (_, j) => (j === i ? patch : null)));
  const removeLinha = (i: number) => {
    setR((x) => ({ ...x, linhas: x.linhas.filter((_, j) => j !== i) }));
    setTimeout(() => {
      const proxima = document.querySelector<HTMLElement>(`[data-linha="${i}"] [data-campo="quantidade"]`);
      (proxima ?? produtoRef.current)?.focus();
    }, 0);
  };

  const adicionar = (p: ProdutoBuscado, embalagem?: string) => {
    const key = novaChave();
    const emb = embalagem ?? embalagemPadrao(p);
    const linha: Linha = {
      key,
      produto: { id: p.id, codigo: p.codigo, nome: p.nome, unidade: p.unidade, embalagens: p.embalagens },
      embalagem: emb,
      quantidade: '1',
      preco: '',
      precoManual: false,
      desconto_tipo: 'percentual',
      desconto: '',
    };
    const index = r.linhas.length;
    setR((x) => ({ ...x, linhas: [...x.linhas, linha] }));
    const fator = p.embalagens.find((e) => e.unidade === emb)?.fator ?? '1';
    void precoApi
      .consulta({
        produto: p.id,
        ...(r.cliente ? { cliente: r.cliente.id } : {}),
        quantidade: Decimal.of(fator).toString(),
        data: businessToday(),
      })
      .then(
        (res) =>
          setR((x) =>
            mudaLinhas(x, (l) =>
              l.key === key && !l.preco ? { preco: texto(Decimal.of(res.preco).toFixed(2), 2) } : null,
            ),
          ),
        () => toast.error(`Sem preço para ${p.codigo} - ${p.nome}: digite o preço.`),
      );
    focarQuandoExistir(`[data-linha="${index}"] [data-campo="quantidade"]`);
  };

  const gravar = useCallback(async (): Promise<PedidoDetalhe | null> => {
    setErros({});
    try {
      const salvo = pedido
        ? await pedidosApi.update(pedido.id, corpoDoPedido(r, pedido.versao))
        : await pedidosApi.create(corpoDoPedido(r));
      return salvo;
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fields).length) {
        setErros(err.fields);
        toast.error('Corrija os campos indicados.');
      } else toast.error(err instanceof ApiError ? err.message : 'Não foi possível salvar o pedido.');
      return null;
    }
  }, [pedido, r]);

  const depois = async (salvo: PedidoDetalhe) => {
    qc.setQueryData(comercialKeys.pedido(salvo.id), salvo);
    await qc.invalidateQueries({ queryKey: ['comercial', 'pedidos', 'list'] });
    await qc.invalidateQueries({ queryKey: ['comercial', 'kanban'] });
    await qc.invalidateQueries({ queryKey: ['comercial', 'pedidos', 'bloqueados'] });
    await qc.invalidateQueries({ queryKey: ['comercial', 'clientes'] });
    if (!pedido || pedido.id !== salvo.id) navigate(`/comercial/pedidos/${salvo.id}`, { replace: !pedido });
  };

  const salvar = useCallback(async () => {
    if (salvando || !editavel) return;
    setSalvando('salvar');
    const salvo = await gravar();
    setSalvando(null);
    if (!salvo) return;
    toast.success(pedido ? `Pedido nº ${salvo.numero} salvo.` : `Orçamento nº ${salvo.numero} salvo.`);
    await depois(salvo);
  }, [salvando, editavel, gravar, pedido]);

  const confirmar = useCallback(async () => {
    if (salvando || !editavel) return;
    setSalvando('confirmar');
    let atual = pedido;
    if (!atual || sujo) {
      atual = await gravar();
      if (!atual) {
        setSalvando(null);
        return;
      }
    }
    if (atual.status !== 'orcamento') {
      setSalvando(null);
      toast.success(`Pedido nº ${atual.numero} salvo: ${statusPedidoLabels[atual.status]}.`);
      await depois(atual);
      return;
    }
    try {
      const feito = await pedidosApi.confirmar(atual.id, atual.versao);
      const pendentes = feito.bloqueios.filter((b) => b.pendente !== false).length;
      if (feito.status === 'bloqueado')
        toast.warning(
          `Pedido nº ${feito.numero} confirmado e bloqueado: ${plural(pendentes, 'bloqueio', 'bloqueios')} a liberar.`,
        );
      else toast.success(`Pedido nº ${feito.numero} confirmado: ${statusPedidoLabels[feito.status]}.`);
      await depois(feito);
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Não foi possível confirmar o pedido.');
      await depois(atual);
    } finally {
      setSalvando(null);
    }
  }, [salvando, editavel, pedido, sujo, gravar]);

  // keyboard shortcuts of the screen
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (document.querySelector('[role="dialog"]')) return;
      if (e.key === 'F2') {
        e.preventDefault();
        void salvar();
      } else if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
        e.preventDefault();
        void confirmar();
      } else if (e.key === 'Insert') {
        e.preventDefault();
        produtoRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [salvar, confirmar]);

  useEffect(() => {
    if (!pedido) clienteRef.current?.focus();
  }, [pedido]);

  const titulo = pedido
    ? pedido.status === 'orcamento'
      ? `Orçamento nº ${pedido.numero}`
      : `Pedido nº ${pedido.numero}`
    : 'Novo pedido';
  const erroCampo = (k: string) => errosVistos[k]?.[0];
  const bloqueiosPendentes = pedido?.bloqueios.filter((b) => b.pendente !== false) ?? [];
  const previstos = vivo?.bloqueios ?? [];

  return (
    <div className="grid grid-cols-1 gap-4 pb-8">
      <PageHeader
        title={titulo}
        description={
          pedido
            ? `Emissão ${pedido.data_emissao.split('-').reverse().join('/')}`
            : 'Orçamento ou pedido de venda, digitado pelo teclado.'
        }
        actions={
          <PedidoAcoes
            pedido={pedido}
            editavel={editavel}
            salvando={salvando}
            onSalvar={() => void salvar()}
            onConfirmar={() => void confirmar()}
            depois={depois}
          />
        }
      />
      <p className="-mt-4 flex items-start gap-1.5 text-xs text-muted-foreground">
        <Keyboard aria-hidden className="mt-0.5 size-3.5 shrink-0" />
        <span>Atalhos: {ATALHOS}</span>
      </p>

      {pedido?.status === 'cancelado' && pedido.motivo_cancelamento ? (
        <p role="note" className="rounded-md border border-border bg-muted p-3 text-sm">
          Cancelado: {pedido.motivo_cancelamento}
        </p>
      ) : null}
      {notaViva ? (
        <p role="note" className="rounded-md border border-border bg-muted p-3 text-sm">
          {pedidoComNotaMensagens.bloqueado(notaViva, { tipo: 'editar' })}{' '}
          <Link className="font-medium text-primary underline" to="/notasfiscais/saida">
            Abrir Notas Fiscais de Saída
          </Link>
        </p>
      ) : null}
      {pedido?.conferencia_pendente ? (
        <p role="note" className="rounded-md border border-border bg-muted p-3 text-sm">
          {conferenciaExigidaMensagens.naoConferido}
          {pedido.status === 'liberado'
            ? ' Antes, coloque o pedido em separação (no quadro de pedidos ou em uma carga).'
            : ''}{' '}
          <Link
            className="font-medium text-primary underline"
            to={`/expedicao/conferencia?q=${pedido.numero}`}
          >
            Abrir a conferência
          </Link>
        </p>
      ) : null}
      {pedido && (bloqueiosPendentes.length || pedido.liberacoes?.length) ? (
        <BloqueiosPanel
          pedido={{ id: pedido.id, numero: pedido.numero, bloqueios: bloqueiosPendentes }}
          liberacoes={pedido.liberacoes}
        />
      ) : null}

      <Secao titulo="Cliente">
        <FormField label="Cliente" required error={erroCampo('cliente_id')}>
          <ClienteBusca
            ref={clienteRef}
            value={r.cliente?.nome ?? ''}
            onPick={(c) => {
              setR((x) => ({ ...x, cliente: c ? { id: c.id, nome: c.razao_social } : null }));
              if (c) setTimeout(() => produtoRef.current?.focus(), 0);
            }}
          />
        </FormField>
        {r.cliente ? <PainelClienteView clienteId={r.cliente.id} /> : null}
      </Secao>

      <Secao titulo="Itens">
        {editavel ? <ProdutoAdicionar ref={produtoRef} onAdd={adicionar} /> : null}
        {erroCampo('itens') ? <p className="text-sm text-destructive">{erroCampo('itens')}</p> : null}
        <ItensGrid
          linhas={r.linhas}
          calculados={itensCalculados}
          erros={r.linhas.map((_, i) => errosDaLinha(errosVistos, i))}
          somenteLeitura={!editavel}
          onChange={mudaLinha}
          onRemove={removeLinha}
          onFimDaLinha={() => produtoRef.current?.focus()}
        />
        {erroCalculo && !Object.keys(erroCalculo.fields).length ? (
          <p role="alert" className="text-sm text-destructive">
            {erroCalculo.message}
          </p>
        ) : null}
      </Secao>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <CondicoesComerciais
          cabecalho={r.cabecalho}
          clienteId={r.cliente?.id ?? null}
          editavel={editavel}
          erroCampo={erroCampo}
          onChange={cabecalho}
        />
        <PedidoLateral
          totais={totais}
          comissao={comissao}
          atualizando={calculo.isFetching}
          previstos={editavel && (!pedido || sujo || pedido.status === 'orcamento') ? previstos : []}
          historico={pedido?.historico ?? []}
        />
      </div>
    </div>
  );
}
