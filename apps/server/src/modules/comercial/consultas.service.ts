import { produtosListQuerySchema } from '@erp/shared';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { produtosService } from '../estoque/produtos.service.ts';
import { condicoesAtivas } from '../financeiro/condicoes-pagamento.service.ts';
import { formasPagamento } from '../financeiro/financeiro.tables.ts';
import { tabelasPreco } from '../precos/precos.tables.ts';

// What the order entry reads of other modules' registers. A comercial user may not open those
// registers (products are admin/estoque, payment terms admin/financeiro, price tables admin), but
// must pick from them while typing an order: only the fields an order needs, active entries only.

export type ProdutoVenda = {
  id: string;
  codigo: string;
  nome: string;
  unidade: string;
  gtin: string | null;
  embalagens: { unidade: string; fator: string; gtin: string | null; padrao_venda: boolean }[];
};

export type OpcaoPedido = { id: string; nome: string; ativo: boolean };
export type OpcoesPedido = { condicoes: OpcaoPedido[]; formas: OpcaoPedido[]; tabelas: OpcaoPedido[] };

/** Active products by code, name or GTIN (a packaging's too), the register's own search, first 20 by name. */
export async function buscaProdutosVenda(db: Db, q: string): Promise<{ items: ProdutoVenda[] }> {
  const query = produtosListQuerySchema.parse({ q, ativo: 'true', pageSize: '20', sort: 'nome', dir: 'asc' });
  const page = await produtosService.list(db, query);
  return {
    items: page.items.map((p) => ({
      id: p.id,
      codigo: p.codigo,
      nome: p.nome,
      unidade: p.unidade,
      gtin: p.gtin,
      embalagens: p.embalagens.map((e) => ({
        unidade: e.unidade,
        fator: e.fator,
        gtin: e.gtin,
        padrao_venda: e.padrao_venda,
      })),
    })),
  };
}

/** The header's choices: active condições, formas and price tables, by name. */
export async function opcoesPedido(db: Db): Promise<OpcoesPedido> {
  const [condicoes, formas, tabelas] = await Promise.all([
    condicoesAtivas(db),
    db
      .select({ id: formasPagamento.id, nome: formasPagamento.nome, ativo: formasPagamento.ativo })
      .from(formasPagamento)
      .where(eq(formasPagamento.ativo, true))
      .orderBy(asc(formasPagamento.nome)),
    db
      .select({ id: tabelasPreco.id, nome: tabelasPreco.nome, ativo: tabelasPreco.ativa })
      .from(tabelasPreco)
      .where(eq(tabelasPreco.ativa, true))
      .orderBy(asc(tabelasPreco.nome)),
  ]);
  return { condicoes, formas, tabelas };
}
