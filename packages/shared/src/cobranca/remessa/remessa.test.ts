import { describe, expect, it } from 'vitest';
import { dvNossoNumeroBradesco } from '../bancos/bradesco.ts';
import { dvModulo11Caixa } from '../bancos/caixa.ts';
import { gerarBoleto } from '../boleto.ts';
import { ErroRemessa } from './campos.ts';
import { gerarRemessa } from './remessa.ts';
import type { EntradaRemessa, ItemRemessa, PagadorRemessa } from './tipos.ts';

// The peer project brcobranca's expected remessa files (../shared/fixtures/cnab/remessa, MANIFEST
// §4b), read in place — never copied into the project; skipped, naming the folder, when absent.
// Each case below feeds our writer the inputs of the spec that produced the file
// (kivanio/brcobranca spec/brcobranca/remessa/cnab{240,400}/<bank>_spec.rb: the pagamento's valor,
// vencimento, nosso número, documento and sacado; the account's agência, conta, carteira, convênio,
// sequencial; the frozen clock). The nosso número goes in as stored on a título (number + DV), so
// where the spec passes a number that already carries its DV (Sicoob, Sicredi, Santander 400) we
// pass it split the same way.
// The shared package compiles without Node's types (it runs in the browser too): the files are read
// through Node only when the test runs.
type Fs = { existsSync(p: string): boolean; readFileSync(p: string, codificacao: 'latin1'): string };
const fs = (await import(/* @vite-ignore */ `node:${'fs'}`)) as Fs;
const aqui = (import.meta as unknown as { url: string }).url.replace(/^file:\/\//, '').replace(/[^/]*$/, '');
const DIR = `${decodeURIComponent(aqui)}../../../../../../shared/fixtures/cnab/remessa/`;
const presente = fs.existsSync(DIR);

it.runIf(!presente)(
  '../shared/fixtures/cnab/remessa ausente — comparação com os arquivos do brcobranca pulada',
  () => {},
);

const PAGADOR: PagadorRemessa = {
  nome: 'PABLO DIEGO JOSÉ FRANCISCO,!^.?\\/@  DE PAULA JUAN NEPOMUCENO MARÍA DE LOS REMEDIOS CIPRIANO DE LA SANTÍSSIMA TRINIDAD RUIZ Y PICASSO',
  documento: '12345678901',
  endereco: 'RUA RIO GRANDE DO SUL,!^.?\\/@ São paulo Minas caçapa da silva junior',
  bairro: 'São josé dos quatro apostolos magros',
  cep: '12345678',
  cidade: 'Santa rita de cássia maria da silva',
  uf: 'SP',
};
const EMPRESA = 'SOCIEDADE BRASILEIRA DE ZOOLOGIA LTDA';
const DIA = '2015-07-14';
const GERACAO = { data: DIA, hora: '16:15:15' };

function item(p: Partial<ItemRemessa> & Pick<ItemRemessa, 'nossoNumero'>): ItemRemessa {
  return { instrucao: 'entrada', vencimento: DIA, emissao: DIA, valor: '199.90', pagador: PAGADOR, ...p };
}

/** A generation-moment field: record (0-based line), positions (1-based, inclusive). */
type Campo = { linha: number; de: number; ate: number; nome: string };
const data240: Campo[] = [
  { linha: 0, de: 144, ate: 151, nome: 'header de arquivo: data de geração' },
  { linha: 0, de: 152, ate: 157, nome: 'header de arquivo: hora de geração' },
  { linha: 1, de: 192, ate: 199, nome: 'header de lote: data de gravação' },
];
const data400: Campo[] = [{ linha: 0, de: 95, ate: 100, nome: 'header: data de gravação' }];

type Caso = {
  arquivo: string;
  entrada: EntradaRemessa;
  /** The positions that carry the generation date/time. */
  geracao: Campo[];
  /** Where ours differs from the peer on purpose, and why (each listed as "linha L, a–b"). */
  diferencas?: string[];
};

const casos: Caso[] = [
  {
    arquivo: 'banco_brasil-cnab240',
    entrada: {
      layout: 'cnab240',
      conta: {
        banco: '001',
        agencia: '1234',
        agenciaDv: '3',
        conta: '12345',
        contaDv: '5',
        carteira: '12',
        variacao: '123',
        convenio: '1234567',
      },
      beneficiario: { nome: EMPRESA, documento: '12345678901' },
      nsa: 0, // the spec sets no sequencial_remessa
      geracao: GERACAO,
      itens: [item({ nossoNumero: { numero: '12345670000000123', dv: '' }, documento: '6969' })],
    },
    geracao: data240,
    // Segment P 58 (código da carteira): brcobranca writes "7" whatever the carteira (its issue #104);
    // BB's manual (field C006, quoted in BoletoNet/boletonet issue #253) says 1 for carteira 11/12
    // simples and 7 for carteira 17 — the spec's carteira is 12.
    diferencas: ['linha 3, 58–58: peer "7", nosso "1"'],
  },
  {
    arquivo: 'banco-brasil-cnab400',
    entrada: {
      layout: 'cnab400',
      conta: {
        banco: '001',
        agencia: '1234',
        agenciaDv: '3',
        conta: '1234',
        contaDv: '3',
        carteira: '12',
        variacao: '123',
        convenio: '1234567',
        convenioLider: '7654321',
        tipoCobranca: '04DSC',
      },
      beneficiario: { nome: EMPRESA, documento: '12345678910' },
      nsa: 1,
      geracao: GERACAO,
      itens: [item({ nossoNumero: { numero: '12345670000000123', dv: '' } })],
    },
    geracao: data400,
  },
  {
    arquivo: 'itau-cnab400',
    entrada: {
      layout: 'cnab400',
      conta: { banco: '341', agencia: '1234', conta: '12345', contaDv: '1', carteira: '123' },
      beneficiario: { nome: EMPRESA, documento: '12345678910' },
      nsa: 1,
      geracao: GERACAO,
      itens: [
        item({
          nossoNumero: { numero: '00000123', dv: '' },
          documento: '6969',
          multa: { tipo: 'valor', valor: '2.00', data: DIA },
        }),
      ],
    },
    geracao: data400,
  },
  {
    arquivo: 'bradesco-cnab400',
    entrada: {
      layout: 'cnab400',
      conta: {
        banco: '237',
        agencia: '12345',
        conta: '1234567',
        contaDv: '1',
        carteira: '01',
        convenio: '123',
      },
      beneficiario: { nome: EMPRESA, documento: '12345678910' },
      nsa: 1,
      geracao: GERACAO,
      itens: [
        item({
          nossoNumero: { numero: '00000000123', dv: dvNossoNumeroBradesco('01', '00000000123') },
          documento: '6969',
          numero: '1',
          multa: { tipo: 'percentual', valor: '2.00' },
        }),
      ],
    },
    geracao: data400,
  },
  {
    arquivo: 'caixa-cnab240',
    entrada: {
      layout: 'cnab240',
      conta: {
        banco: '104',
        agencia: '12345',
        agenciaDv: '1',
        carteira: '1',
        convenio: '123456',
        versaoAplicativo: '1234',
      },
      beneficiario: { nome: EMPRESA, documento: '12345678901' },
      nsa: 1,
      geracao: GERACAO,
      itens: [
        item({
          // carteira 1 + emissão 4 + sequencial 123 (15): the spec's modalidade "14" + nosso número 123
          nossoNumero: { numero: '14000000000000123', dv: dvModulo11Caixa('14000000000000123') },
          documento: '6969',
          juros: { tipo: 'valorDia', valor: '0' },
          multa: { tipo: 'percentual', valor: '0' },
          baixa: { dias: 120 },
        }),
      ],
    },
    geracao: data240,
  },
  {
    arquivo: 'santander-cnab240',
    entrada: {
      layout: 'cnab240',
      conta: {
        banco: '033',
        agencia: '0001',
        conta: '013001234',
        contaDv: '3',
        carteira: '101',
        codigoTransmissao: '000100001234567',
      },
      beneficiario: { nome: EMPRESA, documento: '28254225000193' },
      nsa: 1,
      geracao: GERACAO,
      itens: [item({ nossoNumero: { numero: '000001234567', dv: '9' }, documento: '9999' })],
    },
    // Santander's header de arquivo has no time (152–157 blank)
    geracao: data240.filter((c) => c.de !== 152),
  },
  {
    arquivo: 'santander-cnab400',
    entrada: {
      layout: 'cnab400',
      conta: {
        banco: '033',
        agencia: '8888',
        conta: '000002997',
        contaDv: '8',
        carteira: '104',
        codigoTransmissao: '17777751042700080112',
      },
      beneficiario: { nome: EMPRESA, documento: '12345678910' },
      nsa: 1,
      geracao: GERACAO,
      itens: [
        item({
          nossoNumero: { numero: '000000000012', dv: '3' },
          documento: '6969',
          multa: { tipo: 'percentual', valor: '2.00' },
          juros: { tipo: 'valorDia', valor: '8.00' },
          protesto: { dias: 6 },
        }),
      ],
    },
    geracao: data400,
  },
  {
    arquivo: 'bancoob-cnab240',
    entrada: {
      layout: 'cnab240',
      conta: {
        banco: '756',
        agencia: '4327',
        conta: '03666',
        contaDv: '8',
        carteira: '1',
        variacao: '01',
        convenio: '512231',
      },
      beneficiario: { nome: EMPRESA, documento: '74576177000177' },
      nsa: 0,
      geracao: GERACAO,
      itens: [
        item({
          nossoNumero: { numero: '0042971', dv: '5' },
          documento: '6969',
          valor: '50.00',
          pagador: { ...PAGADOR, documento: '82136760505', uf: 'RJ' },
          protesto: { dias: 0 },
        }),
      ],
    },
    geracao: data240,
  },
  {
    arquivo: 'sicoob-cnab400',
    entrada: {
      layout: 'cnab400',
      conta: {
        banco: '756',
        agencia: '4327',
        conta: '12345678',
        contaDv: '1',
        carteira: '1',
        convenio: '123456789',
      },
      beneficiario: { nome: EMPRESA, documento: '12345678910' },
      nsa: 1,
      geracao: GERACAO,
      itens: [item({ nossoNumero: { numero: '0000012', dv: '3' } })],
    },
    geracao: data400,
  },
  {
    arquivo: 'sicredi-cnab240',
    entrada: {
      layout: 'cnab240',
      conta: {
        banco: '748',
        agencia: '0165',
        posto: '02',
        conta: '00623',
        contaDv: '8',
        carteira: '1',
        convenio: '00623',
      },
      beneficiario: { nome: EMPRESA, documento: '74576177000177' },
      nsa: 0,
      geracao: { data: '2007-07-14', hora: '16:15:15' },
      itens: [
        item({
          nossoNumero: { numero: '07200003', dv: '1' },
          documento: '6969',
          valor: '50.00',
          vencimento: '2007-07-14',
          emissao: '2007-07-14',
          pagador: { ...PAGADOR, documento: '82136760505', uf: 'RJ' },
          juros: { tipo: 'valorDia', valor: '0' },
          baixa: { dias: 60 },
        }),
      ],
    },
    geracao: data240,
  },
];

/** Every run of differing positions, as "linha L, a–b: peer "…", nosso "…"" (1-based). */
function diferencas(peer: string[], nosso: string[], ignorar: Campo[] = []): string[] {
  const out: string[] = [];
  if (peer.length !== nosso.length) out.push(`linhas: peer ${peer.length}, nosso ${nosso.length}`);
  for (let l = 0; l < Math.min(peer.length, nosso.length); l++) {
    const a = peer[l]!;
    const b = nosso[l]!;
    if (a.length !== b.length) out.push(`linha ${l + 1}: peer ${a.length} posições, nosso ${b.length}`);
    let p = 0;
    while (p < Math.max(a.length, b.length)) {
      const ignorada = (x: number) => ignorar.some((c) => c.linha === l && x + 1 >= c.de && x + 1 <= c.ate);
      if (a[p] === b[p] || ignorada(p)) {
        p++;
        continue;
      }
      let q = p;
      while (q < Math.max(a.length, b.length) && a[q] !== b[q] && !ignorada(q)) q++;
      out.push(`linha ${l + 1}, ${p + 1}–${q}: peer "${a.slice(p, q)}", nosso "${b.slice(p, q)}"`);
      p = q;
    }
  }
  return out;
}

describe.skipIf(!presente)('remessa: the peer brcobranca’s files (../shared/fixtures/cnab/remessa)', () => {
  const peer = (arquivo: string) =>
    fs
      .readFileSync(`${DIR}brcobranca_remessa-${arquivo}.rem`, 'latin1')
      .split('\n')
      .filter((l: string) => l !== '');

  it.each(casos)('$arquivo: same bytes as the peer’s, given its inputs and frozen clock', (caso) => {
    const r = gerarRemessa(caso.entrada);
    expect(diferencas(peer(caso.arquivo), r.linhas)).toEqual(caso.diferencas ?? []);
    // CRLF after every record, exact line lengths
    const tamanho = caso.entrada.layout === 'cnab240' ? 240 : 400;
    expect(r.texto).toBe(r.linhas.map((l) => `${l}\r\n`).join(''));
    for (const l of r.linhas) expect(l).toHaveLength(tamanho);
  });

  it.each(casos)(
    '$arquivo: generated at another moment, only the generation date/time fields differ',
    (caso) => {
      const r = gerarRemessa({ ...caso.entrada, geracao: { data: '2026-11-29', hora: '01:02:03' } });
      const p = peer(caso.arquivo);
      expect(diferencas(p, r.linhas, caso.geracao)).toEqual(caso.diferencas ?? []);
      // and each listed field did change (so the list names the right positions)
      for (const c of caso.geracao)
        expect(r.linhas[c.linha]!.slice(c.de - 1, c.ate)).not.toBe(p[c.linha]!.slice(c.de - 1, c.ate));
    },
  );
});

describe('remessa: nosso número as the boleto rules compose it', () => {
  it('Banco do Brasil convênio 7, Sicredi and Santander 240: gerarBoleto gives the spec’s nosso número', () => {
    const bb = gerarBoleto(
      {
        banco: '001',
        agencia: '1234',
        agenciaDv: '3',
        conta: '12345',
        contaDv: '5',
        carteira: '12',
        convenio: '1234567',
      },
      { sequencial: 123, vencimento: DIA, valor: '199.90', emissao: DIA },
    );
    expect(bb.nossoNumero).toMatchObject({ numero: '12345670000000123', dv: '' });
    const sicredi = gerarBoleto(
      { banco: '748', agencia: '0165', posto: '02', carteira: '1', convenio: '00623' },
      { sequencial: 3, vencimento: '2007-07-14', valor: '50.00', emissao: '2007-07-14' },
    );
    expect(sicredi.nossoNumero).toMatchObject({ numero: '07200003', dv: '1' });
    const santander = gerarBoleto(
      { banco: '033', agencia: '0001', carteira: '101', convenio: '1234567' },
      { sequencial: 1_234_567, vencimento: DIA, valor: '199.90', emissao: DIA },
    );
    expect(santander.nossoNumero).toMatchObject({ numero: '000001234567', dv: '9' });
    // The Sicoob and Santander CNAB 400 specs pass arbitrary numbers with a DV of their own
    // (429715, 12-3): they go in as given, as a stored nosso número would.
  });
});

const base240 = casos.find((c) => c.arquivo === 'banco_brasil-cnab240')!.entrada;
const base400 = casos.find((c) => c.arquivo === 'bradesco-cnab400')!.entrada;

function erros(e: EntradaRemessa): string[] {
  try {
    gerarRemessa(e);
  } catch (err) {
    if (err instanceof ErroRemessa) return err.erros.map((x) => x.mensagem);
    throw err;
  }
  return [];
}

describe('remessa: instructions', () => {
  it('CNAB 240: an instruction is one segment P with its código de movimento; the trailer counts it', () => {
    const i0 = base240.itens[0]!;
    const r = gerarRemessa({
      ...base240,
      itens: [
        i0,
        { ...i0, instrucao: 'baixa' },
        { ...i0, instrucao: 'abatimento', abatimento: '24.35' },
        { ...i0, instrucao: 'alteracaoVencimento', vencimento: '2015-08-14' },
        { ...i0, instrucao: 'protesto', protesto: { dias: 5 } },
      ],
    });
    expect(r.linhas).toHaveLength(2 + 3 + 4 + 2);
    const ps = r.linhas.filter((l) => l[13] === 'P');
    expect(ps.map((l) => l.slice(15, 17))).toEqual(['01', '02', '04', '06', '09']);
    expect(ps[2]!.slice(180, 195)).toBe('000000000002435'); // abatimento 181–195
    expect(ps[3]!.slice(77, 85)).toBe('14082015'); // new vencimento 78–85
    expect(ps[4]!.slice(220, 223)).toBe('105'); // protestar, 5 days (221–223)
    expect(ps.map((l) => l.slice(8, 13))).toEqual(['00001', '00004', '00005', '00006', '00007']);
    expect(r.linhas.at(-2)!.slice(17, 23)).toBe('000009'); // registros do lote
    expect(r.linhas.at(-1)!.slice(23, 29)).toBe('000011'); // registros do arquivo
  });

  it('an alphanumeric document number is written as text, a numeric one zero-padded', () => {
    const i0 = base240.itens[0]!;
    const p = gerarRemessa({ ...base240, itens: [{ ...i0, documento: 'NF 123/1' }] }).linhas[2]!;
    expect(p.slice(62, 77)).toBe('NF 1231'.padEnd(15, ' '));
    expect(p.slice(195, 220)).toBe('NF 1231'.padStart(25, ' '));
    expect(erros({ ...base240, itens: [{ ...i0, documento: 'DOCUMENTO COM MAIS DE 15' }] })).toContain(
      'Boleto 1: Número do documento: DOCUMENTO COM MAIS DE 15 não cabe em 15 posições.',
    );
  });

  it('CNAB 240: more than two messages add a segment S', () => {
    const i0 = { ...base240.itens[0]!, mensagens: ['Linha 1', 'Linha 2', 'Não receber após 30 dias'] };
    const r = gerarRemessa({ ...base240, itens: [i0] });
    expect(r.linhas).toHaveLength(8);
    expect(r.linhas.slice(2, 6).map((l) => l[13])).toEqual(['P', 'Q', 'R', 'S']);
    const s = r.linhas[5]!;
    expect(s.slice(13, 18)).toBe('S 013');
    expect(s.slice(18, 58)).toBe('NAO RECEBER APOS 30 DIAS'.padEnd(40, ' '));
    expect(r.linhas[4]!.slice(99, 139)).toBe('LINHA 1'.padEnd(40, ' '));
  });

  it('CNAB 400: the ocorrência of each instruction (109–110) and the sequence', () => {
    const i0 = base400.itens[0]!;
    const r = gerarRemessa({
      ...base400,
      itens: (['entrada', 'baixa', 'abatimento', 'alteracaoVencimento', 'protesto'] as const).map(
        (instrucao) => ({ ...i0, instrucao }),
      ),
    });
    expect(r.linhas.slice(1, -1).map((l) => l.slice(108, 110))).toEqual(['01', '02', '04', '06', '09']);
    expect(r.linhas.map((l) => l.slice(394))).toEqual([
      '000001',
      '000002',
      '000003',
      '000004',
      '000005',
      '000006',
      '000007',
    ]);
  });

  it('Santander CNAB 400 trailer: records and total value', () => {
    const e = casos.find((c) => c.arquivo === 'santander-cnab400')!.entrada;
    const i0 = e.itens[0]!;
    const r = gerarRemessa({ ...e, itens: [i0, { ...i0, valor: '0.10' }] });
    expect(r.linhas.at(-1)!.slice(0, 20)).toBe('90000040000000020000');
  });

  it('Sicoob CNAB 240 trailer de lote totals the títulos', () => {
    const e = casos.find((c) => c.arquivo === 'bancoob-cnab240')!.entrada;
    const i0 = e.itens[0]!;
    const r = gerarRemessa({ ...e, itens: [i0, { ...i0, valor: '1234567.89' }] });
    expect(r.linhas.at(-2)!.slice(23, 46)).toBe('00000200000000123461789');
  });
});

describe('remessa: every optional field, every bank', () => {
  // What each CNAB 400 takes (see the README): juros in R$/day except Sicoob (% a month), multa
  // in % except Itaú (either) and BB (none here).
  const opcoes: Record<string, Partial<ItemRemessa>> = {
    'banco-brasil-cnab400': { juros: { tipo: 'valorDia', valor: '0.07' } },
    'itau-cnab400': { juros: { tipo: 'valorDia', valor: '0.07' }, multa: { tipo: 'valor', valor: '3.99' } },
    'bradesco-cnab400': {
      juros: { tipo: 'valorDia', valor: '0.07' },
      multa: { tipo: 'percentual', valor: '2' },
    },
    'santander-cnab400': {
      juros: { tipo: 'valorDia', valor: '0.07' },
      multa: { tipo: 'percentual', valor: '2' },
    },
    'sicoob-cnab400': {
      juros: { tipo: 'taxaMensal', valor: '1.5' },
      multa: { tipo: 'percentual', valor: '2' },
    },
  };
  it.each(casos)('$arquivo: exact lengths, sequences and the desconto/abatimento/IOF positions', (caso) => {
    const i0 = caso.entrada.itens[0]!;
    const rico: ItemRemessa = {
      ...i0,
      desconto: { valor: '1.00', data: '2015-07-10' },
      abatimento: '2.00',
      iof: '0.50',
      avalista: { nome: 'Avalista Comércio Ltda', documento: '11.222.333/0001-81' },
      protesto: { dias: 5 },
      baixa: { dias: 30 },
      juros: { tipo: 'taxaMensal', valor: '1' },
      multa: { tipo: 'percentual', valor: '2' },
      mensagens: caso.entrada.layout === 'cnab240' ? ['Um', 'Dois', 'Três'] : null,
      ...opcoes[caso.arquivo],
    };
    if (caso.arquivo === 'banco-brasil-cnab400') rico.multa = null;
    const r = gerarRemessa({ ...caso.entrada, itens: [rico, { ...rico, instrucao: 'baixa' }, rico] });
    if (caso.entrada.layout === 'cnab240') {
      for (const l of r.linhas) expect(l).toHaveLength(240);
      // 2 headers + (P, Q, R, S) + P + (P, Q, R, S) + 2 trailers
      expect(r.linhas).toHaveLength(2 + 4 + 1 + 4 + 2);
      const detalhes = r.linhas.slice(2, -2);
      expect(detalhes.map((l) => l[13]).join('')).toBe('PQRSPPQRS');
      expect(detalhes.map((l) => l.slice(8, 13))).toEqual(
        detalhes.map((_, k) => String(k + 1).padStart(5, '0')),
      );
      const p = detalhes[0]!;
      expect(p.slice(141, 165)).toBe('110072015000000000000100'); // desconto 142–165
      expect(p.slice(165, 195)).toBe('000000000000050000000000000200'); // IOF, abatimento
      expect(detalhes[1]!.slice(153, 169)).toBe('2011222333000181'); // avalista (Q 154–169)
      expect(r.linhas.at(-2)!.slice(17, 23)).toBe('000011');
      expect(r.linhas.at(-1)!.slice(23, 29)).toBe('000013');
    } else {
      for (const l of r.linhas) expect(l).toHaveLength(400);
      const porBoleto = caso.arquivo === 'itau-cnab400' ? 2 : 1;
      expect(r.linhas).toHaveLength(2 + porBoleto * 2 + 1);
      expect(r.linhas.map((l) => l.slice(394))).toEqual(
        r.linhas.map((_, k) => String(k + 1).padStart(6, '0')),
      );
      const d = r.linhas[1]!;
      expect(d.slice(173, 218)).toBe(`100715${'0000000000100'}${'0000000000050'}${'0000000000200'}`);
    }
  });
});

describe('remessa: refusals in pt-BR naming the field', () => {
  it('a pagador without CPF/CNPJ, a bad CEP and UF', () => {
    const i0 = base240.itens[0]!;
    expect(
      erros({ ...base240, itens: [{ ...i0, pagador: { ...PAGADOR, documento: '', cep: '1234', uf: 'S' } }] }),
    ).toEqual([
      'Boleto 1: CPF/CNPJ do pagador: CPF ou CNPJ obrigatório.',
      'Boleto 1: CEP do pagador: 8 dígitos (informado 1234).',
      'Boleto 1: UF do pagador: 2 letras (informado S).',
    ]);
    expect(erros({ ...base240, beneficiario: { nome: EMPRESA, documento: '123' } })).toEqual([
      'CPF/CNPJ do beneficiário: CPF (11 dígitos) ou CNPJ (14 caracteres) inválido: 123.',
    ]);
  });

  it('a value that does not fit its positions', () => {
    const i0 = base240.itens[0]!;
    expect(erros({ ...base240, itens: [{ ...i0, valor: '10000000000000.00' }] })).toEqual([
      'Boleto 1: Valor do título: 1000000000000000 não cabe em 15 posições.',
    ]);
    expect(erros({ ...base240, conta: { ...base240.conta, agencia: '123456' } })[0]).toBe(
      'Agência: 123456 não cabe em 5 posições.',
    );
    expect(erros({ ...base240, itens: [{ ...i0, valor: '10.005' }] })).toEqual([
      'Boleto 1: Valor do título: valor inválido 10.005 (use 1234.56).',
    ]);
    const s400 = casos.find((c) => c.arquivo === 'santander-cnab400')!.entrada;
    expect(
      erros({ ...s400, itens: [{ ...s400.itens[0]!, nossoNumero: { numero: '000012345678', dv: '1' } }] }),
    ).toEqual(['Boleto 1: Nosso número 000012345678: não cabe nas 7 posições do CNAB 400 do Santander.']);
    expect(erros({ ...base400, nsa: 12_345_678 })).toEqual([
      'Número sequencial do arquivo (NSA): 12345678 não cabe em 7 posições.',
    ]);
  });

  it('what a layout does not take', () => {
    const i0 = base400.itens[0]!;
    expect(erros({ ...base400, itens: [{ ...i0, multa: { tipo: 'valor', valor: '5.00' } }] })).toEqual([
      'Boleto 1: Multa: o CNAB 400 do Bradesco só aceita multa em %.',
    ]);
    expect(erros({ ...base400, itens: [{ ...i0, juros: { tipo: 'taxaMensal', valor: '1' } }] })).toEqual([
      'Boleto 1: Juros: o CNAB 400 do Bradesco só aceita juros em R$ por dia.',
    ]);
    expect(erros({ ...base400, layout: 'cnab240' })).toEqual([
      'Layout CNAB 240 não disponível para Bradesco (disponível: CNAB 400).',
    ]);
    expect(erros({ ...base400, conta: { ...base400.conta, banco: '999' } })).toEqual([
      'Banco 999 sem remessa de cobrança neste sistema.',
    ]);
    expect(erros({ ...base400, itens: [] })).toEqual(['Nenhum boleto ou instrução a enviar nesta remessa.']);
    expect(erros({ ...base400, conta: { ...base400.conta, contaDv: '' } })[0]).toBe(
      'Dígito da conta: obrigatório na remessa, um dígito (informado nada).',
    );
  });
});

describe('remessa: the alphanumeric CNPJ (July 2026)', () => {
  it('goes in the inscrição positions, right-aligned and zero-filled, tipo 2', () => {
    const i0 = base240.itens[0]!;
    const r = gerarRemessa({
      ...base240,
      itens: [{ ...i0, pagador: { ...PAGADOR, documento: '12.ABC.345/01DE-35' } }],
    });
    const q = r.linhas.find((l) => l[7] === '3' && l[13] === 'Q')!;
    expect(q.slice(17, 33)).toBe('2012ABC34501DE35');
  });
});
