import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Reading the symbols of a PDF back in tests (the DAMDFE's, and the driver's PDF that carries it):
// each page rendered at 200 dpi with pdftoppm (poppler-utils) and decoded with zbarimg (zbar-tools),
// CODE-128 and QR code only.

/** Whether zbarimg is on the PATH (tests that need it skip with a message naming zbar-tools). */
export const temZbar = (() => {
  try {
    execFileSync('zbarimg', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** What zbarimg reads on each page: ["CODE-128:…", "QR-Code:…"], sorted within the page. */
export function simbolosPdf(pdf: Buffer): string[][] {
  const dir = mkdtempSync(join(tmpdir(), 'simbolos-pdf-'));
  try {
    writeFileSync(join(dir, 'doc.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', '200', '-png', join(dir, 'doc.pdf'), join(dir, 'p')]);
    const pngs = readdirSync(dir)
      .filter((f) => f.startsWith('p-') && f.endsWith('.png'))
      .sort();
    return pngs.map((png) => {
      try {
        const saida = execFileSync(
          'zbarimg',
          ['-q', '-Sdisable', '-Scode128.enable', '-Sqrcode.enable', join(dir, png)],
          { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
        );
        return saida.split('\n').filter(Boolean).sort();
      } catch {
        return []; // exit status 4: nothing decoded
      }
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
