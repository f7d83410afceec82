// Boleto PDF benchmark (issue 31: one boleto PDF < 150 ms, a 200-boleto PDF < 5 s). In process, no
// database: gerarBoletosPdf (pdfkit + bwip-js) on boletos with real barcodes from the shared
// cobrança rules (Itaú and Banco do Brasil carteiras, every fifth one a boleto híbrido with its PIX
// QR code). One boleto: 30 runs after 5 warm-up runs, median and p95; 200 boletos (one PDF): 5 runs,
// median. Prints the figures with the load average; writes nothing.
//   npm run bench:cobranca-pdf
//   npx tsx bench/cobranca/boleto-pdf.ts [--runs 30] [--lote-runs 5] [--lote 200]
import os from 'node:os';
import {
  type BoletoPdf,
  gerarBoletosPdf,
} from '../../apps/server/src/modules/financeiro/cobranca/boleto-pdf.ts';
import {
  boletoExemplo,
  CARTEIRA_BB,
  CARTEIRA_ITAU,
} from '../../apps/server/src/modules/financeiro/cobranca/boleto-pdf-exemplo.ts';

const arg = (name: string, padrao: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : padrao;
};
const RUNS = arg('runs', 30);
const LOTE_RUNS = arg('lote-runs', 5);
const LOTE = arg('lote', 200);
const WARMUP = 5;

const loadavg = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' / ');
const quantil = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
};
const ms = (x: number) => `${x.toFixed(1)} ms`;

async function mede(boletos: BoletoPdf[], vezes: number): Promise<{ tempos: number[]; bytes: number }> {
  const tempos: number[] = [];
  let bytes = 0;
  for (let i = 0; i < vezes; i++) {
    const t0 = performance.now();
    const pdf = await gerarBoletosPdf(boletos);
    tempos.push(performance.now() - t0);
    bytes = pdf.length;
  }
  return { tempos, bytes };
}

const lote = Array.from({ length: LOTE }, (_, i) =>
  boletoExemplo(i % 2 ? CARTEIRA_BB : CARTEIRA_ITAU, {
    sequencial: 1000 + i,
    valor: `${100 + i * 37}.${String(i % 100).padStart(2, '0')}`,
    pix: i % 5 === 0,
  }),
);
const um = [boletoExemplo(CARTEIRA_ITAU)];

console.log(`node ${process.version}, ${os.cpus().length} CPUs, load before ${loadavg()}`);
await mede(um, WARMUP);
const r1 = await mede(um, RUNS);
const med1 = quantil(r1.tempos, 0.5);
const p95 = quantil(r1.tempos, 0.95);
console.log(
  `one boleto PDF (${RUNS} runs): median ${ms(med1)}, p95 ${ms(p95)}, max ${ms(Math.max(...r1.tempos))}, ` +
    `${r1.bytes} bytes — target < 150 ms: ${p95 < 150 ? 'met' : 'NOT met'} (p95) — load ${loadavg()}`,
);
await mede(lote.slice(0, 10), 1);
const r2 = await mede(lote, LOTE_RUNS);
const med2 = quantil(r2.tempos, 0.5);
console.log(
  `${LOTE}-boleto PDF (${LOTE_RUNS} runs, ${lote.filter((b) => b.pix).length} with PIX QR): median ${ms(med2)}, ` +
    `min ${ms(Math.min(...r2.tempos))}, max ${ms(Math.max(...r2.tempos))}, ${(r2.bytes / 1024).toFixed(0)} KiB — ` +
    `target < 5 s: ${med2 < 5000 ? 'met' : 'NOT met'} — load ${loadavg()}`,
);
