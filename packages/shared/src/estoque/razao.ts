import { CASAS_CUSTO, CASAS_QUANTIDADE, Decimal } from '../decimal.ts';
import { formatDecimalBR } from '../money.ts';
import { custoMedioAposEntrada, custoMedioAposEstornoDeEntrada } from './custo-medio.ts';

// The stock ledger as a pure model. Every change of a quantity is a ledger row (append-only; a
// mistake is corrected by an estorno row), and the balance of each (produto, local, lote) is the
// sum of its rows. Beside each balance, the reserved quantity: disponível = saldo − reservado.
// A movement that would leave disponível below zero is refused, unless the company allows negative
// stock. The database services apply the same rules under row locks; this model is their
// specification and the oracle of the property tests (verificaRazao).

export const TIPOS_MOVIMENTO = [
  'entrada',
  'saida',
  'transferencia',
  'ajuste',
  'inventario',
  'estorno',
] as const;
export type TipoMovimento = (typeof TIPOS_MOVIMENTO)[number];

export const tipoMovimentoLabels: Record<TipoMovimento, string> = {
  entrada: 'Entrada',
  saida: 'Saída',
  transferencia: 'Transferência',
  ajuste: 'Ajuste',
  inventario: 'Inventário',
  estorno: 'Estorno',
};

/** What a balance is kept for. `loteId` is null for a product that does not control lots. */
export type ChaveSaldo = { produtoId: string; localId: string; loteId: string | null };

export function chaveSaldo(c: ChaveSaldo): string {
  return `${c.produtoId}|${c.localId}|${c.loteId ?? ''}`;
}

/** A balance row (numeric(14,3) text). */
export type Saldo = ChaveSaldo & { saldo: string; reservado: string };

/** Per product: the sum of its balances (products.estoque_atual) and the average cost. */
export type PosicaoProduto = { saldo: string; custoMedio: string };

export type EstadoEstoque = {
  saldos: ReadonlyMap<string, Saldo>;
  produtos: ReadonlyMap<string, PosicaoProduto>;
};

/** A ledger row: signed quantity in the base unit, valued at `custoUnitario` (4 decimals). */
export type LinhaRazao = ChaveSaldo & {
  tipo: TipoMovimento;
  quantidade: string;
  custoUnitario: string;
  /** estorno rows: the type of the row they reverse. */
  estornaTipo?: TipoMovimento;
};

/** What a service is asked to do. Quantities are positive unless noted. */
export type Operacao =
  | { tipo: 'entrada'; chave: ChaveSaldo; quantidade: string; custoUnitario: string }
  | { tipo: 'saida'; chave: ChaveSaldo; quantidade: string; consumirReserva?: boolean }
  /**
   * Signed: positive adds, negative removes (never zero). A positive one enters at `custoUnitario`
   * (absent: the custo médio; required while the product has none) and recomputes the custo médio
   * like an entrada; a negative one is valued at the custo médio and ignores it.
   */
  | { tipo: 'ajuste'; chave: ChaveSaldo; quantidade: string; custoUnitario?: string }
  | {
      tipo: 'transferencia';
      produtoId: string;
      loteId: string | null;
      origemId: string;
      destinoId: string;
      quantidade: string;
    }
  /**
   * The counted quantity (≥ 0): the row is the difference contado − saldo (none when equal),
   * valued at the custo médio. A positive difference of a product without a custo médio is
   * refused (`sem_custo`): stock never enters at R$ 0,00 by default.
   */
  | { tipo: 'inventario'; chave: ChaveSaldo; contado: string }
  | { tipo: 'estorno'; original: LinhaRazao }
  | { tipo: 'reserva'; chave: ChaveSaldo; quantidade: string }
  | { tipo: 'liberacao'; chave: ChaveSaldo; quantidade: string };

export type ErroMovimento =
  | { codigo: 'estoque_insuficiente'; chave: ChaveSaldo; disponivel: string }
  | { codigo: 'reserva_insuficiente'; chave: ChaveSaldo; reservado: string }
  | { codigo: 'sem_custo'; chave: ChaveSaldo }
  | { codigo: 'operacao_invalida'; mensagem: string };

export type ResultadoMovimento =
  | { ok: true; estado: EstadoEstoque; linhas: LinhaRazao[] }
  | { ok: false; erro: ErroMovimento };

export type OpcoesMovimento = {
  /** Company setting "permitir estoque negativo" (default off). */
  permiteNegativo?: boolean;
};

export const razaoMensagens = {
  estoqueInsuficiente: (produto: string, local: string, disponivel: string) =>
    `Estoque insuficiente de ${produto} em ${local}: disponível ${formatDecimalBR(disponivel, 0)}.`,
  reservaInsuficiente: (produto: string, local: string, reservado: string) =>
    `Reserva insuficiente de ${produto} em ${local}: reservado ${formatDecimalBR(reservado, 0)}.`,
  quantidadePositiva: 'Quantidade deve ser maior que zero',
  ajusteZero: 'Quantidade do ajuste não pode ser zero',
  contadoNegativo: 'Quantidade contada não pode ser negativa',
  custoNegativo: 'Custo unitário não pode ser negativo',
  custoObrigatorio: 'Informe o custo unitário',
  semCusto: (produto: string) =>
    `${produto} ainda não tem custo médio, e a contagem aumenta o seu estoque. Lance um ajuste de entrada com o custo unitário e depois o inventário.`,
  mesmoLocal: 'Local de destino deve ser diferente do de origem',
  estornoDeEstorno: 'Um estorno não pode ser estornado',
} as const;

/** The pt-BR message of a refused movement, with the names the caller knows. */
export function mensagemErroMovimento(
  erro: ErroMovimento,
  nomes: { produto: string; local: string },
): string {
  switch (erro.codigo) {
    case 'estoque_insuficiente':
      return razaoMensagens.estoqueInsuficiente(nomes.produto, nomes.local, erro.disponivel);
    case 'reserva_insuficiente':
      return razaoMensagens.reservaInsuficiente(nomes.produto, nomes.local, erro.reservado);
    case 'sem_custo':
      return razaoMensagens.semCusto(nomes.produto);
    case 'operacao_invalida':
      return erro.mensagem;
  }
}

export const ESTADO_ESTOQUE_VAZIO: EstadoEstoque = { saldos: new Map(), produtos: new Map() };

const q3 = (d: Decimal) => d.toFixed(CASAS_QUANTIDADE);
const c4 = (d: Decimal | string) => Decimal.of(d).toFixed(CASAS_CUSTO);

/** disponível = saldo − reservado (zero for a balance that does not exist yet). */
export function disponivelDe(estado: EstadoEstoque, chave: ChaveSaldo): string {
  const s = estado.saldos.get(chaveSaldo(chave));
  return s ? q3(Decimal.of(s.saldo).minus(s.reservado)) : q3(Decimal.ZERO);
}

/** Working copy of the state for one operation; nothing is shared with the input. */
class Rascunho {
  readonly saldos: Map<string, Saldo>;
  readonly produtos: Map<string, PosicaoProduto>;
  readonly linhas: LinhaRazao[] = [];

  constructor(
    estado: EstadoEstoque,
    private readonly opcoes: OpcoesMovimento,
  ) {
    this.saldos = new Map(estado.saldos);
    this.produtos = new Map(estado.produtos);
  }

  saldo(chave: ChaveSaldo): Saldo {
    return (
      this.saldos.get(chaveSaldo(chave)) ?? {
        produtoId: chave.produtoId,
        localId: chave.localId,
        loteId: chave.loteId,
        saldo: q3(Decimal.ZERO),
        reservado: q3(Decimal.ZERO),
      }
    );
  }

  produto(produtoId: string): PosicaoProduto {
    return this.produtos.get(produtoId) ?? { saldo: q3(Decimal.ZERO), custoMedio: c4('0') };
  }

  /** Appends a row and moves the balance; refuses when a decrease leaves disponível < 0. */
  lanca(linha: LinhaRazao, reservaConsumida = Decimal.ZERO): ErroMovimento | null {
    const atual = this.saldo(linha);
    const q = Decimal.of(linha.quantidade);
    const saldo = Decimal.of(atual.saldo).plus(q);
    const reservado = Decimal.of(atual.reservado).minus(reservaConsumida);
    if (q.isNegative() && !this.opcoes.permiteNegativo && saldo.minus(reservado).isNegative()) {
      return {
        codigo: 'estoque_insuficiente',
        chave: { produtoId: linha.produtoId, localId: linha.localId, loteId: linha.loteId },
        disponivel: q3(Decimal.of(atual.saldo).minus(atual.reservado)),
      };
    }
    this.saldos.set(chaveSaldo(linha), { ...atual, saldo: q3(saldo), reservado: q3(reservado) });
    const p = this.produto(linha.produtoId);
    this.produtos.set(linha.produtoId, { ...p, saldo: q3(Decimal.of(p.saldo).plus(q)) });
    this.linhas.push(linha);
    return null;
  }

  reserva(chave: ChaveSaldo, delta: Decimal): ErroMovimento | null {
    const atual = this.saldo(chave);
    const reservado = Decimal.of(atual.reservado).plus(delta);
    if (reservado.isNegative()) return { codigo: 'reserva_insuficiente', chave, reservado: atual.reservado };
    const livre = Decimal.of(atual.saldo).minus(reservado);
    if (delta.isPositive() && !this.opcoes.permiteNegativo && livre.isNegative()) {
      return {
        codigo: 'estoque_insuficiente',
        chave,
        disponivel: q3(Decimal.of(atual.saldo).minus(atual.reservado)),
      };
    }
    this.saldos.set(chaveSaldo(chave), { ...atual, reservado: q3(reservado) });
    return null;
  }

  custoMedio(produtoId: string): string {
    return this.produto(produtoId).custoMedio;
  }

  defineCustoMedio(produtoId: string, custoMedio: string): void {
    this.produtos.set(produtoId, { ...this.produto(produtoId), custoMedio });
  }

  estado(): EstadoEstoque {
    return { saldos: this.saldos, produtos: this.produtos };
  }
}

const invalida = (mensagem: string): ResultadoMovimento => ({
  ok: false,
  erro: { codigo: 'operacao_invalida', mensagem },
});

function linha(chave: ChaveSaldo, tipo: TipoMovimento, quantidade: Decimal, custo: string): LinhaRazao {
  return {
    produtoId: chave.produtoId,
    localId: chave.localId,
    loteId: chave.loteId,
    tipo,
    quantidade: q3(quantidade),
    custoUnitario: c4(custo),
  };
}

/**
 * Applies one operation to the state: the new state and the ledger rows it appends, or why it is
 * refused (the input state is never changed).
 */
export function applyMovement(
  estado: EstadoEstoque,
  op: Operacao,
  opcoes: OpcoesMovimento = {},
): ResultadoMovimento {
  const r = new Rascunho(estado, opcoes);
  const fim = (erro: ErroMovimento | null): ResultadoMovimento =>
    erro ? { ok: false, erro } : { ok: true, estado: r.estado(), linhas: r.linhas };

  switch (op.tipo) {
    case 'entrada': {
      const q = Decimal.of(op.quantidade);
      if (!q.isPositive()) return invalida(razaoMensagens.quantidadePositiva);
      if (Decimal.of(op.custoUnitario).isNegative()) return invalida(razaoMensagens.custoNegativo);
      const p = r.produto(op.chave.produtoId);
      const novo = custoMedioAposEntrada(p, q, op.custoUnitario);
      const erro = r.lanca(linha(op.chave, 'entrada', q, op.custoUnitario));
      if (!erro) r.defineCustoMedio(op.chave.produtoId, novo);
      return fim(erro);
    }
    case 'saida': {
      const q = Decimal.of(op.quantidade);
      if (!q.isPositive()) return invalida(razaoMensagens.quantidadePositiva);
      const consumida = op.consumirReserva ? q : Decimal.ZERO;
      if (consumida.gt(r.saldo(op.chave).reservado)) {
        return fim({
          codigo: 'reserva_insuficiente',
          chave: op.chave,
          reservado: r.saldo(op.chave).reservado,
        });
      }
      const custo = r.custoMedio(op.chave.produtoId);
      return fim(r.lanca(linha(op.chave, 'saida', q.negated(), custo), consumida));
    }
    case 'ajuste': {
      const q = Decimal.of(op.quantidade);
      if (q.isZero()) return invalida(razaoMensagens.ajusteZero);
      const p = r.produto(op.chave.produtoId);
      if (q.isNegative()) return fim(r.lanca(linha(op.chave, 'ajuste', q, p.custoMedio)));
      // an entrada by hand: at its own cost (the average when none is given), and it averages in
      const custo = op.custoUnitario ?? (Decimal.of(p.custoMedio).isZero() ? null : p.custoMedio);
      if (custo === null) return invalida(razaoMensagens.custoObrigatorio);
      if (Decimal.of(custo).isNegative()) return invalida(razaoMensagens.custoNegativo);
      const novo = custoMedioAposEntrada(p, q, custo);
      const erro = r.lanca(linha(op.chave, 'ajuste', q, custo));
      if (!erro) r.defineCustoMedio(op.chave.produtoId, novo);
      return fim(erro);
    }
    case 'transferencia': {
      const q = Decimal.of(op.quantidade);
      if (!q.isPositive()) return invalida(razaoMensagens.quantidadePositiva);
      if (op.origemId === op.destinoId) return invalida(razaoMensagens.mesmoLocal);
      const custo = r.custoMedio(op.produtoId);
      const origem = { produtoId: op.produtoId, localId: op.origemId, loteId: op.loteId };
      const destino = { produtoId: op.produtoId, localId: op.destinoId, loteId: op.loteId };
      return fim(
        r.lanca(linha(origem, 'transferencia', q.negated(), custo)) ??
          r.lanca(linha(destino, 'transferencia', q, custo)),
      );
    }
    case 'inventario': {
      const contado = Decimal.of(op.contado);
      if (contado.isNegative()) return invalida(razaoMensagens.contadoNegativo);
      const diferenca = contado.minus(r.saldo(op.chave).saldo);
      if (diferenca.isZero()) return fim(null);
      const custo = r.custoMedio(op.chave.produtoId);
      if (diferenca.isPositive() && Decimal.of(custo).isZero())
        return fim({ codigo: 'sem_custo', chave: op.chave });
      return fim(r.lanca(linha(op.chave, 'inventario', diferenca, custo)));
    }
    case 'estorno': {
      const o = op.original;
      if (o.tipo === 'estorno') return invalida(razaoMensagens.estornoDeEstorno);
      const q = Decimal.of(o.quantidade).negated();
      const p = r.produto(o.produtoId);
      // an entrada, or an ajuste that added (it averaged in): the inverse of the average
      const entrou = o.tipo === 'entrada' || (o.tipo === 'ajuste' && Decimal.of(o.quantidade).isPositive());
      const novo = entrou
        ? custoMedioAposEstornoDeEntrada(p, o.quantidade, o.custoUnitario)
        : q.isPositive()
          ? custoMedioAposEntrada(p, q, o.custoUnitario)
          : p.custoMedio;
      const erro = r.lanca({ ...linha(o, 'estorno', q, o.custoUnitario), estornaTipo: o.tipo });
      if (!erro) r.defineCustoMedio(o.produtoId, novo);
      return fim(erro);
    }
    case 'reserva':
    case 'liberacao': {
      const q = Decimal.of(op.quantidade);
      if (!q.isPositive()) return invalida(razaoMensagens.quantidadePositiva);
      return fim(r.reserva(op.chave, op.tipo === 'reserva' ? q : q.negated()));
    }
  }
}

export type ViolacaoRazao = { chave: string; regra: string };

/**
 * The invariants, checked against a ledger (the model's, or the database's rows):
 * - every balance equals the sum of its ledger rows, and every row's key has a balance;
 * - reservado is never negative, and (without negative stock) disponível is never negative;
 * - each product's saldo (products.estoque_atual) equals the sum of its balances.
 */
export function verificaRazao(
  estado: EstadoEstoque,
  linhas: readonly LinhaRazao[],
  opcoes: OpcoesMovimento = {},
): ViolacaoRazao[] {
  const violacoes: ViolacaoRazao[] = [];
  const somaLinhas = new Map<string, Decimal>();
  for (const l of linhas) {
    const k = chaveSaldo(l);
    somaLinhas.set(k, (somaLinhas.get(k) ?? Decimal.ZERO).plus(l.quantidade));
  }
  const somaProdutos = new Map<string, Decimal>();
  for (const [k, s] of estado.saldos) {
    if (!Decimal.of(s.saldo).eq(somaLinhas.get(k) ?? Decimal.ZERO))
      violacoes.push({ chave: k, regra: `saldo ${s.saldo} difere da soma do razão` });
    if (Decimal.of(s.reservado).isNegative()) violacoes.push({ chave: k, regra: 'reservado negativo' });
    if (!opcoes.permiteNegativo && Decimal.of(s.saldo).minus(s.reservado).isNegative())
      violacoes.push({ chave: k, regra: 'disponível negativo' });
    somaProdutos.set(s.produtoId, (somaProdutos.get(s.produtoId) ?? Decimal.ZERO).plus(s.saldo));
  }
  for (const k of somaLinhas.keys())
    if (!estado.saldos.has(k)) violacoes.push({ chave: k, regra: 'linhas do razão sem saldo' });
  for (const [id, p] of estado.produtos)
    if (!Decimal.of(p.saldo).eq(somaProdutos.get(id) ?? Decimal.ZERO))
      violacoes.push({ chave: id, regra: `estoque do produto ${p.saldo} difere da soma dos saldos` });
  return violacoes;
}
