import { describe, expect, it } from 'vitest';
import { paginasPdf, temPoppler } from '../test/pdf-texto.ts';
import { brl, cabecalho, campo, novoPdf, tabela, toBuffer } from './pdf.ts';

// The house PDF helper, read back with pdftotext.

if (!temPoppler) console.warn('lib/pdf.test.ts: pdftotext (poppler-utils) not installed — skipped');

describe.skipIf(!temPoppler)('lib/pdf', () => {
  it('header with the company, fields, a table that breaks pages repeating both headers, Página N de M', async () => {
    const pdf = novoPdf({ titulo: 'Teste', empresa: 'Comercial Exemplo Ltda' });
    let y = cabecalho(pdf, 'Relatório de teste', 'Nº 42');
    campo(pdf, 'Cliente', 'Padaria São João', pdf.margem, y, 200);
    campo(pdf, 'Observação', '', pdf.margem + 220, y, 200);
    y += 32;
    const linhas = Array.from({ length: 90 }, (_, i) => [
      String(i + 1),
      `Produto ${i + 1}`,
      brl(`${i + 1}234.5`),
    ]);
    const fim = tabela(
      pdf,
      [
        { titulo: '#', largura: 30, alinhamento: 'right' },
        { titulo: 'Descrição', largura: 300 },
        { titulo: 'Valor', largura: 100, alinhamento: 'right' },
      ],
      linhas,
      { y, novaPagina: () => cabecalho(pdf, 'Relatório de teste', 'Nº 42') },
    );
    expect(fim).toBeLessThan(pdf.limite);
    const bytes = await toBuffer(pdf);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const paginas = paginasPdf(bytes);
    expect(paginas.length).toBe(2);
    paginas.forEach((p, i) => {
      expect(p).toContain('Comercial Exemplo Ltda');
      expect(p).toContain('Relatório de teste');
      expect(p).toMatch(/#\s+Descrição\s+Valor/);
      expect(p).toContain(`Página ${i + 1} de 2`);
    });
    expect(paginas[0]).toContain('Padaria São João');
    expect(paginas[0]).toMatch(/Cliente\s+Observação\s*\n\s*Padaria São João\s+—/);
    expect(paginas[0]).toMatch(/1\s+Produto 1\s+R\$ 1\.234,50/);
    expect(paginas[1]).toMatch(/90\s+Produto 90\s+R\$ 90\.234,50/);
  });

  it('brl: formatBRL with ordinary spaces', () => {
    expect(brl('1234.5')).toBe('R$ 1.234,50');
    expect(brl(null)).toBe('R$ 0,00');
  });
});
