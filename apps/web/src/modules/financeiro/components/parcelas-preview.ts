import {
  type CondicaoParcelamento,
  diasDeParcelas,
  explicaAjuste,
  gerarParcelas,
  lerDiasCondicao,
  type ParcelaGerada,
  parseDecimalBR,
} from '@erp/shared';

// The live instalment preview of the condição and título forms: the form's raw values turned
// into a condição and run through the shared gerarParcelas (the one place instalments are
// computed), so the screen shows exactly what the server will create.

/** The condição fields as the form holds them (text inputs). */
export type CondicaoFormValues = {
  tipo?: 'dias' | 'parcelas' | string;
  dias?: string | number[] | null;
  parcelas?: string | number | null;
  intervalo_dias?: string | number | null;
  primeiro_vencimento_dias?: string | number | null;
  entrada_percentual?: string | null;
};

export type LinhaPreview = ParcelaGerada & { ajuste: string | null };

export type Preview = { ok: true; linhas: LinhaPreview[] } | { ok: false; mensagem: string };

const inteiro = (v: string | number | null | undefined): number | null => {
  if (v === null || v === undefined || String(v).trim() === '') return null;
  const t = String(v).trim();
  return /^\d{1,4}$/.test(t) ? Number(t) : Number.NaN;
};

/** The prazos of the form's condição, or the pt-BR reason it has none yet. */
export function condicaoDoFormulario(v: CondicaoFormValues): CondicaoParcelamento | { mensagem: string } {
  let dias: number[];
  if (v.tipo === 'parcelas') {
    const n = inteiro(v.parcelas);
    const x = inteiro(v.intervalo_dias) ?? 0;
    const y = inteiro(v.primeiro_vencimento_dias) ?? x;
    if (n === null || Number.isNaN(n) || n < 1) return { mensagem: 'Informe o número de parcelas' };
    if (Number.isNaN(x) || Number.isNaN(y)) return { mensagem: 'Informe os dias em números inteiros' };
    if (n > 1 && x < 1) return { mensagem: 'Informe o intervalo em dias' };
    dias = diasDeParcelas(n, x, y);
  } else if (Array.isArray(v.dias)) {
    dias = v.dias;
  } else {
    const lido = lerDiasCondicao(v.dias ?? '');
    if (!lido.ok) return { mensagem: lido.mensagem };
    dias = lido.dias;
  }
  const texto = (v.entrada_percentual ?? '').trim();
  if (texto === '') return { dias, entrada_percentual: null };
  const entrada = parseDecimalBR(texto, 4);
  if (entrada === null) return { mensagem: 'Entrada inválida' };
  return { dias, entrada_percentual: entrada };
}

/** The instalments of `valor` ("1.000,01" or "1000.01") under the form's condição from `dataBase`, with why a date moved. */
export function previewParcelas(v: CondicaoFormValues, valor: string, dataBase: string): Preview {
  const condicao = condicaoDoFormulario(v);
  if ('mensagem' in condicao) return { ok: false, mensagem: condicao.mensagem };
  const total = parseDecimalBR(valor, 2);
  if (total === null) return { ok: false, mensagem: 'Informe um valor de exemplo' };
  if (!/^\d{4}-\d{2}-\d{2}$/.test(dataBase)) return { ok: false, mensagem: 'Informe a data base' };
  const r = gerarParcelas(total, condicao, dataBase);
  if (!r.ok) return { ok: false, mensagem: r.mensagem };
  return { ok: true, linhas: r.parcelas.map((p) => ({ ...p, ajuste: explicaAjuste(p) })) };
}
