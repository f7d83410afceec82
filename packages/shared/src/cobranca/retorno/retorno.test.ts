import { describe, expect, it } from 'vitest';
import { parseCnab } from '../../financeiro/cnab/parse-cnab.ts';
import type { CarteiraCobranca } from '../banco.ts';
import { gerarBoleto } from '../boleto.ts';
import { ErroRemessa } from '../remessa/campos.ts';
import { gerarRemessa } from '../remessa/remessa.ts';
import type { ContaRemessa, ItemRemessa } from '../remessa/tipos.ts';
import { gerarRetornoDeRemessa } from './gerar-retorno.ts';
import { descreverMotivo, descreverMotivos } from './motivos.ts';
import { classificarOcorrencia } from './ocorrencias.ts';
import { cabecalhoRetorno, conferirContaDoRetorno, nossoNumeroDoRetorno } from './retorno.ts';

// The real return files of ../shared/fixtures/cnab (MANIFEST §4), read in place; skipped when absent.
// The shared package compiles without Node's types: the files are read through Node only here.
type Fs = { existsSync(p: string): boolean; readFileSync(p: string, codificacao: 'latin1'): string };
const fs = (await import(/* @vite-ignore */ `node:${'fs'}`)) as Fs;
const aqui = (import.meta as unknown as { url: string }).url.replace(/^file:\/\//, '').replace(/[^/]*$/, '');
const DIR = `${decodeURIComponent(aqui)}../../../../../../shared/fixtures/cnab/`;
const presente = fs.existsSync(DIR);
const ler = (f: string) => fs.readFileSync(DIR + f, 'latin1');

const PAGADOR = {
  nome: 'Mercearia São João Ltda',
  documento: '11.222.333/0001-81',
  endereco: 'Rua das Flores, 100',
  bairro: 'Centro',
  cep: '01310-100',
  cidade: 'São Paulo',
  uf: 'SP',
};

type CasoBanco = {
  nome: string;
  carteira: CarteiraCobranca;
  extra?: Partial<ContaRemessa>;
  opcoes?: { codigoBeneficiario?: string };
  /** The account as the retorno's header identifies it. */
  cabecalho: Record<string, string | null>;
  /** Another account of the same bank, and the message conferirContaDoRetorno gives for it. */
  outra: Partial<CarteiraCobranca>;
  mensagem: string;
};

const casos: CasoBanco[] = [
  {
    nome: 'Banco do Brasil',
    carteira: {
      banco: '001',
      agencia: '4042',
      agenciaDv: '8',
      conta: '61900',
      contaDv: '0',
      carteira: '18',
      variacao: '019',
      convenio: '1238798',
    },
    cabecalho: {
      agencia: '04042',
      agenciaDv: '8',
      conta: '000000061900',
      contaDv: '0',
      convenio: '001238798',
    },
    outra: { conta: '61901' },
    mensagem:
      'O retorno é do banco 001 (Banco do Brasil), agência 4042, conta 61900, convênio 1238798; a conta escolhida é do banco 001 (Banco do Brasil), agência 4042, conta 61901, convênio 1238798.',
  },
  {
    nome: 'Caixa',
    carteira: {
      banco: '104',
      agencia: '1825',
      agenciaDv: '1',
      conta: '0000528',
      carteira: '1',
      convenio: '245274',
    },
    extra: { versaoAplicativo: '1234' },
    cabecalho: { agencia: '01825', agenciaDv: '1', conta: null, contaDv: null, convenio: '245274' },
    outra: { convenio: '245275' },
    mensagem:
      'O retorno é do banco 104 (Caixa), agência 1825, código do beneficiário 245274; a conta escolhida é do banco 104 (Caixa), agência 1825, código do beneficiário 245275.',
  },
  {
    nome: 'Santander',
    carteira: {
      banco: '033',
      agencia: '0059',
      conta: '013000123',
      contaDv: '4',
      carteira: '102',
      convenio: '1899775',
    },
    extra: { codigoTransmissao: '005900001899775' },
    opcoes: { codigoBeneficiario: '1899775' },
    cabecalho: { agencia: '0059', agenciaDv: '0', conta: '013000123', contaDv: '4', convenio: '001899775' },
    outra: { agencia: '0060' },
    mensagem:
      'O retorno é do banco 033 (Santander), agência 59, conta 13000123, código do beneficiário 1899775; a conta escolhida é do banco 033 (Santander), agência 60, conta 13000123, código do beneficiário 1899775.',
  },
  {
    nome: 'Sicoob',
    carteira: {
      banco: '756',
      agencia: '4327',
      conta: '417270',
      contaDv: '3',
      carteira: '1',
      convenio: '229385',
    },
    cabecalho: { agencia: '04327', agenciaDv: '3', conta: '000000417270', contaDv: '3', convenio: null },
    outra: { conta: '417271' },
    mensagem:
      'O retorno é do banco 756 (Sicoob), agência 4327, conta 417270; a conta escolhida é do banco 756 (Sicoob), agência 4327, conta 417271.',
  },
  {
    nome: 'Sicredi',
    carteira: {
      banco: '748',
      agencia: '0710',
      posto: '65',
      conta: '61900',
      contaDv: '1',
      carteira: '1',
      convenio: '00129',
    },
    cabecalho: { agencia: '00710', agenciaDv: null, conta: '000000061900', contaDv: '1', convenio: null },
    outra: { agencia: '0711' },
    mensagem:
      'O retorno é do banco 748 (Sicredi), agência 710, conta 61900; a conta escolhida é do banco 748 (Sicredi), agência 711, conta 61900.',
  },
];

describe.each(casos)('CNAB 240 retorno generated from our own remessa: $nome', (caso) => {
  const boletos = [1, 2, 3].map((sequencial) =>
    gerarBoleto(caso.carteira, {
      sequencial,
      vencimento: '2026-03-10',
      valor: '1500.00',
      emissao: '2026-02-10',
    }),
  );
  const itens: ItemRemessa[] = boletos.map((b, i) => ({
    instrucao: 'entrada',
    nossoNumero: { numero: b.nossoNumero.numero, dv: b.nossoNumero.dv },
    documento: `450${i + 1}`,
    vencimento: '2026-03-10',
    valor: i === 2 ? '980.45' : '1500.00',
    emissao: '2026-02-10',
    pagador: PAGADOR,
  }));
  const remessa = gerarRemessa({
    layout: 'cnab240',
    conta: { ...caso.carteira, ...caso.extra },
    beneficiario: { nome: 'Distribuidora Exemplo Ltda', documento: '12.345.678/0001-95' },
    nsa: 7,
    geracao: { data: '2026-02-10', hora: '09:30:00' },
    itens,
  });
  const retorno = gerarRetornoDeRemessa(
    remessa.texto,
    [
      // liquidação with juros, multa, desconto and tarifa, matched by the nosso número with its DV
      {
        documentoOuNossoNumero: boletos[0]!.nossoNumero.numero + boletos[0]!.nossoNumero.dv,
        ocorrencia: '06',
        dataOcorrencia: '2026-03-12',
        dataCredito: '2026-03-13',
        valorPago: '1525.30',
        juros: '0.30',
        multa: '30.00',
        desconto: '5.00',
        tarifa: '2.35',
        motivos: ['04'],
      },
      // a rejection, matched by the documento
      {
        documentoOuNossoNumero: '4502',
        ocorrencia: '03',
        dataOcorrencia: '2026-02-11',
        motivos: ['08', '48'],
      },
      // entrada confirmada with its tarifa, matched by the nosso número without DV
      {
        documentoOuNossoNumero: boletos[2]!.nossoNumero.numero,
        ocorrencia: '02',
        dataOcorrencia: '2026-02-11',
        tarifa: '1.10',
      },
    ],
    { geracao: { data: '2026-03-13', hora: '06:00:00' }, nsa: 321, ...caso.opcoes },
  );

  it('every record has 240 positions and ends with CRLF', () => {
    expect(retorno.linhas).toHaveLength(2 + 3 * 2 + 2);
    expect(retorno.linhas.every((l) => l.length === 240)).toBe(true);
    expect(retorno.texto).toBe(retorno.linhas.map((l) => `${l}\r\n`).join(''));
  });

  it('parseCnab reads it back with the same values', () => {
    const r = parseCnab(retorno.texto);
    expect(r.erros).toEqual([]);
    expect([r.formato, r.banco]).toEqual(['cnab240', caso.carteira.banco]);
    expect(r.itens.map((i) => i.ocorrencia)).toEqual(['06', '03', '02']);
    expect(r.itens[0]).toMatchObject({
      vencimento: '2026-03-10',
      dataOcorrencia: '2026-03-12',
      dataCredito: '2026-03-13',
      valorTitulo: '1500.00',
      valorPago: '1525.30',
      juros: '30.30',
      desconto: '5.00',
      tarifa: '2.35',
      abatimento: '0.00',
      iof: '0.00',
      valorLiquido: '1522.95',
      motivos: ['04'],
    });
    expect(r.itens[1]).toMatchObject({ valorPago: '0.00', dataCredito: null, motivos: ['08', '48'] });
    expect(r.itens[2]).toMatchObject({
      valorTitulo: '980.45',
      tarifa: '1.10',
      valorLiquido: '0.00',
      motivos: [],
    });
    // numeric documentos are zero-padded by the banks that take digits there
    expect(r.itens.map((i) => i.documento?.replace(/^0+/, ''))).toEqual(['4501', '4502', '4503']);
  });

  it('the nosso número compares with the stored one', () => {
    const r = parseCnab(retorno.texto);
    expect(r.itens.map((i) => nossoNumeroDoRetorno(r.banco!, i.nossoNumeroBanco!, 'cnab240'))).toEqual(
      boletos.map((b) => b.nossoNumero.numero),
    );
  });

  it('the header identifies the account; another account is refused naming both', () => {
    const cab = parseCnab(retorno.texto).cabecalho!;
    expect(cab).toMatchObject({
      banco: caso.carteira.banco,
      formato: 'cnab240',
      dataGeracao: '2026-03-13',
      nsa: 321,
      inscricao: caso.carteira.banco === '033' ? '012345678000195' : '12345678000195',
      ...caso.cabecalho,
    });
    expect(conferirContaDoRetorno(cab, caso.carteira)).toBeNull();
    expect(conferirContaDoRetorno(cab, { ...caso.carteira, ...caso.outra })).toBe(caso.mensagem);
  });

  it('ocorrências and motivos in pt-BR', () => {
    const b = caso.carteira.banco;
    expect(classificarOcorrencia(b, 'cnab240', '06')).toEqual({
      tipo: 'liquidacao',
      descricao: 'Liquidação',
    });
    expect(classificarOcorrencia(b, 'cnab240', '03').tipo).toBe('entrada_rejeitada');
    expect(descreverMotivos(b, 'cnab240', '03', ['08', '48'])).toBe(
      '08 Nosso número inválido; 48 CEP inválido',
    );
  });
});

describe('gerarRetornoDeRemessa: bad input', () => {
  const carteira = casos[0]!.carteira;
  const b = gerarBoleto(carteira, {
    sequencial: 1,
    vencimento: '2026-03-10',
    valor: '10.00',
    emissao: '2026-02-10',
  });
  const remessa = gerarRemessa({
    layout: 'cnab240',
    conta: carteira,
    beneficiario: { nome: 'Distribuidora Exemplo Ltda', documento: '12345678000195' },
    nsa: 1,
    geracao: { data: '2026-02-10', hora: '09:30:00' },
    itens: [
      {
        instrucao: 'entrada',
        nossoNumero: { numero: b.nossoNumero.numero, dv: b.nossoNumero.dv },
        documento: '1',
        vencimento: '2026-03-10',
        valor: '10.00',
        emissao: '2026-02-10',
        pagador: PAGADOR,
      },
    ],
  });

  it('refuses a título not in the remessa, a bad value and another file, in pt-BR', () => {
    const erro = (() => {
      try {
        gerarRetornoDeRemessa(remessa.texto, [
          { documentoOuNossoNumero: '999', ocorrencia: '06', dataOcorrencia: '2026-03-10' },
          {
            documentoOuNossoNumero: '1',
            ocorrencia: '06',
            dataOcorrencia: '2026-03-10',
            valorPago: '10.001',
          },
        ]);
      } catch (e) {
        return e;
      }
    })();
    expect(erro).toBeInstanceOf(ErroRemessa);
    expect((erro as ErroRemessa).erros.map((e) => e.mensagem)).toEqual([
      'Evento 1: 999 não é documento nem nosso número de um boleto da remessa.',
      'Evento 2: valor pago: valor inválido 10.001 (use 1234.56).',
    ]);
    expect(() => gerarRetornoDeRemessa('0'.repeat(400), [])).toThrow(
      'A remessa não é um CNAB 240 (BB, Caixa, Santander, Sicoob, Sicredi) nem um CNAB 400 (Itaú, Bradesco) gerado por este sistema.',
    );
  });
});

describe('classificarOcorrencia', () => {
  it.each([
    ['001', 'cnab240', '02', 'entrada_confirmada', 'Entrada confirmada'],
    ['748', 'cnab240', '09', 'baixa', 'Baixa'],
    [
      '033',
      'cnab240',
      '14',
      'alteracao_confirmada',
      'Confirmação recebimento instrução alteração de vencimento',
    ],
    ['756', 'cnab240', '17', 'liquidacao', 'Liquidação após baixa ou liquidação título não registrado'],
    ['001', 'cnab240', '19', 'protesto', 'Confirmação recebimento instrução de protesto'],
    ['001', 'cnab240', '26', 'alteracao_rejeitada', 'Instrução rejeitada'],
    ['104', 'cnab240', '28', 'tarifa', 'Débito de tarifas/custas'],
    ['104', 'cnab240', '30', 'alteracao_rejeitada', 'Alteração de dados rejeitada'],
    ['104', 'cnab240', '46', 'liquidacao', 'Liquidação on-line'],
    ['001', 'cnab240', '46', 'outra', 'Ocorrência 46 desconhecida'],
    ['341', 'cnab400', '06', 'liquidacao', 'Liquidação normal'],
    ['341', 'cnab400', '08', 'liquidacao', 'Liquidação em cartório'],
    ['341', 'cnab400', '09', 'baixa', 'Baixa simples'],
    ['341', 'cnab400', '10', 'baixa', 'Baixa por ter sido liquidado'],
    ['341', 'cnab400', '03', 'entrada_rejeitada', 'Entrada rejeitada'],
    ['341', 'cnab400', '29', 'tarifa', 'Tarifa de manutenção de títulos vencidos'],
    ['237', 'cnab400', '02', 'entrada_confirmada', 'Entrada confirmada'],
    ['237', 'cnab400', '10', 'baixa', 'Baixado conforme instruções da agência'],
    ['237', 'cnab400', '15', 'liquidacao', 'Liquidação em cartório'],
    ['237', 'cnab400', '17', 'liquidacao', 'Liquidação após baixa ou título não registrado'],
    ['237', 'cnab400', '28', 'tarifa', 'Débito de tarifas/custas'],
    ['001', 'cnab400', '03', 'entrada_rejeitada', 'Comando recusado'],
    ['001', 'cnab400', '07', 'liquidacao', 'Liquidação por conta'],
    ['033', 'cnab400', '14', 'alteracao_confirmada', 'Prorrogação de vencimento'],
    ['756', 'cnab400', '15', 'liquidacao', 'Liquidação em cartório'],
    ['756', 'cnab400', '77', 'outra', 'Ocorrência 77 desconhecida'],
    ['104', 'cnab400', '06', 'outra', 'Ocorrência 06 desconhecida'],
  ] as const)('%s %s %s → %s', (banco, formato, codigo, tipo, descricao) => {
    expect(classificarOcorrencia(banco, formato, codigo)).toEqual({ tipo, descricao });
  });
});

describe('descreverMotivo', () => {
  it.each([
    ['001', 'cnab240', '03', '08', 'Nosso número inválido'],
    ['033', 'cnab240', '03', '09', 'Nosso número duplicado'],
    ['756', 'cnab240', '03', '10', 'Carteira inválida'],
    ['748', 'cnab240', '26', '16', 'Data de vencimento inválida'],
    ['001', 'cnab240', '30', '45', 'Nome do pagador não informado'],
    ['001', 'cnab240', '03', '46', 'Tipo/número de inscrição do pagador inválidos'],
    ['104', 'cnab240', '03', '11', 'Data de geração inválida'],
    ['001', 'cnab240', '03', '11', 'Forma de cadastramento do título inválida'],
    ['001', 'cnab240', '06', '04', 'Compensação eletrônica'],
    ['104', 'cnab240', '06', '02', 'Casa lotérica'],
    ['001', 'cnab240', '09', '10', 'Comandada cliente arquivo'],
    ['001', 'cnab240', '28', '02', 'Tarifa de manutenção de título vencido'],
    ['748', 'cnab240', '28', 'B3', 'Tarifa de registro de entrada do título'],
    ['001', 'cnab240', '02', 'A4', 'Pagador DDA'],
    ['341', 'cnab400', '03', '15', 'Nosso número em duplicidade no mesmo movimento'],
    ['237', 'cnab400', '03', '48', 'CEP inválido'],
    ['001', 'cnab400', '03', '63', 'DV do nosso número inválido'],
    ['033', 'cnab400', '03', '092', 'Nosso número já cadastrado'],
    ['341', 'cnab400', '06', '15', 'Motivo 15'],
    ['756', 'cnab400', '02', '01', 'Motivo 01'],
    ['001', 'cnab240', '03', 'ZZ', 'Motivo ZZ'],
  ] as const)('%s %s ocorrência %s motivo %s', (banco, formato, ocorrencia, codigo, texto) => {
    expect(descreverMotivo(banco, formato, ocorrencia, codigo)).toBe(texto);
  });
});

describe('nossoNumeroDoRetorno', () => {
  it.each([
    ['001', '14499570000020673   ', 'cnab240', '14499570000020673'],
    ['001', '12387980001X        ', 'cnab240', '12387980001'],
    ['001', '12380000001', 'cnab400', '12380000001'],
    ['104', '  240000000111369979', 'cnab240', '24000000011136997'],
    ['033', '0000012345679', 'cnab240', '000001234567'],
    ['033', '00000123', 'cnab400', '000000000012'],
    ['756', '0000429715010140    ', 'cnab240', '0042971'],
    ['756', '000000000123', 'cnab400', '0000012'],
    ['748', '072000031           ', 'cnab240', '07200003'],
    ['341', '00000011', 'cnab400', '00000011'],
    ['237', '51350000004P', 'cnab400', '51350000004'],
    ['237', '5135000000', 'cnab400', null],
  ] as const)('%s %j (%s) → %s', (banco, bruto, formato, esperado) => {
    expect(nossoNumeroDoRetorno(banco, bruto, formato)).toBe(esperado);
  });
});

describe('CNAB 400 written records: the banks that moved fields', () => {
  const em = (base: string, pos: number, v: string) =>
    base.slice(0, pos - 1) + v + base.slice(pos - 1 + v.length);
  const reg = (cs: Array<[number, string]>) => cs.reduce((l, [p, v]) => em(l, p, v), ' '.repeat(400));
  const trailer = reg([[1, '9']]);

  it('Banco do Brasil record 7: nosso número 64–80, motivo 87–88, crédito 176–181, tarifa 182–188', () => {
    const h = reg([
      [1, '02RETORNO01COBRANCA'],
      [27, '40428000619000'],
      [77, '001BANCODOBRASIL'],
      [95, '130326'],
      [101, '0000321'],
      [150, '1238798'],
    ]);
    const d = reg([
      [1, '7'],
      [64, '12387980000000001'],
      [87, '63'],
      [109, '03'],
      [111, '110226'],
      [153, '0000000150000'],
      [176, '1303260000235'],
      [254, '0000000000000'],
    ]);
    const r = parseCnab([h, d, trailer].join('\r\n'));
    expect(r.erros).toEqual([]);
    expect(r.itens[0]).toMatchObject({
      nossoNumero: '12387980000000001',
      nossoNumeroBanco: '12387980000000001',
      motivos: ['63'],
      dataCredito: '2026-03-13',
      tarifa: '2.35',
      valorTitulo: '1500.00',
    });
    expect(r.cabecalho).toEqual({
      banco: '001',
      formato: 'cnab400',
      inscricao: null,
      agencia: '4042',
      agenciaDv: '8',
      conta: '00061900',
      contaDv: '0',
      convenio: '1238798',
      dataGeracao: '2026-03-13',
      nsa: 321,
    });
    expect(conferirContaDoRetorno(r.cabecalho!, casos[0]!.carteira)).toBeNull();
  });

  it('Santander: three 3-digit error codes at 137–145; Sicoob: crédito 176–181, tarifa 182–188, nosso número 63–74', () => {
    const san = parseCnab(
      [
        reg([
          [1, '02RETORNO01COBRANCA'],
          [27, '0059'],
          [39, '13000123'],
          [77, '033SANTANDER'],
        ]),
        reg([
          [1, '1'],
          [63, '00000123'],
          [109, '03'],
          [137, '092057000'],
        ]),
        trailer,
      ].join('\n'),
    );
    expect(san.itens[0]).toMatchObject({ motivos: ['092', '057'], nossoNumeroBanco: '00000123' });
    expect(san.cabecalho).toMatchObject({ agencia: '0059', conta: null });
    const sic = parseCnab(
      [
        reg([
          [1, '02RETORNO01COBRANCA'],
          [27, '43273000229385'],
          [77, '756BANCOOBCED'],
        ]),
        reg([
          [1, '1'],
          [63, '000000012343'],
          [109, '06'],
          [176, '1303260000110'],
        ]),
        trailer,
      ].join('\n'),
    );
    expect(sic.itens[0]).toMatchObject({
      nossoNumeroBanco: '000000012343',
      dataCredito: '2026-03-13',
      tarifa: '1.10',
      motivos: [],
    });
    expect(nossoNumeroDoRetorno('756', sic.itens[0]!.nossoNumeroBanco!, 'cnab400')).toBe('0001234');
    expect(sic.cabecalho).toMatchObject({ agencia: '4327', agenciaDv: '3', convenio: null });
  });
});

describe.skipIf(!presente)('real retorno files (../shared/fixtures/cnab): header and motivos', () => {
  it.each([
    [
      'brcobranca_CNAB240.RET',
      {
        banco: '001',
        formato: 'cnab240',
        inscricao: '35643899000145',
        agencia: '01234',
        agenciaDv: '5',
        conta: '000000005432',
        contaDv: '1',
        convenio: '001999957',
        dataGeracao: '2011-12-29',
        nsa: 2108,
      },
    ],
    [
      'laravel-boleto_cnab240_caixa.ret',
      {
        banco: '104',
        formato: 'cnab240',
        inscricao: '09018380000199',
        agencia: '01234',
        agenciaDv: '2',
        conta: null,
        contaDv: null,
        convenio: '043210',
        dataGeracao: '2014-01-06',
        nsa: 1622,
      },
    ],
    [
      'brcobranca_CNAB400ITAU.RET',
      {
        banco: '341',
        formato: 'cnab400',
        inscricao: null,
        agencia: '0730',
        agenciaDv: null,
        conta: '03511',
        contaDv: '0',
        convenio: null,
        dataGeracao: '2013-05-20',
        nsa: 25,
      },
    ],
    [
      'brcobranca_CNAB400BRADESCO.RET',
      {
        banco: '237',
        formato: 'cnab400',
        inscricao: null,
        agencia: '01467',
        agenciaDv: null,
        conta: '0019669',
        contaDv: 'P',
        convenio: '00000000000004540691',
        dataGeracao: '2015-05-15',
        nsa: 405,
      },
    ],
  ])('%s', (f, cab) => {
    const texto = ler(f);
    expect(cabecalhoRetorno(texto.split(/\r?\n/))).toEqual(cab);
    expect(parseCnab(texto).cabecalho).toEqual(cab);
  });

  it('motivos, nosso número and extra values of the first records', () => {
    const bb = parseCnab(ler('brcobranca_CNAB240.RET')).itens[0]!;
    // brcobranca's retorno_cnab_240_spec: abatimento …002, iof …003, outras despesas …004,
    // outros recebimentos …005, motivo ['03']
    expect(bb).toMatchObject({
      motivos: ['03'],
      abatimento: '0.02',
      iof: '0.03',
      outrasDespesas: '0.04',
      outrosCreditos: '0.05',
      valorLiquido: '342.97',
    });
    expect(nossoNumeroDoRetorno('001', bb.nossoNumeroBanco!)).toBe('14499570000020673');
    const cef = parseCnab(ler('laravel-boleto_cnab240_caixa.ret')).itens[0]!;
    expect(cef.motivos).toEqual(['02', '01', '01']);
    expect(nossoNumeroDoRetorno('104', cef.nossoNumeroBanco!)).toBe('24000000011136997');
    const brad = parseCnab(ler('brcobranca_CNAB400BRADESCO.RET')).itens;
    expect(brad.map((i) => nossoNumeroDoRetorno('237', i.nossoNumeroBanco!, 'cnab400'))[1]).toBe(
      '51350000004',
    );
    expect(brad.every((i) => i.motivos?.length === 0)).toBe(true);
  });

  it('the Bradesco file is refused for another código da empresa', () => {
    const cab = parseCnab(ler('brcobranca_CNAB400BRADESCO.RET')).cabecalho!;
    expect(
      conferirContaDoRetorno(cab, {
        banco: '237',
        agencia: '1467',
        conta: '19669',
        contaDv: 'P',
        carteira: '09',
        convenio: '4540691',
      }),
    ).toBeNull();
    expect(
      conferirContaDoRetorno(cab, {
        banco: '237',
        agencia: '1172',
        conta: '0403005',
        carteira: '06',
        convenio: '4540691',
      }),
    ).toBe(
      'O retorno é do banco 237 (Bradesco), agência 1467, conta 19669, código da empresa 4540691; a conta escolhida é do banco 237 (Bradesco), agência 1172, conta 403005, código da empresa 4540691.',
    );
    expect(conferirContaDoRetorno(cab, { banco: '341', agencia: '1467', carteira: '109' })).toBe(
      'O retorno é do banco 237 (Bradesco), agência 1467, conta 19669, código da empresa 4540691; a conta escolhida é do banco 341 (Itaú), agência 1467, conta (em branco), código da empresa (em branco).',
    );
  });
});

describe.each([
  {
    nome: 'Itaú',
    carteira: { banco: '341', agencia: '0810', conta: '53678', contaDv: '9', carteira: '175' },
    cabecalho: { agencia: '0810', agenciaDv: null, conta: '53678', contaDv: '9', convenio: null },
    motivos: ['14', '15'],
  },
  {
    nome: 'Bradesco',
    carteira: {
      banco: '237',
      agencia: '1172',
      agenciaDv: 'P',
      conta: '0403005',
      contaDv: '2',
      carteira: '06',
      convenio: '4540691',
    },
    cabecalho: {
      agencia: '01172',
      agenciaDv: null,
      conta: '0403005',
      contaDv: '2',
      convenio: '00000000000004540691',
    },
    motivos: ['08', '48'],
  },
])('CNAB 400 retorno generated from our own remessa: $nome', (caso) => {
  const boletos = [1, 2].map((sequencial) =>
    gerarBoleto(caso.carteira, {
      sequencial,
      vencimento: '2026-03-10',
      valor: '1500.00',
      emissao: '2026-02-10',
    }),
  );
  const remessa = gerarRemessa({
    layout: 'cnab400',
    conta: caso.carteira,
    beneficiario: { nome: 'Distribuidora Exemplo Ltda', documento: '12.345.678/0001-95' },
    nsa: 7,
    geracao: { data: '2026-02-10', hora: '09:30:00' },
    itens: boletos.map((b, i) => ({
      instrucao: 'entrada',
      nossoNumero: { numero: b.nossoNumero.numero, dv: b.nossoNumero.dv },
      documento: `450${i + 1}`,
      numero: `450${i + 1}`,
      vencimento: '2026-03-10',
      valor: '1500.00',
      emissao: '2026-02-10',
      pagador: PAGADOR,
    })),
  });
  const retorno = gerarRetornoDeRemessa(
    remessa.texto,
    [
      {
        documentoOuNossoNumero: boletos[0]!.nossoNumero.numero + boletos[0]!.nossoNumero.dv,
        ocorrencia: '06',
        dataOcorrencia: '2026-03-12',
        dataCredito: '2026-03-13',
        valorPago: '1525.30',
        juros: '0.30',
        multa: '30.00',
        desconto: '5.00',
        tarifa: '2.35',
      },
      {
        documentoOuNossoNumero: '4502',
        ocorrencia: '03',
        dataOcorrencia: '2026-02-11',
        motivos: caso.motivos,
      },
    ],
    { geracao: { data: '2026-03-13', hora: '06:00:00' }, nsa: 321 },
  );

  it('400 positions, CRLF; parseCnab reads the same values, header and nosso número back', () => {
    expect(retorno.linhas.map((l) => l.length)).toEqual([400, 400, 400, 400]);
    expect(retorno.linhas.map((l) => l.slice(394))).toEqual(['000001', '000002', '000003', '000004']);
    const r = parseCnab(retorno.texto);
    expect(r.erros).toEqual([]);
    expect([r.formato, r.banco]).toEqual(['cnab400', caso.carteira.banco]);
    expect(r.itens[0]).toMatchObject({
      ocorrencia: '06',
      vencimento: '2026-03-10',
      dataOcorrencia: '2026-03-12',
      dataCredito: '2026-03-13',
      valorTitulo: '1500.00',
      valorPago: '1525.30',
      juros: '30.30',
      desconto: '5.00',
      tarifa: '2.35',
      motivos: [],
    });
    expect(r.itens[1]).toMatchObject({
      ocorrencia: '03',
      valorPago: '0.00',
      dataCredito: null,
      motivos: caso.motivos,
    });
    expect(r.itens.map((i) => i.documento?.replace(/^0+/, ''))).toEqual(['4501', '4502']);
    expect(r.itens.map((i) => nossoNumeroDoRetorno(r.banco!, i.nossoNumeroBanco!, 'cnab400'))).toEqual(
      boletos.map((b) => b.nossoNumero.numero),
    );
    expect(r.cabecalho).toMatchObject({
      banco: caso.carteira.banco,
      dataGeracao: '2026-03-13',
      nsa: 321,
      ...caso.cabecalho,
    });
    expect(conferirContaDoRetorno(r.cabecalho!, caso.carteira)).toBeNull();
    expect(conferirContaDoRetorno(r.cabecalho!, { ...caso.carteira, conta: '99999' })).toMatch(
      /; a conta escolhida é .*conta 99999/,
    );
    expect(descreverMotivos(r.banco!, 'cnab400', '03', r.itens[1]!.motivos!)).not.toMatch(/Motivo/);
  });
});

describe('gerarRetornoDeRemessa: which boleto an event names', () => {
  it('a key as stored names its boleto; without zeros, a number before a number with DV (0000100 vs 0000010-0)', () => {
    const item = (numero: string, dv: string) => ({
      instrucao: 'entrada' as const,
      nossoNumero: { numero, dv },
      documento: `D${numero}`,
      vencimento: '2026-12-10',
      valor: '100.00',
      emissao: '2026-11-29',
      pagador: {
        nome: 'Padaria Gama Ltda',
        documento: '11222333000181',
        endereco: 'Rua da Bahia, 50',
        cep: '30160011',
        cidade: 'Belo Horizonte',
        uf: 'MG',
      },
    });
    const rem = gerarRemessa({
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
      beneficiario: { nome: 'DISTRIBUIDORA', documento: '11222333000181' },
      nsa: 1,
      geracao: { data: '2026-11-29', hora: '10:00:00' },
      itens: [item('0000010', '0'), item('0000100', '5')],
    });
    const ret = gerarRetornoDeRemessa(rem.texto, [
      { documentoOuNossoNumero: '0000100', ocorrencia: '02', dataOcorrencia: '2026-11-30' },
      // written with its DV as stored: 0000010-0, not 0000100
      { documentoOuNossoNumero: '00000100', ocorrencia: '02', dataOcorrencia: '2026-11-30' },
    ]);
    const lidos = parseCnab(ret.texto).itens.map((i) => nossoNumeroDoRetorno('756', i.nossoNumeroBanco!));
    expect(lidos).toEqual(['0000100', '0000010']);
  });
});
