import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { notFoundMessage } from '../../lib/crud.ts';
import { AppError } from '../../lib/errors.ts';
import { getSetting } from '../configuracoes/settings.service.ts';
import { posicaoDoCliente } from './credito.service.ts';
import { ultimosPedidos } from './pedidos-leitura.service.ts';

// The order entry's customer panel: the credit position (limite, títulos em aberto, vencidos and
// the oldest in days, pedidos liberados não faturados, disponível), situação, seller, região and
// the last orders.

export async function painelCliente(db: Db, clienteId: string) {
  const [c] = rowsOf<{
    id: string;
    nome: string;
    fantasia: string | null;
    documento: string;
    situacao_nome: string | null;
    bloqueia_vendas: boolean | null;
    vendedor_id: string | null;
    vendedor_nome: string | null;
    vendedor_comissao: string | null;
    vendedor_desconto_maximo: string | null;
    regiao_id: string | null;
    regiao_nome: string | null;
  }>(
    await db.execute(sql`select c.id, c.razao_social as nome, c.nome_fantasia as fantasia, c.documento,
        s.nome as situacao_nome, s.bloqueia_vendas, v.id as vendedor_id, v.nome as vendedor_nome,
        v.comissao::text as vendedor_comissao, v.desconto_maximo::text as vendedor_desconto_maximo,
        r.id as regiao_id, r.nome as regiao_nome
      from clientes c left join situacoes_cliente s on s.id = c.situacao_id
        left join vendedores v on v.id = c.vendedor_id left join regioes_entrega r on r.id = c.regiao_id
      where c.id = ${clienteId}`),
  );
  if (!c) throw new AppError('not_found', notFoundMessage);
  const [credito, ultimos, dias] = await Promise.all([
    posicaoDoCliente(db, clienteId),
    ultimosPedidos(db, clienteId),
    getSetting(db, 'comercial_dias_inadimplencia'),
  ]);
  return {
    cliente: { id: c.id, nome: c.nome, fantasia: c.fantasia, documento: c.documento },
    situacao: c.situacao_nome ? { nome: c.situacao_nome, bloqueia_vendas: !!c.bloqueia_vendas } : null,
    vendedor: c.vendedor_id
      ? {
          id: c.vendedor_id,
          nome: c.vendedor_nome!,
          comissao: c.vendedor_comissao!,
          desconto_maximo: c.vendedor_desconto_maximo!,
        }
      : null,
    regiao: c.regiao_id ? { id: c.regiao_id, nome: c.regiao_nome! } : null,
    credito,
    dias_inadimplencia: Number(dias),
    ultimos_pedidos: ultimos,
  };
}
