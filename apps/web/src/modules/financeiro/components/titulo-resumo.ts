import type { TituloRow } from '@erp/shared';

/** "Cliente · Descrição · parcela 1/3" (the pessoa left out when an old título has none). */
export const tituloResumo = (
  t: Pick<TituloRow, 'pessoa_nome' | 'descricao' | 'parcela' | 'total_parcelas'>,
) => [t.pessoa_nome, t.descricao, `parcela ${t.parcela}/${t.total_parcelas}`].filter(Boolean).join(' · ');
