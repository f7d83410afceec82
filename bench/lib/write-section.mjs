// Replaces one "## <title>" section of docs/benchmarks.md with fresh figures (other sections untouched).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../docs/benchmarks.md');

export function writeSection(title, body) {
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmarks\n';
  const header = `## ${title}`;
  const start = text.indexOf(`${header}\n`);
  const section = `${header}\n\n${body.trim()}\n\n`;
  let out;
  if (start === -1) {
    out = `${text.trimEnd()}\n\n${section}`;
  } else {
    const next = text.indexOf('\n## ', start + header.length);
    out = text.slice(0, start) + section + (next === -1 ? '' : text.slice(next + 1));
  }
  fs.writeFileSync(file, `${out.trimEnd()}\n`);
}
