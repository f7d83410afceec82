// The banks' own CNAB 400 remessas (cobrança): header (0), one detail record per boleto (1 or 7,
// Itaú adding a record 2 for the multa), trailer (9); 400 positions, the record's sequence in
// 395–400. Unlike CNAB 240 each bank laid its records out itself, so each has its own writer here;
// positions are 1-based in the comments.

import {
  alfa,
  brancos,
  type Coletor,
  campoInscricao,
  data6,
  data8,
  fixo,
  inscricao,
  num,
  numeroDocumento,
  registro,
  valor,
  zeros,
} from './campos.ts';
import { dvModulo11Agencia } from './cnab240.ts';
import { CODIGO_MOVIMENTO, type ContaRemessa, type EntradaRemessa, type ItemRemessa } from './tipos.ts';

type Ctx = { col: Coletor; e: EntradaRemessa; c: ContaRemessa };

export interface Banco400 {
  codigo: string;
  /** Header 27–46, the bank's identification of the account. */
  contaHeader(ctx: Ctx): string;
  /** Header 80–94. */
  nome: string;
  /** Header 101–394. */
  complementoHeader(ctx: Ctx): string;
  /** The detail record(s) of one boleto, without the sequence (394 positions each). */
  detalhes(ctx: Ctx, i: ItemRemessa, pag: Pagador): string[];
  /** Trailer 2–394. */
  trailer(ctx: Ctx, t: { registros: number; valor: bigint }): string;
}

type Pagador = {
  tipo: string;
  doc: string;
  cep: string;
  uf: string;
};

const CABECALHO = `01REMESSA01${'COBRANCA'.padEnd(15, ' ')}`;

function dvConta(col: Coletor, v: string | null | undefined): string {
  const t = (v ?? '').trim().toUpperCase();
  if (!/^[0-9A-Z]$/.test(t)) {
    col.erro('contaDv', `Dígito da conta: obrigatório na remessa, um dígito (informado ${t || 'nada'}).`);
    return '0';
  }
  return t;
}

function dvAgencia(col: Coletor, c: ContaRemessa, calcular: boolean): string {
  const t = (c.agenciaDv ?? '').trim().toUpperCase();
  if (t === '' && calcular) return dvModulo11Agencia(num(col, 'Agência', c.agencia, 4));
  if (!/^[0-9A-Z]$/.test(t)) {
    col.erro('agenciaDv', `Dígito da agência: obrigatório na remessa, um dígito (informado ${t || 'nada'}).`);
    return '0';
  }
  return t;
}

const ocorrencia = (i: ItemRemessa) => CODIGO_MOVIMENTO[i.instrucao];

/** Juros in R$ per day (13): the only form these layouts take. */
function jurosDia(col: Coletor, i: ItemRemessa, banco: string): string {
  if (!i.juros) return zeros(13);
  if (i.juros.tipo !== 'valorDia') {
    col.erro('juros', `Juros: o CNAB 400 ${banco} só aceita juros em R$ por dia.`);
    return zeros(13);
  }
  return valor(col, 'Juros', i.juros.valor, 13);
}

/** 174–218: desconto (data 6, valor 13), IOF 13, abatimento 13. */
function descontoIofAbatimento(col: Coletor, i: ItemRemessa): string {
  return (
    data6(col, 'Data do desconto', i.desconto?.data) +
    valor(col, 'Desconto', i.desconto?.valor, 13) +
    valor(col, 'IOF', i.iof, 13) +
    valor(col, 'Abatimento', i.abatimento, 13)
  );
}

/** 219–234: tipo de inscrição (01 CPF, 02 CNPJ) + 14 digits. */
const inscricaoPagador = (p: Pagador) => `0${p.tipo}${campoInscricao(p.doc, 14)}`;

function semMulta(col: Coletor, i: ItemRemessa, banco: string): void {
  if (i.multa)
    col.erro(
      'multa',
      `Multa: o CNAB 400 ${banco} leva a multa em outro registro, não gerado aqui; use o CNAB 240.`,
    );
}

function multaPercentual(col: Coletor, i: ItemRemessa, banco: string, codigo: string): string {
  if (!i.multa) return `0${zeros(4)}`;
  if (i.multa.tipo !== 'percentual') {
    col.erro('multa', `Multa: o CNAB 400 ${banco} só aceita multa em %.`);
    return `0${zeros(4)}`;
  }
  return `${codigo}${valor(col, 'Percentual de multa', i.multa.valor, 4)}`;
}

const bancoDoBrasil: Banco400 = {
  codigo: '001',
  // agência 4 + DV, conta 8 + DV, "000000"
  contaHeader: ({ col, c }) =>
    `${num(col, 'Agência', c.agencia, 4)}${dvAgencia(col, c, false)}${num(col, 'Conta', c.conta, 8)}${dvConta(col, c.contaDv)}000000`,
  nome: 'BANCODOBRASIL',
  // NSA 7, 22 blank, convênio líder 7, 258 blank
  complementoHeader: ({ col, e, c }) =>
    `${num(col, 'Número sequencial do arquivo (NSA)', e.nsa, 7)}${brancos(22)}${num(col, 'Convênio líder', c.convenioLider || c.convenio, 7)}${brancos(258)}`,
  // Record 7 (convênio of 7 digits, nosso número of 17).
  detalhes: ({ col, e, c }, i, pag) => {
    if ((c.convenio ?? '').trim().length !== 7)
      col.erro(
        'convenio',
        'Convênio: o CNAB 400 do Banco do Brasil aqui é o de convênio de 7 dígitos (registro 7).',
      );
    semMulta(col, i, 'do Banco do Brasil');
    const ben = inscricao(col, 'CPF/CNPJ do beneficiário', e.beneficiario.documento);
    return [
      [
        '7',
        `0${ben.tipo}`,
        campoInscricao(ben.digitos, 14),
        num(col, 'Agência', c.agencia, 4),
        dvAgencia(col, c, false),
        num(col, 'Conta', c.conta, 8),
        dvConta(col, c.contaDv),
        num(col, 'Convênio', c.convenio, 7),
        fixo(col, 'Número do documento', i.documento, 25),
        num(col, 'Nosso número', i.nossoNumero.numero, 17),
        '0000', // prestação, grupo de valor
        brancos(3),
        ' ', // indicativo de mensagem
        brancos(3), // prefixo do título
        num(col, 'Variação da carteira', c.variacao, 3),
        '0', // conta caução
        '000000', // borderô
        fixo(col, 'Tipo de cobrança', c.tipoCobranca, 5),
        num(col, 'Carteira', c.carteira, 2),
        ocorrencia(i),
        numeroDocumento(col, 'Seu número', i.numero, 10),
        data6(col, 'Vencimento', i.vencimento),
        valor(col, 'Valor do título', i.valor, 13),
        '001',
        '0000 ', // agência cobradora + DV
        '01', // espécie: duplicata mercantil
        'N',
        data6(col, 'Emissão', i.emissao),
        i.protesto ? '06' : '00', // 06: protestar em N dias (392–393)
        '00',
        jurosDia(col, i, 'do Banco do Brasil'),
        descontoIofAbatimento(col, i),
        inscricaoPagador(pag),
        alfa(i.pagador.nome, 37),
        brancos(3),
        alfa(i.pagador.endereco, 40),
        alfa(i.pagador.bairro, 12),
        pag.cep,
        alfa(i.pagador.cidade, 15),
        pag.uf,
        brancos(40),
        num(col, 'Dias para protesto', i.protesto?.dias, 2),
        ' ',
      ].join(''),
    ];
  },
  trailer: () => brancos(393),
};

/** Itaú's código da carteira (108): the manual's table — "I" for the usual carteiras. */
const CODIGO_CARTEIRA_ITAU: Record<string, string> = { '150': 'U', '191': '1', '147': 'E' };

const itau: Banco400 = {
  codigo: '341',
  // agência 4, "00", conta 5, DAC, 8 blank
  contaHeader: ({ col, c }) =>
    `${num(col, 'Agência', c.agencia, 4)}00${num(col, 'Conta', c.conta, 5)}${dvConta(col, c.contaDv)}${brancos(8)}`,
  nome: 'BANCO ITAU SA',
  complementoHeader: () => brancos(294),
  detalhes: ({ col, e, c }, i, pag) => {
    const ben = inscricao(col, 'CPF/CNPJ do beneficiário', e.beneficiario.documento);
    const carteira = num(col, 'Carteira', c.carteira, 3);
    const linhas = [
      [
        '1',
        `0${ben.tipo}`,
        campoInscricao(ben.digitos, 14),
        num(col, 'Agência', c.agencia, 4),
        '00',
        num(col, 'Conta', c.conta, 5),
        dvConta(col, c.contaDv),
        brancos(4),
        '0000', // instrução/alegação a cancelar
        fixo(col, 'Número do documento', i.documento, 25),
        num(col, 'Nosso número', i.nossoNumero.numero, 8),
        zeros(13), // quantidade de moeda variável
        carteira,
        brancos(21),
        CODIGO_CARTEIRA_ITAU[carteira] ?? 'I',
        ocorrencia(i),
        numeroDocumento(col, 'Seu número', i.numero, 10),
        data6(col, 'Vencimento', i.vencimento),
        valor(col, 'Valor do título', i.valor, 13),
        '341',
        '00000', // agência cobradora
        '01', // espécie: duplicata mercantil
        'N',
        data6(col, 'Emissão', i.emissao),
        i.protesto ? '09' : '00', // 09: protestar (prazo in 392–393)
        '00',
        jurosDia(col, i, 'do Itaú'),
        descontoIofAbatimento(col, i),
        inscricaoPagador(pag),
        alfa(i.pagador.nome, 30),
        brancos(10),
        alfa(i.pagador.endereco, 40),
        alfa(i.pagador.bairro, 12),
        pag.cep,
        alfa(i.pagador.cidade, 15),
        pag.uf,
        alfa(i.avalista?.nome, 30),
        brancos(4),
        zeros(6), // data de mora
        // prazo (days) of the instruction; without one the field is not read — "03" as the
        // peer project writes it
        i.protesto ? num(col, 'Dias para protesto', i.protesto.dias, 2) : '03',
        ' ',
      ].join(''),
    ];
    if (i.multa && i.instrucao === 'entrada')
      // Record 2 (optional): código da multa (1 valor, 2 percentual), from the date (default the
      // due date), value 13, 371 blank.
      linhas.push(
        `2${i.multa.tipo === 'valor' ? '1' : '2'}${data8(col, 'Data da multa', i.multa.data ?? i.vencimento)}${valor(col, 'Multa', i.multa.valor, 13)}${brancos(371)}`,
      );
    return linhas;
  },
  trailer: () => brancos(393),
};

const bradesco: Banco400 = {
  codigo: '237',
  contaHeader: ({ col, c }) => num(col, 'Código da empresa', c.convenio, 20),
  nome: 'BRADESCO',
  // 8 blank, "MX", NSA 7, 277 blank
  complementoHeader: ({ col, e }) =>
    `${brancos(8)}MX${num(col, 'Número sequencial do arquivo (NSA)', e.nsa, 7)}${brancos(277)}`,
  detalhes: ({ col, c }, i, pag) => {
    const carteira = num(col, 'Carteira', c.carteira, 3);
    return [
      [
        '1',
        zeros(5), // agência de débito automático
        '0',
        zeros(5),
        zeros(7),
        '0',
        // identificação da empresa: zero, carteira 3, agência 5, conta 7, DV
        '0',
        carteira,
        num(col, 'Agência', c.agencia, 5),
        num(col, 'Conta', c.conta, 7),
        dvConta(col, c.contaDv),
        fixo(col, 'Número do documento', i.documento, 25),
        '000', // banco do débito automático
        multaPercentual(col, i, 'do Bradesco', '2'),
        num(col, 'Nosso número', i.nossoNumero.numero, 11),
        fixo(col, 'Dígito do nosso número', i.nossoNumero.dv, 1),
        zeros(10), // desconto por dia
        '2', // boleto emitido pelo cliente
        'N', // sem débito automático
        brancos(10),
        ' ', // rateio
        '2', // sem aviso de débito
        brancos(2),
        ocorrencia(i),
        fixo(col, 'Seu número', i.numero, 10),
        data6(col, 'Vencimento', i.vencimento),
        valor(col, 'Valor do título', i.valor, 13),
        '000', // banco cobrador
        '00000', // agência depositária
        '01', // espécie: duplicata mercantil
        'N',
        data6(col, 'Emissão', i.emissao),
        i.protesto ? '06' : '00', // 06: protestar; the second instruction carries the days
        i.protesto ? num(col, 'Dias para protesto', i.protesto.dias, 2) : '00',
        jurosDia(col, i, 'do Bradesco'),
        descontoIofAbatimento(col, i),
        inscricaoPagador(pag),
        alfa(i.pagador.nome, 40),
        // one 40-position address: street (20), city (15) and UF
        `${alfa(i.pagador.endereco, 20)} ${alfa(i.pagador.cidade, 15)}${pag.uf}`.padEnd(40, ' '),
        brancos(12), // 1ª mensagem
        pag.cep,
        brancos(60), // sacador/avalista or 2ª mensagem
      ].join(''),
    ];
  },
  trailer: () => brancos(393),
};

/** Santander's código da carteira (108) for the carteiras of the boleto rules. */
const CODIGO_CARTEIRA_SANTANDER: Record<string, string> = { '101': '5', '102': '4', '104': '1', '201': '6' };

const santander: Banco400 = {
  codigo: '033',
  contaHeader: ({ col, c }) => num(col, 'Código de transmissão', c.codigoTransmissao, 20),
  nome: 'SANTANDER',
  // 16 zeros, 275 blank (messages), versão "058"
  complementoHeader: () => `${zeros(16)}${brancos(275)}058`,
  detalhes: ({ col, e, c }, i, pag) => {
    const ben = inscricao(col, 'CPF/CNPJ do beneficiário', e.beneficiario.documento);
    const carteira = num(col, 'Carteira', c.carteira, 3);
    const codigoCarteira = CODIGO_CARTEIRA_SANTANDER[carteira];
    if (!codigoCarteira)
      col.erro('carteira', `Carteira ${carteira}: o CNAB 400 do Santander aceita 101, 102, 104 e 201.`);
    // 8 positions: the last 7 of the nosso número + DV
    const nn = i.nossoNumero.numero.replace(/^0+/, '');
    if (nn.length > 7)
      col.erro(
        'nossoNumero',
        `Nosso número ${i.nossoNumero.numero}: não cabe nas 7 posições do CNAB 400 do Santander.`,
      );
    const conta = num(col, 'Conta', c.conta, 9);
    return [
      [
        '1',
        `0${ben.tipo}`,
        campoInscricao(ben.digitos, 14),
        num(col, 'Código de transmissão', c.codigoTransmissao, 20),
        fixo(col, 'Número do documento', i.documento, 25),
        nn.length > 7
          ? zeros(8)
          : `${nn.padStart(7, '0')}${fixo(col, 'Dígito do nosso número', i.nossoNumero.dv, 1)}`,
        zeros(6), // data do segundo desconto
        ' ',
        multaPercentual(col, i, 'do Santander', '4'),
        '00', // unidade de valor moeda corrente
        zeros(13), // valor do título em outra unidade
        brancos(4),
        data6(col, 'Data da multa', i.multa?.data),
        codigoCarteira ?? '0',
        ocorrencia(i),
        numeroDocumento(col, 'Seu número', i.numero, 10),
        data6(col, 'Vencimento', i.vencimento),
        valor(col, 'Valor do título', i.valor, 13),
        '033',
        '00000', // agência cobradora
        '01', // espécie: duplicata
        'N',
        data6(col, 'Emissão', i.emissao),
        i.protesto ? '06' : '00', // 06: protestar (days in 392–393)
        '00',
        jurosDia(col, i, 'do Santander'),
        descontoIofAbatimento(col, i),
        inscricaoPagador(pag),
        alfa(i.pagador.nome, 40),
        alfa(i.pagador.endereco, 40),
        alfa(i.pagador.bairro, 12),
        pag.cep,
        alfa(i.pagador.cidade, 15),
        pag.uf,
        alfa(i.avalista?.nome, 30),
        ' ',
        // complemento: "I" + the conta's last digit + its DV
        `I${conta.slice(-1)}${dvConta(col, c.contaDv)}`,
        brancos(6),
        num(col, 'Dias para protesto', i.protesto?.dias, 2),
        ' ',
      ].join(''),
    ];
  },
  // quantity of records 6, total value 13, 374 zeros
  trailer: ({ col }, t) =>
    `${num(col, 'Quantidade de registros', t.registros, 6)}${num(col, 'Valor total', t.valor, 13)}${zeros(374)}`,
};

const sicoob: Banco400 = {
  codigo: '756',
  // cooperativa 4 + DV, convênio (código do cliente) 9, 6 blank
  contaHeader: ({ col, c }) =>
    `${num(col, 'Agência', c.agencia, 4)}${dvAgencia(col, c, true)}${num(col, 'Convênio', c.convenio, 9)}${brancos(6)}`,
  nome: 'BANCOOBCED',
  complementoHeader: ({ col, e }) =>
    `${num(col, 'Número sequencial do arquivo (NSA)', e.nsa, 7)}${brancos(287)}`,
  detalhes: ({ col, e, c }, i, pag) => {
    const ben = inscricao(col, 'CPF/CNPJ do beneficiário', e.beneficiario.documento);
    let taxaMora = zeros(6);
    if (i.juros) {
      if (i.juros.tipo !== 'taxaMensal')
        col.erro('juros', 'Juros: o CNAB 400 do Sicoob só aceita juros em % ao mês.');
      else taxaMora = taxa(col, 'Juros (% ao mês)', i.juros.valor, 6);
    }
    let taxaMulta = zeros(6);
    if (i.multa) {
      if (i.multa.tipo !== 'percentual')
        col.erro('multa', 'Multa: o CNAB 400 do Sicoob só aceita multa em %.');
      else taxaMulta = taxa(col, 'Multa (%)', i.multa.valor, 6);
    }
    const agencia = num(col, 'Agência', c.agencia, 4);
    const dvAg = dvAgencia(col, c, true);
    return [
      [
        '1',
        `0${ben.tipo}`,
        campoInscricao(ben.digitos, 14),
        agencia,
        dvAg,
        num(col, 'Conta', c.conta, 8),
        dvConta(col, c.contaDv),
        zeros(6), // convênio de cobrança
        fixo(col, 'Número do documento', i.documento, 25),
        num(col, 'Nosso número', i.nossoNumero.numero, 11),
        fixo(col, 'Dígito do nosso número', i.nossoNumero.dv, 1),
        '01', // parcela
        '00', // grupo de valor
        brancos(7),
        '000', // variação
        '0', // conta caução
        '00000', // contrato de garantia
        '0',
        '000000', // borderô
        brancos(4),
        '2', // boleto emitido pelo beneficiário
        num(col, 'Carteira', c.carteira, 2),
        ocorrencia(i),
        numeroDocumento(col, 'Seu número', i.numero, 10),
        data6(col, 'Vencimento', i.vencimento),
        valor(col, 'Valor do título', i.valor, 13),
        '756',
        agencia,
        dvAg,
        '01', // espécie: duplicata mercantil
        '0', // sem aceite
        data6(col, 'Emissão', i.emissao),
        '00',
        '00',
        taxaMora,
        taxaMulta,
        '2', // distribuição pelo beneficiário
        descontoIofAbatimento(col, i),
        inscricaoPagador(pag),
        alfa(i.pagador.nome, 40),
        alfa(i.pagador.endereco, 37),
        alfa(i.pagador.bairro, 15),
        pag.cep,
        alfa(i.pagador.cidade, 15),
        pag.uf,
        brancos(40),
        num(col, 'Dias para protesto', i.protesto?.dias, 2),
        ' ',
      ].join(''),
    ];
  },
  trailer: () => zeros(393),
};

/** A percentage with 4 decimals ("2.5" → 025000 in 6 positions). */
function taxa(col: Coletor, rotulo: string, v: string, tamanho: number): string {
  const m = /^(\d+)(?:\.(\d{1,4}))?$/.exec(v.trim());
  if (!m) {
    col.erro(rotulo, `${rotulo}: valor inválido ${v} (até 4 casas decimais).`);
    return zeros(tamanho);
  }
  return num(col, rotulo, `${m[1]}${(m[2] ?? '').padEnd(4, '0')}`, tamanho);
}

export const BANCOS_400: Readonly<Record<string, Banco400>> = {
  '001': bancoDoBrasil,
  '341': itau,
  '237': bradesco,
  '033': santander,
  '756': sicoob,
};

export function registrosCnab400(b: Banco400, e: EntradaRemessa, col: Coletor): string[] {
  const ctx: Ctx = { col, e, c: e.conta };
  const seq = (n: number) => num(col, 'Sequencial do registro', n, 6);
  const linhas: string[] = [];
  linhas.push(
    registro(
      [
        CABECALHO,
        b.contaHeader(ctx),
        alfa(e.beneficiario.nome, 30),
        b.codigo,
        b.nome.padEnd(15, ' '),
        data6(col, 'Data de geração', e.geracao.data),
        b.complementoHeader(ctx),
        seq(1),
      ],
      400,
      'header',
    ),
  );
  let total = 0n;
  e.itens.forEach((i, n) => {
    col.item = n + 1;
    if (!CODIGO_MOVIMENTO[i.instrucao]) {
      col.erro('instrucao', `Instrução desconhecida: ${String(i.instrucao)}.`);
      return;
    }
    const doc = inscricao(col, 'CPF/CNPJ do pagador', i.pagador.documento);
    const cep = (i.pagador.cep ?? '').replace(/\D/g, '');
    if (cep.length !== 8) col.erro('cep', `CEP do pagador: 8 dígitos (informado ${i.pagador.cep}).`);
    const uf = (i.pagador.uf ?? '').trim().toUpperCase();
    if (!/^[A-Z]{2}$/.test(uf)) col.erro('uf', `UF do pagador: 2 letras (informado ${i.pagador.uf}).`);
    total += BigInt(valor(col, 'Valor do título', i.valor, 13));
    const pag: Pagador = {
      tipo: doc.tipo,
      doc: doc.digitos,
      cep: cep.length === 8 ? cep : zeros(8),
      uf: /^[A-Z]{2}$/.test(uf) ? uf : '  ',
    };
    for (const d of b.detalhes(ctx, i, pag))
      linhas.push(registro([d, seq(linhas.length + 1)], 400, 'detalhe'));
  });
  col.item = undefined;
  linhas.push(
    registro(
      ['9', b.trailer(ctx, { registros: linhas.length + 1, valor: total }), seq(linhas.length + 1)],
      400,
      'trailer',
    ),
  );
  return linhas;
}
