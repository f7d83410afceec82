import { api, unwrap } from '@/lib/api-client.ts';

// The SEFAZ actions of the outgoing NF-e (/api/notasfiscais/saida, admin and comercial): each one
// invalidates ['notasfiscais'] (list, detail, events) and the orders (['comercial']) it may move.

const s = api.notasfiscais.saida;

export const sefazApi = {
  transmitir: (id: string) => unwrap(s[':id'].transmitir.$post({ param: { id } })),
  consultar: (id: string) => unwrap(s[':id'].consultar.$post({ param: { id } })),
  /** A rejected note built again from its (corrected) order, same número. */
  regerar: (id: string) => unwrap(s[':id'].regerar.$post({ param: { id } })),
  cancelar: (id: string, justificativa: string) =>
    unwrap(s[':id'].cancelar.$post({ param: { id }, json: { justificativa } })),
  cartaCorrecao: (id: string, correcao: string) =>
    unwrap(s[':id']['carta-correcao'].$post({ param: { id }, json: { correcao } })),
  reenviarEmail: (id: string) => unwrap(s[':id']['reenviar-email'].$post({ param: { id } })),
  eventos: (id: string) => unwrap(s[':id'].eventos.$get({ param: { id } })),
  inutilizar: (json: {
    serie: number;
    numero_inicial: number;
    numero_final: number;
    justificativa: string;
  }) => unwrap(s.inutilizacao.$post({ json })),
  inutilizacoes: () => unwrap(s.inutilizacoes.$get()),
  /** Leaves the contingência SVC once SEFAZ answers 107 (409 with the reason otherwise). */
  encerrarContingencia: () => unwrap(s.contingencia.encerrar.$post()),
};

export const sefazKeys = {
  eventos: (id: string) => ['notasfiscais', 'saida', 'eventos', id] as const,
  inutilizacoes: ['notasfiscais', 'saida', 'inutilizacoes'] as const,
};
