// CNAB 240 FEBRABAN remessa (cobrança, "layout de arquivo" v. 08x/10x): header de arquivo, one lote
// (header de lote, per boleto segments P, Q, R and — with more than two messages — S, trailer de lote),
// trailer de arquivo. The layout is common; each bank fills a few blocks its own way (how it
// identifies the account and the nosso número, its defaults, the reserved areas). Those blocks are
// the `Banco240` below, one object per bank; positions are 1-based in the comments.

import { restoModulo11 } from '../modulos.ts';
import {
  alfa,
  brancos,
  type Coletor,
  campoInscricao,
  data8,
  diaSeguinte,
  fixo,
  hora6,
  inscricao,
  num,
  numeroDocumento,
  registro,
  valor,
  zeros,
} from './campos.ts';
import { CODIGO_MOVIMENTO, type ContaRemessa, type EntradaRemessa, type ItemRemessa } from './tipos.ts';

type Ctx = { col: Coletor; e: EntradaRemessa; c: ContaRemessa };
type Totais = { titulos: number; valor: bigint };

/** The blocks a bank fills its own way. Each returns exactly the positions named. */
export interface Banco240 {
  codigo: string;
  nome: string;
  versaoArquivo: string;
  versaoLote: string;
  /** Header de arquivo 9–32: brancos, tipo and número de inscrição (FEBRABAN: 9 + 1 + 14). */
  inscricaoArquivo?(ctx: Ctx, tipo: string, doc: string): string;
  /** 33–52 and 53–72 of the header de arquivo. */
  convenio(ctx: Ctx): string;
  conta(ctx: Ctx): string;
  /** 152–157: the generation time, or blanks where the bank takes none. */
  comHora: boolean;
  densidade: string;
  /** 172–240: reservado banco (20), reservado empresa (20), FEBRABAN (29). */
  reservadosArquivo(ctx: Ctx): string;
  /** Header de lote 12–13. */
  loteReservado: string;
  /** Header de lote 34–53 and 54–73. */
  convenioLote(ctx: Ctx): string;
  contaLote(ctx: Ctx): string;
  /** Segment P 18–57: the account and the nosso número. */
  identificacaoP(ctx: Ctx, i: ItemRemessa): string;
  /** 58–62: carteira, forma de cadastramento, tipo de documento, emissão, distribuição. */
  carteiraP(ctx: Ctx): string;
  /** 63–77: número do documento. */
  numeroDocumento(ctx: Ctx, i: ItemRemessa): string;
  /** 101–106: agência cobradora + DV. */
  agenciaCobradora: string;
  especie: string;
  /** Juros code when there are none (FEBRABAN "3 isento"; Sicoob "0"). */
  semJuros: string;
  /** Desconto code when there is none. */
  semDesconto: string;
  /** 196–220: identificação do título na empresa. */
  usoEmpresa(ctx: Ctx, i: ItemRemessa): string;
  /** 224–240: baixa/devolução, moeda, contrato, reserved. */
  baixaP(ctx: Ctx, i: ItemRemessa): string;
  /** Segment Q 210–240. */
  caudaQ: string;
  /** Segment R 180–240. */
  caudaR: string;
  /** Trailer de lote 24–240. */
  trailerLote(ctx: Ctx, t: Totais): string;
  /** Trailer de arquivo 30–35 (quantidade de contas). */
  contasTrailer: string;
}

/** Módulo 11 base 9, 11 − resto, above 9 → 0: the agência DV Sicoob and Santander print. */
export function dvModulo11Agencia(digitos: string): string {
  const dv = 11 - restoModulo11(digitos);
  return dv > 9 ? '0' : String(dv);
}

function dv1(col: Coletor, rotulo: string, v: string | null | undefined, obrigatorio: boolean): string {
  const t = (v ?? '').trim().toUpperCase();
  if (t === '') {
    if (obrigatorio) col.erro(rotulo, `${rotulo}: obrigatório na remessa.`);
    return ' ';
  }
  if (!/^[0-9A-Z]$/.test(t)) {
    col.erro(rotulo, `${rotulo}: um dígito (informado ${t}).`);
    return ' ';
  }
  return t;
}

/** agência 5 + DV + conta 12 + DV + DV agência/conta (blank): FEBRABAN's account block. */
function contaFebraban(ctx: Ctx, agenciaDv: string): string {
  const { col, c } = ctx;
  return (
    num(col, 'Agência', c.agencia, 5) +
    agenciaDv +
    num(col, 'Conta', c.conta, 12) +
    dv1(col, 'Dígito da conta', c.contaDv, true) +
    ' '
  );
}

/** Nosso número with its DV, as stored. */
const nossoNumeroComDv = (i: ItemRemessa) => `${i.nossoNumero.numero}${i.nossoNumero.dv}`.trim();

/** 224–240: baixa (1 "baixar/devolver" + days, or the bank's code without one), moeda 09 (real),
 * contrato 10 zeros, 1 reserved. */
function semBaixaFebraban(ctx: Ctx, i: ItemRemessa, semBaixa: string): string {
  const baixa = i.baixa ? `1${num(ctx.col, 'Dias para baixa', i.baixa.dias, 3)}` : semBaixa;
  return `${baixa}09${zeros(10)} `;
}

const bancoDoBrasil: Banco240 = {
  codigo: '001',
  nome: 'BANCO DO BRASIL SA',
  versaoArquivo: '083',
  versaoLote: '042',
  // convênio 9 + "0014" (cobrança cedente) + carteira 2 + variação 3 + 2 reserved
  convenio: ({ col, c }) =>
    `${num(col, 'Convênio', c.convenio, 9)}0014${num(col, 'Carteira', c.carteira, 2)}${num(col, 'Variação da carteira', c.variacao, 3)}  `,
  conta: (ctx) => contaFebraban(ctx, dv1(ctx.col, 'Dígito da agência', ctx.c.agenciaDv, true)),
  comHora: true,
  densidade: '00000',
  reservadosArquivo: () => zeros(40) + brancos(29),
  loteReservado: '  ',
  convenioLote: (ctx) => bancoDoBrasil.convenio(ctx),
  contaLote: (ctx) => bancoDoBrasil.conta(ctx),
  identificacaoP: (ctx, i) =>
    bancoDoBrasil.conta(ctx) + fixo(ctx.col, 'Nosso número', nossoNumeroComDv(i), 20),
  // BB's manual (field C006): 1 for carteiras 11/12 (and the other simples), 7 for carteira 17
  // simples. Forma de cadastramento 1 (com cadastramento); tipo de documento blank; boleto issued
  // and sent by the beneficiário (0, 0).
  carteiraP: ({ c }) => `${(c.carteira ?? '').trim() === '17' ? '7' : '1'}1 00`,
  numeroDocumento: ({ col }, i) => numeroDocumento(col, 'Número do documento', i.documento, 15),
  agenciaCobradora: '00000 ',
  especie: '02',
  semJuros: '3',
  semDesconto: '0',
  usoEmpresa: ({ col }, i) => fixo(col, 'Número do documento', i.documento, 25, 'direita'),
  baixaP: (ctx, i) => semBaixaFebraban(ctx, i, '0000'),
  caudaQ: `000${brancos(28)}`,
  caudaR: `${brancos(20)}${zeros(8)}000${zeros(5)} ${zeros(12)}  0${brancos(9)}`,
  trailerLote: () => zeros(217),
  contasTrailer: brancos(6),
};

const caixa: Banco240 = {
  codigo: '104',
  nome: 'CAIXA ECONOMICA FEDERAL',
  versaoArquivo: '050',
  versaoLote: '030',
  convenio: () => zeros(20),
  // agência 5 + DV + código do beneficiário 6 + uso CAIXA (7 zeros) + "0"
  conta: ({ col, c }) =>
    `${num(col, 'Agência', c.agencia, 5)}${dv1(col, 'Dígito da agência', c.agenciaDv, true)}${num(col, 'Código do beneficiário', c.convenio, 6)}${zeros(8)}`,
  comHora: true,
  densidade: '00000',
  // reservado banco blank, reservado empresa "REMESSA-PRODUCAO", then the versão do aplicativo
  reservadosArquivo: ({ col, c }) =>
    `${brancos(20)}${'REMESSA-PRODUCAO'.padEnd(20, ' ')}${fixo(col, 'Versão do aplicativo', c.versaoAplicativo, 4)}${brancos(25)}`,
  loteReservado: '00',
  convenioLote: ({ col, c }) => `${num(col, 'Código do beneficiário', c.convenio, 6)}${zeros(14)}`,
  contaLote: (ctx) => caixa.conta(ctx),
  // agência 5 + DV + código 6 + 11 zeros + modalidade 2 ("14": registrada, emissão pelo
  // beneficiário — the nosso número's first two digits) + nosso número 15
  identificacaoP: ({ col, c }, i) => {
    const n = i.nossoNumero.numero.trim();
    if (!/^\d{17}$/.test(n)) col.erro('nossoNumero', `Nosso número da Caixa: 17 dígitos (informado ${n}).`);
    const nn = /^\d{17}$/.test(n) ? n : zeros(17);
    return `${num(col, 'Agência', c.agencia, 5)}${dv1(col, 'Dígito da agência', c.agenciaDv, true)}${num(col, 'Código do beneficiário', c.convenio, 6)}${zeros(11)}${nn}`;
  },
  // carteira 1 (simples), cadastramento 1, tipo de documento 2 (escritural), emissão 2 and
  // distribuição 0 (by the beneficiário)
  carteiraP: () => '11220',
  numeroDocumento: ({ col }, i) =>
    `${numeroDocumento(col, 'Número do documento', i.documento, 11)}${brancos(4)}`,
  agenciaCobradora: '000000',
  especie: '99',
  semJuros: '3',
  semDesconto: '0',
  usoEmpresa: ({ col }, i) => `${numeroDocumento(col, 'Número do documento', i.documento, 11)}${brancos(14)}`,
  baixaP: (ctx, i) => semBaixaFebraban(ctx, i, '2000'),
  caudaQ: `000${brancos(28)}`,
  caudaR: brancos(61),
  trailerLote: () => zeros(69) + brancos(148),
  contasTrailer: brancos(6),
};

const santander: Banco240 = {
  codigo: '033',
  nome: 'BANCO SANTANDER',
  versaoArquivo: '040',
  versaoLote: '030',
  // 9–16 blank, 17 tipo, 18–32 inscrição with 15 digits
  inscricaoArquivo: (_ctx, tipo, doc) => `${brancos(8)}${tipo}${campoInscricao(doc, 15)}`,
  convenio: ({ col, c }) => `${num(col, 'Código de transmissão', c.codigoTransmissao, 15)}${brancos(5)}`,
  conta: () => brancos(20),
  comHora: false,
  densidade: brancos(5),
  reservadosArquivo: () => brancos(69),
  loteReservado: '  ',
  convenioLote: () => brancos(20),
  contaLote: ({ col, c }) => `${num(col, 'Código de transmissão', c.codigoTransmissao, 15)}${brancos(5)}`,
  // agência 4 + DV, conta corrente 9 + DV, conta cobrança 9 + DV, 2 blank, nosso número 13 (12 + DV)
  identificacaoP: ({ col, c }, i) => {
    const agencia = num(col, 'Agência', c.agencia, 4);
    const agDv = (c.agenciaDv ?? '').trim()
      ? dv1(col, 'Dígito da agência', c.agenciaDv, true)
      : dvModulo11Agencia(agencia);
    const conta = `${num(col, 'Conta', c.conta, 9)}${dv1(col, 'Dígito da conta', c.contaDv, true)}`;
    return `${agencia}${agDv}${conta}${conta}  ${num(col, 'Nosso número', nossoNumeroComDv(i), 13)}`;
  },
  // carteira 1 (simples), cadastramento 1, tipo de documento 2, emissão and distribuição blank
  carteiraP: () => '112  ',
  numeroDocumento: ({ col }, i) => fixo(col, 'Número do documento', i.documento, 15),
  agenciaCobradora: '00000 ',
  especie: '02',
  semJuros: '3',
  semDesconto: '0',
  usoEmpresa: ({ col }, i) => fixo(col, 'Número do documento', i.documento, 25),
  // baixa code (1 baixar, 3 use the beneficiário's profile) + "0" + dias 2 + moeda "00" + 11 blank
  baixaP: ({ col }, i) =>
    `${i.baixa ? `10${num(col, 'Dias para baixa', i.baixa.dias, 2)}` : '3000'}00${brancos(11)}`,
  caudaQ: `000${zeros(9)}${brancos(19)}`,
  caudaR: brancos(61),
  trailerLote: () => brancos(217),
  contasTrailer: brancos(6),
};

const sicoob: Banco240 = {
  codigo: '756',
  nome: 'SICOOB',
  versaoArquivo: '081',
  versaoLote: '040',
  convenio: () => brancos(20),
  conta: (ctx) => {
    const ag = (ctx.c.agenciaDv ?? '').trim();
    return contaFebraban(
      ctx,
      ag
        ? dv1(ctx.col, 'Dígito da agência', ag, true)
        : dvModulo11Agencia(num(ctx.col, 'Agência', ctx.c.agencia, 4)),
    );
  },
  comHora: true,
  densidade: '00000',
  reservadosArquivo: () => brancos(69),
  loteReservado: '  ',
  convenioLote: () => brancos(20),
  contaLote: (ctx) => sicoob.conta(ctx),
  // nosso número 10 (7 + DV, zero-padded) + parcela "01" + modalidade 2 + tipo de formulário
  // "4" (A4 sem envelopamento) + 5 blank
  identificacaoP: (ctx, i) =>
    `${sicoob.conta(ctx)}${num(ctx.col, 'Nosso número', nossoNumeroComDv(i), 10)}01${num(ctx.col, 'Modalidade', ctx.c.variacao || '01', 2)}4${brancos(5)}`,
  // carteira 1 (simples), cadastramento 0, tipo de documento blank, emissão and distribuição 2
  // (by the beneficiário)
  carteiraP: () => '10 22',
  numeroDocumento: ({ col }, i) => numeroDocumento(col, 'Número do documento', i.documento, 15),
  agenciaCobradora: '00000 ',
  especie: '02',
  semJuros: '0',
  semDesconto: '0',
  usoEmpresa: ({ col }, i) => fixo(col, 'Número do documento', i.documento, 25, 'direita'),
  baixaP: (ctx, i) => semBaixaFebraban(ctx, i, '0   '),
  caudaQ: `000${brancos(28)}`,
  caudaR: bancoDoBrasil.caudaR,
  // títulos em cobrança simples (quantity 6, total 17) — the others (vinculada, caucionada,
  // descontada) zero — aviso 8 blank, 117 blank
  trailerLote: ({ col }, t) =>
    `${num(col, 'Quantidade de títulos', t.titulos, 6)}${num(col, 'Valor total', t.valor, 17)}${zeros(69)}${brancos(8)}${brancos(117)}`,
  contasTrailer: zeros(6),
};

const sicredi: Banco240 = {
  codigo: '748',
  nome: 'SICREDI',
  versaoArquivo: '081',
  versaoLote: '040',
  convenio: () => brancos(20),
  // Sicredi's agência (cooperativa) has no DV
  conta: (ctx) => contaFebraban(ctx, ' '),
  comHora: true,
  densidade: '01600',
  reservadosArquivo: () => brancos(69),
  loteReservado: '  ',
  convenioLote: () => brancos(20),
  contaLote: (ctx) => sicredi.conta(ctx),
  identificacaoP: (ctx, i) => sicredi.conta(ctx) + fixo(ctx.col, 'Nosso número', nossoNumeroComDv(i), 20),
  // carteira 1 (simples), cadastramento 1 (com registro), tipo de documento 1 (tradicional),
  // emissão and distribuição 2 (by the beneficiário)
  carteiraP: () => '11122',
  numeroDocumento: ({ col }, i) => numeroDocumento(col, 'Número do documento', i.documento, 15),
  agenciaCobradora: '00000 ',
  especie: '03',
  semJuros: '3',
  // Sicredi: "1 — valor fixo até a data informada", with zeros, is its "no discount"
  semDesconto: '1',
  usoEmpresa: ({ col }, i) => fixo(col, 'Número do documento', i.documento, 25, 'direita'),
  baixaP: (ctx, i) => semBaixaFebraban(ctx, i, '0000'),
  caudaQ: `000${brancos(28)}`,
  caudaR: bancoDoBrasil.caudaR,
  trailerLote: () => `${zeros(92)}${brancos(8)}${brancos(117)}`,
  contasTrailer: zeros(6),
};

export const BANCOS_240: Readonly<Record<string, Banco240>> = {
  '001': bancoDoBrasil,
  '104': caixa,
  '033': santander,
  '756': sicoob,
  '748': sicredi,
};

function cabecalho(
  b: Banco240,
  lote: string,
  tipo: string,
  seq: number,
  segmento: string,
  col: Coletor,
): string {
  return `${b.codigo}${lote}${tipo}${num(col, 'Registro do lote', seq, 5)}${segmento}`;
}

/** The whole CNAB 240 file's records (no line ends). */
export function registrosCnab240(b: Banco240, e: EntradaRemessa, col: Coletor): string[] {
  const ctx: Ctx = { col, e, c: e.conta };
  const ben = inscricao(col, 'CPF/CNPJ do beneficiário', e.beneficiario.documento);
  const data = data8(col, 'Data de geração', e.geracao.data);
  const hora = b.comHora ? hora6(col, 'Hora de geração', e.geracao.hora) : brancos(6);
  const nsa = num(col, 'Número sequencial do arquivo (NSA)', e.nsa, 6);
  const msgs = e.mensagens ?? [];

  const linhas: string[] = [];
  linhas.push(
    registro(
      [
        b.codigo,
        '0000',
        '0',
        b.inscricaoArquivo
          ? b.inscricaoArquivo(ctx, ben.tipo, ben.digitos)
          : `${brancos(9)}${ben.tipo}${campoInscricao(ben.digitos, 14)}`,
        b.convenio(ctx),
        b.conta(ctx),
        alfa(e.beneficiario.nome, 30),
        b.nome.padEnd(30, ' '),
        brancos(10),
        '1',
        data,
        hora,
        nsa,
        b.versaoArquivo,
        b.densidade,
        b.reservadosArquivo(ctx),
      ],
      240,
      'header de arquivo',
    ),
  );
  linhas.push(
    registro(
      [
        b.codigo,
        '0001',
        '1',
        'R',
        '01',
        b.loteReservado,
        b.versaoLote,
        ' ',
        ben.tipo,
        campoInscricao(ben.digitos, 15),
        b.convenioLote(ctx),
        b.contaLote(ctx),
        alfa(e.beneficiario.nome, 30),
        alfa(msgs[0], 40),
        alfa(msgs[1], 40),
        num(col, 'Número sequencial do arquivo (NSA)', e.nsa, 8),
        data,
        zeros(8),
        brancos(33),
      ],
      240,
      'header de lote',
    ),
  );

  let seq = 0;
  const totais: Totais = { titulos: 0, valor: 0n };
  e.itens.forEach((i, n) => {
    col.item = n + 1;
    const mov = CODIGO_MOVIMENTO[i.instrucao];
    if (!mov) {
      col.erro('instrucao', `Instrução desconhecida: ${String(i.instrucao)}.`);
      return;
    }
    const valorTitulo = valor(col, 'Valor do título', i.valor, 15);
    totais.titulos++;
    totais.valor += BigInt(valorTitulo);
    const juros = i.juros
      ? `${i.juros.tipo === 'valorDia' ? '1' : '2'}${data8(col, 'Data dos juros', i.juros.data ?? diaSeguinte(i.vencimento))}${valor(col, 'Juros', i.juros.valor, 15)}`
      : `${b.semJuros}${zeros(8)}${zeros(15)}`;
    const desconto = i.desconto
      ? `1${data8(col, 'Data do desconto', i.desconto.data)}${valor(col, 'Desconto', i.desconto.valor, 15)}`
      : `${b.semDesconto}${zeros(8)}${zeros(15)}`;
    const protesto = i.protesto ? `1${num(col, 'Dias para protesto', i.protesto.dias, 2)}` : '300';
    linhas.push(
      registro(
        [
          cabecalho(b, '0001', '3', ++seq, 'P', col),
          ' ',
          mov,
          b.identificacaoP(ctx, i),
          b.carteiraP(ctx),
          b.numeroDocumento(ctx, i),
          data8(col, 'Vencimento', i.vencimento),
          valorTitulo,
          b.agenciaCobradora,
          b.especie,
          'N',
          data8(col, 'Emissão', i.emissao),
          juros,
          desconto,
          valor(col, 'IOF', i.iof, 15),
          valor(col, 'Abatimento', i.abatimento, 15),
          b.usoEmpresa(ctx, i),
          protesto,
          b.baixaP(ctx, i),
        ],
        240,
        'segmento P',
      ),
    );
    // Instructions on a registered boleto carry only segment P (FEBRABAN: Q, R, S optional).
    if (i.instrucao !== 'entrada') return;
    const pag = inscricao(col, 'CPF/CNPJ do pagador', i.pagador.documento);
    const cep = (i.pagador.cep ?? '').replace(/\D/g, '');
    if (cep.length !== 8) col.erro('cep', `CEP do pagador: 8 dígitos (informado ${i.pagador.cep}).`);
    const uf = textoBanco2(i.pagador.uf);
    if (!/^[A-Z]{2}$/.test(uf)) col.erro('uf', `UF do pagador: 2 letras (informado ${i.pagador.uf}).`);
    const aval = i.avalista ? inscricao(col, 'CPF/CNPJ do sacador/avalista', i.avalista.documento) : null;
    linhas.push(
      registro(
        [
          cabecalho(b, '0001', '3', ++seq, 'Q', col),
          ' ',
          mov,
          pag.tipo,
          campoInscricao(pag.digitos, 15),
          alfa(i.pagador.nome, 40),
          alfa(i.pagador.endereco, 40),
          alfa(i.pagador.bairro, 15),
          cep.length === 8 ? cep : zeros(8),
          alfa(i.pagador.cidade, 15),
          /^[A-Z]{2}$/.test(uf) ? uf : '  ',
          aval ? aval.tipo : '0',
          campoInscricao(aval?.digitos ?? '', 15),
          alfa(i.avalista?.nome, 40),
          b.caudaQ,
        ],
        240,
        'segmento Q',
      ),
    );
    const mensagens = i.mensagens ?? [];
    const multa = i.multa
      ? `${i.multa.tipo === 'valor' ? '1' : '2'}${data8(col, 'Data da multa', i.multa.data ?? diaSeguinte(i.vencimento))}${valor(col, 'Multa', i.multa.valor, 15)}`
      : `0${zeros(8)}${zeros(15)}`;
    linhas.push(
      registro(
        [
          cabecalho(b, '0001', '3', ++seq, 'R', col),
          ' ',
          mov,
          `0${zeros(8)}${zeros(15)}`,
          `0${zeros(8)}${zeros(15)}`,
          multa,
          brancos(10),
          alfa(mensagens[0], 40),
          alfa(mensagens[1], 40),
          b.caudaR,
        ],
        240,
        'segmento R',
      ),
    );
    if (mensagens.length > 2) {
      if (mensagens.length > 7)
        col.erro('mensagens', 'Mensagens: no máximo 7 linhas por boleto no CNAB 240.');
      // Segment S, tipo de impressão 3: five more lines of 40.
      linhas.push(
        registro(
          [
            cabecalho(b, '0001', '3', ++seq, 'S', col),
            ' ',
            mov,
            '3',
            ...[2, 3, 4, 5, 6].map((k) => alfa(mensagens[k], 40)),
            brancos(22),
          ],
          240,
          'segmento S',
        ),
      );
    }
  });
  col.item = undefined;

  linhas.push(
    registro(
      [
        `${b.codigo}00015${brancos(9)}`,
        num(col, 'Quantidade de registros do lote', seq + 2, 6),
        b.trailerLote(ctx, totais),
      ],
      240,
      'trailer de lote',
    ),
  );
  linhas.push(
    registro(
      [
        `${b.codigo}99999${brancos(9)}`,
        '000001',
        num(col, 'Quantidade de registros do arquivo', linhas.length + 1, 6),
        b.contasTrailer,
        brancos(205),
      ],
      240,
      'trailer de arquivo',
    ),
  );
  return linhas;
}

function textoBanco2(uf: string | null | undefined): string {
  return (uf ?? '').trim().toUpperCase();
}
