// Test-only helper (not exported from the package): runs a table of boleto cases and checks every
// published value plus the round trip linha digitável → barcode.

import { expect, it } from 'vitest';
import type { CarteiraCobranca } from './banco.ts';
import { type DadosBoleto, gerarBoleto } from './boleto.ts';
import { lerLinhaDigitavel } from './codigo-barras.ts';

export type CasoBoleto = {
  nome: string;
  /** Where the expected values come from. */
  fonte: string;
  carteira: CarteiraCobranca;
  dados: DadosBoleto;
  nossoNumero?: string;
  campoLivre?: string;
  codigoBarras?: string;
  /** Formatted, as printed. */
  linha?: string;
  agenciaCodigo?: string;
};

export function conferirCasos(casos: CasoBoleto[]): void {
  it.each(casos)('$nome ($fonte)', (caso) => {
    const b = gerarBoleto(caso.carteira, caso.dados);
    if (caso.nossoNumero !== undefined) expect(b.nossoNumero.impresso).toBe(caso.nossoNumero);
    if (caso.campoLivre !== undefined) expect(b.campoLivre).toBe(caso.campoLivre);
    if (caso.codigoBarras !== undefined) expect(b.codigoBarras).toBe(caso.codigoBarras);
    if (caso.linha !== undefined) expect(b.linhaDigitavelFormatada).toBe(caso.linha);
    if (caso.agenciaCodigo !== undefined) expect(b.agenciaCodigoBeneficiario).toBe(caso.agenciaCodigo);
    expect(b.codigoBarras).toHaveLength(44);
    expect(b.codigoBarras.slice(19)).toBe(b.campoLivre);
    expect(lerLinhaDigitavel(b.linhaDigitavelFormatada)).toEqual({ codigoBarras: b.codigoBarras });
  });
}

/** The "after the 2025-02-22 restart" cases: the barcode and linha of a peer's campo livre moved to
 * 2026-01-01 (fator 1313, published in tomas-stefano/boleto_bancario fator_vencimento_spec.rb) were
 * computed independently of this code, from the FEBRABAN formulas (a separate Python script
 * written from the specification; see README "Sources"). */
export const FONTE_REINICIO = 'fator 1313 published; DVs computed independently (README)';
