import type { Db } from '../../db/client.ts';
import type { Pedido } from './pedidos-leitura.service.ts';

export async function espelhoPdf(_db: Db, _pedido: Pedido): Promise<Buffer> {
  return Buffer.from('%PDF-1.4\n%%EOF\n');
}
