// gerarRetornoDeRemessa: the CNAB 240 retorno a bank would send for one of OUR CNAB 240 remessas
// (as gerarRemessa writes them) — header de arquivo, header de lote, segments T + U per event,
// trailers; CRLF, 240 positions — echoing the bank, the account and the nosso número the way each
// bank fills its retorno. For tests and demo data: parseCnab reads it back with the same values.
// Layout: FEBRABAN CNAB 240 retorno (T/U), with Caixa's and Santander's own segment T blocks
// (see layouts.ts and retorno.ts for the positions and their sources).

import type { CarteiraNormalizada } from '../banco.ts';
import { dvModulo11Caixa } from '../bancos/caixa.ts';
import { itau as itauRegras } from '../bancos/itau.ts';
import { brancos, Coletor, data6, data8, hora6, num, registro, valor, zeros } from '../remessa/campos.ts';

export type EventoRetorno = {
  /** The título's número do documento (as in the remessa) or its nosso número (with or without DV). */
  documentoOuNossoNumero: string;
  /** The bank's code of movimento retorno (FEBRABAN: 02 entrada confirmada, 06 liquidação…). */
  ocorrencia: string;
  /** 'YYYY-MM-DD'. */
  dataOcorrencia: string;
  dataCredito?: string;
  /** Decimal strings, 2 places at most. */
  valorPago?: string;
  juros?: string;
  /** Written with the juros (segment U 18–32 is "juros/multa/encargos"). */
  multa?: string;
  desconto?: string;
  abatimento?: string;
  tarifa?: string;
  /** Up to five codes of 2 characters (segment T motivos). */
  motivos?: string[];
};

export type OpcoesRetorno = {
  /** Generation moment of the retorno (default: the remessa's). */
  geracao?: { data: string; hora: string };
  /** NSA of the retorno (default: the remessa's). */
  nsa?: number;
  /** Santander: the código do beneficiário its retorno header carries (not in the remessa). */
  codigoBeneficiario?: string;
};

const BANCOS = new Set(['001', '104', '033', '756', '748']);
const BANCOS_400 = new Set(['341', '237']);
const campo = (l: string, de: number, ate: number) => l.slice(de - 1, ate);

type Titulo = {
  p: string;
  q: string | null;
  /** The stored nosso número (no DV) and with its DV, for matching. */
  numero: string;
  comDv: string;
  documento: string;
};

/** The nosso número of one of our segment P records: stored number and number + DV. */
function nossoNumeroDoP(banco: string, p: string): { numero: string; comDv: string } {
  switch (banco) {
    case '104': {
      const n = campo(p, 41, 57);
      return { numero: n, comDv: n + dvModulo11Caixa(n) };
    }
    case '033': {
      const n = campo(p, 45, 57);
      return { numero: n.slice(0, 12), comDv: n };
    }
    case '756': {
      const n = campo(p, 38, 47);
      return { numero: n.slice(2, 9), comDv: n.slice(2, 10) };
    }
    case '748': {
      const n = campo(p, 38, 57).trim();
      return { numero: n.slice(0, 8), comDv: n };
    }
    default: {
      const n = campo(p, 38, 57).trim();
      return { numero: n.length === 17 ? n : n.slice(0, 11), comDv: n };
    }
  }
}

const semZeros = (s: string) =>
  s
    .trim()
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '')
    .replace(/^0+(?=.)/, '');

type Lido<T> = {
  t: T;
  ocorrencia: string;
  motivos: string[];
  /** Cents. */
  pago: bigint;
  tarifa: bigint;
  jurosMulta: bigint;
};

type Indice<T> = Map<string, T>[];
const indices = new WeakMap<readonly object[], Indice<unknown>>();

/** The remessa's boletos by number, number with DV and documento — first as written, then without
 * zeros on the left — built once per remessa. A key is looked up in that order: written as stored
 * ("0000100", "00000100" with its DV) it names exactly one boleto; only a key with its zeros dropped
 * ("100") is ambiguous, and is then a number before a number with DV before a documento. */
function indice<T extends { numero: string; comDv: string; documento: string }>(titulos: readonly T[]) {
  let m = indices.get(titulos) as Indice<T> | undefined;
  if (!m) {
    const campos = ['numero', 'comDv', 'documento'] as const;
    m = [...campos.map(() => new Map<string, T>()), ...campos.map(() => new Map<string, T>())];
    for (const x of titulos)
      campos.forEach((campo, n) => {
        for (const [mapa, k] of [
          [m![n]!, x[campo].trim()],
          [m![n + campos.length]!, semZeros(x[campo])],
        ] as const)
          if (k !== '' && !mapa.has(k)) mapa.set(k, x);
      });
    indices.set(titulos, m);
  }
  return m;
}

/** The título an event names and its checked values (errors collected in `col`). */
function lerEvento<T extends { numero: string; comDv: string; documento: string }>(
  col: Coletor,
  titulos: readonly T[],
  ev: EventoRetorno,
  n: number,
  maxMotivos: number,
): Lido<T> | null {
  const rot = `Evento ${n + 1}`;
  const escrita = (ev.documentoOuNossoNumero ?? '').trim();
  const chave = semZeros(escrita);
  const ix = indice(titulos);
  const t =
    chave === ''
      ? undefined
      : (ix
          .slice(0, 3)
          .find((m) => m.has(escrita))
          ?.get(escrita) ??
        ix
          .slice(3)
          .find((m) => m.has(chave))
          ?.get(chave));
  if (!t) {
    col.erro(
      'documentoOuNossoNumero',
      `${rot}: ${ev.documentoOuNossoNumero} não é documento nem nosso número de um boleto da remessa.`,
    );
    return null;
  }
  const ocorrencia = /^[0-9A-Z]{2}$/.test(ev.ocorrencia ?? '') ? ev.ocorrencia : '00';
  if (ocorrencia !== ev.ocorrencia)
    col.erro('ocorrencia', `${rot}: ocorrência ${ev.ocorrencia}: dois caracteres.`);
  const motivos = ev.motivos ?? [];
  if (motivos.length > maxMotivos || motivos.some((m) => !/^[0-9A-Z]{2}$/.test(m)))
    col.erro('motivos', `${rot}: até ${maxMotivos === 5 ? 'cinco' : 'quatro'} motivos de dois caracteres.`);
  const cent = (rotulo: string, v: string | undefined) => BigInt(valor(col, `${rot}: ${rotulo}`, v, 15));
  return {
    t,
    ocorrencia,
    motivos: motivos.slice(0, maxMotivos),
    pago: cent('valor pago', ev.valorPago),
    tarifa: cent('tarifa', ev.tarifa),
    jurosMulta: cent('juros', ev.juros) + cent('multa', ev.multa),
  };
}

/** Throws ErroRemessa (pt-BR, each naming its field) when the remessa or an event cannot be used.
 * A CNAB 240 remessa (BB, Caixa, Santander, Sicoob, Sicredi) gives a CNAB 240 retorno; a CNAB 400
 * remessa of Itaú or Bradesco gives that bank's CNAB 400 retorno. */
export function gerarRetornoDeRemessa(
  remessaTexto: string,
  eventos: readonly EventoRetorno[],
  opcoes: OpcoesRetorno = {},
): { texto: string; linhas: string[] } {
  const col = new Coletor();
  const linhasRemessa = remessaTexto.split(/\r?\n/).filter((l) => l.trim() !== '');
  const h = linhasRemessa[0] ?? '';
  const e240 =
    h.length === 240 && campo(h, 8, 8) === '0' && campo(h, 143, 143) === '1' && BANCOS.has(campo(h, 1, 3));
  const e400 = h.length === 400 && h.startsWith('01REMESSA') && BANCOS_400.has(campo(h, 77, 79));
  if (!e240 && !e400) {
    col.erro(
      'remessa',
      'A remessa não é um CNAB 240 (BB, Caixa, Santander, Sicoob, Sicredi) nem um CNAB 400 (Itaú, Bradesco) gerado por este sistema.',
    );
    col.falhar();
  }
  const linhas = e240
    ? retorno240(col, linhasRemessa, eventos, opcoes)
    : retorno400(col, linhasRemessa, eventos, opcoes);
  col.falhar();
  return { linhas, texto: linhas.map((l) => `${l}\r\n`).join('') };
}

function retorno240(
  col: Coletor,
  linhasRemessa: readonly string[],
  eventos: readonly EventoRetorno[],
  opcoes: OpcoesRetorno,
): string[] {
  const h = linhasRemessa[0] ?? '';
  const banco = campo(h, 1, 3);
  const hl = linhasRemessa[1] ?? '';
  const titulos: Titulo[] = [];
  for (const l of linhasRemessa) {
    if (campo(l, 8, 8) !== '3') continue;
    const seg = campo(l, 14, 14);
    if (seg === 'P') {
      const nn = nossoNumeroDoP(banco, l);
      titulos.push({ p: l, q: null, ...nn, documento: campo(l, 63, 77).trim() });
    } else if (seg === 'Q' && titulos.length) titulos[titulos.length - 1]!.q = l;
  }

  const santander = banco === '033';
  const geracao = opcoes.geracao ?? {
    data: `${campo(h, 148, 151)}-${campo(h, 146, 147)}-${campo(h, 144, 145)}`,
    hora: /^\d{6}$/.test(campo(h, 152, 157))
      ? `${campo(h, 152, 153)}:${campo(h, 154, 155)}:${campo(h, 156, 157)}`
      : '00:00:00',
  };
  const data = data8(col, 'Data de geração', geracao.data);
  const hora = hora6(col, 'Hora de geração', geracao.hora);
  const nsa = opcoes.nsa ?? Number(campo(h, 158, 163));
  const p0 = titulos[0]?.p ?? '';
  // Santander's retorno identifies the account by agência + conta (segment P 18–32 of the remessa)
  // and the código do beneficiário; the others echo the remessa's header block (33–72).
  const contaSantander = () => {
    const codigo = num(col, 'Código do beneficiário', opcoes.codigoBeneficiario, 9);
    return `${campo(p0, 18, 21)}${campo(p0, 22, 22)}${campo(p0, 23, 31)}${campo(p0, 32, 32)}${brancos(5)}${codigo}${brancos(11)}`;
  };
  const inscricaoArquivo = santander ? `${brancos(8)}${campo(h, 17, 32)}` : campo(h, 9, 32);

  const linhas: string[] = [];
  linhas.push(
    registro(
      [
        `${banco}00000`,
        inscricaoArquivo,
        santander ? contaSantander() : campo(h, 33, 72),
        campo(h, 73, 102),
        campo(h, 103, 132),
        brancos(10),
        '2',
        data,
        hora,
        num(col, 'NSA', nsa, 6),
        campo(h, 164, 166),
        campo(h, 167, 171),
        brancos(69),
      ],
      240,
      'header de arquivo',
    ),
  );
  linhas.push(
    registro(
      [
        `${banco}00011T01  `,
        campo(hl, 14, 16),
        ' ',
        campo(hl, 18, 33),
        santander
          ? `${zeros(20)}${campo(p0, 18, 32)}${brancos(5)}`
          : `${campo(hl, 34, 53)}${campo(hl, 54, 73)}`,
        campo(hl, 74, 103),
        brancos(80),
        num(col, 'NSA', nsa, 8),
        data,
        zeros(8),
        brancos(33),
      ],
      240,
      'header de lote',
    ),
  );

  let seq = 0;
  let total = 0n;
  eventos.forEach((ev, n) => {
    const lido = lerEvento(col, titulos, ev, n, 5);
    if (!lido) return;
    const { t, ocorrencia, motivos, pago, tarifa, jurosMulta } = lido;
    const rot = `Evento ${n + 1}`;
    const liquido = pago > tarifa ? pago - tarifa : 0n;
    const q = t.q;
    const p = t.p;
    total += BigInt(campo(p, 86, 100));
    const v15 = (c: bigint) => num(col, `${rot}: valor`, c, 15);
    const pagador = q
      ? `${campo(q, 18, 18)}${campo(q, 19, 33)}${campo(q, 34, 73)}`
      : `0${zeros(15)}${brancos(40)}`;
    const prefixo = (s: string) => `${banco}00013${num(col, 'Registro do lote', ++seq, 5)}${s} ${ocorrencia}`;
    const mot = motivos.join('').padEnd(10, ' ').slice(0, 10);
    const segT = santander
      ? [
          prefixo('T'),
          campo(p, 18, 32), // agência 4 + DV, conta 9 + DV
          brancos(8),
          campo(p, 45, 57), // nosso número 12 + DV
          '1', // carteira
          campo(p, 63, 77), // seu número
          campo(p, 78, 85),
          campo(p, 86, 100),
          `${banco}00000`,
          campo(p, 196, 220),
          '00',
          pagador,
          campo(p, 33, 42), // conta cobrança + DV
          v15(tarifa),
          mot,
          brancos(22),
        ]
      : [
          prefixo('T'),
          banco === '104'
            ? `${campo(p, 18, 29)}${zeros(7)}${brancos(3)}${t.comDv}`
            : `${campo(p, 18, 37)}${campo(p, 38, 57)}`,
          campo(p, 58, 58),
          campo(p, 63, 77),
          campo(p, 78, 85),
          campo(p, 86, 100),
          `${banco}000000`,
          campo(p, 196, 220),
          '09',
          pagador,
          zeros(10),
          v15(tarifa),
          mot,
          brancos(17),
        ];
    linhas.push(registro(segT, 240, 'segmento T'));
    linhas.push(
      registro(
        [
          prefixo('U'),
          v15(jurosMulta),
          valor(col, `${rot}: desconto`, ev.desconto, 15),
          valor(col, `${rot}: abatimento`, ev.abatimento, 15),
          zeros(15), // IOF
          v15(pago),
          v15(liquido),
          zeros(15), // outras despesas
          zeros(15), // outros créditos
          data8(col, `${rot}: data da ocorrência`, ev.dataOcorrencia),
          data8(col, `${rot}: data do crédito`, ev.dataCredito),
          brancos(4),
          zeros(8),
          zeros(15),
          brancos(30),
          '000',
          brancos(27),
        ],
        240,
        'segmento U',
      ),
    );
  });
  col.falhar();

  linhas.push(
    registro(
      [
        `${banco}00015${brancos(9)}`,
        num(col, 'Quantidade de registros do lote', seq + 2, 6),
        num(col, 'Quantidade de títulos', eventos.length, 6),
        num(col, 'Valor total', total, 17),
        zeros(69),
        brancos(8),
        brancos(117),
      ],
      240,
      'trailer de lote',
    ),
  );
  linhas.push(
    registro(
      [
        `${banco}99999${brancos(9)}`,
        '000001',
        num(col, 'Quantidade de registros do arquivo', linhas.length + 1, 6),
        zeros(6),
        brancos(205),
      ],
      240,
      'trailer de arquivo',
    ),
  );
  return linhas;
}

type Titulo400 = { d: string; numero: string; comDv: string; documento: string };

/** Itaú's and Bradesco's CNAB 400 retorno: header (agência/conta or código da empresa, data, NSA),
 * one detail record per event, trailer. Positions of the banks' retorno layouts (see layouts.ts and
 * retorno.ts): Itaú nosso número 63–70 (and 86–93 + DAC 94), erros 378–385 (four codes);
 * Bradesco nosso número 71–82, motivos 319–328 (five codes). Juros and multa together in 267–279
 * (Itaú's "juros de mora/multa"). */
function retorno400(
  col: Coletor,
  linhasRemessa: readonly string[],
  eventos: readonly EventoRetorno[],
  opcoes: OpcoesRetorno,
): string[] {
  const h = linhasRemessa[0] ?? '';
  const banco = campo(h, 77, 79);
  const itau = banco === '341';
  const titulos: Titulo400[] = [];
  for (const d of linhasRemessa) {
    if (!d.startsWith('1')) continue;
    const documento = campo(d, 38, 62).trim() || campo(d, 111, 120).trim();
    if (itau) {
      const nn = campo(d, 63, 70);
      const c = { agencia: campo(d, 18, 21), conta: campo(d, 24, 28), carteira: campo(d, 84, 86) };
      const dv = /^\d{8}$/.test(nn)
        ? itauRegras.nossoNumero(c as CarteiraNormalizada, { sequencial: BigInt(nn), emissao: '2000-01-01' })
            .dv
        : '0';
      titulos.push({ d, numero: nn, comDv: nn + dv, documento });
    } else titulos.push({ d, numero: campo(d, 71, 81), comDv: campo(d, 71, 82), documento });
  }
  const geracao = opcoes.geracao?.data ?? `20${campo(h, 99, 100)}-${campo(h, 97, 98)}-${campo(h, 95, 96)}`;
  const data = data6(col, 'Data de geração', geracao);
  // Bradesco's remessa carries the NSA at 111–117; Itaú's none (default 1)
  const nsa = num(col, 'NSA', opcoes.nsa ?? (itau ? 1 : Number(campo(h, 111, 117))), 5);
  const seq = (n: number) => num(col, 'Sequencial do registro', n, 6);
  const linhas: string[] = [];
  linhas.push(
    registro(
      [
        `02RETORNO01${'COBRANCA'.padEnd(15, ' ')}`,
        // Itaú: agência, "00", conta, DAC, 8 blank; Bradesco: código da empresa (20)
        itau ? `${campo(h, 27, 38)}${brancos(8)}` : campo(h, 27, 46),
        campo(h, 47, 76),
        banco,
        (itau ? 'BANCO ITAU S.A.' : 'BRADESCO').padEnd(15, ' '),
        data,
        itau ? `01600BPI${nsa}${data}${brancos(275)}` : `01600000${nsa}${brancos(266)}${data}${brancos(9)}`,
        seq(1),
      ],
      400,
      'header',
    ),
  );
  eventos.forEach((ev, n) => {
    const lido = lerEvento(col, titulos, ev, n, itau ? 4 : 5);
    if (!lido) return;
    const { t, ocorrencia, motivos, pago, tarifa, jurosMulta } = lido;
    const rot = `Evento ${n + 1}`;
    const d = t.d;
    const v13 = (c: bigint) => num(col, `${rot}: valor`, c, 13);
    const cent = (rotulo: string, v: string | undefined) => valor(col, `${rot}: ${rotulo}`, v, 13);
    const dataOcorrencia = data6(col, `${rot}: data da ocorrência`, ev.dataOcorrencia);
    const dataCredito = data6(col, `${rot}: data do crédito`, ev.dataCredito);
    // 147–188: vencimento, valor, banco, agência cobradora + DV, espécie, tarifa
    const meio = `${campo(d, 121, 126)}${campo(d, 127, 139)}${banco}00000${campo(d, 148, 149)}${v13(tarifa)}`;
    // 215–292: IOF, abatimento, desconto, valor pago, juros (e multa), outros créditos
    const fim = `${zeros(13)}${cent('abatimento', ev.abatimento)}${cent('desconto', ev.desconto)}${v13(pago)}${v13(jurosMulta)}${zeros(13)}`;
    const registroItau = [
      '1',
      campo(d, 2, 29), // inscrição, agência, "00", conta, DAC
      brancos(8),
      campo(d, 38, 62), // uso da empresa
      t.numero, // 63–70
      brancos(12),
      campo(d, 84, 86), // carteira
      t.comDv, // 86–94: nosso número + DAC
      brancos(13),
      campo(d, 108, 108), // código da carteira
      ocorrencia,
      dataOcorrencia,
      campo(d, 111, 120), // número do documento
      t.numero, // 127–134
      brancos(12),
      meio,
      brancos(26),
      fim,
      '   ', // boleto DDA, 2 blank
      dataCredito,
      brancos(10), // instrução cancelada, blank
      zeros(13),
      campo(d, 235, 264), // nome do pagador
      brancos(23),
      motivos.join('').padEnd(8, '0'), // 378–385
      brancos(9), // 386–392 blank, código de liquidação
      seq(linhas.length + 1),
    ];
    const registroBradesco = [
      '1',
      `02${zeros(14)}`, // the beneficiário's CNPJ is not in Bradesco's remessa detail
      zeros(3),
      campo(d, 21, 37), // zero, carteira, agência, conta, DV
      campo(d, 38, 62), // número de controle do participante
      zeros(8),
      t.comDv, // 71–82
      zeros(22),
      '0', // rateio
      zeros(2),
      campo(d, 24, 24), // carteira
      ocorrencia,
      dataOcorrencia,
      campo(d, 111, 120), // número do documento
      t.comDv.padStart(20, '0'),
      meio,
      zeros(26), // outras despesas, juros da operação em atraso
      fim,
      brancos(3), // 293–294 blank, motivo do código de ocorrência
      dataCredito,
      brancos(17), // origem do pagamento, blank, cheque
      motivos.join('').padEnd(10, '0'), // 319–328
      brancos(66), // blank, cartório, protocolo, blank
      seq(linhas.length + 1),
    ];
    linhas.push(registro(itau ? registroItau : registroBradesco, 400, 'detalhe'));
  });
  col.falhar();
  linhas.push(registro([`9201${banco}`, brancos(387), seq(linhas.length + 1)], 400, 'trailer'));
  return linhas;
}
