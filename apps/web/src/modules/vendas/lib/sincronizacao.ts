import {
  type ClienteVendas,
  type DadosOffline,
  ENTIDADES_VENDAS,
  type PedidoVendasInput,
  type ProdutoVendas,
  type RespostaPedidoVendas,
  type SyncVendas,
  type TabelaPreco,
} from '@erp/shared';
import { api, unwrap } from '@/lib/api-client.ts';
import { type Escrita, escreve, le, todos } from './banco-local.ts';

// Sync and send (decision 0010): GET /api/vendas/sync with the stored cursor — a full answer replaces
// every store, an incremental one upserts and deletes the removals — and the pending orders POSTed
// in the order they were saved, each with the key generated when it was saved.

export type Meta = Omit<
  SyncVendas,
  'clientes' | 'produtos' | 'tabelas' | 'pedidos' | 'titulos' | 'removidos'
> & {
  sincronizado_em: string;
};

export type Pendente = {
  id: string;
  criado_em: string;
  cliente_nome: string;
  corpo: PedidoVendasInput;
  estado: 'pendente' | 'enviado' | 'erro';
  resposta?: RespostaPedidoVendas;
  erro?: string;
};

export const lerMeta = () => le<Meta>('meta', 'meta');

export async function sincronizar(): Promise<Meta> {
  const atual = await lerMeta();
  const s = (await unwrap(
    api.vendas.sync.$get({ query: atual?.cursor ? { desde: atual.cursor } : {} }),
  )) as unknown as SyncVendas;
  const { clientes, produtos, tabelas, pedidos, titulos, removidos, ...resto } = s;
  const meta: Meta = { ...resto, sincronizado_em: new Date().toISOString() };
  const dados = { clientes, produtos, tabelas, pedidos, titulos };
  const escritas: Escrita[] = ENTIDADES_VENDAS.map((loja) => ({
    loja,
    limpa: s.completo,
    apaga: removidos[loja],
    grava: dados[loja],
  }));
  // a customer that left the carteira takes its títulos with it
  if (removidos.clientes.length) {
    const fora = new Set(removidos.clientes);
    const titulosFora = (await todos<{ id: string; cliente_id: string }>('titulos')).filter((t) =>
      fora.has(t.cliente_id),
    );
    escritas.push({ loja: 'titulos', apaga: titulosFora.map((t) => t.id) });
  }
  escritas.push({ loja: 'meta', grava: [meta], chave: 'meta' });
  await escreve(escritas);
  return meta;
}

/** What calculaPedidoOffline reads, from the stores. */
export async function dadosOffline(): Promise<DadosOffline | null> {
  const meta = await lerMeta();
  if (!meta) return null;
  const [clientes, produtos, tabelas] = await Promise.all([
    todos<ClienteVendas>('clientes'),
    todos<ProdutoVendas>('produtos'),
    todos<TabelaPreco>('tabelas'),
  ]);
  return {
    clientes: new Map(clientes.map((c) => [c.id, c])),
    produtos: new Map(produtos.map((p) => [p.id, p])),
    tabelas,
    regras: meta.regras,
    emitente: meta.emitente,
    unidades: new Map(meta.unidades.map((u) => [u.sigla, u.casas_decimais])),
  };
}

export async function salvarPendente(p: Omit<Pendente, 'estado' | 'criado_em'>): Promise<void> {
  await escreve([
    { loja: 'pendentes', grava: [{ ...p, estado: 'pendente', criado_em: new Date().toISOString() }] },
  ]);
}

/** Sends the pending orders, oldest first; stops at the first network failure (still offline). */
export async function enviarPendentes(): Promise<Pendente[]> {
  const pendentes = (await todos<Pendente>('pendentes'))
    .filter((p) => p.estado !== 'enviado')
    .sort((a, b) => a.criado_em.localeCompare(b.criado_em));
  const enviados: Pendente[] = [];
  for (const p of pendentes) {
    let res: Response;
    try {
      res = await api.vendas.pedidos.$post(
        { json: p.corpo as never },
        { headers: { 'Idempotency-Key': p.id } },
      );
    } catch {
      break;
    }
    const corpo = (await res.json().catch(() => ({}))) as RespostaPedidoVendas & { message?: string };
    const feito: Pendente = res.ok
      ? { ...p, estado: 'enviado', resposta: corpo, erro: undefined }
      : { ...p, estado: 'erro', erro: corpo.message ?? `Erro ${res.status}` };
    await escreve([{ loja: 'pendentes', grava: [feito] }]);
    enviados.push(feito);
  }
  return enviados;
}
