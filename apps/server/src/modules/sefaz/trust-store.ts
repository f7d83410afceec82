import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The certificates trusted for SEFAZ's HTTPS: the ICP-Brasil root shipped as data
// (icp-brasil/*.pem: Autoridade Certificadora Raiz Brasileira v5, SHA-256 of the DER
// caa53fc6…ed7e9b17) plus every PEM of SEFAZ_CA_DIR (more roots — v10, intermediates — or, in
// tests, the local double's own CA). Node's default CA list is NOT used: SEFAZ speaks to ICP-Brasil.

const PASTA_ICP = fileURLToPath(new URL('./icp-brasil', import.meta.url));

function pemsDaPasta(pasta: string): string[] {
  if (!fs.existsSync(pasta)) return [];
  return fs
    .readdirSync(pasta)
    .filter((f) => /\.(pem|crt|cer)$/i.test(f))
    .sort()
    .flatMap((f) => {
      const texto = fs.readFileSync(path.join(pasta, f), 'utf8');
      return texto.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
    })
    .map((p) => `${p}\n`);
}

const cache = new Map<string, string[]>();

/** The PEM certificates SEFAZ's TLS is checked against (shipped roots + SEFAZ_CA_DIR). */
export function trustStoreSefaz(caDir?: string): string[] {
  const chave = caDir ?? '';
  const cached = cache.get(chave);
  if (cached) return cached;
  const pems = [...pemsDaPasta(PASTA_ICP), ...(caDir ? pemsDaPasta(caDir) : [])];
  cache.set(chave, pems);
  return pems;
}
