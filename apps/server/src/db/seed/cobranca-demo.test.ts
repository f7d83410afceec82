import { lerBoleto } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { demoDoArquivo } from '../../test/demo-db.ts';

// The demo's cobrança: two carteiras, boletos in every situação, one remessa per carteira with its
// file, BB's retorno processed (registered, rejected with its motivo, baixado, paid).

const demo = demoDoArquivo();

const { query } = demo;

describe('demo cobrança', () => {
  it('carteiras on the two banks; boletos in every situação; readable barcodes', async () => {
    expect(
      await query(sql`select k.banco, k.layout, k.carteira from carteiras_cobranca k order by k.banco`),
    ).toEqual([
      { banco: '001', layout: 'cnab240', carteira: '17' },
      { banco: '341', layout: 'cnab400', carteira: '109' },
    ]);
    const situacoes = (
      await query<{ situacao: string }>(sql`select distinct situacao from boletos order by 1`)
    ).map((r) => r.situacao);
    expect(situacoes).toEqual(['a_registrar', 'baixado', 'enviado', 'liquidado', 'registrado', 'rejeitado']);
    const boletos = await query<{ codigo_barras: string; linha_digitavel: string; valor: string }>(
      sql`select codigo_barras, linha_digitavel, valor::text from boletos`,
    );
    expect(boletos.length).toBeGreaterThan(20);
    for (const b of boletos) {
      const lido = lerBoleto(b.linha_digitavel, '2026-11-29');
      expect('boleto' in lido && lido.boleto.codigoBarras).toBe(b.codigo_barras);
    }
    const [rej] = await query<{ motivo: string }>(
      sql`select motivo from boletos where situacao = 'rejeitado'`,
    );
    expect(rej!.motivo).toMatch(/48/);
  });

  it('one remessa per carteira, kept; the liquidated boletos settled their títulos', async () => {
    const remessas = await query<{ nsa: number; layout: string; bytes: number }>(sql`select r.nsa, r.layout,
      octet_length(r.conteudo) as bytes from cobranca_remessas r order by r.layout`);
    // every record with its CRLF: 242 or 402 bytes each
    expect(remessas.every((r) => r.bytes % (r.layout === 'cnab240' ? 242 : 402) === 0)).toBe(true);
    expect(remessas.map((r) => [r.nsa, r.layout])).toEqual([
      [1, 'cnab240'],
      [1, 'cnab400'],
    ]);
    const pagos = await query<{ status: string }>(sql`select f.status from boletos b
      join financial_accounts f on f.id = b.titulo_id where b.situacao = 'liquidado'`);
    expect(pagos.map((p) => p.status)).toEqual(['pago', 'pago', 'pago']);
    // the retorno's tarifas (3 × R$ 2,35) posted as one paid payable of "Tarifas bancárias"
    expect(
      await query(sql`select f.valor::text, f.status from financial_accounts f
        join classes_financeiras c on c.id = f.classe_financeira_id where c.codigo = '2.04.001'`),
    ).toEqual([{ valor: '7.05', status: 'pago' }]);
    const [pendentes] = await query<{ n: number }>(
      sql`select count(*)::int as n from boleto_instrucoes where remessa_id is null`,
    );
    expect(pendentes!.n).toBeGreaterThan(0);
  });
});
