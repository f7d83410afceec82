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

/**
 * Whether a statement's ACCTID names the bank account: digits only, leading zeros dropped, with or
 * without the check digit ("655000-2 " names conta 655000 dígito 2; "0012345" names 12345).
 */
export function acctidDaConta(
  acctid: string | null | undefined,
  conta: string | null | undefined,
  digito: string | null | undefined,
): boolean {
  const d = digitosConta(acctid);
  if (!d || !digitosConta(conta)) return false;
  return d === digitosConta(`${conta ?? ''}${digito ?? ''}`) || d === digitosConta(conta);
}
