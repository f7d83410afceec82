/**
 * The start-up stages on the console, for whoever waits for the first start (tens of seconds on a
 * busy machine): "[2/4] Banco de dados…" when a stage starts, the same tag with its seconds when it
 * ends. `npm start` (scripts/start.mjs) counts its web build as stage 1 and says so in
 * ERP_ETAPAS_ANTERIORES; the server alone numbers from 1.
 */
export function etapasInicio(doServidor: number, env: NodeJS.ProcessEnv = process.env) {
  const anteriores = Number(env.ERP_ETAPAS_ANTERIORES ?? 0) || 0;
  const total = anteriores + doServidor;
  let atual = anteriores;
  return {
    /** Runs one stage between its two lines; `fim` words the outcome ("46 migrações aplicadas"). */
    async etapa<T>(titulo: string, fn: () => Promise<T>, fim: (r: T) => string): Promise<T> {
      atual++;
      const tag = `[${atual}/${total}]`;
      console.log(`${tag} ${titulo}…`);
      const desde = performance.now();
      const r = await fn();
      console.log(`${tag} ${fim(r)} (${segundos(performance.now() - desde)})`);
      return r;
    },
  };
}

/** "12,3 s": milliseconds in pt-BR seconds with one decimal. */
export function segundos(ms: number): string {
  return `${(ms / 1000).toFixed(1).replace('.', ',')} s`;
}
