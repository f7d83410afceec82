import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The modules' table files form the schema drizzle loads through db/schema.ts. An import cycle among them
// (comercial.tables ⇄ financeiro.tables until issue 29) makes a table's references depend on module load
// order; this walks their relative imports and requires a graph without cycles.
const modulos = fileURLToPath(new URL('../modules', import.meta.url));

function arquivosDeTabelas(): string[] {
  const arquivos: string[] = [];
  for (const modulo of fs.readdirSync(modulos)) {
    const pasta = path.join(modulos, modulo);
    if (!fs.statSync(pasta).isDirectory()) continue;
    for (const f of fs.readdirSync(pasta)) if (f.endsWith('.tables.ts')) arquivos.push(path.join(pasta, f));
  }
  return arquivos;
}

function importsDe(arquivo: string): string[] {
  const texto = fs.readFileSync(arquivo, 'utf8');
  const alvos: string[] = [];
  for (const m of texto.matchAll(/(?:import|export)\s[^;]*?from\s+'(\.[^']+\.tables\.ts)'/g)) {
    alvos.push(path.resolve(path.dirname(arquivo), m[1] as string));
  }
  return alvos;
}

/** The first cycle found, as a list of file names, or null. */
function primeiroCiclo(grafo: Map<string, string[]>): string[] | null {
  const estado = new Map<string, 'visitando' | 'feito'>();
  const pilha: string[] = [];
  const visita = (no: string): string[] | null => {
    estado.set(no, 'visitando');
    pilha.push(no);
    for (const prox of grafo.get(no) ?? []) {
      if (estado.get(prox) === 'visitando') return [...pilha.slice(pilha.indexOf(prox)), prox];
      if (!estado.has(prox)) {
        const ciclo = visita(prox);
        if (ciclo) return ciclo;
      }
    }
    pilha.pop();
    estado.set(no, 'feito');
    return null;
  };
  for (const no of grafo.keys()) {
    if (estado.has(no)) continue;
    const ciclo = visita(no);
    if (ciclo) return ciclo;
  }
  return null;
}

describe('table files', () => {
  it('import each other without cycles', () => {
    const grafo = new Map(arquivosDeTabelas().map((a) => [a, importsDe(a)]));
    expect(grafo.size).toBeGreaterThan(10);
    const ciclo = primeiroCiclo(grafo);
    expect(ciclo?.map((a) => path.relative(modulos, a)) ?? null).toBeNull();
  });

  it('the check finds a cycle when there is one', () => {
    expect(
      primeiroCiclo(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['a']],
        ]),
      ),
    ).toEqual(['a', 'b', 'c', 'a']);
  });
});
