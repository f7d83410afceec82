import { allows, guards, type Role } from '@erp/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { ambienteFiscal } from '../fiscal/configuracao-fiscal.service.ts';
import { contingenciaAtual, type EstadoContingencia } from '../notasfiscais/contingencia.service.ts';

// What the signed-in shell shows on every screen besides the menu: the environment badge and the
// contingência SVC banner (system README "GET /api/shell").

export const ROTULO_HOMOLOGACAO = 'Homologação';

export type StatusShell = {
  ambiente: {
    /** The badge's text. */
    rotulo: string;
    /** NF-e go out in homologação (no fiscal value): the badge in the warning colour. */
    homologacao: boolean;
  };
  /** The open contingency, for the roles that issue NF-e (admin, comercial); null for the others. */
  contingencia: EstadoContingencia | null;
};

/**
 * The badge: "Homologação" while the fiscal ambiente is homologação (whatever ENVIRONMENT_LABEL
 * says: nothing issued is real), otherwise ENVIRONMENT_LABEL (default "Produção", the spec's fixed
 * badge) — also while the fiscal settings were never saved.
 */
export async function statusDoShell(db: Db, config: Config, roles: readonly Role[]): Promise<StatusShell> {
  const [ambiente, contingencia] = await Promise.all([
    ambienteFiscal(db),
    allows(roles, guards.adminComercial) ? contingenciaAtual(db) : null,
  ]);
  const homologacao = ambiente === 'homologacao';
  return {
    ambiente: { rotulo: homologacao ? ROTULO_HOMOLOGACAO : config.environmentLabel, homologacao },
    contingencia,
  };
}
