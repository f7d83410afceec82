import { formatDateTimeBR, guards, hasAnyRole } from '@erp/shared';

// What the contingência SVC banner (app shell) and the Notas Fiscais de Saída card say.

export type ContingenciaShell = {
  uf: string;
  autorizador: 'SVCAN' | 'SVCRS';
  /** dhCont, ISO instant. */
  inicio: string;
  justificativa: string;
};

export const rotuloAutorizador = (a: ContingenciaShell['autorizador']) =>
  a === 'SVCAN' ? 'SVC-AN' : 'SVC-RS';

/** Where the contingency is left by hand (the banner's link). */
export const TELA_CONTINGENCIA = '/notasfiscais/saida#contingencia';

/** Who may leave it by hand: the roles that issue NF-e (admin, comercial), like the API. */
export const podeEncerrarContingencia = (roles: readonly string[]) =>
  hasAnyRole(roles, guards.adminComercial.roles);

/** The banner's texts: which authoriser, since when, why, and how the contingency ends. */
export function textosContingencia(c: ContingenciaShell) {
  const svc = rotuloAutorizador(c.autorizador);
  return {
    titulo: `Contingência ${svc} desde ${formatDateTimeBR(c.inicio).replace(', ', ' às ')}`,
    detalhe: `A SEFAZ ${c.uf} não respondeu e as NF-e estão sendo autorizadas pelo ${svc}. O sistema volta ao normal sozinho na primeira transmissão em que a SEFAZ ${c.uf} responder; um administrador ou usuário do Comercial pode verificar e sair da contingência em Notas Fiscais de Saída.`,
    /** The phone's short form (the link leads to the rest). */
    resumo: `NF-e autorizadas pelo ${svc}; volta ao normal quando a SEFAZ ${c.uf} responder.`,
    motivo: c.justificativa,
  };
}
