// CNAB retorno (bank return files of boleto collection): CNAB 240 (FEBRABAN segments T/U) and
// CNAB 400 (Itaú 341, Bradesco 237 layouts; BB, Santander and Sicoob with their own few positions). Positions
// are 1-based as in the banks' manuals. Pure; never throws — a bad record is reported by line.
import {
  COMUM_VALORES_400,
  layout400,
  layoutT240,
  separarMotivos,
  U240,
} from '../../cobranca/retorno/layouts.ts';
import { type CabecalhoRetorno, cabecalhoRetorno } from '../../cobranca/retorno/retorno.ts';
import { Decimal } from '../../decimal.ts';
import { DINHEIRO_MAXIMO } from '../campos.ts';
import { estruturaCnab } from './cnab-validacao.ts';

export type CnabItem = {
  /** 1-based line of the detail record (segment T for CNAB 240). */
  linha: number;
  nossoNumero: string;
  ocorrencia: string;
  dataOcorrencia: string | null;
  vencimento: string | null;
  dataCredito: string | null;
  valorTitulo: string;
  /** What the bank reports as received (CNAB 240: U valor pago; CNAB 400: 254-266). */
  valorPago: string;
  juros: string;
  desconto: string;
  tarifa: string;
  documento: string | null;
  // Added for cobrança (issue 31); the fields above keep their meaning. Positions per bank in
  // cobranca/retorno/layouts.ts.
  /** The nosso número field as the bank fills it in its layout (CNAB 240 T 38–57, Santander 41–53;
   * CNAB 400: BB 64–80, Itaú 63–70, Bradesco 71–82, Santander 63–70, Sicoob 63–74), untrimmed.
   * `nossoNumeroDoRetorno(banco, nossoNumeroBanco, formato)` gives the digits our títulos store. */
  nossoNumeroBanco?: string;
  /** Motivo codes of the ocorrência (blanks and zeros left out): CNAB 240 T 214–223 (Santander
   * 209–218), five of 2; CNAB 400 Itaú 378–385, Bradesco 319–328, BB 87–88, Santander 137–145
   * (three of 3 digits); [] where the layout has none. */
  motivos?: string[];
  abatimento?: string;
  iof?: string;
  /** CNAB 240 U 108–122. */
  outrasDespesas?: string;
  /** CNAB 240 U 123–137; CNAB 400 280–292. */
  outrosCreditos?: string;
  /** CNAB 240 U 93–107 (valor líquido creditado). */
  valorLiquido?: string;
};

export type CnabResultado = {
  formato: 'cnab240' | 'cnab400' | null;
  banco: string | null;
  /** The account the file belongs to (see cobranca/retorno/retorno.ts); absent when unreadable. */
  cabecalho?: CabecalhoRetorno | null;
  itens: CnabItem[];
  erros: { linha: number; mensagem: string }[];
};

const campo = (l: string, de: number, ate: number) => l.slice(de - 1, ate);

function valor(l: string, de: number, ate: number): string | null {
  const s = campo(l, de, ate).trim();
  if (s === '') return '0.00';
  if (!/^\d+$/.test(s)) return null;
  const v = Decimal.of(s).dividedBy(100, 2);
  // CNAB 240 values have 15 digits: more than the money columns (numeric(14,2)) hold
  return v.gte(DINHEIRO_MAXIMO + 1) ? null : v.toFixed(2);
}

/** DDMMAA or DDMMAAAA → AAAA-MM-DD; zeros/blank → null; undefined when invalid. */
function data(l: string, de: number, ate: number): string | null | undefined {
  const s = campo(l, de, ate).trim();
  if (s === '' || /^0+$/.test(s)) return null;
  const m = /^(\d{2})(\d{2})(\d{2}|\d{4})$/.exec(s);
  if (!m) return undefined;
  const [, d, mes, a] = m as unknown as [string, string, string, string];
  const ano = a.length === 2 ? `20${a}` : a;
  const dt = new Date(Date.UTC(Number(ano), Number(mes) - 1, Number(d)));
  if (dt.getUTCMonth() !== Number(mes) - 1 || dt.getUTCDate() !== Number(d)) return undefined;
  return `${ano}-${mes}-${d}`;
}

function linhasDe(texto: string): string[] {
  const linhas = texto.split(/\r?\n/);
  while (linhas.length && linhas[linhas.length - 1]?.trim() === '') linhas.pop();
  return linhas;
}

const decodifica = (bytes: Uint8Array) => {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b); // latin-1: positions stay byte positions
  return s;
};

export function parseCnab(entrada: Uint8Array | string): CnabResultado {
  const texto = typeof entrada === 'string' ? entrada : decodifica(entrada);
  const linhas = linhasDe(texto);
  const primeira = linhas[0] ?? '';
  const erros: CnabResultado['erros'] = [];
  const itens: CnabItem[] = [];
  if (!primeira.startsWith('0') && primeira.slice(7, 8) !== '0') {
    return {
      formato: null,
      banco: null,
      itens,
      erros: [{ linha: 1, mensagem: 'Arquivo sem o registro header: não é um retorno CNAB.' }],
    };
  }
  // CNAB 240: record type at 8 ('0' file header); CNAB 400: '0' at 1 and "RETORNO" at 3-9.
  const e240 = primeira.slice(7, 8) === '0' && /^\d{3}0000/.test(primeira);
  const estrutura = estruturaCnab(linhas, e240 ? 'cnab240' : 'cnab400');
  if (estrutura) return { formato: null, banco: null, itens, erros: [estrutura] };
  const cabecalho = cabecalhoRetorno(linhas.map((l) => l.replace(/\r$/, '')));
  if (e240) {
    const banco = campo(primeira, 1, 3);
    const lt = layoutT240(banco);
    let t: { linha: number; l: string } | null = null;
    linhas.forEach((bruta, i) => {
      const l = bruta.padEnd(240, ' ');
      if (campo(l, 8, 8) !== '3') return;
      const seg = campo(l, 14, 14).toUpperCase();
      if (seg === 'T') t = { linha: i + 1, l };
      else if (seg === 'U') {
        if (!t) {
          erros.push({ linha: i + 1, mensagem: 'Segmento U sem o segmento T antes dele.' });
          return;
        }
        const T = t as { linha: number; l: string };
        const vals = {
          valorTitulo: valor(T.l, ...lt.valorTitulo),
          tarifa: valor(T.l, ...lt.tarifa),
          juros: valor(l, ...U240.juros),
          desconto: valor(l, ...U240.desconto),
          valorPago: valor(l, ...U240.valorPago),
          abatimento: valor(l, ...U240.abatimento),
          iof: valor(l, ...U240.iof),
          valorLiquido: valor(l, ...U240.valorLiquido),
          outrasDespesas: valor(l, ...U240.outrasDespesas),
          outrosCreditos: valor(l, ...U240.outrosCreditos),
        };
        const datas = {
          vencimento: data(T.l, ...lt.vencimento),
          dataOcorrencia: data(l, 138, 145),
          dataCredito: data(l, 146, 153),
        };
        const ruim =
          Object.entries(vals).find(([, v]) => v === null) ??
          Object.entries(datas).find(([, v]) => v === undefined);
        if (ruim) erros.push({ linha: i + 1, mensagem: `Campo inválido (${ruim[0]}): registro ignorado.` });
        else
          itens.push({
            linha: T.linha,
            nossoNumero: campo(T.l, 38, 57).trim(),
            ocorrencia: campo(T.l, 16, 17),
            documento: campo(T.l, ...lt.documento).trim() || null,
            vencimento: datas.vencimento ?? null,
            dataOcorrencia: datas.dataOcorrencia ?? null,
            dataCredito: datas.dataCredito ?? null,
            valorTitulo: vals.valorTitulo as string,
            valorPago: vals.valorPago as string,
            juros: vals.juros as string,
            desconto: vals.desconto as string,
            tarifa: vals.tarifa as string,
            nossoNumeroBanco: campo(T.l, ...lt.nossoNumero),
            motivos: separarMotivos(campo(T.l, ...lt.motivos), 2),
            abatimento: vals.abatimento as string,
            iof: vals.iof as string,
            outrasDespesas: vals.outrasDespesas as string,
            outrosCreditos: vals.outrosCreditos as string,
            valorLiquido: vals.valorLiquido as string,
          });
        t = null;
      }
    });
    return { formato: 'cnab240', banco, cabecalho, itens, erros };
  }
  const banco = campo(primeira, 77, 79);
  // nosso número: Bradesco 71-82 (with DV); Itaú 63-70; others the same as Itaú's common field.
  const nn = banco === '237' ? ([71, 82] as const) : ([63, 70] as const);
  // Per bank (cobranca/retorno/layouts.ts): Banco do Brasil's títulos are record 7 and, there and
  // at Sicoob, data de crédito 176–181 and tarifa 182–188.
  const l4 = layout400(banco);
  linhas.forEach((bruta, i) => {
    const l = bruta.padEnd(400, ' ');
    const tipo = campo(l, 1, 1);
    if (!l4.registros.includes(tipo)) return;
    const vals = {
      valorTitulo: valor(l, 153, 165),
      tarifa: valor(l, ...l4.tarifa),
      desconto: valor(l, 241, 253),
      valorPago: valor(l, 254, 266),
      juros: valor(l, 267, 279),
      abatimento: valor(l, ...COMUM_VALORES_400.abatimento),
      iof: valor(l, ...COMUM_VALORES_400.iof),
      outrosCreditos: valor(l, ...COMUM_VALORES_400.outrosCreditos),
    };
    const datas = {
      dataOcorrencia: data(l, 111, 116),
      vencimento: data(l, 147, 152),
      dataCredito: data(l, ...l4.dataCredito),
    };
    const ruim =
      Object.entries(vals).find(([, v]) => v === null) ??
      Object.entries(datas).find(([, v]) => v === undefined);
    if (ruim) {
      erros.push({ linha: i + 1, mensagem: `Campo inválido (${ruim[0]}): registro ignorado.` });
      return;
    }
    itens.push({
      linha: i + 1,
      nossoNumero: (tipo === '7' ? campo(l, 64, 80) : campo(l, nn[0], nn[1])).trim(),
      ocorrencia: campo(l, 109, 110),
      documento: campo(l, 117, 126).trim() || null,
      vencimento: datas.vencimento ?? null,
      dataOcorrencia: datas.dataOcorrencia ?? null,
      dataCredito: datas.dataCredito ?? null,
      valorTitulo: vals.valorTitulo as string,
      valorPago: vals.valorPago as string,
      juros: vals.juros as string,
      desconto: vals.desconto as string,
      tarifa: vals.tarifa as string,
      nossoNumeroBanco: campo(l, ...l4.nossoNumero),
      motivos: l4.motivos ? separarMotivos(campo(l, ...l4.motivos.posicao), l4.motivos.tamanho) : [],
      abatimento: vals.abatimento as string,
      iof: vals.iof as string,
      outrosCreditos: vals.outrosCreditos as string,
    });
  });
  return { formato: 'cnab400', banco, cabecalho, itens, erros };
}
