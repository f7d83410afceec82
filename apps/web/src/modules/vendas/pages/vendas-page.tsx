import type { ClienteVendas, DadosOffline, PedidoVendasResumo, TituloVendas } from '@erp/shared';
import { formatBRL, type StatusPedido, statusPedidoLabels } from '@erp/shared';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Navigate } from 'react-router';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Input } from '@/components/ui/input.tsx';
import { ApiError, api, unwrap } from '@/lib/api-client.ts';
import { useAuth } from '@/lib/auth/auth-context.ts';
import { ClientePainel } from '../components/cliente-painel.tsx';
import { PedidoOffline } from '../components/pedido-offline.tsx';
import { todos } from '../lib/banco-local.ts';
import { idadeDados } from '../lib/idade-dados.ts';
import { registraServiceWorker } from '../lib/registra-sw.ts';
import {
  dadosOffline,
  enviarPendentes,
  lerMeta,
  type Meta,
  type Pendente,
  salvarPendente,
  sincronizar,
} from '../lib/sincronizacao.ts';

// /vendas: the seller's home, offline first (decision 0010). Everything on screen comes from
// IndexedDB; "Sincronizar" and "Enviar" are the only network calls, and pending orders go by
// themselves when the browser comes back online.

const normaliza = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

function useOnline() {
  const [online, setOnline] = useState(navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

export function VendasPage() {
  const { session, loading } = useAuth();
  const online = useOnline();
  const [meta, setMeta] = useState<Meta | null>(null);
  const [dados, setDados] = useState<DadosOffline | null>(null);
  const [titulos, setTitulos] = useState<TituloVendas[]>([]);
  const [pedidos, setPedidos] = useState<PedidoVendasResumo[]>([]);
  const [pendentes, setPendentes] = useState<Pendente[]>([]);
  const [busca, setBusca] = useState('');
  const [clienteId, setClienteId] = useState<string | null>(null);
  const [mensagem, setMensagem] = useState<string | null>(null);
  const [ocupado, setOcupado] = useState(false);
  const [, setRelogio] = useState(0);
  // online, the page asks who the seller is: a user not linked to one reads why instead of a 403
  const [semVendedor, setSemVendedor] = useState<string | null>(null);

  const recarrega = useCallback(async () => {
    setMeta((await lerMeta()) ?? null);
    setDados(await dadosOffline());
    setTitulos(await todos<TituloVendas>('titulos'));
    setPedidos(await todos<PedidoVendasResumo>('pedidos'));
    setPendentes((await todos<Pendente>('pendentes')).sort((a, b) => b.criado_em.localeCompare(a.criado_em)));
  }, []);

  const sincroniza = useCallback(async () => {
    setOcupado(true);
    setMensagem(null);
    try {
      await enviarPendentes();
      await sincronizar();
      setMensagem('Dados sincronizados.');
    } catch (err) {
      if (err instanceof ApiError && err.status === 403) setSemVendedor(err.message);
      setMensagem(
        err instanceof Error
          ? `Não foi possível sincronizar: ${err.message}`
          : 'Não foi possível sincronizar.',
      );
    } finally {
      await recarrega();
      setOcupado(false);
    }
  }, [recarrega]);

  const envia = useCallback(async () => {
    setOcupado(true);
    try {
      const enviados = await enviarPendentes();
      if (enviados.length) {
        setMensagem(null);
        await sincronizar().catch(() => undefined);
      }
    } finally {
      await recarrega();
      setOcupado(false);
    }
  }, [recarrega]);

  useEffect(() => {
    void registraServiceWorker();
    void recarrega();
    const t = setInterval(() => setRelogio((n) => n + 1), 30_000);
    return () => clearInterval(t);
  }, [recarrega]);

  useEffect(() => {
    if (!online || !session) return;
    let vivo = true;
    unwrap(api.vendas.vendedor.$get())
      .then((r) => vivo && setSemVendedor(r.vendedor ? null : r.mensagem))
      .catch((err) => {
        if (vivo && err instanceof ApiError && err.status === 403) setSemVendedor(err.message);
      });
    return () => {
      vivo = false;
    };
  }, [online, session]);

  // back online: the pending orders go by themselves
  useEffect(() => {
    if (online && session && pendentes.some((p) => p.estado === 'pendente')) void envia();
  }, [online, session, pendentes, envia]);

  const clientes = useMemo(() => (dados ? [...dados.clientes.values()] : []), [dados]);
  const achados = useMemo(() => {
    const t = normaliza(busca.trim());
    const lista = t
      ? clientes.filter(
          (c) =>
            normaliza(c.razao_social).includes(t) ||
            normaliza(c.nome_fantasia ?? '').includes(t) ||
            c.documento.includes(busca.replace(/\D/g, '') || '§'),
        )
      : clientes;
    return lista.sort((a, b) => a.razao_social.localeCompare(b.razao_social)).slice(0, 30);
  }, [clientes, busca]);
  const cliente: ClienteVendas | undefined = clienteId ? dados?.clientes.get(clienteId) : undefined;

  // the seller's home is usable once the carteira is on screen: a user-timing mark from navigation
  // start (bench/vendas: the app shell offline)
  const carteiraNaTela = Boolean(dados && meta && !cliente);
  useEffect(() => {
    if (carteiraNaTela && !performance.getEntriesByName('vendas-carteira').length)
      performance.mark('vendas-carteira');
  }, [carteiraNaTela]);

  if (!loading && !session && navigator.onLine) return <Navigate to="/auth?redirect=/vendas" replace />;

  const aguardando = pendentes.filter((p) => p.estado === 'pendente').length;
  if (semVendedor)
    return (
      <main className="mx-auto max-w-3xl space-y-4 p-3 sm:p-6">
        <h1 className="text-xl font-semibold">Força de vendas</h1>
        <Card role="alert" aria-label="Usuário sem vendedor">
          <CardHeader>
            <CardTitle>Seu usuário não é de um vendedor</CardTitle>
          </CardHeader>
          <CardContent className="space-y-2 text-sm">
            <p>{semVendedor}</p>
            <p className="text-muted-foreground">
              A força de vendas mostra a carteira de clientes do vendedor vinculado ao usuário e envia os
              pedidos em nome dele. Depois do vínculo, volte a esta tela e toque em «Sincronizar».
            </p>
            <a className="text-primary underline" href="/">
              Voltar ao início
            </a>
          </CardContent>
        </Card>
      </main>
    );
  return (
    <main className="mx-auto max-w-3xl space-y-4 p-3 sm:p-6">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h1 className="text-xl font-semibold">Força de vendas</h1>
          <p className="text-sm text-muted-foreground" data-testid="idade-dados">
            {meta
              ? `Dados de ${new Date(meta.sincronizado_em).toLocaleString('pt-BR')} (${idadeDados(meta.sincronizado_em)})`
              : 'Nenhum dado no aparelho: sincronize para começar.'}
            {meta && ` · ${meta.vendedor.nome}`}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <Badge variant={online ? 'success' : 'warning'}>{online ? 'Online' : 'Sem conexão'}</Badge>
          <Button variant="outline" disabled={!online || ocupado || aguardando === 0} onClick={envia}>
            Enviar ({aguardando})
          </Button>
          <Button disabled={!online || ocupado} onClick={sincroniza}>
            Sincronizar
          </Button>
        </div>
      </header>
      {mensagem && (
        <p role="status" className="text-sm">
          {mensagem}
        </p>
      )}

      {pendentes.length > 0 && (
        <Card>
          <CardHeader>
            <CardTitle>Pedidos do aparelho</CardTitle>
          </CardHeader>
          <CardContent className="space-y-2">
            {pendentes.map((p) => (
              <div key={p.id} className="rounded border p-2 text-sm" data-pendente={p.estado}>
                <div className="flex flex-wrap justify-between gap-2">
                  <span>{p.cliente_nome}</span>
                  <Badge
                    variant={
                      p.estado === 'enviado' ? 'success' : p.estado === 'erro' ? 'destructive' : 'warning'
                    }
                  >
                    {p.estado === 'enviado'
                      ? `Pedido nº ${p.resposta?.numero} · ${statusPedidoLabels[p.resposta?.status as StatusPedido] ?? p.resposta?.status}`
                      : p.estado === 'erro'
                        ? 'Recusado'
                        : 'Pendente de envio'}
                  </Badge>
                </div>
                {p.resposta && (
                  <p className="text-xs">Total do servidor: {formatBRL(p.resposta.valor_total)}</p>
                )}
                {p.resposta?.diferencas.map((d) => (
                  <p key={d} className="text-xs text-warning-foreground" data-testid="diferenca">
                    {d}
                  </p>
                ))}
                {p.erro && <p className="text-xs text-destructive">{p.erro}</p>}
              </div>
            ))}
          </CardContent>
        </Card>
      )}

      {dados && meta && (
        <Card>
          <CardHeader>
            <CardTitle>{cliente ? 'Pedido' : 'Clientes da carteira'}</CardTitle>
          </CardHeader>
          <CardContent className="space-y-3">
            {cliente ? (
              <>
                <Button variant="outline" size="sm" onClick={() => setClienteId(null)}>
                  Trocar cliente
                </Button>
                <ClientePainel
                  cliente={cliente}
                  titulos={titulos.filter((t) => t.cliente_id === cliente.id)}
                />
                <PedidoOffline
                  dados={dados}
                  meta={meta}
                  cliente={cliente}
                  onSalvar={async (pedido, total, precosTabela) => {
                    await salvarPendente({
                      id: crypto.randomUUID(),
                      cliente_nome: cliente.razao_social,
                      corpo: { pedido, dispositivo: { total, precos_tabela: precosTabela } },
                    });
                    setMensagem('Pedido salvo no aparelho: pendente de envio.');
                    setClienteId(null);
                    await recarrega();
                  }}
                />
              </>
            ) : (
              <>
                <Input
                  aria-label="Buscar cliente"
                  placeholder="Cliente: nome ou CNPJ/CPF"
                  value={busca}
                  onChange={(e) => setBusca(e.target.value)}
                />
                <ul className="divide-y rounded border text-sm" data-testid="carteira">
                  {achados.map((c) => (
                    <li key={c.id}>
                      <button
                        type="button"
                        className="w-full p-2 text-left hover:bg-accent"
                        onClick={() => setClienteId(c.id)}
                      >
                        {c.razao_social}
                        <span className="block text-xs text-muted-foreground">
                          {c.cidade ?? ''} · disponível {formatBRL(c.credito.disponivel)}
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
                <p className="text-xs text-muted-foreground">
                  {clientes.length} clientes · {dados.produtos.size} produtos · {pedidos.length} pedidos
                  abertos
                </p>
              </>
            )}
          </CardContent>
        </Card>
      )}
    </main>
  );
}
