import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { paginasPdf, temPoppler } from '../test/pdf-texto.ts';
import { type Alinhamento, brl, cabecalho, campo, linhaDeCelulas, novoPdf, tabela, toBuffer } from './pdf.ts';

/** Each word of page 1 with its box (pdftotext -bbox), in reading order. */
function palavras(pdf: Buffer): { texto: string; x0: number; x1: number; y0: number }[] {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-'));
  try {
    const f = join(dir, 'doc.pdf');
    writeFileSync(f, pdf);
    const html = execFileSync('pdftotext', ['-bbox', '-f', '1', '-l', '1', f, '-'], { encoding: 'utf8' });
    return [
      ...html.matchAll(
        /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<\/word>/g,
      ),
    ].map((m) => ({
      texto: m[4]!.replaceAll('&amp;', '&'),
      x0: Number(m[1]),
      y0: Number(m[2]),
      x1: Number(m[3]),
    }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

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

  it('linhaDeCelulas draws what doc.text draws in one line: same words, same places, cut with …', async () => {
    const celulas: [string, number, number, Alinhamento][] = [
      // text, x, width, alignment
      ['12', 40, 30, 'right'],
      ['Açúcar União 5 kg', 74, 120, 'left'],
      ['R$ 1.234,50', 198, 70, 'right'],
      ['Sim', 272, 40, 'center'],
    ];
    const desenha = async (rapido: boolean) => {
      const pdf = novoPdf({ titulo: 't', numerarPaginas: false });
      pdf.doc.font('Helvetica').fontSize(7.5);
      for (const [i, y] of [100, 111].entries()) {
        if (i === 1) pdf.doc.font('Helvetica-Bold');
        if (rapido) {
          linhaDeCelulas(
            pdf,
            celulas.map(([texto, x, largura, alinhamento]) => ({ texto, x, largura, alinhamento })),
            y,
          );
        } else {
          for (const [texto, x, width, align] of celulas) {
            pdf.doc.text(texto, x, y, { width, align, lineBreak: false, ellipsis: true });
          }
        }
      }
      return palavras(await toBuffer(pdf));
    };
    const [texto, rapido] = [await desenha(false), await desenha(true)];
    expect(rapido.map((p) => p.texto)).toEqual(texto.map((p) => p.texto));
    expect(rapido.map((p) => p.texto)).toContain('Açúcar');
    // kerning aside (the fast path has none), every word starts and ends within 0.5 pt of text()'s
    rapido.forEach((p, i) => {
      expect(Math.abs(p.x0 - texto[i]!.x0)).toBeLessThan(0.5);
      expect(Math.abs(p.x1 - texto[i]!.x1)).toBeLessThan(0.5);
      expect(Math.abs(p.y0 - texto[i]!.y0)).toBeLessThan(0.01);
    });

    const pdf = novoPdf({ titulo: 't', numerarPaginas: false });
    pdf.doc.font('Helvetica').fontSize(7.5);
    linhaDeCelulas(
      pdf,
      [
        { texto: 'Produto com um nome longo demais para a coluna', x: 40, largura: 60, alinhamento: 'left' },
        { texto: 'Café “Pilão” € ‰ Ŧ', x: 110, largura: 200, alinhamento: 'left' },
      ],
      100,
    );
    const [linha] = paginasPdf(await toBuffer(pdf));
    // cut at the last character after which "…" fits in 60 pt (Helvetica, 1/1000 em: "Produto com u" 6,503
    // + "…" 1,000 = 7,503 × 7.5 = 56.3 pt; with the next "m" (833) 62.5 pt); WinAnsi's extra signs print,
    // what Helvetica lacks prints as "?"
    expect(linha!.trim()).toMatch(/^Produto com u…\s+Café “Pilão” € ‰ \?$/);
  });

  it('brl: formatBRL with ordinary spaces', () => {
    expect(brl('1234.5')).toBe('R$ 1.234,50');
    expect(brl(null)).toBe('R$ 0,00');
  });
});
