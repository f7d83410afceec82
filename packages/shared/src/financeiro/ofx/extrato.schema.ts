import { z } from 'zod';
import { optionalText, requiredText } from '../../cadastros/campos.ts';
import { dataObrigatoria, dataOpcional } from '../../estoque/campos.ts';
import { uuidParam } from '../../list-params.ts';
import { dinheiroComSinal } from '../campos.ts';

// Bank statement (extrato bancário) request schemas: file upload as base64 JSON (the project's
// upload pattern, as NF-e import), the manual line and the list query.

export const EXTRATO_ARQUIVO_MAX_BASE64 = 28_000_000; // ~20 MB of file

export const importarExtratoSchema = z.object({
  conta_bancaria_id: uuidParam,
  nome: requiredText(255, 'Nome do arquivo'),
  conteudo_base64: z
    .string({ error: 'Conteúdo do arquivo é obrigatório' })
    .min(1, 'Conteúdo do arquivo é obrigatório')
    .max(EXTRATO_ARQUIVO_MAX_BASE64, 'Arquivo grande demais (máximo 20 MB)')
    .regex(/^[A-Za-z0-9+/=\s]*$/, 'Conteúdo do arquivo inválido (base64)'),
  /** Which statement of a file with several (0-based), when ACCTID does not name the account. */
  extrato_indice: z.coerce
    .number({ error: 'Extrato inválido' })
    .int('Extrato inválido')
    .min(0, 'Extrato inválido')
    .max(99, 'Extrato inválido')
    .optional(),
  /** The user saw that the file's bank/agência/conta differ from the chosen account and imports anyway. */
  confirmar_conta: z.boolean({ error: 'Confirmação inválida' }).optional(),
});
export type ImportarExtrato = z.output<typeof importarExtratoSchema>;

export const extratoLinhaManualSchema = z.object({
  data: dataObrigatoria('Data'),
  valor: dinheiroComSinal('Valor').refine((v) => v !== '0.00' && v !== '0', 'Valor não pode ser zero'),
  memo: requiredText(255, 'Histórico'),
  documento: optionalText(60, 'Documento'),
});
export type ExtratoLinhaManual = z.input<typeof extratoLinhaManualSchema>;

export const extratoLinhasQuerySchema = z
  .object({
    de: dataOpcional('Data inicial').optional(),
    ate: dataOpcional('Data final').optional(),
  })
  .refine((v) => !v.de || !v.ate || v.de <= v.ate, {
    path: ['ate'],
    message: 'A data final deve ser igual ou posterior à inicial',
  });

/**
 * De-duplication keys of one statement's transactions: `fitid:<FITID>` when the FITID is present
 * and unique in the statement; else `dvm:<data>|<valor>|<memo>|<n>` — n the occurrence of that
 * same date + amount + memo in the file, so an overlapping period maps to the same keys.
 */
export function chavesDedupe(
  transacoes: readonly { fitid: string | null; data: string; valor: string; memo: string }[],
): string[] {
  const fitids = new Map<string, number>();
  for (const t of transacoes) if (t.fitid) fitids.set(t.fitid, (fitids.get(t.fitid) ?? 0) + 1);
  const ocorrencias = new Map<string, number>();
  return transacoes.map((t) => {
    if (t.fitid && fitids.get(t.fitid) === 1) return `fitid:${t.fitid}`;
    const base = `${t.data}|${t.valor}|${t.memo.replace(/\s+/g, ' ').trim().toUpperCase()}`;
    const n = (ocorrencias.get(base) ?? 0) + 1;
    ocorrencias.set(base, n);
    return `dvm:${base}|${n}`;
  });
}

const digitosConta = (s: string | null | undefined) => (s ?? '').replace(/\D/g, '').replace(/^0+/, '');

const semZerosFinais = (s: string) => s.replace(/0+$/, '');

/**
 * Whether a statement's ACCTID names the bank account: digits only, leading zeros dropped, with or
 * without the check digit ("655000-2 " names conta 655000 dígito 2; "0012345" names 12345); given the
 * agência, also prefixed by it as some banks write it ("1234 00012345-6", "1234-5/12345-6").
 */
export function acctidDaConta(
  acctid: string | null | undefined,
  conta: string | null | undefined,
  digito: string | null | undefined,
  agencia?: string | null,
  agenciaDigito?: string | null,
): boolean {
  const d = digitosConta(acctid);
  const c = digitosConta(conta);
  if (!d || !c) return false;
  const comDigito = digitosConta(`${conta ?? ''}${digito ?? ''}`);
  if (d === comDigito || d === c) return true;
  const ag = digitosConta(agencia);
  if (!ag) return false;
  // the agência before the conta; the conta may be zero-padded after it (trailing zeros of the
  // prefix are that padding, so both sides drop them)
  const prefixos = new Set([ag, digitosConta(`${agencia ?? ''}${agenciaDigito ?? ''}`)].map(semZerosFinais));
  return [comDigito, c].some(
    (s) => d.endsWith(s) && prefixos.has(semZerosFinais(d.slice(0, d.length - s.length).replace(/^0+/, ''))),
  );
}

/** The account a statement may be compared with (a cash account has no bank data: nothing to compare). */
export type ContaParaExtrato = {
  banco_codigo: string | null;
  agencia: string | null;
  agencia_digito: string | null;
  conta: string | null;
  conta_digito: string | null;
};

/**
 * Whether a statement's BANKID / BRANCHID / ACCTID contradict the chosen account — each compared only
 * when both the file and the account have it, tolerant of the usual writing (leading zeros, the check
 * digit with or without hyphen, the agência before the conta): 'diverge' asks the user to confirm.
 * The conta number decides when both have one (with the agência when the file names it): real files
 * carry odd BANKIDs (Santander's export in MANIFEST §3 says 034, Santander is 033), and a conta
 * number with its check digit does not repeat at another bank in one company; without a conta to
 * compare, the bank and the agência decide.
 */
export function confereContaDoExtrato(
  e: { banco: string | null; agencia: string | null; conta: string | null },
  c: ContaParaExtrato,
): 'confere' | 'diverge' | 'sem_dados' {
  const ag = digitosConta(e.agencia);
  const agConta = digitosConta(c.agencia);
  const agenciaDiverge =
    !!ag && !!agConta && ag !== agConta && ag !== digitosConta(`${c.agencia}${c.agencia_digito ?? ''}`);
  if (digitosConta(e.conta) && digitosConta(c.conta)) {
    const mesma = acctidDaConta(e.conta, c.conta, c.conta_digito, c.agencia, c.agencia_digito);
    return mesma && !agenciaDiverge ? 'confere' : 'diverge';
  }
  const banco = digitosConta(e.banco);
  const bancoConta = digitosConta(c.banco_codigo);
  if ((banco && bancoConta && banco !== bancoConta) || agenciaDiverge) return 'diverge';
  return (banco && bancoConta) || (ag && agConta) ? 'confere' : 'sem_dados';
}
