import { describe, expect, it } from 'vitest';
import { validadeCertificado } from './certificado-validade.ts';

// Hand-picked instants around a certificate valid from 2026-01-10 12:00Z to 2027-01-10 12:00Z.
const DE = '2026-01-10T12:00:00Z';
const ATE = '2027-01-10T12:00:00Z';

describe('validadeCertificado: 30-day warning and expiry', () => {
  it.each([
    // agora, situação, dias, texto
    ['2026-06-01T00:00:00Z', 'valido', 224, 'Válido'],
    ['2026-12-10T11:59:59Z', 'valido', 32, 'Válido'], // 31 days + 1 s left → 32
    ['2026-12-11T12:00:00Z', 'vence_em_breve', 30, 'Vence em 30 dias'], // exactly 30 days
    ['2026-12-11T11:00:00Z', 'valido', 31, 'Válido'], // 30 days and 1 hour → 31
    ['2027-01-09T12:00:00Z', 'vence_em_breve', 1, 'Vence em 1 dia'],
    ['2027-01-10T11:00:00Z', 'vence_em_breve', 1, 'Vence em 1 dia'], // 1 hour left
    ['2027-01-10T12:00:00Z', 'vencido', 0, 'Vencido hoje'], // the end instant itself
    ['2027-01-11T11:00:00Z', 'vencido', 0, 'Vencido hoje'], // 23 h after
    ['2027-01-11T12:00:00Z', 'vencido', -1, 'Vencido há 1 dia'],
    ['2027-02-10T12:00:00Z', 'vencido', -31, 'Vencido há 31 dias'],
    ['2026-01-01T00:00:00Z', 'ainda_nao_valido', 375, 'Ainda não válido'],
  ] as const)('at %s: %s (%i days) "%s"', (agora, situacao, dias, texto) => {
    const v = validadeCertificado(DE, ATE, new Date(agora));
    expect(v).toEqual({ situacao, dias_para_vencer: dias, texto });
  });
});
