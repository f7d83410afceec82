// The SEFAZ double (apps/server/src/test/sefaz-double.ts) in a process of its own for the invoicing
// bench: a real SEFAZ is another machine, so its XSD validation and signature check must not eat the
// measured process's event loop and CPU. Every service of every authoriser answers `--latencia` ms
// late (the double's `lentos`). Talks to the parent over IPC: sends { url, caPem } once listening;
// answers 'estado' with the requests seen and its CPU time; exits on 'fim'.
import { WEBSERVICES } from '../../apps/server/src/modules/sefaz/webservices.ts';
import { startSefazDouble } from '../../apps/server/src/test/sefaz-double.ts';

export type EstadoDouble = {
  autorizadas: number;
  requisicoes: Record<string, number>;
  cpuMs: number;
};

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const schemasDir = arg('schemas');
if (!schemasDir || !process.send) throw new Error('uso: fork com --schemas <dir> [--latencia ms]');
const latencia = Number(arg('latencia') ?? '150');

const double = await startSefazDouble({ schemasDir });
const lentos = Object.fromEntries(Object.keys(WEBSERVICES).map((a) => [a, latencia]));
const aplicaLatencia = () => Object.assign(double.cenario, { lentos });
aplicaLatencia();
process.send({ url: double.url, caPem: double.caPem });

// the bench died without saying 'fim': do not outlive it
process.on('disconnect', () => process.exit(0));
process.on('message', async (m: string) => {
  if (m === 'estado') {
    const requisicoes: Record<string, number> = {};
    for (const r of double.requisicoes) {
      const k = `${r.servico} ${r.cStat}`;
      requisicoes[k] = (requisicoes[k] ?? 0) + 1;
    }
    const c = process.cpuUsage();
    const estado: EstadoDouble = {
      autorizadas: double.autorizadas.size,
      requisicoes,
      cpuMs: (c.user + c.system) / 1000,
    };
    process.send!(estado);
  } else if (m === 'fim') {
    await double.close();
    process.exit(0);
  }
});
