// MDF-e benchmark (issue 33, "Measured": build + sign + validate for a 200-note load < 100 ms). In
// process, no database: the load's plan (planejaMdfes over 200 authorised notes to three
// municípios), the XML builder (montaMdfe), the XMLDSig signer over infMDFe (RSA-2048 test A1) and
// the XSD validation of the MDFe and its rodo part against the official package (validaMdfeXsd,
// PL_MDFe_300a read in place from ../shared or MDFE_SCHEMAS_DIR). One iteration = a new number
// (so a new chave and a new signature) + plan + build + sign + validate. Prints p50/p95/max and the
// 1-minute load average during the run. (2) Emission through the local SEFAZ double with 150 ms of
// latency (target < 1 s): build + sign + validate + MDFeRecepcaoSinc over mutual TLS (GZip+Base64,
// the request validated before it leaves, the double validating and verifying it) until the protMDFe
// 100 is back — a new placa each time, so the open-manifesto rule does not refuse it.
// docs/benchmarks.md is written by hand from these figures.
//   npm run bench:mdfe
//   npx tsx bench/mdfe/run.ts [--notas 200] [--iterations 100] [--warmup 10]
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { planejaMdfes } from '@erp/shared';
import { montaAssinaValida } from '../../apps/server/src/modules/mdfe/xml/assina-mdfe.ts';
import { cargaExemplo, exemploDadosMdfe } from '../../apps/server/src/modules/mdfe/xml/exemplo-mdfe.ts';
import { criaClienteMdfe } from '../../apps/server/src/modules/sefaz/mdfe-cliente.ts';
import { geraAcTeste, geraPfxTeste } from '../../apps/server/src/test/pfx-teste.ts';
import { startSefazDoubleMdfe } from '../../apps/server/src/test/sefaz-double-mdfe.ts';
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

// (2) emission through the double with 150 ms latency
const LATENCIA = Number(argValue('latencia') ?? '150');
const EMISSOES = Number(argValue('emissoes') ?? '30');
const ac = geraAcTeste();
const a1 = geraPfxTeste({ cnpj: '12345678000195', razaoSocial: 'Distribuidora Exemplo Ltda', ac });
const double = await startSefazDoubleMdfe({ schemasDir: SCHEMAS, acClientePem: ac.certPem });
double.cenario.atrasoMs = LATENCIA;
const cliente = criaClienteMdfe({
  ambiente: 'homologacao',
  tls: { certPem: a1.certPem, keyPem: a1.keyPem, chainPem: [ac.certPem], ca: [double.caPem] },
  timeoutMs: 10_000,
  override: double.url,
  schemasDir: SCHEMAS,
});
async function emite(i: number): Promise<string> {
  const plano = planejaMdfes(carga)[0]!;
  const { xml } = montaAssinaValida(
    {
      ...base,
      nMDF: 5000 + i,
      dhEmi: new Date(),
      rodo: { ...base.rodo, veiculo: { ...base.rodo.veiculo, placa: `BEN${String(i).padStart(4, '0')}` } },
      descargas: plano.descargas,
      totais: { qNFe: plano.qNFe, vCarga: plano.vCarga, qCarga: plano.qCarga },
    },
    { keyPem: a1.keyPem, certPem: a1.certPem },
    SCHEMAS,
  );
  const r = await cliente.autoriza(xml);
  return r.cStat;
}
for (let i = 0; i < 3; i++) await emite(i);
const sampler2 = loadSampler();
const emissoes: number[] = [];
const cStats = new Set<string>();
for (let i = 0; i < EMISSOES; i++) {
  const t = performance.now();
  cStats.add(await emite(100 + i));
  emissoes.push(performance.now() - t);
}
const load2 = sampler2.stop();
await double.close();
const e = stats(emissoes);
console.log(
  [
    `MDF-e emission through the SEFAZ double with ${LATENCIA} ms latency, ${NOTAS}-note load, target < 1 s`,
    `${EMISSOES} emissions after 3 warm-ups (answers: ${[...cStats].join(', ')}): p50 ${e.p50.toFixed(1)} ms, p95 ${e.p95.toFixed(1)} ms, max ${e.max.toFixed(1)} ms`,
    `load average (1 min) during the run: ${formatLoad(load2)}`,
  ].join('\n'),
);
