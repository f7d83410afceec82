import { type ChaveSaldo, chaveSaldo, type EstadoEstoque, type LinhaRazao, type Operacao } from './razao.ts';

// Random operations for the ledger's property tests (the shared model's and the database
// services'): a seeded source of numbers in, a plausible operation out — entradas, saídas (some
// larger than what is available, to exercise refusals), transfers, ajustes, inventories,
// reservations, releases and reversals of earlier rows.

/** What the generator needs from a seeded PRNG (the demo seed's createRandom() fits). */
export type Aleatorio = {
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
};

export type UniversoEstoque = {
  produtos: readonly string[];
  locais: readonly string[];
  /** Lots per product; a product absent here (or with none) does not control lots. */
  lotes: Readonly<Record<string, readonly string[]>>;
};

function quantidade(rand: Aleatorio, max: number): string {
  const inteiro = rand.int(0, max);
  if (rand.chance(0.5)) return String(Math.max(1, inteiro));
  return `${inteiro}.${String(rand.int(1, 999)).padStart(3, '0')}`;
}

function custo(rand: Aleatorio): string {
  return `${rand.int(0, 99)}.${String(rand.int(0, 9999)).padStart(4, '0')}`;
}

function chave(rand: Aleatorio, u: UniversoEstoque): ChaveSaldo {
  const produtoId = rand.pick(u.produtos);
  const lotes = u.lotes[produtoId] ?? [];
  return { produtoId, localId: rand.pick(u.locais), loteId: lotes.length ? rand.pick(lotes) : null };
}

/** One random operation given what exists (the state and the rows so far). */
export function operacaoAleatoria(
  rand: Aleatorio,
  u: UniversoEstoque,
  estado: EstadoEstoque,
  linhas: readonly LinhaRazao[],
): Operacao {
  const c = chave(rand, u);
  const saldo = estado.saldos.get(chaveSaldo(c));
  const atual = saldo ? Math.max(1, Math.floor(Number(saldo.saldo))) : 5;
  const sorteio = rand.int(1, 100);
  if (sorteio <= 30)
    return { tipo: 'entrada', chave: c, quantidade: quantidade(rand, 50), custoUnitario: custo(rand) };
  if (sorteio <= 50)
    return {
      tipo: 'saida',
      chave: c,
      quantidade: quantidade(rand, atual + 3),
      consumirReserva: rand.chance(0.3),
    };
  if (sorteio <= 60) {
    const destinos = u.locais.filter((l) => l !== c.localId);
    const destino = destinos.length && rand.chance(0.9) ? rand.pick(destinos) : c.localId;
    return {
      tipo: 'transferencia',
      produtoId: c.produtoId,
      loteId: c.loteId,
      origemId: c.localId,
      destinoId: destino,
      quantidade: quantidade(rand, atual + 2),
    };
  }
  if (sorteio <= 68) {
    const q = quantidade(rand, atual + 2);
    if (rand.chance(0.5)) return { tipo: 'ajuste', chave: c, quantidade: `-${q}` };
    // an entrada by hand: with its cost, or at the custo médio (refused while there is none)
    return rand.chance(0.6)
      ? { tipo: 'ajuste', chave: c, quantidade: q, custoUnitario: custo(rand) }
      : { tipo: 'ajuste', chave: c, quantidade: q };
  }
  if (sorteio <= 75) return { tipo: 'inventario', chave: c, contado: quantidade(rand, atual + 5) };
  if (sorteio <= 85) return { tipo: 'reserva', chave: c, quantidade: quantidade(rand, atual) };
  if (sorteio <= 92) return { tipo: 'liberacao', chave: c, quantidade: quantidade(rand, 3) };
  if (linhas.length) return { tipo: 'estorno', original: rand.pick(linhas) };
  return { tipo: 'reserva', chave: c, quantidade: '1' };
}
