import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Reading PDFs back in tests with poppler-utils (`.ci/run` installs it when missing).

/** Whether pdftotext is on the PATH (tests that need it skip with a message naming poppler-utils). */
export const temPoppler = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/**
 * The text of each page of a PDF (UTF-8; one string per page): `-layout` by default; `raw` keeps
 * the content-stream order (text drawn over other text, e.g. a watermark, stays in one piece).
 */
export function paginasPdf(pdf: Buffer, modo: 'layout' | 'raw' = 'layout'): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-'));
  try {
    const f = join(dir, 'doc.pdf');
    writeFileSync(f, pdf);
    const texto = execFileSync('pdftotext', [`-${modo}`, '-enc', 'UTF-8', f, '-'], { encoding: 'utf8' });
    const paginas = texto.split('\f');
    if (paginas.at(-1)?.trim() === '') paginas.pop();
    return paginas;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
