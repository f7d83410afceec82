import { isValidCnpj, isValidCpf, onlyDocumentChars } from '../documentos.ts';
import { normalizarTexto, palavrasNome } from './conciliacao.ts';

// Who a bank statement line is from or to, read from its memo (histórico): a CNPJ/CPF written in
// it (formatted or not, the alphanumeric CNPJ too, check digits verified), else a registered name
// whose words appear in it. The conciliação's «Criar título» dialog suggests that person (issue 29).

const CNPJ_FORMATADO = /[0-9A-Z]{2}\.[0-9A-Z]{3}\.[0-9A-Z]{3}\/[0-9A-Z]{4}-\d{2}/g;
const CPF_FORMATADO = /\d{3}\.\d{3}\.\d{3}-\d{2}/g;
const CNPJ_CORRIDO = /(?<![0-9A-Z])[0-9A-Z]{12}\d{2}(?![0-9A-Z])/g;
const CPF_CORRIDO = /(?<!\d)\d{11}(?!\d)/g;

/** The CNPJs and CPFs written in a memo, unformatted, in order of appearance, each once. */
export function documentosNoMemo(memo: string | null | undefined): string[] {
  const texto = (memo ?? '').toUpperCase();
  const achados: { pos: number; doc: string }[] = [];
  for (const re of [CNPJ_FORMATADO, CNPJ_CORRIDO]) {
    for (const m of texto.matchAll(re)) {
      const doc = onlyDocumentChars(m[0]);
      // a run of mostly letters is a word that happens to end in two digits, not a CNPJ
      if ((doc.match(/\d/g)?.length ?? 0) >= 4 && isValidCnpj(doc)) achados.push({ pos: m.index, doc });
    }
  }
  for (const re of [CPF_FORMATADO, CPF_CORRIDO]) {
    for (const m of texto.matchAll(re)) {
      if (isValidCpf(m[0])) achados.push({ pos: m.index, doc: m[0].replace(/\D/g, '') });
    }
  }
  return [...new Set(achados.sort((a, b) => a.pos - b.pos).map((a) => a.doc))];
}

/** Words of bank memos that never name anyone. */
const PALAVRAS_DE_BANCO = new Set([
  'PIX',
  'TED',
  'DOC',
  'TEF',
  'RECEBIDO',
  'RECEBIDA',
  'RECEBIMENTO',
  'ENVIADO',
  'ENVIADA',
  'TRANSF',
  'TRANSFERENCIA',
  'CREDITO',
  'CRED',
  'DEBITO',
  'DEB',
  'PAGAMENTO',
  'PAGTO',
  'PGTO',
  'BOLETO',
  'COBRANCA',
  'LIQUIDACAO',
  'DEPOSITO',
  'TARIFA',
  'BANCARIA',
  'REMETENTE',
  'FAVORECIDO',
  'CONTA',
  'CORRENTE',
  'SALDO',
  'TITULO',
]);

/** The memo's words worth looking up among the registered names (at most `max`, longest first). */
export function palavrasParaBuscarNome(memo: string | null | undefined, max = 4): string[] {
  const palavras = palavrasNome(memo).filter((p) => /^[A-Z]+$/.test(p) && !PALAVRAS_DE_BANCO.has(p));
  return [...new Set(palavras)].sort((a, b) => b.length - a.length).slice(0, max);
}

/**
 * How well a registered name matches the memo: the number of its words found there, or 0 when too
 * few are (a one-word name must appear; a longer name needs two of its words) — the rule the
 * reconciliation suggestions use for «Nome … no histórico».
 */
export function pontosDoNomeNoMemo(memo: string | null | undefined, nome: string | null | undefined): number {
  const tokens = new Set(normalizarTexto(memo).split(' '));
  const palavras = palavrasNome(nome);
  if (palavras.length === 0) return 0;
  const achadas = palavras.filter((p) => tokens.has(p)).length;
  return (palavras.length === 1 ? achadas === 1 : achadas >= 2) ? achadas : 0;
}
