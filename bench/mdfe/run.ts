// MDF-e benchmark (issue 33, "Measured": build + sign + validate for a 200-note load < 100 ms). In
// process, no database: the load's plan (planejaMdfes over 200 authorised notes to three
// municípios), the XML builder (montaMdfe), the XMLDSig signer over infMDFe (RSA-2048 test A1) and
// the XSD validation of the MDFe and its rodo part against the official package (validaMdfeXsd,
// PL_MDFe_300a read in place from ../shared or MDFE_SCHEMAS_DIR). One iteration = a new number
// (so a new chave and a new signature) + plan + build + sign + validate. Prints p50/p95/max and the
// 1-minute load average during the run; docs/benchmarks.md is written by hand from these figures.
//   npm run bench:mdfe
//   npx tsx bench/mdfe/run.ts [--notas 200] [--iterations 100] [--warmup 10]
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { planejaMdfes } from '@erp/shared';
import { montaAssinaValida } from '../../apps/server/src/modules/mdfe/xml/assina-mdfe.ts';
import { cargaExemplo, exemploDadosMdfe } from '../../apps/server/src/modules/mdfe/xml/exemplo-mdfe.ts';
import { geraPfxTeste } from '../../apps/server/src/test/pfx-teste.ts';
import { formatLoad, loadSampler, stats } from '../lib/http.ts';
import { argValue } from '../lib/pg.ts';

const NOTAS = Number(argValue('notas') ?? '200');
const ITERATIONS = Math.max(50, Number(argValue('iterations') ?? '100'));
const WARMUP = Number(argValue('warmup') ?? '10');
const self = fileURLToPath(import.meta.url);
const SCHEMAS =
  process.env.MDFE_SCHEMAS_DIR ??
  path.resolve(path.dirname(self), '../../../shared/mdfe/schemas/PL_MDFe_300a');

const pfx = geraPfxTeste({ cnpj: '12345678000195', razaoSocial: 'Distribuidora Exemplo Ltda' });
const cert = { keyPem: pfx.keyPem, certPem: pfx.certPem };
const base = exemploDadosMdfe();
const carga = cargaExemplo(NOTAS);

function uma(nMDF: number): number {
  const plano = planejaMdfes(carga)[0]!;
  const { xml } = montaAssinaValida(
    {
      ...base,
      nMDF,
      dhEmi: new Date(),
      descargas: plano.descargas,
      totais: { qNFe: plano.qNFe, vCarga: plano.vCarga, qCarga: plano.qCarga },
    },
    cert,
    SCHEMAS,
  );
  return xml.length;
}

const tamanho = uma(1);
for (let i = 0; i < WARMUP; i++) uma(2 + i);
const sampler = loadSampler();
const amostras: number[] = [];
for (let i = 0; i < ITERATIONS; i++) {
  const t = performance.now();
  uma(1000 + i);
  amostras.push(performance.now() - t);
}
const load = sampler.stop();
const s = stats(amostras);
console.log(
  [
    `MDF-e build + sign + validate, ${NOTAS}-note load (${(tamanho / 1024).toFixed(1)} KiB signed XML), target < 100 ms`,
    `${ITERATIONS} iterations after ${WARMUP} warm-ups, ${os.cpus().length} cores, Node ${process.version}`,
    `p50 ${s.p50.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, max ${s.max.toFixed(1)} ms, mean ${s.mean.toFixed(1)} ms`,
    `load average (1 min) during the run: ${formatLoad(load)}; 1 / 5 / 15 min at the end: ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' / ')}`,
  ].join('\n'),
);
