// OFX 1.x (SGML: unclosed leaf tags) and 2.x (XML) bank and credit-card statements, written here
// rather than taken from npm: the maintained parsers (ofx-js, node-ofx, ofx-data-extractor) take a
// decoded string (no charset detection), throw on the first bad value and lose the line number,
// and flatten SGML through an XML conversion that breaks on `<` / `&` in memos. This one reads the
// tag stream once, keeps line numbers, and reports a bad transaction while the rest imports.
import { DINHEIRO_MAXIMO } from '../campos.ts';
import { decodificaOfx, type OfxCharset } from './charset.ts';
import { caractereInvalidoOfx, estruturaOfx } from './ofx-validacao.ts';
import { dataOfx, valorOfx } from './valores.ts';

export type OfxTransacao = {
  tipo: string | null;
  data: string;
  hora: string | null;
  fuso: string | null;
  valor: string;
  fitid: string | null;
  documento: string | null;
  memo: string;
  nome: string | null;
  /** 1-based line of the <STMTTRN> in the file. */
  linha: number;
  /** 0-based position among the statement's transactions as written (dedupe without FITID). */
  posicao: number;
};

export type OfxSaldo = { valor: string; data: string | null };

export type OfxExtrato = {
  cartao: boolean;
  banco: string | null;
  agencia: string | null;
  conta: string | null;
  tipoConta: string | null;
  moeda: string | null;
  inicio: string | null;
  fim: string | null;
  saldo: OfxSaldo | null;
  disponivel: OfxSaldo | null;
  transacoes: OfxTransacao[];
};

export type OfxErro = { linha: number; mensagem: string };

export type OfxResultado = {
  versao: 1 | 2 | null;
  charset: OfxCharset;
  avisos: string[];
  erros: OfxErro[];
  extratos: OfxExtrato[];
};

const ENTIDADES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const desescapa = (s: string) =>
  s.replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const n = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
      // NUL, other controls, surrogates and beyond U+10FFFF stay as written (not storable as text)
      const valido =
        n === 9 || n === 10 || n === 13 || (n >= 0x20 && n <= 0x10ffff && (n < 0xd800 || n > 0xdfff));
      return valido && n !== 0x7f ? String.fromCodePoint(n) : m;
    }
    return ENTIDADES[e.toLowerCase()] ?? m;
  });

type TrnBruta = { linha: number; campos: Record<string, { valor: string; linha: number }> };

const novoExtrato = (cartao: boolean): OfxExtrato => ({
  cartao,
  banco: null,
  agencia: null,
  conta: null,
  tipoConta: null,
  moeda: null,
  inicio: null,
  fim: null,
  saldo: null,
  disponivel: null,
  transacoes: [],
});

/** An amount the money columns (numeric(14,2)) cannot hold. */
const foraDoLimite = (v: string) => v.replace('-', '').split('.')[0]!.length > String(DINHEIRO_MAXIMO).length;

/** Parses an OFX file from its bytes. Never throws: problems come back in `erros` with their line. */
export function parseOfx(bytes: Uint8Array): OfxResultado {
  const { texto, charset, aviso } = decodificaOfx(bytes);
  const avisos: string[] = aviso ? [aviso] : [];
  const erros: OfxErro[] = [];
  const extratos: OfxExtrato[] = [];
  const inicioOfx = texto.search(/<OFX>/i);
  if (inicioOfx < 0) {
    return {
      versao: null,
      charset,
      avisos,
      erros: [{ linha: 1, mensagem: 'Arquivo sem o elemento <OFX>: não é um extrato OFX.' }],
      extratos,
    };
  }
  const versao: 1 | 2 = /<\?OFX|<\?xml/i.test(texto.slice(0, inicioOfx)) ? 2 : 1;
  // A file cut short or carrying bytes no statement has is refused whole: nothing of it is imported.
  const recusa = caractereInvalidoOfx(texto) ?? estruturaOfx(texto, inicioOfx);
  if (recusa) return { versao, charset, avisos, erros: [recusa], extratos };

  // Line numbers: offsets of each newline, searched as the tag stream advances.
  let linha = 1;
  let pos = 0;
  const linhaEm = (offset: number) => {
    for (; pos < offset; pos++) if (texto.charCodeAt(pos) === 10) linha++;
    return linha;
  };

  let extrato: OfxExtrato | null = null;
  let trn: TrnBruta | null = null;
  let saldoCtx: 'LEDGERBAL' | 'AVAILBAL' | null = null;
  let saldoBruto: Record<string, string> = {};

  const fechaTrn = () => {
    if (!trn || !extrato) return;
    const c = trn.campos;
    const ref = (k: string) => c[k]?.linha ?? trn?.linha ?? 0;
    const valorBruto = c.TRNAMT?.valor;
    const valor = valorBruto === undefined ? null : valorOfx(valorBruto);
    const data = c.DTPOSTED ? dataOfx(c.DTPOSTED.valor) : null;
    if (valor !== null && foraDoLimite(valor)) {
      erros.push({
        linha: ref('TRNAMT'),
        mensagem: `Valor fora do limite "${(valorBruto ?? '').trim().slice(0, 40)}" (TRNAMT; máximo 999.999.999.999,99): lançamento ignorado.`,
      });
    } else if (valor === null) {
      erros.push({
        linha: ref('TRNAMT'),
        mensagem:
          valorBruto === undefined
            ? 'Lançamento sem valor (TRNAMT): ignorado.'
            : `Valor inválido "${valorBruto.trim()}" (TRNAMT): lançamento ignorado.`,
      });
    } else if (data === null) {
      erros.push({
        linha: ref('DTPOSTED'),
        mensagem: c.DTPOSTED
          ? `Data inválida "${c.DTPOSTED.valor.trim()}" (DTPOSTED): lançamento ignorado.`
          : 'Lançamento sem data (DTPOSTED): ignorado.',
      });
    } else {
      const memo = c.MEMO?.valor ?? c.NAME?.valor ?? '';
      extrato.transacoes.push({
        tipo: c.TRNTYPE?.valor || null,
        data: data.data,
        hora: data.hora,
        fuso: data.fuso,
        valor,
        fitid: c.FITID?.valor || null,
        documento: c.CHECKNUM?.valor || c.REFNUM?.valor || null,
        memo,
        nome: c.NAME?.valor || null,
        linha: trn.linha,
        posicao: extrato.transacoes.length,
      });
    }
    trn = null;
  };

  const fechaSaldo = () => {
    if (!extrato || !saldoCtx) return;
    const lido = saldoBruto.BALAMT === undefined ? null : valorOfx(saldoBruto.BALAMT);
    const v = lido !== null && foraDoLimite(lido) ? null : lido;
    if (v !== null) {
      const s = { valor: v, data: saldoBruto.DTASOF ? (dataOfx(saldoBruto.DTASOF)?.data ?? null) : null };
      if (saldoCtx === 'LEDGERBAL') extrato.saldo = s;
      else extrato.disponivel = s;
    } else if (saldoBruto.BALAMT !== undefined) {
      avisos.push(`Saldo ${saldoCtx} inválido "${saldoBruto.BALAMT.trim().slice(0, 40)}": ignorado.`);
    }
    saldoCtx = null;
    saldoBruto = {};
  };

  const fechaExtrato = () => {
    fechaTrn();
    fechaSaldo();
    if (extrato) extratos.push(extrato);
    extrato = null;
  };

  const re = /<(\/?)([A-Za-z0-9_.]+)\s*>([^<]*)/g;
  re.lastIndex = inicioOfx;
  for (let m = re.exec(texto); m; m = re.exec(texto)) {
    const fecha = m[1] === '/';
    const tag = (m[2] ?? '').toUpperCase();
    const bruto = m[3] ?? '';
    const valor = desescapa(bruto).trim();
    const ln = linhaEm(m.index);
    if (fecha) {
      if (tag === 'STMTTRN') fechaTrn();
      else if (tag === 'LEDGERBAL' || tag === 'AVAILBAL') fechaSaldo();
      else if (tag === 'STMTRS' || tag === 'CCSTMTRS') fechaExtrato();
      continue;
    }
    switch (tag) {
      case 'STMTRS':
      case 'CCSTMTRS':
        fechaExtrato();
        extrato = novoExtrato(tag === 'CCSTMTRS');
        continue;
      case 'STMTTRN':
        fechaTrn();
        if (extrato) trn = { linha: ln, campos: {} };
        continue;
      case 'LEDGERBAL':
      case 'AVAILBAL':
        fechaTrn();
        fechaSaldo();
        saldoCtx = tag;
        continue;
    }
    if (!extrato) continue;
    if (trn) {
      trn.campos[tag] = { valor, linha: ln };
      continue;
    }
    if (saldoCtx) {
      saldoBruto[tag] = valor;
      continue;
    }
    switch (tag) {
      case 'BANKID':
        extrato.banco = valor || null;
        break;
      case 'BRANCHID':
        extrato.agencia = valor || null;
        break;
      case 'ACCTID':
        extrato.conta = valor || null;
        break;
      case 'ACCTTYPE':
        extrato.tipoConta = valor || null;
        break;
      case 'CURDEF':
        extrato.moeda = valor || null;
        break;
      case 'DTSTART':
        extrato.inicio = dataOfx(valor)?.data ?? null;
        break;
      case 'DTEND':
        extrato.fim = dataOfx(valor)?.data ?? null;
        break;
    }
  }
  fechaExtrato();
  if (extratos.length === 0 && erros.length === 0) {
    erros.push({ linha: 1, mensagem: 'Nenhum extrato (STMTRS ou CCSTMTRS) encontrado no arquivo.' });
  }
  return { versao, charset, avisos, erros, extratos };
}
