import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { carregaConfiguracaoFiscal } from '../fiscal/configuracao-fiscal.service.ts';
import { leCargaParaMdfe } from './mdfe-carga.service.ts';
import { leMdfeConfiguracao } from './mdfe-configuracao.service.ts';

// Whether a load may leave (→ em rota): an interstate load always needs an authorised MDF-e for each UF
// de descarregamento; an intrastate one when the company's setting says the state requires it. An MDF-e
// signed in contingência (tpEmis 2) travels with its DAMDFE too.

export const exigenciaMdfeMensagens = {
  semMdfe: (numero: number, motivo: string, ufs: string[]) =>
    `A carga nº ${numero} não pode sair sem MDF-e autorizado (${motivo}) — falta o MDF-e para ${ufs.join(', ')}. Emita-o na carga, em «Emitir MDF-e».`,
  interestadual: 'transporte interestadual',
  configuracao: 'exigido nas configurações do MDF-e',
} as const;

/** Throws 409 {reason: 'mdfe'} when the load needs a manifesto it does not have. */
export async function exigeMdfeParaSair(tx: Tx, cargaId: string, numero: number): Promise<void> {
  const dados = await leCargaParaMdfe(tx, cargaId);
  if (!dados?.notas.length) return;
  const fiscal = await carregaConfiguracaoFiscal(tx);
  const ufEmitente = fiscal.emitente.endereco.uf;
  const ufs = [...new Set(dados.notas.map((n) => n.uf))];
  const interestadual = ufs.some((u) => u !== ufEmitente);
  if (!interestadual && !(await leMdfeConfiguracao(tx)).exigir_intraestadual) return;
  const validos = rowsOf<{ uf_fim: string }>(
    await tx.execute(sql`select distinct uf_fim from mdfes where carga_id = ${cargaId}
      and (status = 'autorizado' or (status = 'assinado' and tp_emis = '2'))`),
  ).map((r) => r.uf_fim);
  const faltam = ufs.filter((u) => !validos.includes(u));
  if (faltam.length)
    throw new AppError(
      'conflict',
      exigenciaMdfeMensagens.semMdfe(
        numero,
        interestadual ? exigenciaMdfeMensagens.interestadual : exigenciaMdfeMensagens.configuracao,
        faltam,
      ),
      { reason: 'mdfe', carga_id: cargaId, ufs: faltam },
    );
}
