import { z } from 'zod';
import { plural } from '../plural.ts';

// The A1 certificate's validity as the fiscal settings screen shows it: "vencido" once past its
// end, "vence em N dias" from 30 days before it, "válido" before that. Days are whole days of the
// remaining time rounded up (23 hours left = 1 day), so the warning never says 0 while still valid.

export const DIAS_AVISO_CERTIFICADO = 30;

export type SituacaoCertificado = 'valido' | 'vence_em_breve' | 'vencido' | 'ainda_nao_valido';

export const situacaoCertificadoLabels: Record<SituacaoCertificado, string> = {
  valido: 'Válido',
  vence_em_breve: 'Vence em breve',
  vencido: 'Vencido',
  ainda_nao_valido: 'Ainda não válido',
};

export type ValidadeCertificado = {
  situacao: SituacaoCertificado;
  /** Whole days until the end (ceil); negative once expired (days since, floor). */
  dias_para_vencer: number;
  /** pt-BR text for the badge. */
  texto: string;
};

const DIA = 86400000;

export function validadeCertificado(
  valido_de: string | Date,
  valido_ate: string | Date,
  agora: Date = new Date(),
): ValidadeCertificado {
  const de = new Date(valido_de).getTime();
  const ate = new Date(valido_ate).getTime();
  const t = agora.getTime();
  const restante = ate - t;
  const dias = restante > 0 ? Math.ceil(restante / DIA) : -Math.floor(-restante / DIA) || 0;
  if (restante <= 0) {
    const ha = -dias;
    return {
      situacao: 'vencido',
      dias_para_vencer: dias,
      texto: ha === 0 ? 'Vencido hoje' : `Vencido há ${plural(ha, 'dia', 'dias')}`,
    };
  }
  if (t < de) return { situacao: 'ainda_nao_valido', dias_para_vencer: dias, texto: 'Ainda não válido' };
  if (dias <= DIAS_AVISO_CERTIFICADO)
    return {
      situacao: 'vence_em_breve',
      dias_para_vencer: dias,
      texto: `Vence em ${plural(dias, 'dia', 'dias')}`,
    };
  return { situacao: 'valido', dias_para_vencer: dias, texto: 'Válido' };
}

/** Metadata of the stored A1 certificate (GET /api/fiscal/certificado) — never the key. */
export type CertificadoA1Info = {
  titular: string;
  cnpj: string | null;
  emissor: string;
  numero_serie: string;
  valido_de: string;
  valido_ate: string;
  enviado_em: string;
  validade: ValidadeCertificado;
  /** The certificate's CNPJ differs from the emitente's (or the emitente is not configured yet: false). */
  cnpj_diferente_do_emitente: boolean;
};

/** POST /api/fiscal/certificado — the .pfx/.p12 as base64 (the house's file-upload form) and its password. */
export const CERTIFICADO_MAX_BYTES = 64 * 1024;
export const enviarCertificadoSchema = z.object({
  nome: z.string().trim().max(255, 'Nome do arquivo deve ter no máximo 255 caracteres').optional(),
  conteudo_base64: z
    .string({ error: 'Escolha o arquivo do certificado (.pfx ou .p12)' })
    .min(1, 'Escolha o arquivo do certificado (.pfx ou .p12)')
    .max(Math.ceil((CERTIFICADO_MAX_BYTES * 4) / 3) + 8, 'O arquivo do certificado deve ter no máximo 64 KB')
    .regex(/^[A-Za-z0-9+/=\s]*$/, 'Conteúdo do arquivo inválido (base64)'),
  senha: z.string({ error: 'Informe a senha do certificado' }).max(200, 'Senha longa demais'),
});
export type EnviarCertificado = z.input<typeof enviarCertificadoSchema>;
