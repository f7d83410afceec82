import { describe, expect, it } from 'vitest';
import { formatBRL } from '../money.ts';
import {
  chaveDocumento,
  indexarCandidatos,
  type LinhaConciliacao,
  type MovimentoConciliacao,
  pareceTarifaBancaria,
  situacaoConciliacao,
  somaDeSubconjunto,
  sugerirConciliacao,
  sugerirConciliacoes,
  type TituloConciliacao,
} from './conciliacao.ts';

const titulo = (
  id: string,
  saldo: string,
  vencimento: string,
  t: Partial<TituloConciliacao> = {},
): TituloConciliacao => ({
  id,
  tipo: 'receber',
  documento: null,
  nosso_numero: null,
  pessoa_nome: null,
  vencimento,
  saldo,
  ...t,
});
const linha = (
  valor: string,
  data: string,
  memo = '',
  documento: string | null = null,
): LinhaConciliacao => ({
  id: 'L',
  data,
  valor,
  memo,
  documento,
});

const titulos: TituloConciliacao[] = [
  titulo('T1', '1500.00', '2026-03-10', { documento: 'NF 4521', pessoa_nome: 'Padaria Pão Quente Ltda' }),
  titulo('T2', '1500.00', '2026-04-20', { documento: 'NF 4600' }),
  titulo('T3', '830.25', '2026-03-05', { nosso_numero: '00001234567', pessoa_nome: 'José da Silva' }),
  titulo('T4', '200.00', '2026-03-11', { pessoa_nome: 'Mercado Bom Preço' }),
  titulo('T5', '300.00', '2026-03-12', { pessoa_nome: 'Mercado Bom Preço' }),
  titulo('T6', '450.00', '2026-03-09', { pessoa_nome: 'Mercado Bom Preço' }),
  titulo('P1', '89.90', '2026-03-10', { tipo: 'pagar', documento: '778899', pessoa_nome: 'Energia SA' }),
  titulo('P2', '1500.00', '2026-03-10', { tipo: 'pagar' }),
];
const movimentos: MovimentoConciliacao[] = [
  { id: 'M1', data: '2026-03-08', valor: '-250.00', descricao: 'Aluguel março' },
  { id: 'M2', data: '2026-03-20', valor: '-250.00', descricao: 'Aluguel' },
];
const indice = indexarCandidatos(movimentos, titulos);
const sugere = (l: LinhaConciliacao) => sugerirConciliacao(l, indice);

describe('sugerirConciliacao', () => {
  const casos: {
    caso: string;
    linha: LinhaConciliacao;
    primeira: { tipo: string; ids: string[] } | null;
    motivo?: string;
    ausentes?: string[];
  }[] = [
    {
      caso: 'exact amount, vencimento 1 day away: the receivable of that date, not the one of April',
      linha: linha('1500.00', '2026-03-11', 'CRED TED'),
      primeira: { tipo: 'titulo', ids: ['T1'] },
      motivo: '1 dia de diferença do vencimento (10/03/2026)',
      ausentes: ['T2', 'P2'],
    },
    {
      caso: 'a debit never suggests a receivable: the payable of the same amount',
      linha: linha('-1500.00', '2026-03-10'),
      primeira: { tipo: 'titulo', ids: ['P2'] },
      ausentes: ['T1'],
    },
    {
      caso: 'exact amount outside the date window: nothing',
      linha: linha('1500.00', '2026-03-30'),
      primeira: null,
    },
    {
      caso: 'nosso número in the memo (with its zeros dropped) and a different amount (paid with juros)',
      linha: linha('845.10', '2026-03-20', 'LIQUIDACAO BOLETO 1234567'),
      primeira: { tipo: 'titulo', ids: ['T3'] },
      motivo: 'Nosso número 00001234567 no histórico',
    },
    {
      caso: 'documento in the memo breaks the tie between two títulos of the same amount',
      linha: linha('1500.00', '2026-03-15', 'DEP NF4600'),
      primeira: { tipo: 'titulo', ids: ['T2'] },
      motivo: 'Documento NF 4600 no histórico',
    },
    {
      caso: "the person's name in the memo, without accents and without Ltda",
      linha: linha('1500.00', '2026-03-10', 'PIX RECEBIDO PADARIA PAO QUENTE'),
      primeira: { tipo: 'titulo', ids: ['T1'] },
      motivo: 'Nome de Padaria Pão Quente Ltda no histórico',
    },
    {
      caso: 'a payable by its document number in the line document field',
      linha: linha('-92.40', '2026-03-12', 'PAGTO CONTA', '778899'),
      primeira: { tipo: 'titulo', ids: ['P1'] },
    },
    {
      caso: 'a movement already in the system: the nearest date first',
      linha: linha('-250.00', '2026-03-09', 'ALUGUEL'),
      primeira: { tipo: 'movimento', ids: ['M1'] },
      motivo: 'Descrição parecida com o histórico',
      ausentes: ['M2'],
    },
    {
      caso: 'one credit equal to the sum of three boletos',
      linha: linha('950.00', '2026-03-11', 'CRED LOTE COBRANCA'),
      primeira: { tipo: 'titulos', ids: ['T4', 'T5', 'T6'] },
      motivo: `Soma de 3 títulos igual ao valor (${formatBRL('950.00')})`,
    },
    {
      caso: 'a sum nothing adds up to: nothing',
      linha: linha('951.00', '2026-03-11'),
      primeira: null,
    },
    {
      caso: 'zero amount: nothing',
      linha: linha('0.00', '2026-03-11'),
      primeira: null,
    },
  ];

  it.each(casos)('$caso', ({ linha: l, primeira, motivo, ausentes }) => {
    const r = sugere(l);
    if (primeira === null) {
      expect(r).toEqual([]);
      return;
    }
    expect(r[0]).toMatchObject(primeira);
    if (motivo) expect(r[0]!.motivos).toContain(motivo);
    for (const id of ausentes ?? []) expect(r.flatMap((s) => s.ids)).not.toContain(id);
    for (let i = 1; i < r.length; i++) expect(r[i]!.pontos).toBeLessThanOrEqual(r[i - 1]!.pontos);
    for (const s of r) expect(s.pontos).toBeLessThanOrEqual(100);
  });

  it('the sum of the same person earns more points and says so', () => {
    const [s] = sugere(linha('950.00', '2026-03-11', 'CRED MERCADO BOM PRECO'));
    expect(s!.motivos).toEqual([
      `Soma de 3 títulos igual ao valor (${formatBRL('950.00')})`,
      'Todos de Mercado Bom Preço',
      'Nome de Mercado Bom Preço no histórico',
      'Vencimentos a até 7 dias da data do extrato',
    ]);
    expect(s!.pontos).toBe(80);
  });

  it('the sum is not searched when one título has the exact amount', () => {
    const r = sugere(linha('450.00', '2026-03-09'));
    expect(r.map((s) => s.tipo)).toEqual(['titulo']);
  });

  it('the window and the limit are options', () => {
    expect(sugerirConciliacao(linha('1500.00', '2026-03-30'), indice, { diasTitulo: 30 })[0]!.ids).toEqual([
      'T1',
    ]);
    expect(sugerirConciliacao(linha('950.00', '2026-03-11'), indice, { maxItensSoma: 2 })).toEqual([]);
  });

  it('the sum looks only at the títulos due nearest the line (the day before ahead of the day after)', () => {
    // 300.00 = 100 + 200 both ways; the nearest 2 under the amount: A (day −1), B (day +1) — C
    // (day +2) and everything larger than the amount are never looked at
    const perto = [
      titulo('C', '200.00', '2026-05-12'),
      titulo('B', '200.00', '2026-05-11'),
      titulo('GRANDE', '900.00', '2026-05-10'),
      titulo('A', '100.00', '2026-05-09'),
      titulo('D', '100.00', '2026-05-12'),
    ];
    const idx = indexarCandidatos([], perto);
    expect(sugerirConciliacao(linha('300.00', '2026-05-10'), idx, { maxTitulosSoma: 2 })[0]).toMatchObject({
      tipo: 'titulos',
      ids: ['A', 'B'],
    });
    expect(sugerirConciliacao(linha('400.00', '2026-05-10'), idx, { maxTitulosSoma: 2 })).toEqual([]);
    expect(sugerirConciliacao(linha('400.00', '2026-05-10'), idx, { maxTitulosSoma: 4 })[0]).toMatchObject({
      tipo: 'titulos',
      ids: ['B', 'C'],
    });
  });

  it('50,000 títulos in the window: the period of 2,000 lines stays fast (bounded search)', () => {
    const muitos = Array.from({ length: 50_000 }, (_, i) =>
      titulo(
        `T${i}`,
        `${(100 + ((i * 7919) % 90_000)) / 100}`,
        `2026-05-${String(1 + (i % 28)).padStart(2, '0')}`,
      ),
    );
    const linhas = Array.from({ length: 2000 }, (_, k) => ({
      ...linha(
        `${(k * 37) % 5000}.${String(k % 100).padStart(2, '0')}`,
        `2026-05-${String(1 + (k % 28)).padStart(2, '0')}`,
      ),
      id: `L${k}`,
    }));
    const t = Date.now();
    const r = sugerirConciliacoes(linhas, [], muitos);
    expect(r.size).toBe(2000);
    expect(Date.now() - t).toBeLessThan(5000); // ~0.3 s here; linear scans took 10× that
  });

  it('every line of a period at once', () => {
    const r = sugerirConciliacoes(
      [
        { ...linha('1500.00', '2026-03-10'), id: 'a' },
        { ...linha('-250.00', '2026-03-20'), id: 'b' },
      ],
      movimentos,
      titulos,
    );
    expect(r.get('a')![0]!.ids).toEqual(['T1']);
    expect(r.get('b')![0]!.ids).toEqual(['M2']);
  });
});

describe('somaDeSubconjunto', () => {
  it.each([
    { valores: [100, 200, 300, 450], alvo: 950, max: 5, esperado: [1, 2, 3] },
    { valores: [100, 200, 300, 450], alvo: 300, max: 5, esperado: [0, 1] }, // one item alone never counts
    { valores: [100, 200], alvo: 100, max: 5, esperado: null },
    { valores: [100, 200, 300, 450], alvo: 1050, max: 3, esperado: null },
    { valores: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], alvo: 55, max: 10, esperado: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] },
  ])('$valores → $alvo (até $max)', ({ valores, alvo, max, esperado }) => {
    expect(somaDeSubconjunto(valores, alvo, max, 100_000)).toEqual(esperado);
  });

  it('stops at the step budget', () => {
    const valores = Array.from({ length: 40 }, (_, i) => 1000 + i * 2);
    expect(somaDeSubconjunto(valores, 1, 5, 1000)).toBeNull();
    expect(somaDeSubconjunto(valores, 999_999, 5, 50)).toBeNull();
  });
});

describe('situacaoConciliacao', () => {
  it.each([
    { linhas: [], status: 'pendente', diferenca: '0.00' },
    {
      linhas: [
        { valor: '100.00', conciliada: true },
        { valor: '-12.50', conciliada: false },
      ],
      status: 'pendente',
      diferenca: '-12.50',
    },
    {
      linhas: [
        { valor: '100.00', conciliada: true },
        { valor: '-12.50', conciliada: true },
      ],
      status: 'conciliado',
      diferenca: '0.00',
    },
  ])('$status, diferença $diferenca', ({ linhas, status, diferenca }) => {
    const s = situacaoConciliacao(linhas);
    expect(s.status).toBe(status);
    expect(s.diferenca).toBe(diferenca);
  });
});

describe('helpers', () => {
  it.each([
    ['NF-e 000123', 'NFE000123'],
    ['00001234567', '1234567'],
    ['', ''],
  ])('chaveDocumento(%s) = %s', (a, b) => expect(chaveDocumento(a)).toBe(b));

  it.each([
    ['TARIFA BANCARIA PACOTE', true],
    ['Tar. manutenção conta', true],
    ['CESTA DE SERVICOS', true],
    ['PIX RECEBIDO', false],
  ])('pareceTarifaBancaria(%s) = %s', (memo, esperado) => expect(pareceTarifaBancaria(memo)).toBe(esperado));
});
